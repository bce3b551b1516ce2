namespace HdrHistogram.Encoding.Compression;

/// <summary>
/// The fixed parts of the deflate format (RFC 1951 section 3.2.5) that the inflater and the deflater share: what each
/// length and distance symbol stands for, and the order in which a dynamic block lists the code-length code.
/// </summary>
internal static class DeflateAlphabet
{
    /// <summary>The literal/length symbol that ends a block.</summary>
    public const int EndOfBlock = 256;

    /// <summary>The first literal/length symbol that stands for a match length.</summary>
    public const int FirstLengthSymbol = 257;

    /// <summary>Number of literal/length symbols that may occur in data (0-285; 286 and 287 never do).</summary>
    public const int LiteralLengthSymbols = 286;

    /// <summary>Number of distance symbols that may occur in data (0-29; 30 and 31 never do).</summary>
    public const int DistanceSymbols = 30;

    /// <summary>Number of symbols of the code-length code (0-15 lengths, 16-18 repeats).</summary>
    public const int CodeLengthSymbols = 19;

    /// <summary>The shortest match deflate can express.</summary>
    public const int MinMatch = 3;

    /// <summary>The longest match deflate can express.</summary>
    public const int MaxMatch = 258;

    /// <summary>The farthest back a match may reach (the window size).</summary>
    public const int MaxDistance = 32 * 1024;

    /// <summary>The match length of each length symbol (symbol 257 + index) before its extra bits are added.</summary>
    public static readonly ushort[] LengthBase =
    {
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    };

    /// <summary>The number of extra bits after each length symbol.</summary>
    public static readonly byte[] LengthExtraBits =
    {
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    };

    /// <summary>The distance of each distance symbol before its extra bits are added.</summary>
    public static readonly ushort[] DistanceBase =
    {
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577,
    };

    /// <summary>The number of extra bits after each distance symbol.</summary>
    public static readonly byte[] DistanceExtraBits =
    {
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    };

    /// <summary>
    /// Number of literal/length symbols the fixed Huffman code gives codes to: 288, the two that never occur included,
    /// which is what places the 9-bit codes.
    /// </summary>
    public const int FixedLiteralLengthSymbols = 288;

    /// <summary>The length of every distance code in the fixed Huffman code of block type 01 (RFC 1951 section 3.2.6).</summary>
    public const int FixedDistanceCodeLength = 5;

    /// <summary>The order in which a dynamic block lists the code lengths of the code-length code.</summary>
    public static readonly byte[] CodeLengthOrder = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };

    /// <summary>
    /// The length of the code of literal/length symbol <paramref name="symbol"/> (0-287) in the fixed Huffman code of
    /// block type 01 (RFC 1951 section 3.2.6): 8 bits for 0-143, 9 for 144-255, 7 for 256-279, 8 for 280-287.
    /// </summary>
    /// <param name="symbol">The literal/length symbol.</param>
    /// <returns>Its code length in bits.</returns>
    public static byte FixedLiteralLengthCodeLength(int symbol) => symbol switch
    {
        < 144 => 8,
        < 256 => 9,
        < 280 => 7,
        _ => 8,
    };
}
