namespace HdrHistogram.Histograms.Counts;

/// <summary>
/// The atomic operations a concurrent histogram needs on one count slot of type <typeparamref name="TSlot"/>.
/// Implemented by structs, so that <see cref="ConcurrentCounts{TSlot, TAtomics}"/> is specialized per count type and
/// every call is inlined (no interface dispatch on the record path).
/// </summary>
/// <typeparam name="TSlot">The count type: <see cref="long"/> or <see cref="int"/>.</typeparam>
internal interface ICountSlotAtomics<TSlot>
    where TSlot : struct
{
    /// <summary>Reads the count with acquire semantics.</summary>
    long Read(ref TSlot slot);

    /// <summary>Stores a whole count with release semantics.</summary>
    void Write(ref TSlot slot, long value);

    /// <summary>
    /// Adds to the count atomically (a full fence), wrapping past the count type's range as 2.5.0's counts do.
    /// </summary>
    /// <returns>
    /// What the count, read as a number, did not gain of <paramref name="value"/>: 0 unless it wrapped (or
    /// <paramref name="value"/> did not fit the count type), so that the histogram's total can still count it.
    /// </returns>
    long Add(ref TSlot slot, long value);

    /// <summary>Takes the whole count, leaving 0, atomically (a full fence).</summary>
    long TakeAll(ref TSlot slot);
}
