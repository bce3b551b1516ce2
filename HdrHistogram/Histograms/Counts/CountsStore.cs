using HdrHistogram.Encoding;
using HdrHistogram.Encoding.Counts;

namespace HdrHistogram.Histograms.Counts;

/// <summary>
/// A histogram's counts: the one way the histogram, the encoders, the decoders, the queries and the arithmetic reach
/// them. Slots are physical; the histogram maps logical indexes to them with its normalizing offset.
/// </summary>
/// <remarks>
/// To add a store (a packed one, say): write a struct implementing <see cref="ICountSlots{TSelf}"/> for its layout,
/// derive from <see cref="CountsStore{TSlots}"/> with it (which runs every bulk operation below on those slots), and
/// implement the per-slot members here; then let a histogram class create it and assign it to
/// <see cref="HistogramBase.Store"/> in its constructors. The plain stores are <see cref="ArrayCounts{T}"/>,
/// the concurrent ones <see cref="ConcurrentCounts{TSlot, TAtomics}"/>.
/// </remarks>
internal abstract class CountsStore
{
    /// <summary>The number of slots.</summary>
    public abstract int Length { get; }

    /// <summary>The count in <paramref name="slot"/>.</summary>
    /// <param name="slot">The physical slot.</param>
    /// <returns>The count.</returns>
    public abstract long GetCount(int slot);

    /// <summary>Stores <paramref name="count"/> in <paramref name="slot"/> (narrowed to the count type).</summary>
    /// <param name="slot">The physical slot.</param>
    /// <param name="count">The count.</param>
    public abstract void SetCount(int slot, long count);

    /// <summary>Adds to the count in <paramref name="slot"/>: a 64-bit count wraps, a narrower one throws on overflow.</summary>
    /// <param name="slot">The physical slot.</param>
    /// <param name="count">The count to add.</param>
    public abstract void AddToCount(int slot, long count);

    /// <summary>Zeroes the counts, at least the first <paramref name="slotsInUse"/> slots (nothing beyond them is non-zero).</summary>
    /// <param name="slotsInUse">How many leading slots may hold counts.</param>
    public abstract void Clear(int slotsInUse);

    /// <summary>Grows to <paramref name="newLength"/> slots, keeping every logical index's count under <paramref name="normalizingIndexOffset"/>.</summary>
    /// <param name="oldLength">The histogram's counts length before.</param>
    /// <param name="newLength">The new length.</param>
    /// <param name="normalizingIndexOffset">The histogram's normalizing offset.</param>
    public abstract void Resize(int oldLength, int newLength, int normalizingIndexOffset);

    /// <summary>Writes the V2 payload of the first <paramref name="relevantLength"/> logical counts.</summary>
    /// <param name="histogram">The histogram (for error messages).</param>
    /// <param name="relevantLength">How many logical counts to encode.</param>
    /// <param name="normalizingIndexOffset">The histogram's offset; on return, the one the slots written are laid out with.</param>
    /// <param name="destination">Room for 9 bytes per relevant count.</param>
    /// <returns>The payload's length.</returns>
    public abstract int WriteV2Payload(HistogramBase histogram, int relevantLength, ref int normalizingIndexOffset, Span<byte> destination);

    /// <summary>Fills the (zeroed) counts from a V2, V1 or V0 payload (see <see cref="CountsFiller"/>).</summary>
    /// <param name="normalizingIndexOffset">The histogram's normalizing offset.</param>
    /// <param name="header">The validated header.</param>
    /// <param name="maxAllowable">The largest count a slot holds.</param>
    /// <param name="payload">The payload bytes.</param>
    /// <param name="payloadOffset">The payload's offset in the data, for error messages.</param>
    /// <param name="errors">How to report offsets.</param>
    /// <returns>The total count and the extreme indexes filled.</returns>
    public abstract CountsFiller.Tracking Fill(int normalizingIndexOffset, in EncodedHeader header, long maxAllowable, ReadOnlySpan<byte> payload, int payloadOffset, DecodeErrors errors);

    /// <summary>
    /// The first logical index from <paramref name="fromIndex"/> (below <paramref name="logicalLength"/>) at which the
    /// running sum <paramref name="cumulative"/> reaches <paramref name="target"/>, or -1 (see <see cref="CumulativeCountSearch"/>).
    /// </summary>
    /// <param name="normalizingIndexOffset">The histogram's normalizing offset.</param>
    /// <param name="logicalLength">How many logical indexes to cover.</param>
    /// <param name="fromIndex">The logical index to start at.</param>
    /// <param name="target">The running sum to reach.</param>
    /// <param name="cumulative">The running sum.</param>
    /// <returns>The logical index, or -1.</returns>
    public abstract int FindLogicalIndex(int normalizingIndexOffset, int logicalLength, int fromIndex, long target, ref long cumulative);

    /// <summary>
    /// The first logical index in [<paramref name="fromIndex"/>, <paramref name="endIndex"/>) whose count is not 0, or
    /// <paramref name="endIndex"/> when there is none, found by the store's own walk (vectorized over arrays, skipping
    /// empty pages of packed counts); <c>false</c> when the store cannot walk its layout so (a shifted one): the caller
    /// then reads index by index.
    /// </summary>
    /// <param name="normalizingIndexOffset">The histogram's normalizing offset.</param>
    /// <param name="fromIndex">The logical index to start at.</param>
    /// <param name="endIndex">The logical index after the last one to look at.</param>
    /// <param name="index">The index found, or <paramref name="endIndex"/>.</param>
    /// <returns>Whether the walk ran.</returns>
    public virtual bool TryIndexOfNonZero(int normalizingIndexOffset, int fromIndex, int endIndex, out int index)
    {
        index = endIndex;
        return false;
    }

    /// <summary>Adds <paramref name="source"/>'s first <paramref name="length"/> slots, laid out as these are, slot by slot.</summary>
    /// <param name="source">The other histogram's store.</param>
    /// <param name="length">How many leading slots to cover: the source holds nothing beyond them.</param>
    /// <param name="addedTotal">The sum of the counts added.</param>
    /// <returns><c>false</c>, with nothing changed, when the stores differ in layout or a count would overflow.</returns>
    public abstract bool TryAdd(CountsStore source, int length, out long addedTotal);

    /// <summary>Subtracts <paramref name="source"/>'s first <paramref name="length"/> slots, laid out as these are, slot by slot.</summary>
    /// <param name="source">The other histogram's store.</param>
    /// <param name="length">How many leading slots to cover: the source holds nothing beyond them.</param>
    /// <param name="subtractedTotal">The sum of the counts subtracted.</param>
    /// <returns><c>false</c>, with nothing changed, when the stores differ in layout or a count would go below zero.</returns>
    public abstract bool TrySubtract(CountsStore source, int length, out long subtractedTotal);
}
