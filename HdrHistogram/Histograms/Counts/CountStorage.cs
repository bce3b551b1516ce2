namespace HdrHistogram.Histograms.Counts;

/// <summary>
/// What the count types (long, int, short) differ in, in one place: how a count reads and writes as a long, the
/// largest count, an increment that wraps, the atomic operations, and which vector loops apply. Every member is a
/// type test on <c>T</c> that the JIT folds away in each instantiation, so no count is dispatched at run time; the
/// rest of the library asks these members instead of testing the type itself.
/// </summary>
internal static class CountStorage
{
    /// <summary>Whether <typeparamref name="T"/> is the 64-bit count type.</summary>
    /// <typeparam name="T">The count type.</typeparam>
    /// <returns><c>true</c> for <see cref="long"/>.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsInt64<T>()
        where T : unmanaged
        => typeof(T) == typeof(long);

    /// <summary>Whether <typeparamref name="T"/> is the 32-bit count type.</summary>
    /// <typeparam name="T">The count type.</typeparam>
    /// <returns><c>true</c> for <see cref="int"/>.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsInt32<T>()
        where T : unmanaged
        => typeof(T) == typeof(int);

    // The members below write the type tests out rather than calling IsInt64/IsInt32: through those helpers the JIT
    // took each count's address before reading it, an extra instruction per count in the encoding loop.

    /// <summary>Reads a count of the storage type as a long.</summary>
    /// <typeparam name="T">The count type.</typeparam>
    /// <param name="count">The count.</param>
    /// <returns>The count as a long.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long ToInt64<T>(in T count)
        where T : unmanaged
    {
        if (typeof(T) == typeof(long))
        {
            return Unsafe.As<T, long>(ref Unsafe.AsRef(in count));
        }

        if (typeof(T) == typeof(int))
        {
            return Unsafe.As<T, int>(ref Unsafe.AsRef(in count));
        }

        return Unsafe.As<T, short>(ref Unsafe.AsRef(in count));
    }

    /// <summary>A long narrowed to the storage type (truncating, as a cast does).</summary>
    /// <typeparam name="T">The count type.</typeparam>
    /// <param name="value">The value.</param>
    /// <returns>The narrowed count.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T FromInt64<T>(long value)
        where T : unmanaged
    {
        if (typeof(T) == typeof(long))
        {
            return Unsafe.As<long, T>(ref value);
        }

        if (typeof(T) == typeof(int))
        {
            int narrowed = (int)value;
            return Unsafe.As<int, T>(ref narrowed);
        }

        short shortValue = (short)value;
        return Unsafe.As<short, T>(ref shortValue);
    }

    /// <summary>Adds one to <paramref name="count"/>, wrapping past the type's maximum as 2.5.0's counts do.</summary>
    /// <typeparam name="T">The count type.</typeparam>
    /// <param name="count">The count.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Increment<T>(ref T count)
        where T : unmanaged
    {
        unchecked
        {
            if (typeof(T) == typeof(long))
            {
                Unsafe.As<T, long>(ref count)++;
            }
            else if (typeof(T) == typeof(int))
            {
                Unsafe.As<T, int>(ref count)++;
            }
            else
            {
                Unsafe.As<T, short>(ref count)++;
            }
        }
    }

    /// <summary>The largest count of the storage type.</summary>
    /// <typeparam name="T">The count type.</typeparam>
    /// <returns>The largest count.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long MaxValue<T>()
        where T : unmanaged
        => typeof(T) == typeof(long) ? long.MaxValue : typeof(T) == typeof(int) ? int.MaxValue : short.MaxValue;

    /// <summary>Reads a count that other threads may write (a volatile read).</summary>
    /// <typeparam name="T">The count type: long or int.</typeparam>
    /// <param name="slot">The count.</param>
    /// <returns>The count as a long.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long AtomicRead<T>(ref T slot)
        where T : unmanaged
        => typeof(T) == typeof(long)
            ? Volatile.Read(ref Unsafe.As<T, long>(ref slot))
            : Volatile.Read(ref Unsafe.As<T, int>(ref slot));

    /// <summary>Writes a count that other threads may read (a volatile write, narrowed to the type).</summary>
    /// <typeparam name="T">The count type: long or int.</typeparam>
    /// <param name="slot">The count.</param>
    /// <param name="value">The new count.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AtomicWrite<T>(ref T slot, long value)
        where T : unmanaged
    {
        if (typeof(T) == typeof(long))
        {
            Volatile.Write(ref Unsafe.As<T, long>(ref slot), value);
        }
        else
        {
            Volatile.Write(ref Unsafe.As<T, int>(ref slot), (int)value);
        }
    }

    /// <summary>Adds to a count atomically.</summary>
    /// <typeparam name="T">The count type: long or int.</typeparam>
    /// <param name="slot">The count.</param>
    /// <param name="value">What to add.</param>
    /// <returns>What the add did not leave in the count: 0, or for an int count that wrapped the difference.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long AtomicAdd<T>(ref T slot, long value)
        where T : unmanaged
    {
        if (typeof(T) == typeof(long))
        {
            Interlocked.Add(ref Unsafe.As<T, long>(ref slot), value);
            return 0;
        }

        int added = unchecked((int)value);
        int updated = Interlocked.Add(ref Unsafe.As<T, int>(ref slot), added);

        // The count gained updated - previous as a number; it differs from value only when the count wrapped (or
        // value does not fit an int).
        return value - ((long)updated - unchecked(updated - added));
    }

    /// <summary>Takes a count atomically, leaving 0.</summary>
    /// <typeparam name="T">The count type: long or int.</typeparam>
    /// <param name="slot">The count.</param>
    /// <returns>The count taken.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long AtomicTakeAll<T>(ref T slot)
        where T : unmanaged
        => typeof(T) == typeof(long)
            ? Interlocked.Exchange(ref Unsafe.As<T, long>(ref slot), 0)
            : Interlocked.Exchange(ref Unsafe.As<T, int>(ref slot), 0);
}
