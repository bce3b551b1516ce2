namespace HdrHistogram.Encoding.Counts;

internal static partial class CountsFiller
{
    /// <summary>
    /// Skips whole blocks of one-byte entries (see the .NET 8+ version); netstandard2.0 has no portable vectors, so
    /// it skips nothing and the scalar loop reads every entry.
    /// </summary>
    private static int SkipSingleByteEntryBlocks(ReadOnlySpan<byte> payload, int position, ref long index)
    {
        _ = payload;
        _ = index;
        return position;
    }
}
