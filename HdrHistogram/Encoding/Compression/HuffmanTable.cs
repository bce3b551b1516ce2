namespace HdrHistogram.Encoding.Compression;

/// <summary>
/// A canonical Huffman code (RFC 1951 section 3.2.2) prepared for decoding from a least-significant-bit-first
/// bit buffer. A lookup table indexed by the next <see cref="RootBits"/> input bits gives, for every code no
/// longer than that, a ready-made entry: what the symbol means and how many bits it occupies. The rare longer
/// codes are marked <see cref="SlowPathFlag"/> there and decoded bit by bit from the code-length counts
/// (<see cref="DecodeSlow"/>). The arrays are allocated once and rebuilt in place for every dynamic block.
/// </summary>
/// <remarks>
/// Entry layout (32 bits): bits 0-7 the code length in bits; bits 8-11 the number of extra bits that follow
/// a length or distance symbol; bits 12-15 the flags below (none for a length or distance symbol); bits 16-31
/// the value: the literal byte, the code-length symbol, or the base match length or distance.
/// </remarks>
internal sealed class HuffmanTable
{
    /// <summary>The longest code RFC 1951 allows.</summary>
    public const int MaxCodeLength = 15;

    /// <summary>Mask of the code-length field of an entry.</summary>
    public const uint CodeLengthMask = 0xFF;

    /// <summary>Shift of the extra-bit count of an entry.</summary>
    public const int ExtraBitsShift = 8;

    /// <summary>Mask of the extra-bit count after shifting.</summary>
    public const uint ExtraBitsMask = 0xF;

    /// <summary>Shift of the value of an entry.</summary>
    public const int ValueShift = 16;

    /// <summary>The entry is a literal byte (or, in the code-length alphabet, any symbol).</summary>
    public const uint LiteralFlag = 0x1000;

    /// <summary>The entry is the end-of-block symbol 256.</summary>
    public const uint EndOfBlockFlag = 0x2000;

    /// <summary>The bits select no symbol, or a symbol that must not occur (286, 287; distances 30, 31).</summary>
    public const uint InvalidFlag = 0x4000;

    /// <summary>The bits are the start of a code longer than <see cref="RootBits"/>: decode with <see cref="DecodeSlow"/>.</summary>
    public const uint SlowPathFlag = 0x8000;

    private readonly ushort[] _counts = new ushort[MaxCodeLength + 1];
    private readonly ushort[] _offsets = new ushort[MaxCodeLength + 2];
    private readonly ushort[] _symbols;
    private readonly HuffmanKind _kind;

    /// <summary>Creates an empty table for codes of up to <paramref name="maxSymbols"/> symbols.</summary>
    /// <param name="kind">The alphabet the code is for.</param>
    /// <param name="rootBits">Number of input bits the lookup table is indexed by (at most 15).</param>
    /// <param name="maxSymbols">Size of the alphabet.</param>
    public HuffmanTable(HuffmanKind kind, int rootBits, int maxSymbols)
    {
        _kind = kind;
        RootBits = rootBits;
        Entries = new uint[1 << rootBits];
        _symbols = new ushort[maxSymbols];
    }

    /// <summary>Number of input bits that index <see cref="Entries"/>.</summary>
    public int RootBits { get; }

    /// <summary>The lookup table: <c>Entries[bits &amp; ((1 &lt;&lt; RootBits) - 1)]</c> describes the next symbol.</summary>
    public uint[] Entries { get; }

    /// <summary>
    /// Rebuilds the table for the code with the given code lengths (0 = symbol unused). A code that
    /// over-subscribes the code space is refused; so is an incomplete one, except (as zlib and Java allow) a
    /// literal/length or distance code with no symbol at all or a single symbol of length 1, whose unused
    /// bit patterns decode as invalid.
    /// </summary>
    /// <param name="lengths">Code length of each symbol, 0..15.</param>
    /// <returns>Null on success, otherwise what is wrong with the lengths.</returns>
    public string? Build(ReadOnlySpan<byte> lengths)
    {
        ushort[] counts = _counts;
        Array.Clear(counts, 0, counts.Length);
        for (int symbol = 0; symbol < lengths.Length; symbol++)
        {
            counts[lengths[symbol]]++;
        }

        // Kraft inequality: 'left' is the number of unused codes of the current length.
        int left = 1;
        int maxLength = 0;
        for (int length = 1; length <= MaxCodeLength; length++)
        {
            left = (left << 1) - counts[length];
            if (left < 0)
            {
                return "over-subscribed";
            }

            if (counts[length] != 0)
            {
                maxLength = length;
            }
        }

        if (left > 0 && (_kind == HuffmanKind.CodeLength || maxLength > 1))
        {
            return "incomplete";
        }

        // Symbols sorted by code length, then by value: the order in which canonical codes are assigned.
        ushort[] offsets = _offsets;
        offsets[1] = 0;
        for (int length = 1; length < MaxCodeLength; length++)
        {
            offsets[length + 1] = (ushort)(offsets[length] + counts[length]);
        }

        ushort[] symbols = _symbols;
        for (int symbol = 0; symbol < lengths.Length; symbol++)
        {
            int length = lengths[symbol];
            if (length != 0)
            {
                symbols[offsets[length]++] = (ushort)symbol;
            }
        }

        uint[] entries = Entries;
        int rootBits = RootBits;
        entries.AsSpan().Fill(InvalidFlag);

        int code = 0;
        int index = 0;
        for (int length = 1; length <= maxLength; length++)
        {
            for (int n = counts[length]; n > 0; n--)
            {
                int symbol = symbols[index++];
                if (length <= rootBits)
                {
                    // The code's first bit is its most significant one and arrives first: index by the
                    // reversed code, in every slot whose low 'length' bits match.
                    uint entry = MakeEntry(symbol, length);
                    for (int slot = Reverse(code, length); slot < entries.Length; slot += 1 << length)
                    {
                        entries[slot] = entry;
                    }
                }
                else
                {
                    entries[Reverse(code >> (length - rootBits), rootBits)] = SlowPathFlag;
                }

                code++;
            }

            code <<= 1;
        }

        return null;
    }

    /// <summary>
    /// Decodes a code of any length bit by bit (the first input bit is bit 0 of <paramref name="bits"/>),
    /// walking the canonical code length by length as RFC 1951 defines it.
    /// </summary>
    /// <param name="bits">The next input bits; at least 15 are examined (zeros past the end of the input).</param>
    /// <returns>The entry for the symbol, or an invalid entry if no code matches.</returns>
    public uint DecodeSlow(ulong bits)
    {
        ushort[] counts = _counts;
        int code = 0;
        int first = 0;
        int index = 0;
        for (int length = 1; length <= MaxCodeLength; length++)
        {
            code |= (int)(bits & 1);
            bits >>= 1;
            int count = counts[length];
            if (code - count < first)
            {
                return MakeEntry(_symbols[index + (code - first)], length);
            }

            index += count;
            first = (first + count) << 1;
            code <<= 1;
        }

        return InvalidFlag;
    }

    private static int Reverse(int code, int length)
    {
        int reversed = 0;
        for (int i = 0; i < length; i++)
        {
            reversed = (reversed << 1) | (code & 1);
            code >>= 1;
        }

        return reversed;
    }

    private uint MakeEntry(int symbol, int length)
    {
        uint bits = (uint)length;
        switch (_kind)
        {
            case HuffmanKind.CodeLength:
                return bits | LiteralFlag | ((uint)symbol << ValueShift);
            case HuffmanKind.LiteralLength:
                if (symbol < 256)
                {
                    return bits | LiteralFlag | ((uint)symbol << ValueShift);
                }

                if (symbol == 256)
                {
                    return bits | EndOfBlockFlag;
                }

                symbol -= 257;
                if (symbol >= DeflateAlphabet.LengthBase.Length)
                {
                    return bits | InvalidFlag;
                }

                return bits | ((uint)DeflateAlphabet.LengthExtraBits[symbol] << ExtraBitsShift) | ((uint)DeflateAlphabet.LengthBase[symbol] << ValueShift);
            default:
                if (symbol >= DeflateAlphabet.DistanceBase.Length)
                {
                    return bits | InvalidFlag;
                }

                return bits | ((uint)DeflateAlphabet.DistanceExtraBits[symbol] << ExtraBitsShift) | ((uint)DeflateAlphabet.DistanceBase[symbol] << ValueShift);
        }
    }
}
