using HdrHistogram.Encoding;
using HdrHistogram.Upstream250;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

// HdrHistogram 2.5.0's encoder hook, over the V2 encoder the engine uses.
public abstract partial class HistogramBase
{
    /// <summary>
    /// Encodes this histogram into <paramref name="targetBuffer"/> at its position with <paramref name="encoder"/>
    /// (upstream's API; <see cref="HistogramEncoderV2.Instance"/> writes Java's uncompressed V2 format).
    /// </summary>
    /// <param name="targetBuffer">The buffer to write to; its position moves past the encoding.</param>
    /// <param name="encoder">The encoder to use.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">The encoding does not fit in the buffer's remaining space, or the histogram holds a negative count.</exception>
    public int Encode(ByteBuffer targetBuffer, IEncoder encoder)
    {
        if (encoder is null)
        {
            throw new ArgumentNullException(nameof(encoder));
        }

        // The V2 encoder reads the histogram itself (EncodeUncompressed, at once); other encoders get 2.5.0's
        // IRecordedData view of it, which they read piece by piece: of a snapshot when the histogram is synchronized.
        return encoder is HistogramEncoderV2 v2
            ? v2.Encode(this, targetBuffer)
            : encoder.Encode(new HistogramRecordedData(SnapshotForReading()), targetBuffer);
    }
}
