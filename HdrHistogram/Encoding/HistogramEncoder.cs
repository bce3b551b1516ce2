using System.Buffers.Text;
using System.IO.Compression;

namespace HdrHistogram.Encoding;

/// <summary>
/// Encodes histograms in Java HdrHistogram's uncompressed V2 format (<c>encodeIntoByteBuffer</c>), byte for byte
/// identical to Java 2.2.2: a 40-byte big-endian header (cookie <c>0x1c849313</c>, payload length, normalizing index
/// offset, significant digits, lowest discernible value, highest trackable value, integer-to-double conversion
/// ratio) followed by the counts up to the maximum value, ZigZag LEB128 encoded with zero runs collapsed. Every method
/// also takes a <see cref="DoubleHistogram"/>, written as Java writes it:
/// a 16-byte wrapper (cookie <c>0x0c72124e</c>, digits, configured ratio) and its internal histogram's V2 encoding.
/// </summary>
/// <remarks>
/// <para>
/// The span and <see cref="IBufferWriter{T}"/> forms allocate nothing: the encoder writes straight into the
/// destination (like <c>Utf8JsonWriter</c>), asking a buffer writer for <see cref="GetMaxEncodedLength(EncodableHistogram)"/> bytes and
/// advancing it by the bytes actually written. The array, stream and base64 forms use a pooled scratch buffer.
/// </para>
/// <para>
/// All methods are thread-safe. Encoding a histogram while other threads record into it (a concurrent histogram)
/// gives some recent state, not necessarily a consistent one; use a recorder for consistent interval snapshots.
/// </para>
/// </remarks>
public static partial class HistogramEncoder
{
    /// <summary>
    /// The most bytes the uncompressed encoding of <paramref name="histogram"/> can take right now: for an integer
    /// histogram 40 plus 9 per count up to the maximum recorded value (never more than
    /// <see cref="HistogramBase.GetNeededByteBufferCapacity"/>); for a <see cref="DoubleHistogram"/> 16 (the wrapper)
    /// plus its internal integer histogram's bound.
    /// </summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <returns>An upper bound on the encoded length.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    public static int GetMaxEncodedLength(EncodableHistogram histogram)
    {
        CheckHistogram(histogram);
        return DoubleEncoder.GetMaxEncodedLength(histogram);
    }

    /// <summary>
    /// Writes the uncompressed encoding of <paramref name="histogram"/> to <paramref name="destination"/>. A
    /// <see cref="DoubleHistogram"/> is written as Java's <c>DoubleHistogram.encodeIntoByteBuffer</c> writes it, byte
    /// for byte: cookie <c>0x0c72124e</c>, significant digits, configured highest-to-lowest value ratio, then the
    /// internal integer histogram's V2 encoding (with its conversion ratio and normalizing offset). An integer
    /// histogram is written in the V2 format, byte for byte as Java's <c>encodeIntoByteBuffer</c>.
    /// </summary>
    /// <param name="histogram">The histogram to encode.</param>
    /// <param name="destination">Receives the encoding; asked for a span of <see cref="GetMaxEncodedLength(EncodableHistogram)"/> bytes, then advanced by the bytes written.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static int Encode(EncodableHistogram histogram, IBufferWriter<byte> destination)
    {
        CheckHistogram(histogram);
        if (destination is null)
        {
            throw new ArgumentNullException(nameof(destination));
        }

        while (true)
        {
            int written = DoubleEncoder.Encode(histogram, destination.GetSpan(DoubleEncoder.GetMaxEncodedLength(histogram)));
            if (written >= 0)
            {
                destination.Advance(written);
                return written;
            }

            // Only a concurrent histogram whose maximum grew in the meantime gets here: ask again with the new bound.
        }
    }

    /// <summary>Writes the uncompressed encoding of <paramref name="histogram"/> (see <see cref="Encode(EncodableHistogram, IBufferWriter{byte})"/>) to the start of <paramref name="destination"/>, if it fits.</summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="destination">Receives the encoding. <see cref="GetMaxEncodedLength(EncodableHistogram)"/> bytes always suffice; the exact length may be less.</param>
    /// <param name="bytesWritten">The number of bytes written, or 0 when the encoding does not fit.</param>
    /// <returns><c>false</c> when the encoding does not fit (nothing is written then).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static bool TryEncode(EncodableHistogram histogram, Span<byte> destination, out int bytesWritten)
    {
        CheckHistogram(histogram);
        int written = DoubleEncoder.Encode(histogram, destination);
        bytesWritten = Math.Max(written, 0);
        return written >= 0;
    }

    /// <summary>Returns the uncompressed encoding of <paramref name="histogram"/> (see <see cref="Encode(EncodableHistogram, IBufferWriter{byte})"/>) as a new array.</summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static byte[] Encode(EncodableHistogram histogram)
    {
        CheckHistogram(histogram);
        byte[] scratch = EncodeToPooled(histogram, out int length);
        try
        {
            return scratch.AsSpan(0, length).ToArray();
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    /// <summary>Writes the uncompressed encoding of <paramref name="histogram"/> (see <see cref="Encode(EncodableHistogram, IBufferWriter{byte})"/>) to <paramref name="destination"/>.</summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="destination">The stream to write to (one write call).</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static void Encode(EncodableHistogram histogram, Stream destination)
    {
        CheckHistogram(histogram);
        if (destination is null)
        {
            throw new ArgumentNullException(nameof(destination));
        }

        byte[] scratch = EncodeToPooled(histogram, out int length);
        try
        {
            destination.Write(scratch, 0, length);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    /// <summary>
    /// Returns the <b>uncompressed</b> encoding of <paramref name="histogram"/> as base64 text (standard alphabet,
    /// padded). <see cref="HistogramEncoding.ToUncompressedBase64"/> is the same under a name that says which form;
    /// histogram logs carry the compressed one (<see cref="HistogramEncoding.ToCompressedBase64"/>).
    /// </summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <returns>The base64 text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static string EncodeToBase64(EncodableHistogram histogram)
    {
        CheckHistogram(histogram);
        byte[] scratch = EncodeToPooled(histogram, out int length);
        try
        {
            return Convert.ToBase64String(scratch, 0, length);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    /// <summary>Writes the uncompressed encoding of <paramref name="histogram"/> as base64 text to <paramref name="destination"/>, if it fits.</summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="destination">Receives the base64 characters (standard alphabet, padded).</param>
    /// <param name="charsWritten">The number of characters written, or 0 when the text does not fit.</param>
    /// <returns><c>false</c> when the text does not fit.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static bool TryEncodeToBase64(EncodableHistogram histogram, Span<char> destination, out int charsWritten)
    {
        CheckHistogram(histogram);
        byte[] scratch = EncodeToPooled(histogram, out int length);
        try
        {
            return TryToBase64Chars(scratch.AsSpan(0, length), destination, out charsWritten);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    /// <summary>
    /// Writes the uncompressed encoding of <paramref name="histogram"/> as UTF-8 base64 text to
    /// <paramref name="destination"/>, converted in place in the destination's span (no intermediate buffer).
    /// </summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="destination">Receives the base64 bytes (standard alphabet, padded).</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static int EncodeToBase64Utf8(EncodableHistogram histogram, IBufferWriter<byte> destination)
    {
        CheckHistogram(histogram);
        if (destination is null)
        {
            throw new ArgumentNullException(nameof(destination));
        }

        while (true)
        {
            int maxLength = DoubleEncoder.GetMaxEncodedLength(histogram);
            Span<byte> span = destination.GetSpan(Base64.GetMaxEncodedToUtf8Length(maxLength));
            int written = DoubleEncoder.Encode(histogram, span.Slice(0, maxLength));
            if (written >= 0)
            {
                Base64.EncodeToUtf8InPlace(span, written, out int base64Length);
                destination.Advance(base64Length);
                return base64Length;
            }
        }
    }

    /// <summary>
    /// Writes the compressed encoding of <paramref name="histogram"/> to <paramref name="destination"/> with the
    /// calling thread's <see cref="HistogramCompressor"/>. A <see cref="DoubleHistogram"/> is written as Java's
    /// <c>DoubleHistogram.encodeIntoCompressedByteBuffer</c> lays it out: cookie <c>0x0c72124f</c>, significant
    /// digits, configured ratio, then the internal integer histogram's compressed V2 encoding.
    /// </summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="destination">Receives the encoding.</param>
    /// <param name="level">The deflate level; <see cref="CompressionLevel.Optimal"/> is Java's default.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static int EncodeCompressed(EncodableHistogram histogram, IBufferWriter<byte> destination, CompressionLevel level = CompressionLevel.Optimal)
        => HistogramCompressor.ThreadDefault.Encode(histogram, destination, level);

    /// <summary>Writes the compressed encoding of <paramref name="histogram"/> to the start of <paramref name="destination"/>, if it fits.</summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="destination">Receives the encoding.</param>
    /// <param name="bytesWritten">The number of bytes written, or 0 when it does not fit.</param>
    /// <param name="level">The deflate level.</param>
    /// <returns><c>false</c> when the encoding does not fit.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static bool TryEncodeCompressed(EncodableHistogram histogram, Span<byte> destination, out int bytesWritten, CompressionLevel level = CompressionLevel.Optimal)
        => HistogramCompressor.ThreadDefault.TryEncode(histogram, destination, out bytesWritten, level);

    /// <summary>Returns the compressed encoding of <paramref name="histogram"/> as a new array.</summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="level">The deflate level.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static byte[] EncodeCompressed(EncodableHistogram histogram, CompressionLevel level = CompressionLevel.Optimal)
        => HistogramCompressor.ThreadDefault.Encode(histogram, level);

    /// <summary>Writes the compressed encoding of <paramref name="histogram"/> to <paramref name="destination"/>.</summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="destination">The stream to write to.</param>
    /// <param name="level">The deflate level.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static void EncodeCompressed(EncodableHistogram histogram, Stream destination, CompressionLevel level = CompressionLevel.Optimal)
        => HistogramCompressor.ThreadDefault.Encode(histogram, destination, level);

    /// <summary>
    /// Returns the compressed encoding of <paramref name="histogram"/> as base64 text, the form histogram logs hold
    /// (the same as <see cref="HistogramEncoding.ToCompressedBase64"/>).
    /// </summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="level">The deflate level.</param>
    /// <returns>The base64 text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static string EncodeCompressedToBase64(EncodableHistogram histogram, CompressionLevel level = CompressionLevel.Optimal)
        => HistogramCompressor.ThreadDefault.EncodeToBase64(histogram, level);

    /// <summary>Encodes either kind of histogram into a buffer rented from the shared pool; the caller returns it.</summary>
    internal static byte[] EncodeToPooled(EncodableHistogram histogram, out int length)
    {
        while (true)
        {
            byte[] scratch = ArrayPool<byte>.Shared.Rent(DoubleEncoder.GetMaxEncodedLength(histogram));
            int written;
            try
            {
                written = DoubleEncoder.Encode(histogram, scratch);
            }
            catch
            {
                ArrayPool<byte>.Shared.Return(scratch);
                throw;
            }

            if (written >= 0)
            {
                length = written;
                return scratch;
            }

            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    private static void CheckHistogram(EncodableHistogram histogram)
    {
        if (histogram is null)
        {
            throw new ArgumentNullException(nameof(histogram));
        }
    }
}
