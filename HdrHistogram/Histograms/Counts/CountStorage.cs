namespace HdrHistogram.Histograms.Counts;

/// <summary>Converts the counts of every array count type (long, int, short) through one generic path.</summary>
internal static class CountStorage
{
    /// <summary>Reads a count of the storage type as a long (the type tests fold away in each instantiation).</summary>
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

    /// <summary>The largest count of the storage type.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long MaxValue<T>()
        where T : unmanaged
        => typeof(T) == typeof(long) ? long.MaxValue : typeof(T) == typeof(int) ? int.MaxValue : short.MaxValue;
}
