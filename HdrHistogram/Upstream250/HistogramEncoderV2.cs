using System.Diagnostics.CodeAnalysis;
using HdrHistogram.Encoding.Counts;
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
        int relevantLength = counts.Length;
        while (relevantLength > 0 && counts[relevantLength - 1] == 0)
        {
            relevantLength--;
        }

        // Java's V2 payload: each count zig-zag LEB128 encoded, a run of zeros as its negated length (a single zero as 0).
        int payloadLength = 0;
        for (int i = 0; i < relevantLength;)
        {
            if (counts[i] < 0)
            {
                throw new InvalidOperationException("The recorded data holds a negative count (" + counts[i].ToString(CultureInfo.InvariantCulture) + " at index " + i.ToString(CultureInfo.InvariantCulture) + "), which the V2 format cannot carry.");
            }

            int zeros = CountZeros(counts, i, relevantLength);
            payloadLength += ZigZagEncoding.GetByteCount(zeros > 1 ? -zeros : counts[i]);
            i += Math.Max(zeros, 1);
        }

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
        for (int i = 0; i < relevantLength;)
        {
            int zeros = CountZeros(counts, i, relevantLength);
            ZigZagEncoding.PutLong(buffer, zeros > 1 ? -zeros : counts[i]);
            i += Math.Max(zeros, 1);
        }

        return needed;
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

        int written = V2Encoder.Encode(histogram, buffer.RemainingSpan);
        if (written < 0)
        {
            throw new InvalidOperationException(
                "Buffer overflow: the histogram's encoding does not fit in the buffer's " + buffer.Remaining().ToString(CultureInfo.InvariantCulture)
                + " remaining bytes; GetNeededByteBufferCapacity() (" + histogram.GetNeededByteBufferCapacity().ToString(CultureInfo.InvariantCulture) + ") always suffices.");
        }

        buffer.Advance(written);
        return written;
    }

    private static int CountZeros(long[] counts, int start, int end)
    {
        int i = start;
        while (i < end && counts[i] == 0)
        {
            i++;
        }

        return i - start;
    }
}
