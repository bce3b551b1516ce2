using System.IO.Compression;

namespace HdrHistogram.Encoding.Compression;

internal sealed partial class ZlibCompressor
{
    // Size of the pooled array the source is copied through: DeflateStream takes only arrays here.
    private const int ChunkSize = 16 * 1024;

    // CompressionLevel.SmallestSize (.NET 6+) has this value; netstandard2.0 cannot name it.
    private const CompressionLevel SmallestSizeValue = (CompressionLevel)3;

    /// <summary>
    /// The level that compresses best. netstandard2.0 has no <c>SmallestSize</c>, and .NET Framework's
    /// deflater would refuse it, so this is <see cref="CompressionLevel.Optimal"/>.
    /// </summary>
    public static CompressionLevel BestCompression => CompressionLevel.Optimal;

    private static (CompressionLevel DeflateLevel, byte Flags) ResolveLevel(CompressionLevel level) => level switch
    {
        CompressionLevel.NoCompression or CompressionLevel.Fastest => (level, HeaderFlags(0)),
        CompressionLevel.Optimal or SmallestSizeValue => (CompressionLevel.Optimal, HeaderFlags(2)),
        _ => throw new ArgumentOutOfRangeException(nameof(level), level, "Unknown compression level."),
    };

    private static void WriteAll(DeflateStream deflate, ReadOnlySpan<byte> source)
    {
        if (source.IsEmpty)
        {
            return;
        }

        byte[] chunk = ArrayPool<byte>.Shared.Rent(Math.Min(source.Length, ChunkSize));
        try
        {
            while (!source.IsEmpty)
            {
                int count = Math.Min(source.Length, chunk.Length);
                source.Slice(0, count).CopyTo(chunk);
                deflate.Write(chunk, 0, count);
                source = source.Slice(count);
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(chunk);
        }
    }
}
