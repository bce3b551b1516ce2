using System.IO.Compression;
using HdrHistogram.Encoding.Compression;

namespace HdrHistogram.Encoding;

/// <summary>
/// Encodes histograms in Java HdrHistogram's compressed V2 format (<c>encodeIntoCompressedByteBuffer</c>): the
/// cookie <c>0x1c849314</c>, the big-endian length of a zlib stream, then the zlib stream (RFC 1950: header, deflate
/// data, Adler-32) of the complete uncompressed V2 encoding. This is what histogram logs carry (base64 encoded). A
/// <see cref="DoubleHistogram"/> gets Java's 16-byte wrapper (cookie
/// <c>0x0c72124f</c>, digits, configured ratio) in front of its internal histogram's compressed V2 encoding.
/// </summary>
/// <remarks>
/// <para>
/// The compressed bytes are not Java's (they depend on the deflater), but any zlib reader inflates them to exactly the
/// uncompressed encoding, which is Java's. Reusing an instance allocates nothing for encodings up to 8 KiB (1 KiB at
/// <see cref="CompressionLevel.Optimal"/>), and for larger ones only the small constant the platform's
/// <see cref="DeflateStream"/> allocates. Not thread-safe: one instance per thread; dispose it to return its buffers
/// to the pool. The format and the zlib headers per level: docs/formats.md, "Encodings".
/// </para>
/// </remarks>
public sealed partial class HistogramCompressor : IDisposable
{
    [ThreadStatic]
    private static HistogramCompressor? _threadDefault;

    private readonly ZlibCompressor _zlib = new();
    private readonly PooledBufferWriter _compressed = new();
    private byte[] _uncompressed = Array.Empty<byte>();
    private bool _disposed;

    /// <summary>A compressor for the calling thread, used by the static convenience methods.</summary>
    internal static HistogramCompressor ThreadDefault => _threadDefault ??= new HistogramCompressor();

    /// <summary>Returns the scratch buffers to the pool. The compressor cannot be used afterwards.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _compressed.Dispose();
        byte[] uncompressed = _uncompressed;
        _uncompressed = Array.Empty<byte>();
        if (uncompressed.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(uncompressed);
        }
    }
}
