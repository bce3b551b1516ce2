using HdrHistogram.Encoding;
using HdrHistogram.Encoding.Counts;

namespace HdrHistogram.Histograms.Counts;

/// <summary>
/// A <see cref="CountsStore"/> whose bulk operations run the shared algorithms on its slots, compiled once per
/// <typeparamref name="TSlots"/> (see <see cref="ICountSlots{TSelf}"/>).
/// </summary>
/// <typeparam name="TSlots">The slots' access struct.</typeparam>
internal abstract class CountsStore<TSlots> : CountsStore
    where TSlots : struct, ICountSlots<TSlots>
{
    /// <summary>
    /// The slots as they are now, and (in <paramref name="normalizingIndexOffset"/>, the histogram's on entry) the
    /// offset they are laid out with: a store that lays out its own slots (the concurrent one) replaces it.
    /// </summary>
    /// <param name="normalizingIndexOffset">The layout offset.</param>
    /// <returns>The slots.</returns>
    private protected abstract TSlots GetSlots(ref int normalizingIndexOffset);

    /// <inheritdoc />
    public sealed override int WriteV2Payload(HistogramBase histogram, int relevantLength, ref int normalizingIndexOffset, Span<byte> destination)
        => V2Encoder.WritePayload(histogram, GetSlots(ref normalizingIndexOffset), normalizingIndexOffset, relevantLength, destination);

    /// <inheritdoc />
    public sealed override CountsFiller.Tracking Fill(int normalizingIndexOffset, in EncodedHeader header, long maxAllowable, ReadOnlySpan<byte> payload, int payloadOffset, DecodeErrors errors)
        => CountsFiller.Fill(GetSlots(ref normalizingIndexOffset), normalizingIndexOffset, header, maxAllowable, payload, payloadOffset, errors);

    /// <inheritdoc />
    public sealed override int FindLogicalIndex(int normalizingIndexOffset, int logicalLength, int fromIndex, long target, ref long cumulative)
    {
        TSlots slots = GetSlots(ref normalizingIndexOffset);
        return CumulativeCountSearch.FindLogicalIndex(slots, normalizingIndexOffset, logicalLength, fromIndex, target, ref cumulative);
    }

    /// <inheritdoc />
    public sealed override bool TryIndexOfNonZero(int normalizingIndexOffset, int fromIndex, int endIndex, out int index)
    {
        TSlots slots = GetSlots(ref normalizingIndexOffset);
        index = endIndex;
        if (normalizingIndexOffset != 0)
        {
            return false;
        }

        // Slots past the store's length hold nothing.
        int end = Math.Min(endIndex, slots.Length);
        if (fromIndex < end)
        {
            int found = slots.IndexOfNonZero(fromIndex, end);
            if (found < end)
            {
                index = found;
            }
        }

        return true;
    }

    /// <inheritdoc />
    public sealed override bool TryAdd(CountsStore source, int length, out long addedTotal)
    {
        addedTotal = 0;
        return source is CountsStore<TSlots> same && SameLength(same, length, out TSlots target, out TSlots from)
            && target.TryAdd(from, length, out addedTotal);
    }

    /// <inheritdoc />
    public sealed override bool TrySubtract(CountsStore source, int length, out long subtractedTotal)
    {
        subtractedTotal = 0;
        return source is CountsStore<TSlots> same && SameLength(same, length, out TSlots target, out TSlots from)
            && target.TrySubtract(from, length, out subtractedTotal);
    }

    private bool SameLength(CountsStore<TSlots> source, int length, out TSlots target, out TSlots from)
    {
        int ignored = 0;
        target = GetSlots(ref ignored);
        from = source.GetSlots(ref ignored);
        return target.Length == from.Length && (uint)length <= (uint)target.Length;
    }
}
