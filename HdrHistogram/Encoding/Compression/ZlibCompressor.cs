using System.Diagnostics.CodeAnalysis;
using System.IO.Compression;

namespace HdrHistogram.Encoding.Compression;

/// <summary>
/// Compresses data into a standard zlib stream (RFC 1950) the way Java's <c>Deflater</c> frames it: a
/// 2-byte header whose level bits match the compression level, the raw deflate data, then the big-endian Adler-32 of
/// the uncompressed data. The deflate data comes from <see cref="SmallInputDeflater"/> for inputs up to its
/// <see cref="SmallInputDeflater.MaxInputLengthAt"/> (a log interval, a small histogram), otherwise from
/// <see cref="DeflateStream"/>. Not thread-safe: one instance reuses its stream adapter across calls (the small-input
/// deflater is the calling thread's).
/// </summary>
[SuppressMessage("Design", "CA1001:Types that own disposable fields should be disposable", Justification = "The stream adapter holds no resources: disposing it would do nothing.")]
internal sealed partial class ZlibCompressor
{
    private const byte CompressionMethodAndWindow = 0x78; // CM = 8 (deflate), CINFO = 7 (32 KiB window)

    private readonly BufferWriterStream _sink = new();

    /// <summary>
    /// Compresses <paramref name="source"/> as one zlib stream appended to <paramref name="destination"/>.
    /// </summary>
    /// <param name="source">The bytes to compress.</param>
    /// <param name="destination">Receives the zlib stream.</param>
    /// <param name="level">The deflate level: <see cref="CompressionLevel.NoCompression"/> and
    /// <see cref="CompressionLevel.Fastest"/> write the header <c>78 01</c>, <see cref="CompressionLevel.Optimal"/>
    /// <c>78 9c</c>, and best compression (<c>SmallestSize</c> on .NET 6+, see <see cref="BestCompression"/>)
    /// <c>78 da</c>, as zlib does for levels 0-1, 6 and 9.</param>
    /// <returns>Number of bytes written to <paramref name="destination"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="destination"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="level"/> is not a compression level.</exception>
    public int Compress(ReadOnlySpan<byte> source, IBufferWriter<byte> destination, CompressionLevel level)
    {
        if (destination is null)
        {
            throw new ArgumentNullException(nameof(destination));
        }

        (CompressionLevel deflateLevel, byte flags) = ResolveLevel(level);

        Span<byte> header = destination.GetSpan(2);
        header[0] = CompressionMethodAndWindow;
        header[1] = flags;
        destination.Advance(2);

        long deflated;
        if (source.Length <= SmallInputDeflater.MaxInputLengthAt(deflateLevel))
        {
            // Small inputs, such as log intervals, cost less in managed code than setting up the platform's zlib.
            deflated = SmallInputDeflater.ForCurrentThread.Deflate(source, destination);
        }
        else
        {
            deflated = DeflateWithPlatform(source, destination, deflateLevel);
        }

        Span<byte> trailer = destination.GetSpan(4);
        BinaryPrimitives.WriteUInt32BigEndian(trailer, Adler32.Compute(source));
        destination.Advance(4);
        return checked((int)(2 + deflated + 4));
    }

    private long DeflateWithPlatform(ReadOnlySpan<byte> source, IBufferWriter<byte> destination, CompressionLevel deflateLevel)
    {
        long deflated;
        _sink.Retarget(destination);
        try
        {
            using (var deflate = new DeflateStream(_sink, deflateLevel, leaveOpen: true))
            {
                WriteAll(deflate, source);
            }

            deflated = _sink.BytesWritten;
            if (deflated == 0)
            {
                // DeflateStream writes nothing at all for empty input; a zlib stream needs a final block.
                Span<byte> emptyBlock = destination.GetSpan(2);
                emptyBlock[0] = 0x03; // BFINAL = 1, BTYPE = 01 (fixed Huffman), end-of-block code 0000000
                emptyBlock[1] = 0x00;
                destination.Advance(2);
                deflated = 2;
            }
        }
        finally
        {
            _sink.Retarget(null);
        }

        return deflated;
    }

    /// <summary>The FLG byte for a deflate level: FLEVEL in bits 6-7, FCHECK making CMF*256+FLG a multiple of 31.</summary>
    private static byte HeaderFlags(int zlibLevelClass)
    {
        int flags = zlibLevelClass << 6;
        flags += 31 - (((CompressionMethodAndWindow << 8) | flags) % 31);
        return (byte)flags;
    }
}
