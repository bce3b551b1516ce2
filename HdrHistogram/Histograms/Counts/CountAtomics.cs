namespace HdrHistogram.Histograms.Counts;

/// <summary>
/// The atomic operations on a long or int count, as a struct so that <see cref="ConcurrentCounts{TSlot, TAtomics}"/>
/// inlines them: each forwards to <see cref="CountStorage"/>, which holds what the count types differ in.
/// </summary>
/// <typeparam name="T">The count type: long or int.</typeparam>
internal readonly struct CountAtomics<T> : ICountSlotAtomics<T>
    where T : unmanaged
{
    /// <inheritdoc />
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long Read(ref T slot) => CountStorage.AtomicRead(ref slot);

    /// <inheritdoc />
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ref T slot, long value) => CountStorage.AtomicWrite(ref slot, value);

    /// <inheritdoc />
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long Add(ref T slot, long value) => CountStorage.AtomicAdd(ref slot, value);

    /// <inheritdoc />
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long TakeAll(ref T slot) => CountStorage.AtomicTakeAll(ref slot);
}
