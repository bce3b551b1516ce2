using System.IO.Compression;

namespace HdrHistogram.Encoding.Compression;

internal sealed partial class ZlibCompressor
{
    /// <summary>The level that compresses best: <see cref="CompressionLevel.SmallestSize"/> (zlib level 9).</summary>
    public static CompressionLevel BestCompression => CompressionLevel.SmallestSize;

    private static (CompressionLevel DeflateLevel, byte Flags) ResolveLevel(CompressionLevel level) => level switch
    {
        CompressionLevel.NoCompression or CompressionLevel.Fastest => (level, HeaderFlags(0)),
        CompressionLevel.Optimal => (level, HeaderFlags(2)),
        CompressionLevel.SmallestSize => (level, HeaderFlags(3)),
        _ => throw new ArgumentOutOfRangeException(nameof(level), level, "Unknown compression level."),
    };

    private static void WriteAll(DeflateStream deflate, ReadOnlySpan<byte> source) => deflate.Write(source);
}
