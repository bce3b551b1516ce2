namespace HdrHistogram.Encoding;

/// <summary>
/// The first four bytes (big-endian) of every encoded histogram, as Java HdrHistogram defines them. The second
/// nibble of the low byte carries a word size for V0/V1 (2, 4 or 8 bytes per count) and the flag 0x10 for V2;
/// <see cref="GetBase"/> masks it out.
/// </summary>
internal static class EncodingCookies
{
    /// <summary>What Java 2.2.2 writes for uncompressed V2: the V2 base with the 0x10 flag.</summary>
    public const int V2 = 0x1c849313;

    /// <summary>What Java 2.2.2 writes for compressed V2.</summary>
    public const int V2Compressed = 0x1c849314;

    public const int V2Base = 0x1c849303;
    public const int V1Base = 0x1c849301;
    public const int V0Base = 0x1c849308;
    public const int V2CompressedBase = 0x1c849304;
    public const int V1CompressedBase = 0x1c849302;
    public const int V0CompressedBase = 0x1c849309;

    /// <summary>Java's DoubleHistogram wrapper around an uncompressed V2 histogram.</summary>
    public const int DoubleHistogram = 0x0c72124e;

    /// <summary>Java's DoubleHistogram wrapper around a compressed V2 histogram.</summary>
    public const int DoubleHistogramCompressed = 0x0c72124f;

    /// <summary>Size of the V1/V2 header: cookie, payload length, offset, digits, lowest, highest, ratio.</summary>
    public const int V2HeaderLength = 40;

    /// <summary>Size of the V0 header: cookie, digits, lowest, highest, total count.</summary>
    public const int V0HeaderLength = 32;

    /// <summary>Size of the compressed wrapper's header: cookie and the length of the zlib stream.</summary>
    public const int CompressedHeaderLength = 8;

    /// <summary>Java's <c>getCookieBase</c>: the cookie without its word-size nibble.</summary>
    public static int GetBase(int cookie) => cookie & ~0xF0;

    /// <summary>Java's V0/V1 word size from the cookie's second nibble (2, 4 or 8 when valid).</summary>
    public static int GetLegacyWordSize(int cookie) => ((cookie & 0xF0) >> 4) & 0xE;
}
