namespace HdrHistogram.Histograms.Counts;

/// <summary>32-bit counts: an add is one atomic add that wraps past <see cref="int.MaxValue"/>, as 2.5.0's counts do (<see cref="HistogramBase.HasOverflowed"/> reports it).</summary>
internal readonly struct IntSlotAtomics : ICountSlotAtomics<int>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long Read(ref int slot) => Volatile.Read(ref slot);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ref int slot, long value) => Volatile.Write(ref slot, (int)value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long Add(ref int slot, long value)
    {
        int added = unchecked((int)value);
        int updated = Interlocked.Add(ref slot, added);

        // The count gained updated - previous as a number; it differs from value only when the count wrapped (or
        // value does not fit an int).
        return value - ((long)updated - unchecked(updated - added));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long TakeAll(ref int slot) => Interlocked.Exchange(ref slot, 0);
}
