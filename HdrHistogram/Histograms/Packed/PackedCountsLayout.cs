namespace HdrHistogram.Packed;

/// <summary>Layout changes of packed counts shared by the packed histograms.</summary>
internal static class PackedCountsLayout
{
    /// <summary>
    /// Returns <paramref name="counts"/> lengthened to <paramref name="newLength"/> with every logical index's count in
    /// its slot under <paramref name="normalizingIndexOffset"/>: the same array when the offset is 0, else a new one
    /// holding only the non-zero counts, placed anew.
    /// </summary>
    public static PackedLongArray Resize(PackedLongArray counts, int oldLength, int newLength, int normalizingIndexOffset)
    {
        if (normalizingIndexOffset == 0)
        {
            counts.Grow(newLength);
            return counts;
        }

        var resized = new PackedLongArray(newLength);
        for (int slot = counts.NextNonZeroIndex(0); slot >= 0 && slot < oldLength; slot = counts.NextNonZeroIndex(slot + 1))
        {
            // The logical index stored in this physical slot, then its slot in the longer array.
            long logical = ((long)slot + normalizingIndexOffset) % oldLength;
            if (logical < 0)
            {
                logical += oldLength;
            }

            resized.Set(HistogramBase.NormalizeIndex((int)logical, normalizingIndexOffset, newLength), counts.Get(slot));
        }

        return resized;
    }
}
