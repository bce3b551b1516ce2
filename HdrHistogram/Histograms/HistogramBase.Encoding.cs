using HdrHistogram.Encoding;
using HdrHistogram.Encoding.Counts;
using HdrHistogram.Logging;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

public abstract partial class HistogramBase
{
    /// <summary>
    /// Grows the counts so the histogram covers <paramref name="highestTrackableValue"/> (used before decoding into an
    /// existing histogram); does nothing when it already does.
    /// </summary>
    internal void EnsureHighestTrackableValue(long highestTrackableValue)
    {
        if (highestTrackableValue > HighestTrackableValue)
        {
            Resize(highestTrackableValue);
        }
    }

    /// <inheritdoc />
    internal override int EncodeUncompressed(Span<byte> destination, out LogLineFields fields)
    {
        fields = new LogLineFields(StartTimeStampValue, EndTimeStampValue, TagValue, GetMaxValueAsDouble());
        return V2Encoder.Encode(this, destination);
    }

    /// <summary>
    /// Replaces this histogram's content with a decoded one (the decoder's decode-into; see
    /// <see cref="HistogramDecoder.ReplaceContent(HistogramBase, in EncodedHeader, ReadOnlySpan{byte}, DecodeErrors)"/>). The decoder reaches a target through this one member: a
    /// <see cref="SynchronizedHistogram"/> holds its lock for it, so that its readers see it before or after the
    /// decode, never midway.
    /// </summary>
    internal virtual void DecodeInto(in EncodedHeader header, ReadOnlySpan<byte> payload, DecodeErrors errors)
        => HistogramDecoder.ReplaceContent(this, header, payload, errors);
}
