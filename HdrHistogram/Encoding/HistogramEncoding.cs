using System.IO.Compression;
using HdrHistogram.Encoding;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>
/// Upstream HdrHistogram.NET's encoding entry points (Java's <c>decodeFromByteBuffer</c>,
/// <c>decodeFromCompressedByteBuffer</c> and <c>encodeIntoCompressedByteBuffer</c> over a <see cref="ByteBuffer"/>),
/// plus static decode shortcuts that use a <see cref="HistogramDecoder"/> with default options kept per thread.
/// </summary>
/// <remarks>
/// For allocation-free encoding and decoding use <see cref="HistogramEncoder"/>, <see cref="HistogramCompressor"/> and
/// <see cref="HistogramDecoder"/> directly. All methods are thread-safe.
/// </remarks>
public static partial class HistogramEncoding
{
    /// <summary>
    /// Decodes an uncompressed histogram (V2, or legacy V1/V0) at the buffer's position and advances past it, as Java's
    /// <c>Histogram.decodeFromByteBuffer</c>: a compressed cookie is a format error here.
    /// </summary>
    /// <param name="buffer">The buffer holding the encoded histogram at its position.</param>
    /// <param name="minBarForHighestTrackableValue">The decoded histogram covers at least up to this value.</param>
    /// <returns>The decoded histogram (a <see cref="LongHistogram"/> for V2; for V1/V0 the word size in the cookie decides, see <see cref="HistogramCountType.Default"/>).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The data is not a valid uncompressed histogram (the position is unchanged).</exception>
    public static HistogramBase DecodeFromByteBuffer(ByteBuffer buffer, long minBarForHighestTrackableValue)
        => DecodeFromByteBuffer(buffer, minBarForHighestTrackableValue, HistogramDecoder.Accept.UncompressedOnly);

    /// <summary>
    /// Decodes a compressed histogram at the buffer's position and advances past it, as Java's
    /// <c>Histogram.decodeFromCompressedByteBuffer</c>: an uncompressed cookie is a format error here.
    /// </summary>
    /// <param name="buffer">The buffer holding the compressed histogram at its position.</param>
    /// <param name="minBarForHighestTrackableValue">The decoded histogram covers at least up to this value.</param>
    /// <returns>The decoded histogram (see <see cref="HistogramCountType.Default"/> for its type).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The data is not a valid compressed histogram (the position is unchanged).</exception>
    public static HistogramBase DecodeFromCompressedByteBuffer(ByteBuffer buffer, long minBarForHighestTrackableValue)
        => DecodeFromByteBuffer(buffer, minBarForHighestTrackableValue, HistogramDecoder.Accept.CompressedOnly);

    /// <summary>
    /// Writes the uncompressed V2 encoding of <paramref name="source"/> at the buffer's position and advances past it
    /// (Java's <c>encodeIntoByteBuffer</c>).
    /// </summary>
    /// <param name="source">The histogram to encode.</param>
    /// <param name="targetBuffer">The buffer to write to; <see cref="HistogramBase.GetNeededByteBufferCapacity"/> bytes always suffice.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">The encoding does not fit in the remaining space, or the histogram holds a negative count.</exception>
    public static int EncodeIntoByteBuffer(this HistogramBase source, ByteBuffer targetBuffer)
        => HistogramEncoderV2.Instance.Encode(source, targetBuffer);

    /// <summary>
    /// Writes the compressed V2 encoding of <paramref name="source"/> (Java's default deflate level) at the buffer's
    /// position and advances past it (Java's <c>encodeIntoCompressedByteBuffer</c>).
    /// </summary>
    /// <param name="source">The histogram to encode.</param>
    /// <param name="targetBuffer">The buffer to write to; <see cref="HistogramBase.GetNeededByteBufferCapacity"/> bytes always suffice.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">The encoding does not fit in the remaining space, or the histogram holds a negative count.</exception>
    public static int EncodeIntoCompressedByteBuffer(this HistogramBase source, ByteBuffer targetBuffer)
        => EncodeIntoCompressedByteBuffer(source, targetBuffer, CompressionLevel.Optimal);

    /// <summary>Writes the compressed V2 encoding of <paramref name="source"/> at the buffer's position and advances past it.</summary>
    /// <param name="source">The histogram to encode.</param>
    /// <param name="targetBuffer">The buffer to write to.</param>
    /// <param name="level">The deflate level (<c>SmallestSize</c> is Java's <c>BEST_COMPRESSION</c>).</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    /// <exception cref="InvalidOperationException">The encoding does not fit in the remaining space, or the histogram holds a negative count.</exception>
    public static int EncodeIntoCompressedByteBuffer(this HistogramBase source, ByteBuffer targetBuffer, CompressionLevel level)
        => EncodeCompressedInto(source, targetBuffer, level);

    /// <summary>Decodes an encoded histogram (any version, plain or compressed) with the calling thread's default decoder.</summary>
    /// <param name="source">The encoded histogram; bytes after it are ignored.</param>
    /// <param name="countType">The kind of histogram to create.</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="HistogramFormatException">The data is not a valid encoded histogram.</exception>
    public static HistogramBase Decode(ReadOnlySpan<byte> source, HistogramCountType countType = HistogramCountType.Default)
        => HistogramDecoder.ThreadDefault.Decode(source, countType);

    /// <summary>Reads and decodes one encoded histogram from <paramref name="source"/> with the calling thread's default decoder.</summary>
    /// <param name="source">The stream; exactly the histogram's bytes are read.</param>
    /// <param name="countType">The kind of histogram to create.</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The data is not a valid encoded histogram, or the stream ends inside it.</exception>
    public static HistogramBase Decode(Stream source, HistogramCountType countType = HistogramCountType.Default)
        => HistogramDecoder.ThreadDefault.Decode(source, countType);

    /// <summary>
    /// Decodes base64 text of an encoded histogram, compressed (as histogram logs hold) or not, with the calling thread's
    /// default decoder (<see cref="FromBase64"/> is the same, the pair of <see cref="ToCompressedBase64"/>).
    /// </summary>
    /// <param name="base64">The base64 text (standard alphabet, padded).</param>
    /// <param name="countType">The kind of histogram to create.</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="base64"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The text is not base64 or not a valid encoded histogram.</exception>
    public static HistogramBase DecodeFromBase64(string base64, HistogramCountType countType = HistogramCountType.Default)
        => HistogramDecoder.ThreadDefault.DecodeFromBase64(base64, countType);

    private static HistogramBase DecodeFromByteBuffer(ByteBuffer buffer, long minBarForHighestTrackableValue, HistogramDecoder.Accept accept)
        => (HistogramBase)DecodeEncodableFromByteBuffer(buffer, HistogramDecoder.DecodeKind.Integer, minBarForHighestTrackableValue, accept);
}
