namespace HdrHistogram.Histograms.Counts;

/// <summary>64-bit counts: atomic adds that wrap on overflow, as Java's do (<see cref="HistogramBase.HasOverflowed"/> detects it).</summary>
internal readonly struct LongSlotAtomics : ICountSlotAtomics<long>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long Read(ref long slot) => Volatile.Read(ref slot);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ref long slot, long value) => Volatile.Write(ref slot, value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long Add(ref long slot, long value)
    {
        Interlocked.Add(ref slot, value);
        return 0;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long TakeAll(ref long slot) => Interlocked.Exchange(ref slot, 0);
}
