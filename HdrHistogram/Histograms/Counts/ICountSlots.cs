namespace HdrHistogram.Histograms.Counts;

/// <summary>
/// The slots of a <see cref="CountsStore{TSlots}"/> as the algorithms over counts reach them: the V2 encoder, the
/// decoders' fill, the percentile search and the same-layout arithmetic are written once against this interface.
/// Implemented by structs, so that each algorithm is compiled once per store layout with every access inlined and
/// nothing is dispatched per count. Slot numbers are physical (the histogram maps logical indexes to them).
/// </summary>
/// <typeparam name="TSelf">The implementing struct.</typeparam>
internal interface ICountSlots<TSelf>
    where TSelf : struct, ICountSlots<TSelf>
{
    /// <summary>The number of slots.</summary>
    int Length { get; }

    /// <summary>Whether every long fits in a slot (no range check is needed when a count is stored).</summary>
    bool HoldsLongs { get; }

    /// <summary>The count in <paramref name="slot"/>.</summary>
    /// <param name="slot">The physical slot.</param>
    /// <returns>The count.</returns>
    long Get(int slot);

    /// <summary>Stores <paramref name="count"/> in <paramref name="slot"/>; the caller has checked that it fits.</summary>
    /// <param name="slot">The physical slot.</param>
    /// <param name="count">The count.</param>
    void Set(int slot, long count);

    /// <summary>The first slot in [<paramref name="from"/>, <paramref name="end"/>) holding a non-zero count, or <paramref name="end"/>.</summary>
    /// <param name="from">The first slot to look at.</param>
    /// <param name="end">The slot after the last one to look at.</param>
    /// <returns>The slot found, or <paramref name="end"/>.</returns>
    int IndexOfNonZero(int from, int end);

    /// <summary>
    /// The first slot of [<paramref name="start"/>, <paramref name="start"/> + <paramref name="length"/>) at which the
    /// running sum <paramref name="cumulative"/> reaches <paramref name="target"/>, as an offset from
    /// <paramref name="start"/>, or -1; the sum is moved through the slot returned (or the last one).
    /// </summary>
    /// <param name="start">The first slot.</param>
    /// <param name="length">How many slots.</param>
    /// <param name="target">The running sum to reach.</param>
    /// <param name="cumulative">The running sum.</param>
    /// <returns>The offset of the slot, or -1.</returns>
    int Find(int start, int length, long target, ref long cumulative);

    /// <summary>Adds every positive count of <paramref name="source"/>'s first <paramref name="length"/> slots to these.</summary>
    /// <param name="source">Slots of the same layout.</param>
    /// <param name="length">How many leading slots to cover.</param>
    /// <param name="addedTotal">The sum of the counts added.</param>
    /// <returns><c>false</c>, with nothing changed, when this cannot be done slot by slot (a count would overflow).</returns>
    bool TryAdd(TSelf source, int length, out long addedTotal);

    /// <summary>Subtracts every positive count of <paramref name="source"/>'s first <paramref name="length"/> slots from these.</summary>
    /// <param name="source">Slots of the same layout.</param>
    /// <param name="length">How many leading slots to cover.</param>
    /// <param name="subtractedTotal">The sum of the counts subtracted.</param>
    /// <returns><c>false</c>, with nothing changed, when a count would go below zero.</returns>
    bool TrySubtract(TSelf source, int length, out long subtractedTotal);
}
