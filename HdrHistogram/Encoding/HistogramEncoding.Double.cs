using System.IO.Compression;
using HdrHistogram.Encoding;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

// Java's DoubleHistogram and EncodableHistogram entry points over a ByteBuffer, and static shortcuts for decoding
// DoubleHistograms or whichever kind the data holds.
public static partial class HistogramEncoding
{
    /// <summary>
    /// Writes the uncompressed encoding of <paramref name="source"/> at the buffer's position and advances past it
    /// (Java's <c>DoubleHistogram.encodeIntoByteBuffer</c>): the 16-byte wrapper, then the internal histogram's V2
    /// encoding.
    /// </summary>
    /// <param name="source">The histogram to encode.</param>
    /// <param name="targetBuffer">The buffer to write to; <see cref="DoubleHistogram.GetNeededByteBufferCapacity"/> + 16 bytes always suffice.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">The encoding does not fit in the remaining space (the position is unchanged), or the histogram holds a negative count.</exception>
    public static int EncodeIntoByteBuffer(this DoubleHistogram source, ByteBuffer targetBuffer)
    {
        if (source is null)
        {
            throw new ArgumentNullException(nameof(source));
        }

        if (targetBuffer is null)
        {
            throw new ArgumentNullException(nameof(targetBuffer));
        }

        if (!HistogramEncoder.TryEncode(source, targetBuffer.RemainingSpan, out int written))
        {
            throw new InvalidOperationException(
                "Buffer overflow: the histogram's encoding does not fit in the buffer's " + targetBuffer.Remaining().ToString(CultureInfo.InvariantCulture)
                + " remaining bytes; GetNeededByteBufferCapacity() + 16 (" + (source.GetNeededByteBufferCapacity() + 16).ToString(CultureInfo.InvariantCulture)
                + ") always suffices.");
        }

        targetBuffer.Advance(written);
        return written;
    }

    /// <summary>
    /// Writes the compressed encoding of <paramref name="source"/> (Java's default deflate level) at the buffer's
    /// position and advances past it (Java's <c>DoubleHistogram.encodeIntoCompressedByteBuffer</c>).
    /// </summary>
    /// <param name="source">The histogram to encode.</param>
    /// <param name="targetBuffer">The buffer to write to.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">The encoding does not fit in the remaining space, or the histogram holds a negative count.</exception>
    public static int EncodeIntoCompressedByteBuffer(this DoubleHistogram source, ByteBuffer targetBuffer)
        => EncodeIntoCompressedByteBuffer(source, targetBuffer, CompressionLevel.Optimal);

    /// <summary>Writes the compressed encoding of <paramref name="source"/> at the buffer's position and advances past it.</summary>
    /// <param name="source">The histogram to encode.</param>
    /// <param name="targetBuffer">The buffer to write to.</param>
    /// <param name="level">The deflate level (<c>SmallestSize</c> is Java's <c>BEST_COMPRESSION</c>).</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    /// <exception cref="InvalidOperationException">The encoding does not fit in the remaining space, or the histogram holds a negative count.</exception>
    public static int EncodeIntoCompressedByteBuffer(this DoubleHistogram source, ByteBuffer targetBuffer, CompressionLevel level)
        => EncodeCompressedInto(source, targetBuffer, level);

    /// <summary>
    /// Decodes an uncompressed DoubleHistogram at the buffer's position and advances past it, as Java's
    /// <c>DoubleHistogram.decodeFromByteBuffer</c>: a compressed or integer histogram cookie is a format error here.
    /// </summary>
    /// <param name="buffer">The buffer holding the encoded histogram at its position.</param>
    /// <returns>The decoded histogram (see <see cref="HistogramDecoder.DecodeDouble(ReadOnlySpan{byte})"/>).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The data is not a valid uncompressed DoubleHistogram (the position is unchanged).</exception>
    /// <remarks>
    /// Java's <c>minBarForHighestToLowestValueRatio</c> parameter is left out: Java hands it to the internal
    /// histogram as its minimum highest trackable value, where it either changes nothing or makes the internal
    /// histogram too large for the wrapper, which fails.
    /// </remarks>
    public static DoubleHistogram DecodeDoubleFromByteBuffer(ByteBuffer buffer)
        => (DoubleHistogram)DecodeEncodableFromByteBuffer(buffer, HistogramDecoder.DecodeKind.Double, 0, HistogramDecoder.Accept.UncompressedOnly);

    /// <summary>
    /// Decodes a compressed DoubleHistogram at the buffer's position and advances past it, as Java's
    /// <c>DoubleHistogram.decodeFromCompressedByteBuffer</c>: an uncompressed or integer histogram cookie is a format error here.
    /// </summary>
    /// <param name="buffer">The buffer holding the compressed histogram at its position.</param>
    /// <returns>The decoded histogram (see <see cref="HistogramDecoder.DecodeDouble(ReadOnlySpan{byte})"/>).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The data is not a valid compressed DoubleHistogram (the position is unchanged).</exception>
    public static DoubleHistogram DecodeDoubleFromCompressedByteBuffer(ByteBuffer buffer)
        => (DoubleHistogram)DecodeEncodableFromByteBuffer(buffer, HistogramDecoder.DecodeKind.Double, 0, HistogramDecoder.Accept.CompressedOnly);

    /// <summary>
    /// Decodes a compressed histogram of either kind at the buffer's position and advances past it, as Java's
    /// <c>EncodableHistogram.decodeFromCompressedByteBuffer</c> (what its log reader uses): a DoubleHistogram cookie
    /// gives a <see cref="DoubleHistogram"/>, any other compressed cookie an integer histogram.
    /// </summary>
    /// <param name="buffer">The buffer holding the compressed histogram at its position.</param>
    /// <param name="minBarForHighestTrackableValue">An integer histogram covers at least up to this value (not applied to a DoubleHistogram's internal histogram).</param>
    /// <returns>A <see cref="DoubleHistogram"/> or a <see cref="HistogramBase"/> (see <see cref="HistogramCountType.Default"/> for its type).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The data is not a valid compressed histogram of either kind (the position is unchanged).</exception>
    public static EncodableHistogram DecodeAnyFromCompressedByteBuffer(ByteBuffer buffer, long minBarForHighestTrackableValue)
        => DecodeEncodableFromByteBuffer(buffer, HistogramDecoder.DecodeKind.Any, minBarForHighestTrackableValue, HistogramDecoder.Accept.CompressedOnly);

    /// <summary>Decodes an encoded DoubleHistogram (plain or compressed) with the calling thread's default decoder.</summary>
    /// <param name="source">The encoded histogram; bytes after it are ignored.</param>
    /// <returns>The decoded histogram (see <see cref="HistogramDecoder.DecodeDouble(ReadOnlySpan{byte})"/>).</returns>
    /// <exception cref="HistogramFormatException">The data is not a valid encoded DoubleHistogram.</exception>
    public static DoubleHistogram DecodeDouble(ReadOnlySpan<byte> source)
        => HistogramDecoder.ThreadDefault.DecodeDouble(source);

    /// <summary>Reads and decodes one encoded DoubleHistogram from <paramref name="source"/> with the calling thread's default decoder.</summary>
    /// <param name="source">The stream; exactly the histogram's bytes are read.</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The data is not a valid encoded DoubleHistogram, or the stream ends inside it.</exception>
    public static DoubleHistogram DecodeDouble(Stream source)
        => HistogramDecoder.ThreadDefault.DecodeDouble(source);

    /// <summary>Decodes base64 text of an encoded DoubleHistogram with the calling thread's default decoder.</summary>
    /// <param name="base64">The base64 text (standard alphabet, padded).</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="base64"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The text is not base64 or not a valid encoded DoubleHistogram.</exception>
    public static DoubleHistogram DecodeDoubleFromBase64(string base64)
        => HistogramDecoder.ThreadDefault.DecodeDoubleFromBase64(base64);

    /// <summary>Decodes an encoded histogram of either kind (see <see cref="HistogramDecoder.DecodeAny(ReadOnlySpan{byte}, HistogramCountType)"/>) with the calling thread's default decoder.</summary>
    /// <param name="source">The encoded histogram; bytes after it are ignored.</param>
    /// <param name="countType">The kind of integer histogram to create for integer data.</param>
    /// <returns>A <see cref="DoubleHistogram"/> or a <see cref="HistogramBase"/>.</returns>
    /// <exception cref="HistogramFormatException">The data is not a valid encoded histogram of either kind.</exception>
    public static EncodableHistogram DecodeAny(ReadOnlySpan<byte> source, HistogramCountType countType = HistogramCountType.Default)
        => HistogramDecoder.ThreadDefault.DecodeAny(source, countType);

    /// <summary>Reads and decodes one encoded histogram of either kind from <paramref name="source"/> with the calling thread's default decoder.</summary>
    /// <param name="source">The stream; exactly the histogram's bytes are read.</param>
    /// <param name="countType">The kind of integer histogram to create for integer data.</param>
    /// <returns>A <see cref="DoubleHistogram"/> or a <see cref="HistogramBase"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The data is not a valid encoded histogram of either kind, or the stream ends inside it.</exception>
    public static EncodableHistogram DecodeAny(Stream source, HistogramCountType countType = HistogramCountType.Default)
        => HistogramDecoder.ThreadDefault.DecodeAny(source, countType);

    /// <summary>Decodes base64 text of an encoded histogram of either kind (a histogram log's payload column) with the calling thread's default decoder.</summary>
    /// <param name="base64">The base64 text (standard alphabet, padded).</param>
    /// <param name="countType">The kind of integer histogram to create for integer data.</param>
    /// <returns>A <see cref="DoubleHistogram"/> or a <see cref="HistogramBase"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="base64"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The text is not base64 or not a valid encoded histogram of either kind.</exception>
    public static EncodableHistogram DecodeAnyFromBase64(string base64, HistogramCountType countType = HistogramCountType.Default)
        => HistogramDecoder.ThreadDefault.DecodeAnyFromBase64(base64, countType);

    /// <summary>The compressed encoding of either kind of histogram written at the buffer's position, which then moves past it.</summary>
    private static int EncodeCompressedInto(EncodableHistogram source, ByteBuffer targetBuffer, CompressionLevel level)
    {
        if (source is null)
        {
            throw new ArgumentNullException(nameof(source));
        }

        if (targetBuffer is null)
        {
            throw new ArgumentNullException(nameof(targetBuffer));
        }

        if (!HistogramCompressor.ThreadDefault.TryEncode(source, targetBuffer.RemainingSpan, out int written, level))
        {
            throw new InvalidOperationException(
                "Buffer overflow: the compressed encoding does not fit in the buffer's " + targetBuffer.Remaining().ToString(CultureInfo.InvariantCulture) + " remaining bytes.");
        }

        targetBuffer.Advance(written);
        return written;
    }

    private static EncodableHistogram DecodeEncodableFromByteBuffer(ByteBuffer buffer, HistogramDecoder.DecodeKind kind, long minBarForHighestTrackableValue, HistogramDecoder.Accept accept)
    {
        if (buffer is null)
        {
            throw new ArgumentNullException(nameof(buffer));
        }

        var histogram = HistogramDecoder.ThreadDefault.DecodeEncodable(
            buffer.RemainingSpan, kind, null, HistogramCountType.Default, accept, minBarForHighestTrackableValue, out int consumed);
        buffer.Advance(consumed);
        return histogram;
    }
}
