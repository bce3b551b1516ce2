using HdrHistogram.Encoding;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>
/// The one-call encode and decode pairs: <see cref="ToCompressedBase64"/> with <see cref="FromBase64"/>, and
/// <see cref="ToCompressedBytes"/> with <see cref="FromBytes"/>. Every encode name says whether its output is compressed
/// (the form histogram logs and Java's tools carry, a few hundred bytes) or uncompressed (the plain V2 layout, as large
/// as the counts array's used part); the decoders read either, telling them apart by the cookie.
/// </summary>
public static partial class HistogramEncoding
{
    /// <summary>
    /// Returns the compressed V2 encoding of <paramref name="histogram"/> as base64 text (standard alphabet, padded): the
    /// form a histogram log's line and Java's <c>encodeIntoCompressedByteBuffer</c> plus base64 produce. Same as
    /// <see cref="HistogramEncoder.EncodeCompressedToBase64"/>.
    /// </summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <returns>The base64 text; <see cref="FromBase64"/> decodes it.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static string ToCompressedBase64(EncodableHistogram histogram)
        => HistogramEncoder.EncodeCompressedToBase64(histogram);

    /// <summary>
    /// Returns the uncompressed V2 encoding of <paramref name="histogram"/> as base64 text (standard alphabet, padded),
    /// Java's <c>encodeIntoByteBuffer</c> plus base64. Same as <see cref="HistogramEncoder.EncodeToBase64"/>.
    /// </summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <returns>The base64 text; <see cref="FromBase64"/> decodes it.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static string ToUncompressedBase64(EncodableHistogram histogram)
        => HistogramEncoder.EncodeToBase64(histogram);

    /// <summary>
    /// Returns the compressed V2 encoding of <paramref name="histogram"/> as a new array (Java's
    /// <c>encodeIntoCompressedByteBuffer</c>). Same as <see cref="HistogramEncoder.EncodeCompressed(EncodableHistogram, System.IO.Compression.CompressionLevel)"/>.
    /// </summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <returns>The encoding; <see cref="FromBytes"/> decodes it.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static byte[] ToCompressedBytes(EncodableHistogram histogram)
        => HistogramEncoder.EncodeCompressed(histogram);

    /// <summary>
    /// Returns the uncompressed V2 encoding of <paramref name="histogram"/> as a new array (Java's
    /// <c>encodeIntoByteBuffer</c>). Same as <see cref="HistogramEncoder.Encode(EncodableHistogram)"/>.
    /// </summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <returns>The encoding; <see cref="FromBytes"/> decodes it.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static byte[] ToUncompressedBytes(EncodableHistogram histogram)
        => HistogramEncoder.Encode(histogram);

    /// <summary>
    /// Decodes base64 text of an encoded integer histogram, compressed or not (V2, or 2.5.0's and older Java's V1/V0),
    /// with the calling thread's default decoder. Same as <see cref="DecodeFromBase64"/>.
    /// </summary>
    /// <param name="base64">The base64 text (standard alphabet, padded), e.g. from <see cref="ToCompressedBase64"/>.</param>
    /// <returns>A new <see cref="LongHistogram"/> (for V2; see <see cref="HistogramCountType.Default"/> for V1/V0).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="base64"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The text is not base64 or not a valid encoded integer histogram (a DoubleHistogram's encoding: use <see cref="DecodeAny(ReadOnlySpan{byte}, HistogramCountType)"/> on the bytes).</exception>
    public static HistogramBase FromBase64(string base64)
        => DecodeFromBase64(base64);

    /// <summary>
    /// Decodes an encoded integer histogram, compressed or not (V2, or V1/V0), with the calling thread's default decoder.
    /// Same as <see cref="Decode(ReadOnlySpan{byte}, HistogramCountType)"/>.
    /// </summary>
    /// <param name="encoded">The encoding, e.g. from <see cref="ToCompressedBytes"/>; bytes after it are ignored.</param>
    /// <returns>A new <see cref="LongHistogram"/> (for V2; see <see cref="HistogramCountType.Default"/> for V1/V0).</returns>
    /// <exception cref="HistogramFormatException">The data is not a valid encoded integer histogram.</exception>
    public static HistogramBase FromBytes(ReadOnlySpan<byte> encoded)
        => Decode(encoded);
}
