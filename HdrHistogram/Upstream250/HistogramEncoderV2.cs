using System.Diagnostics.CodeAnalysis;
using HdrHistogram.Encoding.Counts;
using HdrHistogram.Histograms.Counts;
using HdrHistogram.Upstream250;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram.Encoding;

/// <summary>
/// The uncompressed V2 encoding of Java HdrHistogram 2.x (<c>encodeIntoByteBuffer</c>), as an <see cref="IEncoder"/>
/// for <see cref="HistogramBase.Encode(ByteBuffer, IEncoder)"/>. See <see cref="HistogramEncoder"/> for the span,
/// buffer-writer and stream forms.
/// </summary>
public class HistogramEncoderV2 : IEncoder
{
    /// <summary>A shared instance; the encoder holds no state.</summary>
    public static readonly HistogramEncoderV2 Instance = new();

    /// <summary>Creates an encoder (HdrHistogram 2.5.0's public constructor; <see cref="Instance"/> serves as well, the encoder holds no state).</summary>
    public HistogramEncoderV2()
    {
    }

    /// <summary>
    /// Writes the uncompressed V2 encoding of <paramref name="data"/> at the buffer's position and advances past it
    /// (HdrHistogram 2.5.0's signature). Data that <see cref="HistogramBase.Encode(ByteBuffer, IEncoder)"/> handed
    /// out is encoded from its histogram, exactly as <see cref="Encode(HistogramBase, ByteBuffer)"/>; other data from
    /// its <see cref="IRecordedData.Counts"/>, taken in value order.
    /// </summary>
    /// <param name="data">The histogram's configuration and counts.</param>
    /// <param name="buffer">The buffer to write to.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">The encoding does not fit in the buffer's remaining space (the position is unchanged), or a count is negative.</exception>
    public int Encode(IRecordedData data, ByteBuffer buffer)
    {
        if (data is null)
        {
            throw new ArgumentNullException(nameof(data));
        }

        if (buffer is null)
        {
            throw new ArgumentNullException(nameof(buffer));
        }

        if (data is HistogramRecordedData histogramData)
        {
            return Encode(histogramData.Histogram, buffer);
        }

        long[] counts = data.Counts ?? throw new ArgumentException("The recorded data has no counts.", nameof(data));
        // Java's relevant length: through the last non-zero count, and at least index 0 (an empty histogram's payload is one 0).
        int relevantLength = counts.Length;
        while (relevantLength > 1 && counts[relevantLength - 1] == 0)
        {
            relevantLength--;
        }

        // The payload is written by the encoder's own loop, into scratch first: the position stays put when it does not fit.
        byte[] scratch = ArrayPool<byte>.Shared.Rent(V2Encoder.GetMaxEncodedLength(relevantLength));
        try
        {
            int payloadLength = V2Encoder.WritePayload(null, new ArraySlots<long>(counts), 0, relevantLength, scratch.AsSpan(EncodingCookies.V2HeaderLength));
            int needed = EncodingCookies.V2HeaderLength + payloadLength;
            if (buffer.Remaining() < needed)
            {
                throw new InvalidOperationException(
                    "Buffer overflow: the encoding needs " + needed.ToString(CultureInfo.InvariantCulture) + " bytes and the buffer has "
                    + buffer.Remaining().ToString(CultureInfo.InvariantCulture) + " remaining.");
            }

            buffer.PutInt(EncodingCookies.V2);
            buffer.PutInt(payloadLength);
            buffer.PutInt(data.NormalizingIndexOffset);
            buffer.PutInt(data.NumberOfSignificantValueDigits);
            buffer.PutLong(data.LowestDiscernibleValue);
            buffer.PutLong(data.HighestTrackableValue);
            buffer.PutDouble(data.IntegerToDoubleValueConversionRatio);
            scratch.AsSpan(EncodingCookies.V2HeaderLength, payloadLength).CopyTo(buffer.RemainingSpan);
            buffer.Advance(payloadLength);
            return needed;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    /// <summary>
    /// Writes the uncompressed V2 encoding of <paramref name="histogram"/> at the buffer's position and advances past
    /// it; <see cref="HistogramBase.GetNeededByteBufferCapacity"/> bytes always suffice.
    /// </summary>
    /// <param name="histogram">The histogram to encode.</param>
    /// <param name="buffer">The buffer to write to.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">The encoding does not fit in the buffer's remaining space (the position is unchanged), or the histogram holds a negative count.</exception>
    [SuppressMessage("Performance", "CA1822:Mark members as static", Justification = "Public instance API since before 2.5.0 compatibility; callers use Instance.")]
    public int Encode(HistogramBase histogram, ByteBuffer buffer)
    {
        if (histogram is null)
        {
            throw new ArgumentNullException(nameof(histogram));
        }

        if (buffer is null)
        {
            throw new ArgumentNullException(nameof(buffer));
        }

        int written = histogram.EncodeUncompressed(buffer.RemainingSpan, out _);
        if (written < 0)
        {
            throw new InvalidOperationException(
                "Buffer overflow: the histogram's encoding does not fit in the buffer's " + buffer.Remaining().ToString(CultureInfo.InvariantCulture)
                + " remaining bytes; GetNeededByteBufferCapacity() (" + histogram.GetNeededByteBufferCapacity().ToString(CultureInfo.InvariantCulture) + ") always suffices.");
        }

        buffer.Advance(written);
        return written;
    }
}
