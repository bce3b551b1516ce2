namespace HdrHistogram.Encoding.Compression;

/// <summary>The three Huffman alphabets of RFC 1951, which differ in what their symbols mean.</summary>
internal enum HuffmanKind
{
    /// <summary>The code-length alphabet (0..18) that describes a dynamic block's other two codes.</summary>
    CodeLength,

    /// <summary>The literal/length alphabet (0..287): bytes, end of block, match lengths.</summary>
    LiteralLength,

    /// <summary>The distance alphabet (0..31).</summary>
    Distance,
}
