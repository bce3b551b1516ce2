using System;
using System.Globalization;
using HdrHistogram.Utilities;

namespace HdrHistogram.Encoding;

/// <summary>
/// The uncompressed V2 encoding of Java HdrHistogram 2.x (<c>encodeIntoByteBuffer</c>), as an <see cref="IEncoder"/>
/// for <see cref="HistogramBase.Encode(ByteBuffer, IEncoder)"/>. See <see cref="HistogramEncoder"/> for the span,
/// buffer-writer and stream forms.
/// </summary>
public sealed class HistogramEncoderV2 : IEncoder
{
    /// <summary>The single instance; the encoder holds no state.</summary>
    public static readonly HistogramEncoderV2 Instance = new();

    private HistogramEncoderV2()
    {
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
}
