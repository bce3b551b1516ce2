using System.Buffers.Text;
using System.IO.Compression;
using HdrHistogram.Logging;

namespace HdrHistogram.Encoding;

// Every form takes either kind of histogram. A DoubleHistogram's compressed encoding (Java's
// DoubleHistogram.encodeIntoCompressedByteBuffer) is the 16-byte wrapper (cookie 0x0c72124f, digits, configured ratio)
// followed by its internal integer histogram's compressed V2 encoding; an integer histogram's is that V2 encoding alone.
public sealed partial class HistogramCompressor
{
    /// <summary>
    /// Writes the compressed encoding of <paramref name="histogram"/> to <paramref name="destination"/>. A
    /// <see cref="DoubleHistogram"/> is laid out as Java's <c>DoubleHistogram.encodeIntoCompressedByteBuffer</c> does:
    /// cookie <c>0x0c72124f</c>, significant digits, configured highest-to-lowest value ratio, then the internal
    /// integer histogram's compressed V2 encoding (cookie <c>0x1c849314</c>, length, zlib stream).
    /// </summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="destination">Receives the encoding (one span request and one advance).</param>
    /// <param name="level">The deflate level; <see cref="CompressionLevel.Optimal"/> is Java's default.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    /// <exception cref="ObjectDisposedException">The compressor was disposed.</exception>
    public int Encode(EncodableHistogram histogram, IBufferWriter<byte> destination, CompressionLevel level = CompressionLevel.Optimal)
    {
        if (destination is null)
        {
            throw new ArgumentNullException(nameof(destination));
        }

        ReadOnlySpan<byte> zlib = Compress(histogram, level, out var wrapper);
        int length = wrapper.FramedLength(zlib);
        wrapper.WriteFramed(zlib, destination.GetSpan(length));
        destination.Advance(length);
        return length;
    }

    /// <summary>Writes the compressed encoding of <paramref name="histogram"/> (see <see cref="Encode(EncodableHistogram, IBufferWriter{byte}, CompressionLevel)"/>) to the start of <paramref name="destination"/>, if it fits.</summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="destination">Receives the encoding.</param>
    /// <param name="bytesWritten">The number of bytes written, or 0 when it does not fit.</param>
    /// <param name="level">The deflate level.</param>
    /// <returns><c>false</c> when the encoding does not fit (nothing is written).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    /// <exception cref="ObjectDisposedException">The compressor was disposed.</exception>
    public bool TryEncode(EncodableHistogram histogram, Span<byte> destination, out int bytesWritten, CompressionLevel level = CompressionLevel.Optimal)
    {
        ReadOnlySpan<byte> zlib = Compress(histogram, level, out var wrapper);
        int length = wrapper.FramedLength(zlib);
        if (length > destination.Length)
        {
            bytesWritten = 0;
            return false;
        }

        wrapper.WriteFramed(zlib, destination);
        bytesWritten = length;
        return true;
    }

    /// <summary>Returns the compressed encoding of <paramref name="histogram"/> as a new array.</summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="level">The deflate level.</param>
    /// <returns>The encoding.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    /// <exception cref="ObjectDisposedException">The compressor was disposed.</exception>
    public byte[] Encode(EncodableHistogram histogram, CompressionLevel level = CompressionLevel.Optimal)
    {
        ReadOnlySpan<byte> zlib = Compress(histogram, level, out var wrapper);
        var result = new byte[wrapper.FramedLength(zlib)];
        wrapper.WriteFramed(zlib, result);
        return result;
    }

    /// <summary>Writes the compressed encoding of <paramref name="histogram"/> to <paramref name="destination"/>.</summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="destination">The stream to write to.</param>
    /// <param name="level">The deflate level.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    /// <exception cref="ObjectDisposedException">The compressor was disposed.</exception>
    public void Encode(EncodableHistogram histogram, Stream destination, CompressionLevel level = CompressionLevel.Optimal)
    {
        if (destination is null)
        {
            throw new ArgumentNullException(nameof(destination));
        }

        ReadOnlySpan<byte> zlib = Compress(histogram, level, out var wrapper);
        int length = wrapper.FramedLength(zlib);
        byte[] framed = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            wrapper.WriteFramed(zlib, framed);
            destination.Write(framed, 0, length);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(framed);
        }
    }

    /// <summary>
    /// Returns the <b>compressed</b> encoding of <paramref name="histogram"/> as base64 text, as histogram logs hold it
    /// (<see cref="HistogramEncoding.ToCompressedBase64"/> with this compressor's buffers; not to be confused with
    /// <see cref="HistogramEncoder.EncodeToBase64"/>, the uncompressed form).
    /// </summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="level">The deflate level (Java's log writer uses its best compression).</param>
    /// <returns>The base64 text (standard alphabet, padded).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    /// <exception cref="ObjectDisposedException">The compressor was disposed.</exception>
    public string EncodeToBase64(EncodableHistogram histogram, CompressionLevel level = CompressionLevel.Optimal)
    {
        ReadOnlySpan<byte> zlib = Compress(histogram, level, out var wrapper);
        int length = wrapper.FramedLength(zlib);
        byte[] framed = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            wrapper.WriteFramed(zlib, framed);
            return Convert.ToBase64String(framed, 0, length);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(framed);
        }
    }

    /// <summary>Writes the compressed encoding of <paramref name="histogram"/> as UTF-8 base64 text to <paramref name="destination"/> (converted in place, no intermediate copy).</summary>
    /// <param name="histogram">The histogram to encode: a <see cref="DoubleHistogram"/> or an integer histogram.</param>
    /// <param name="destination">Receives the base64 bytes (standard alphabet, padded).</param>
    /// <param name="level">The deflate level.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    /// <exception cref="ObjectDisposedException">The compressor was disposed.</exception>
    public int EncodeToBase64Utf8(EncodableHistogram histogram, IBufferWriter<byte> destination, CompressionLevel level = CompressionLevel.Optimal)
    {
        if (destination is null)
        {
            throw new ArgumentNullException(nameof(destination));
        }

        ReadOnlySpan<byte> zlib = Compress(histogram, level, out var wrapper);
        return WriteBase64Utf8(zlib, wrapper, destination);
    }

    /// <summary>
    /// Encodes the histogram uncompressed into scratch, then compresses its V2 encoding (a DoubleHistogram's internal
    /// histogram's) into the other scratch buffer; <paramref name="wrapper"/> says what goes in front of the
    /// compressed V2 framing, and <paramref name="fields"/> holds the tag and maximum of the moment encoded.
    /// </summary>
    /// <returns>The zlib stream, valid until the next call.</returns>
    internal ReadOnlySpan<byte> Compress(EncodableHistogram histogram, CompressionLevel level, out FramePrefix wrapper, out LogLineFields fields)
    {
        if (histogram is null)
        {
            throw new ArgumentNullException(nameof(histogram));
        }

        if (_disposed)
        {
            throw new ObjectDisposedException(nameof(HistogramCompressor));
        }

        int plainLength = EncodeUncompressed(histogram, out fields);
        int v2Start = 0;
        wrapper = default;
        if (histogram is DoubleHistogram)
        {
            // The wrapper's digits and ratio are read back from the uncompressed encoding: they belong to its moment.
            wrapper = new FramePrefix(
                BinaryPrimitives.ReadInt32BigEndian(_uncompressed.AsSpan(4)),
                BinaryPrimitives.ReadInt64BigEndian(_uncompressed.AsSpan(8)));
            v2Start = DoubleEncoder.WrapperLength;
        }

        _compressed.Clear();
        _zlib.Compress(new ReadOnlySpan<byte>(_uncompressed, v2Start, plainLength - v2Start), _compressed, level);
        return _compressed.WrittenSpan;
    }

    /// <summary>
    /// Writes the framed compressed encoding (<paramref name="wrapper"/>, then <paramref name="zlib"/> in the
    /// compressed V2 framing) to <paramref name="destination"/> as UTF-8 base64 text, converted in place.
    /// </summary>
    /// <returns>The number of bytes written.</returns>
    internal static int WriteBase64Utf8(ReadOnlySpan<byte> zlib, in FramePrefix wrapper, IBufferWriter<byte> destination)
    {
        int length = wrapper.FramedLength(zlib);
        Span<byte> span = destination.GetSpan(Base64.GetMaxEncodedToUtf8Length(length));
        wrapper.WriteFramed(zlib, span);
        Base64.EncodeToUtf8InPlace(span, length, out int base64Length);
        destination.Advance(base64Length);
        return base64Length;
    }

    private ReadOnlySpan<byte> Compress(EncodableHistogram histogram, CompressionLevel level, out FramePrefix wrapper)
        => Compress(histogram, level, out wrapper, out _);

    /// <summary>Encodes <paramref name="histogram"/> uncompressed into the scratch buffer, growing it as needed.</summary>
    private int EncodeUncompressed(EncodableHistogram histogram, out LogLineFields fields)
    {
        while (true)
        {
            // Sized from the histogram as it is now; should it grow before it is encoded, the loop sizes again.
            int maxLength = DoubleEncoder.GetMaxEncodedLength(histogram);
            if (_uncompressed.Length < maxLength)
            {
                byte[] old = _uncompressed;
                _uncompressed = ArrayPool<byte>.Shared.Rent(maxLength);
                if (old.Length > 0)
                {
                    ArrayPool<byte>.Shared.Return(old);
                }
            }

            int plainLength = histogram.EncodeUncompressed(_uncompressed, out fields);
            if (plainLength >= 0)
            {
                return plainLength;
            }
        }
    }

    /// <summary>What precedes the compressed V2 framing: nothing for an integer histogram, the 16-byte wrapper for a DoubleHistogram.</summary>
    internal readonly struct FramePrefix
    {
        private readonly int _digits;
        private readonly long _ratio;

        public FramePrefix(int digits, long ratio)
        {
            _digits = digits;
            _ratio = ratio;
        }

        private int Length => _ratio == 0 ? 0 : DoubleEncoder.WrapperLength;

        public int FramedLength(ReadOnlySpan<byte> zlib) => Length + EncodingCookies.CompressedHeaderLength + zlib.Length;

        public void WriteFramed(ReadOnlySpan<byte> zlib, Span<byte> destination)
        {
            if (_ratio != 0)
            {
                DoubleEncoder.WriteWrapper(destination, EncodingCookies.DoubleHistogramCompressed, _digits, _ratio);
                destination = destination.Slice(DoubleEncoder.WrapperLength);
            }

            BinaryPrimitives.WriteInt32BigEndian(destination, EncodingCookies.V2Compressed);
            BinaryPrimitives.WriteInt32BigEndian(destination.Slice(4), zlib.Length);
            zlib.CopyTo(destination.Slice(EncodingCookies.CompressedHeaderLength));
        }
    }
}
