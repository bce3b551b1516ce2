using System;
using System.Buffers;
using System.IO.Compression;
using HdrHistogram.Encoding.Compression;
using HdrHistogram.Utilities;

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
/// The compressed bytes depend on the deflate implementation and are not identical to Java's, but any zlib reader
/// (Java's <c>Inflater</c>, <c>ZLibStream</c>, Python, Go) inflates them to exactly the uncompressed encoding, which is
/// byte-identical to Java's. The zlib header reflects the level as zlib's does: <see cref="CompressionLevel.Optimal"/>
/// gives <c>78 9c</c> (Java's default), <c>SmallestSize</c> <c>78 da</c> (Java's <c>BEST_COMPRESSION</c>, used by
/// log writers), <see cref="CompressionLevel.Fastest"/> and <see cref="CompressionLevel.NoCompression"/> <c>78 01</c>.
/// </para>
/// <para>
/// An instance keeps pooled scratch buffers for the uncompressed and compressed forms between calls, and its own
/// deflater for small encodings (up to 8 KiB at <c>SmallestSize</c>, 1 KiB at <see cref="CompressionLevel.Optimal"/>:
/// a log interval, a histogram of a few thousand values), which there is faster than setting up the platform's zlib for
/// each payload, with output about zlib's size (1 % larger than level 9's on a real jHiccup log, a few percent smaller
/// on most histogram encodings). Reusing an instance allocates nothing for such encodings, and for larger ones only
/// what the platform's <see cref="DeflateStream"/> allocates per stream (a small constant, independent of the
/// histogram's size). Not thread-safe: use one instance per thread (the static <c>EncodeCompressed</c> methods of
/// <see cref="HistogramEncoder"/> keep one per thread). Dispose it to return its buffers to the pool.
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
