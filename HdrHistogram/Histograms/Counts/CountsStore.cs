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

    /// <summary>The largest count a slot holds (the count type's maximum).</summary>
    public abstract long MaxCount { get; }

    /// <summary>The bytes one count takes in memory (8, 4 or 2; 8 for packed counts, which hold longs).</summary>
    public abstract int BytesPerCount { get; }

    /// <summary>
    /// Whether writers on several threads update the counts and the histogram's extremes at once (lock-free, or each
    /// under the store's own lock): the extremes then move by compare-and-set, and a shift lays the counts out anew
    /// instead of moving them in place.
    /// </summary>
    public virtual bool HasConcurrentWriters => false;

    /// <summary>The total of the counts, which the store keeps as it is recorded into, added to and cleared.</summary>
    /// <returns>The total count.</returns>
    public abstract long GetTotalCount();

    /// <summary>Replaces the total (a decoder or a reset, which know it); a store that derives it from the counts re-sums instead.</summary>
    /// <param name="totalCount">The new total.</param>
    public abstract void SetTotalCount(long totalCount);

    /// <summary>Adds to the total (a store that derives it from the counts re-sums instead).</summary>
    /// <param name="count">What to add; negative for a subtraction.</param>
    public abstract void AddToTotalCount(long count);

    /// <summary>
    /// The histogram's memory footprint as <see cref="HistogramBase.GetEstimatedFootprintInBytes"/> reports it: by
    /// default Java's estimate, 512 bytes plus the counts at <see cref="BytesPerCount"/> each.
    /// </summary>
    /// <param name="countsArrayLength">The histogram's number of counts.</param>
    /// <returns>The footprint in bytes.</returns>
    public virtual int EstimatedFootprintInBytes(int countsArrayLength) => 512 + (BytesPerCount * countsArrayLength);

    /// <summary>
    /// Records one occurrence of <paramref name="value"/> into <paramref name="histogram"/>, whose store this is: the
    /// recording fast path (<see cref="HistogramBase.FastRecordSlot"/>) where the store allows it, else
    /// <see cref="RecordCount"/>.
    /// </summary>
    /// <param name="histogram">The histogram that owns this store.</param>
    /// <param name="value">The value.</param>
    public abstract void RecordValue(HistogramBase histogram, long value);

    /// <summary>
    /// Records one occurrence of <paramref name="value"/> for a recorder's writer: a store with concurrent writers adds
    /// to the count only and leaves the extremes to <see cref="HistogramBase.CompleteTrackingFromCounts"/>.
    /// </summary>
    /// <param name="histogram">The histogram that owns this store.</param>
    /// <param name="value">The value.</param>
    public virtual void RecordCountOnly(HistogramBase histogram, long value) => RecordValue(histogram, value);

    /// <summary>Records <paramref name="count"/> occurrences of <paramref name="value"/> (negative internally: subtraction).</summary>
    /// <param name="histogram">The histogram that owns this store.</param>
    /// <param name="count">The count.</param>
    /// <param name="value">The value.</param>
    public virtual void RecordCount(HistogramBase histogram, long count, long value) => histogram.RecordCountAtValueUnsynchronized(count, value);

    /// <summary>Grows <paramref name="histogram"/> so that <paramref name="newHighestTrackableValue"/> fits, serialized as the store requires.</summary>
    /// <param name="histogram">The histogram that owns this store.</param>
    /// <param name="newHighestTrackableValue">The value to cover.</param>
    public virtual void ResizeHistogram(HistogramBase histogram, long newHighestTrackableValue) => histogram.ResizeUnsynchronized(newHighestTrackableValue);

    /// <summary>Shifts <paramref name="histogram"/>'s counts by <paramref name="shiftAmount"/> logical indexes.</summary>
    /// <param name="histogram">The histogram that owns this store.</param>
    /// <param name="shiftAmount">The shift (positive: left).</param>
    /// <param name="lowestHalfBucketPopulated">Whether the lowest half bucket holds counts (which then move as Java moves them).</param>
    public virtual void ShiftHistogram(HistogramBase histogram, int shiftAmount, bool lowestHalfBucketPopulated)
        => histogram.ShiftInPlace(shiftAmount, lowestHalfBucketPopulated);

    /// <summary>Called before the histogram's normalizing offset is set directly (a decoder): a store that lays out its own slots re-lays them.</summary>
    /// <param name="newNormalizingIndexOffset">The offset about to be set.</param>
    public virtual void OnNormalizingIndexOffsetSet(int newNormalizingIndexOffset)
    {
    }

    /// <summary>
    /// The count at logical index <paramref name="index"/> of <paramref name="histogram"/>; a store whose slots move
    /// under writers reads the slots and their layout from one snapshot, so that a read racing a resize or shift sees a
    /// recent count (0 past the snapshot's end) and never fails.
    /// </summary>
    /// <param name="histogram">The histogram that owns this store.</param>
    /// <param name="index">The logical index.</param>
    /// <returns>The count.</returns>
    public virtual long GetCountAtLogicalIndex(HistogramBase histogram, int index) => GetCount(histogram.NormalizeIndex(index));

    /// <summary>Zeroes the counts (at least the first <paramref name="slotsInUse"/> slots) and the total.</summary>
    /// <param name="slotsInUse">How many leading slots may hold counts.</param>
    public virtual void ClearCountsAndTotal(int slotsInUse)
    {
        Clear(slotsInUse);
        SetTotalCount(0);
    }

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
