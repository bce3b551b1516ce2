using HdrHistogram.Histograms.Counts;

namespace HdrHistogram.Histograms.Packed;

/// <summary>
/// The slots of a <see cref="PackedLongArray"/> for the shared algorithms over counts (encoder, decoders' fill,
/// percentile search, same-layout arithmetic): every walk visits only populated pages.
/// </summary>
internal readonly struct PackedSlots : ICountSlots<PackedSlots>
{
    private readonly PackedLongArray _array;

    /// <summary>Wraps <paramref name="array"/>.</summary>
    /// <param name="array">The packed counts.</param>
    public PackedSlots(PackedLongArray array)
    {
        _array = array;
    }

    /// <inheritdoc />
    public int Length => _array.Length;

    /// <inheritdoc />
    public bool HoldsLongs => true;

    /// <inheritdoc />
    public long Get(int slot) => _array.Get(slot);

    /// <inheritdoc />
    public void Set(int slot, long count) => _array.Set(slot, count);

    /// <inheritdoc />
    public int IndexOfNonZero(int from, int end) => _array.IndexOfNonZero(from, end);

    /// <inheritdoc />
    public int Find(int start, int length, long target, ref long cumulative)
    {
        int found = _array.FindCumulative(start, start + length, target, ref cumulative);
        return found < 0 ? -1 : found - start;
    }

    /// <inheritdoc />
    public bool TryAdd(PackedSlots source, int length, out long addedTotal)
    {
        addedTotal = 0;
        if (ReferenceEquals(source._array, _array))
        {
            return false; // Adding a histogram to itself: the per-index path reads each count before it adds.
        }

        for (int slot = source._array.IndexOfNonZero(0, length); slot < length; slot = source._array.IndexOfNonZero(slot + 1, length))
        {
            long count = source._array.Get(slot);
            if (count > 0)
            {
                _array.Add(slot, count);
                addedTotal += count;
            }
        }

        return true;
    }

    /// <inheritdoc />
    public bool TrySubtract(PackedSlots source, int length, out long subtractedTotal)
    {
        subtractedTotal = 0;
        if (ReferenceEquals(source._array, _array))
        {
            return false;
        }

        // First check that no count goes below zero, so that nothing changes when one would.
        for (int slot = source._array.IndexOfNonZero(0, length); slot < length; slot = source._array.IndexOfNonZero(slot + 1, length))
        {
            long count = source._array.Get(slot);
            if (count > 0 && _array.Get(slot) < count)
            {
                return false;
            }
        }

        for (int slot = source._array.IndexOfNonZero(0, length); slot < length; slot = source._array.IndexOfNonZero(slot + 1, length))
        {
            long count = source._array.Get(slot);
            if (count > 0)
            {
                _array.Set(slot, _array.Get(slot) - count);
                subtractedTotal += count;
            }
        }

        return true;
    }
}
