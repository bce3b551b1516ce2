namespace HdrHistogram.Encoding.Compression;

internal sealed partial class ZlibInflater
{
    /// <summary>The index of the first byte that is not zero, or -1 (.NET 8+: vectorized).</summary>
    private static int IndexOfNonZero(ReadOnlySpan<byte> bytes) => bytes.IndexOfAnyExcept((byte)0);
}
