namespace HdrHistogram.Histograms.Counts;

internal readonly partial struct ArraySlots<T>
{
    /// <inheritdoc />
    public int IndexOfNonZero(int from, int end)
    {
        int i = from;
        while (i < end && CountStorage.ToInt64(in _slots[i]) == 0)
        {
            i++;
        }

        return i;
    }
}
