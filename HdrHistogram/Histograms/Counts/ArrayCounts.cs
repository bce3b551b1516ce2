namespace HdrHistogram.Histograms.Counts;

/// <summary>
/// The plain (single-writer) counts store: an array of <typeparamref name="T"/> (long, int or short). Every count wraps
/// silently on overflow, as 2.5.0's do (and Java's 64-bit ones); the histogram's total keeps counting, so
/// <see cref="HistogramBase.HasOverflowed"/> reports it.
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
    /// Adds one to the count in <paramref name="slot"/> if the slot exists (wrapping past the type's maximum, as 2.5.0's
    /// counts do), the recording fast path; otherwise changes nothing and returns <c>false</c>.
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

        unchecked
        {
            if (typeof(T) == typeof(long))
            {
                Unsafe.As<T, long>(ref slots[slot])++;
            }
            else if (typeof(T) == typeof(int))
            {
                Unsafe.As<T, int>(ref slots[slot])++;
            }
            else
            {
                Unsafe.As<T, short>(ref slots[slot])++;
            }
        }

        return true;
    }

    /// <inheritdoc />
    public override long GetCount(int slot) => CountStorage.ToInt64(in _slots[slot]);

    /// <inheritdoc />
    public override void SetCount(int slot, long count) => _slots[slot] = CountStorage.FromInt64<T>(count);

    /// <inheritdoc />
    public override void AddToCount(int slot, long count)
    {
        // Wraps past a short or int count's range, as 2.5.0's counts do; the total keeps the whole count.
        ref T current = ref _slots[slot];
        current = CountStorage.FromInt64<T>(unchecked(CountStorage.ToInt64(in current) + count));
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
