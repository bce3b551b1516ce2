using System;
using System.Runtime.CompilerServices;

namespace HdrHistogram.Utilities;

/// <summary>
/// The plain (single-writer) counts store: an array of <typeparamref name="T"/> (long, int or short). A 64-bit count
/// wraps silently on overflow, as Java's does; a narrower one throws instead.
/// </summary>
/// <typeparam name="T">The count type.</typeparam>
internal sealed class ArrayCounts<T> : CountsStore<ArraySlots<T>>
    where T : unmanaged, IEquatable<T>
{
    private T[] _slots;

    /// <summary>Creates <paramref name="length"/> zero counts.</summary>
    /// <param name="length">The number of slots.</param>
    public ArrayCounts(int length)
    {
        _slots = new T[length];
    }

    /// <inheritdoc />
    public override int Length => _slots.Length;

    /// <summary>
    /// Adds one to the count in <paramref name="slot"/> if the slot exists and the count is below the type's maximum
    /// (always, for long counts), the recording fast path; otherwise changes nothing and returns <c>false</c>.
    /// </summary>
    /// <param name="slot">The physical slot (any int).</param>
    /// <returns>Whether the count was incremented.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryIncrement(int slot)
    {
        T[] slots = _slots;
        if ((uint)slot >= (uint)slots.Length)
        {
            return false;
        }

        if (typeof(T) == typeof(long))
        {
            Unsafe.As<T, long>(ref slots[slot])++;
            return true;
        }

        if (typeof(T) == typeof(int))
        {
            ref int count = ref Unsafe.As<T, int>(ref slots[slot]);
            if (count == int.MaxValue)
            {
                return false;
            }

            count++;
            return true;
        }

        ref short shortCount = ref Unsafe.As<T, short>(ref slots[slot]);
        if (shortCount == short.MaxValue)
        {
            return false;
        }

        shortCount++;
        return true;
    }

    /// <inheritdoc />
    public override long GetCount(int slot) => CountStorage.ToInt64(in _slots[slot]);

    /// <inheritdoc />
    public override void SetCount(int slot, long count) => _slots[slot] = CountStorage.FromInt64<T>(count);

    /// <inheritdoc />
    public override void AddToCount(int slot, long count)
    {
        ref T current = ref _slots[slot];
        long updated = CountStorage.ToInt64(in current) + count;
        if (typeof(T) != typeof(long) && (updated > CountStorage.MaxValue<T>() || updated < 0))
        {
            HistogramBase.ThrowCountOverflow(CountStorage.ToInt64(in current), count, typeof(T) == typeof(int) ? "int" : "short");
        }

        current = CountStorage.FromInt64<T>(updated);
    }

    /// <inheritdoc />
    public override void Clear(int slotsInUse) => Array.Clear(_slots, 0, Math.Min(slotsInUse, _slots.Length));

    /// <inheritdoc />
    public override void Resize(int oldLength, int newLength, int normalizingIndexOffset)
    {
        if (normalizingIndexOffset == 0)
        {
            Array.Resize(ref _slots, newLength);
            return;
        }

        // A shifted histogram's physical layout depends on the array length: place each logical index anew.
        var resized = new T[newLength];
        for (int i = 0; i < oldLength; i++)
        {
            resized[HistogramBase.NormalizeIndex(i, normalizingIndexOffset, newLength)] = _slots[HistogramBase.NormalizeIndex(i, normalizingIndexOffset, oldLength)];
        }

        _slots = resized;
    }

    /// <inheritdoc />
    private protected override ArraySlots<T> GetSlots(ref int normalizingIndexOffset) => new(_slots);
}
