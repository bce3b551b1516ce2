using System.IO.Compression;
using System.Runtime.InteropServices;

namespace HdrHistogram.Encoding.Compression;

/// <summary>
/// Compresses a small input into raw deflate data (RFC 1951) as one final block, without the platform's zlib.
/// </summary>
/// <remarks>
/// <para>
/// Why: a histogram log line carries the compressed encoding of one interval, typically 50-2,000 bytes. For such an
/// input the platform deflater's fixed costs dominate: every <see cref="DeflateStream"/> sets up
/// and tears down a native zlib state of a few hundred kilobytes and clears its hash table, a large share of the time
/// a log interval takes (docs/performance.md). This deflater keeps its scratch arrays between
/// calls and sizes its hash table to the input. <see cref="MaxInputLengthAt"/> says up to which size it is used.
/// </para>
/// <para>
/// How: LZ77 with hash chains and lazy matching as zlib does at level 9 (the longest match within 1,024 chain steps,
/// deferred by one byte when the next position has a longer one), then the cheapest of a dynamic-Huffman, a
/// fixed-Huffman and a stored block, computed exactly before anything is written; length-limited Huffman codes from
/// <see cref="HuffmanCodeBuilder"/>. Chains link positions whose next 4 bytes hash alike, not 3: a histogram encoding
/// repeats few byte values, so 3-byte matches are plentiful, make long chains, and rarely cost fewer bits than three
/// literals under the block's Huffman code. The output is standard deflate that any inflater accepts; its bytes differ
/// from zlib's, as zlib's and zlib-ng's differ from each other.
/// </para>
/// <para>Not thread-safe: one instance per thread.</para>
/// </remarks>
internal sealed class SmallInputDeflater
{
    [ThreadStatic]
    private static SmallInputDeflater? _forCurrentThread;

    /// <summary>
    /// The calling thread's deflater. It holds only scratch state between calls, so every compressor on a thread shares
    /// one: creating a compressor (a log writer) costs no deflater tables, and a thread keeps at most one set (about
    /// 14 KB, plus 10 bytes per byte of the largest input it compressed).
    /// </summary>
    public static SmallInputDeflater ForCurrentThread => _forCurrentThread ??= new SmallInputDeflater();

    /// <summary>The largest input this deflater takes.</summary>
    public const int MaxInputLength = 8 * 1024;

    // CompressionLevel.SmallestSize (.NET 6+; zlib level 9), which netstandard2.0 cannot name.
    private const CompressionLevel SmallestSize = (CompressionLevel)3;

    private const int MaxChainSteps = 1024;
    private const int GoodMatch = 32; // after a match this long, the lazy search at the next position looks a quarter as far
    private const int FarThreeByteMatch = 4096; // a 3-byte match farther away costs more than three literals
    private const int MaxHashBits = 13;
    private const int HashedBytes = 4;
    private const uint MatchFlag = 0x8000_0000;
    private const int MatchLengthShift = 16;

    private static readonly byte[] LengthSymbolIndex = BuildLengthSymbolIndex();
    private static readonly byte[] DistanceSymbolIndex = BuildDistanceSymbolIndex();
    private static readonly FixedCode Fixed = new();

    private readonly HuffmanCodeBuilder _builder = new();
    private readonly int[] _literalLengthFrequencies = new int[DeflateAlphabet.LiteralLengthSymbols];
    private readonly int[] _distanceFrequencies = new int[DeflateAlphabet.DistanceSymbols];
    private readonly int[] _codeLengthFrequencies = new int[DeflateAlphabet.CodeLengthSymbols];
    private readonly byte[] _literalLengthLengths = new byte[DeflateAlphabet.LiteralLengthSymbols];
    private readonly ushort[] _literalLengthCodes = new ushort[DeflateAlphabet.LiteralLengthSymbols];
    private readonly byte[] _distanceLengths = new byte[DeflateAlphabet.DistanceSymbols];
    private readonly ushort[] _distanceCodes = new ushort[DeflateAlphabet.DistanceSymbols];
    private readonly byte[] _codeLengthLengths = new byte[DeflateAlphabet.CodeLengthSymbols];
    private readonly ushort[] _codeLengthCodes = new ushort[DeflateAlphabet.CodeLengthSymbols];

    // The run-length coded code lengths of a dynamic block: symbol in the low byte, its extra-bit value above.
    private readonly ushort[] _codeLengthRuns = new ushort[DeflateAlphabet.LiteralLengthSymbols + DeflateAlphabet.DistanceSymbols];
    private readonly byte[] _allLengths = new byte[DeflateAlphabet.LiteralLengthSymbols + DeflateAlphabet.DistanceSymbols];

    // Sized for the largest input seen so far, so that compressing short inputs keeps the instance small.
    private int[] _head = Array.Empty<int>();
    private ushort[] _previous = Array.Empty<ushort>();

    // One entry per literal (the byte) or match (MatchFlag | length << 16 | distance - 1).
    private uint[] _tokens = Array.Empty<uint>();

    // The literal/length symbols that occur, ascending.
    private readonly int[] _usedLiteralLengthSymbols = new int[DeflateAlphabet.LiteralLengthSymbols];
    private int _usedLiteralLengthSymbolCount;
    private int _tokenCount;
    private int _codeLengthRunCount;

    /// <summary>
    /// The largest input for which this deflater is faster than the platform's at <paramref name="level"/>, with
    /// output about as small (see the class remarks): 8 KiB at best compression (zlib level 9), 1 KiB at
    /// <c>Optimal</c> (level 6, where zlib-ng switches to a faster strategy for larger inputs), none at <c>Fastest</c>
    /// or <c>NoCompression</c>. The limits come from measurements against <see cref="DeflateStream"/> (docs/performance.md).
    /// </summary>
    /// <param name="level">The compression level asked for.</param>
    /// <returns>A length in bytes, 0 if the platform deflater should take every input.</returns>
    public static int MaxInputLengthAt(CompressionLevel level) => level switch
    {
        SmallestSize => MaxInputLength,
        CompressionLevel.Optimal => 1024,
        _ => 0,
    };

    /// <summary>
    /// Appends <paramref name="source"/> to <paramref name="destination"/> as raw deflate data: one final block.
    /// </summary>
    /// <param name="source">At most <see cref="MaxInputLength"/> bytes.</param>
    /// <param name="destination">Receives the deflate data.</param>
    /// <returns>Number of bytes written.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is longer than <see cref="MaxInputLength"/>.</exception>
    public int Deflate(ReadOnlySpan<byte> source, IBufferWriter<byte> destination)
    {
        if (source.Length > MaxInputLength)
        {
            throw new ArgumentOutOfRangeException(nameof(source), source.Length, "At most " + MaxInputLength + " bytes.");
        }

        FindMatches(source);
        (long extraBits, long fixedCodeBits) = CountSymbols();

        var usedLiteralLengthSymbols = new ReadOnlySpan<int>(_usedLiteralLengthSymbols, 0, _usedLiteralLengthSymbolCount);
        long literalLengthBits = _builder.Build(
            _literalLengthFrequencies, usedLiteralLengthSymbols, HuffmanTable.MaxCodeLength, _literalLengthLengths, _literalLengthCodes);
        long distanceBits = _builder.Build(_distanceFrequencies, HuffmanTable.MaxCodeLength, _distanceLengths, _distanceCodes);
        int literalLengthCount = UsedLength(_literalLengthLengths, DeflateAlphabet.FirstLengthSymbol);
        int distanceCount = UsedLength(_distanceLengths, 1);
        long codeLengthExtraBits = RunLengthCodeLengths(literalLengthCount, distanceCount);
        long codeLengthBits = _builder.Build(_codeLengthFrequencies, 7, _codeLengthLengths, _codeLengthCodes);
        int codeLengthCount = CodeLengthCount();

        long dynamicBits = 3 + 5 + 5 + 4 + (3 * codeLengthCount) + codeLengthBits + codeLengthExtraBits
            + literalLengthBits + distanceBits + extraBits;
        long fixedBits = 3 + fixedCodeBits + extraBits;
        long storedBits = 8 * (1 + 4 + (long)source.Length); // header bits padded to a byte, LEN, NLEN, the bytes

        long bits = Math.Min(dynamicBits, Math.Min(fixedBits, storedBits));
        int length = checked((int)((bits + 7) / 8));
        var writer = new DeflateBitWriter(destination.GetSpan(length + 8));
        if (bits == storedBits)
        {
            WriteStored(ref writer, source);
        }
        else if (bits == fixedBits)
        {
            writer.WriteBits(1 | (1 << 1), 3); // BFINAL, BTYPE 01
            WriteData(ref writer, Fixed.LiteralLengthLengths, Fixed.LiteralLengthCodes, Fixed.DistanceLengths, Fixed.DistanceCodes);
        }
        else
        {
            writer.WriteBits(1 | (2 << 1), 3); // BFINAL, BTYPE 10
            WriteDynamicHeader(ref writer, literalLengthCount, distanceCount, codeLengthCount);
            WriteData(ref writer, _literalLengthLengths, _literalLengthCodes, _distanceLengths, _distanceCodes);
        }

        int written = writer.Finish();
        if (written != length)
        {
            throw new InvalidOperationException("Internal error: the deflater wrote " + written + " bytes where it computed " + length + ".");
        }

        destination.Advance(written);
        return written;
    }

    /// <summary>LZ77: fills <see cref="_tokens"/> with literals and matches, deferring each match by one byte when the next position has a longer one.</summary>
    private void FindMatches(ReadOnlySpan<byte> source)
    {
        int hashBits = HashBits(source.Length);
        if (_tokens.Length < source.Length || _head.Length < 1 << hashBits)
        {
            // Powers of two, so that inputs of varying size reallocate a few times at most.
            int capacity = Math.Max(1 << hashBits, 256);
            while (capacity < source.Length)
            {
                capacity <<= 1;
            }

            _head = new int[1 << HashBits(capacity)];
            _previous = new ushort[capacity];
            _tokens = new uint[capacity];
        }

        Array.Clear(_head, 0, 1 << hashBits);
        _tokenCount = 0;

        int position = 0;
        bool pending = false; // whether the byte before position still waits for its literal-or-match decision
        int pendingLength = 0;
        int pendingDistance = 0;
        while (position < source.Length)
        {
            int length = 0;
            int distance = 0;
            if (position + HashedBytes <= source.Length)
            {
                int hash = Hash(source, position, hashBits);
                if (!pending || pendingLength < DeflateAlphabet.MaxMatch)
                {
                    (length, distance) = LongestMatch(source, position, _head[hash], pending ? pendingLength : 0);
                }

                _previous[position] = (ushort)_head[hash];
                _head[hash] = position + 1;
            }

            if (pending)
            {
                if (pendingLength >= DeflateAlphabet.MinMatch && length <= pendingLength)
                {
                    _tokens[_tokenCount++] = MatchFlag | ((uint)pendingLength << MatchLengthShift) | (uint)(pendingDistance - 1);
                    int end = position - 1 + pendingLength;
                    for (int skipped = position + 1; skipped < end; skipped++)
                    {
                        Insert(source, skipped, hashBits);
                    }

                    position = end;
                    pending = false;
                    continue;
                }

                _tokens[_tokenCount++] = source[position - 1];
            }

            pendingLength = length;
            pendingDistance = distance;
            pending = true;
            position++;
        }

        if (pending)
        {
            _tokens[_tokenCount++] = source[position - 1];
        }
    }

    /// <summary>
    /// The longest earlier occurrence of the bytes at <paramref name="position"/> along the hash chain starting at
    /// <paramref name="chain"/> (a position + 1, 0 for none). A candidate is compared only if it agrees with the best
    /// match so far in that match's last two bytes and in its own first two, then 8 bytes at a time.
    /// </summary>
    /// <param name="source">The input.</param>
    /// <param name="position">Where the match would start; at least 3 bytes remain from there.</param>
    /// <param name="chain">The most recent earlier position with the same hash, plus 1.</param>
    /// <param name="previousLength">The length of the match found at the previous position, which this one must beat.</param>
    private (int Length, int Distance) LongestMatch(ReadOnlySpan<byte> source, int position, int chain, int previousLength)
    {
        ref byte start = ref MemoryMarshal.GetReference(source);
        int limit = Math.Min(DeflateAlphabet.MaxMatch, source.Length - position);
        int bestLength = Math.Max(previousLength, DeflateAlphabet.MinMatch - 1);
        if (bestLength >= limit)
        {
            return (0, 0);
        }

        int bestDistance = 0;
        int steps = previousLength >= GoodMatch ? MaxChainSteps / 4 : MaxChainSteps;
        ushort head = Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref start, position));
        ushort tail = Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref start, position + bestLength - 1));
        while (chain != 0 && steps-- > 0)
        {
            int candidate = chain - 1;
            int distance = position - candidate;
            if (distance > DeflateAlphabet.MaxDistance)
            {
                break;
            }

            chain = _previous[candidate];
            if (Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref start, candidate + bestLength - 1)) != tail
                || Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref start, candidate)) != head)
            {
                continue;
            }

            int length = MatchingPrefix(ref Unsafe.Add(ref start, candidate), ref Unsafe.Add(ref start, position), limit);
            if (length > bestLength)
            {
                bestLength = length;
                bestDistance = distance;
                if (length >= limit)
                {
                    break;
                }

                tail = Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref start, position + bestLength - 1));
            }
        }

        if (bestDistance == 0 || (bestLength == DeflateAlphabet.MinMatch && bestDistance > FarThreeByteMatch))
        {
            return (0, 0);
        }

        return (bestLength, bestDistance);
    }

    /// <summary>How many bytes from <paramref name="earlier"/> and <paramref name="later"/> agree, up to <paramref name="limit"/> (both have that many).</summary>
    private static int MatchingPrefix(ref byte earlier, ref byte later, int limit)
    {
        int length = 0;
        while (length + sizeof(ulong) <= limit)
        {
            ulong difference = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref earlier, length))
                ^ Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref later, length));
            if (difference != 0)
            {
                // The first differing byte holds the lowest set bit on little-endian machines, the highest on big-endian.
                int firstDifferingBit = BitConverter.IsLittleEndian
                    ? 63 - Bitwise.LeadingZeroCount(difference & (0 - difference))
                    : Bitwise.LeadingZeroCount(difference);
                return length + (firstDifferingBit >> 3);
            }

            length += sizeof(ulong);
        }

        while (length < limit && Unsafe.Add(ref earlier, length) == Unsafe.Add(ref later, length))
        {
            length++;
        }

        return length;
    }

    private void Insert(ReadOnlySpan<byte> source, int position, int hashBits)
    {
        if (position + HashedBytes <= source.Length)
        {
            int hash = Hash(source, position, hashBits);
            _previous[position] = (ushort)_head[hash];
            _head[hash] = position + 1;
        }
    }

    private static int Hash(ReadOnlySpan<byte> source, int position, int hashBits)
    {
        uint four = BinaryPrimitives.ReadUInt32LittleEndian(source.Slice(position));
        return (int)((four * 0x9E3779B1u) >> (32 - hashBits));
    }

    private static int HashBits(int length)
    {
        int bits = 6;
        while (bits < MaxHashBits && (1 << bits) < length)
        {
            bits++;
        }

        return bits;
    }

    /// <summary>
    /// Counts the symbols of the tokens.
    /// </summary>
    /// <returns>The extra bits of their matches (the same under any code), and the bits their symbols (end of block
    /// included) take under the fixed code.</returns>
    private (long ExtraBits, long FixedCodeBits) CountSymbols()
    {
        // Of the literal/length alphabet only the symbols that occur are visited: clear last call's, list this call's.
        int[] frequencies = _literalLengthFrequencies;
        int[] used = _usedLiteralLengthSymbols;
        for (int i = 0; i < _usedLiteralLengthSymbolCount; i++)
        {
            frequencies[used[i]] = 0;
        }

        int usedCount = 0;
        Array.Clear(_distanceFrequencies, 0, _distanceFrequencies.Length);
        long extraBits = 0;
        long fixedCodeBits = Fixed.LiteralLengthLengths[DeflateAlphabet.EndOfBlock];
        for (int i = 0; i < _tokenCount; i++)
        {
            uint token = _tokens[i];
            int symbol;
            if ((token & MatchFlag) == 0)
            {
                symbol = (int)token;
            }
            else
            {
                int lengthIndex = LengthSymbolIndex[MatchLength(token)];
                int distanceSymbol = DistanceSymbol(MatchDistance(token));
                symbol = DeflateAlphabet.FirstLengthSymbol + lengthIndex;
                _distanceFrequencies[distanceSymbol]++;
                extraBits += DeflateAlphabet.LengthExtraBits[lengthIndex] + DeflateAlphabet.DistanceExtraBits[distanceSymbol];
                fixedCodeBits += Fixed.DistanceLengths[distanceSymbol];
            }

            fixedCodeBits += Fixed.LiteralLengthLengths[symbol];

            if (frequencies[symbol]++ == 0)
            {
                used[usedCount++] = symbol;
            }
        }

        frequencies[DeflateAlphabet.EndOfBlock] = 1;
        used[usedCount++] = DeflateAlphabet.EndOfBlock;
        Array.Sort(used, 0, usedCount);
        _usedLiteralLengthSymbolCount = usedCount;
        return (extraBits, fixedCodeBits);
    }

    /// <summary>Number of leading code lengths a dynamic block must list: up to the last non-zero one, at least <paramref name="minimum"/>.</summary>
    private static int UsedLength(ReadOnlySpan<byte> lengths, int minimum)
    {
        int count = lengths.Length;
        while (count > minimum && lengths[count - 1] == 0)
        {
            count--;
        }

        return count;
    }

    /// <summary>
    /// Run-length codes the literal/length and distance code lengths as one sequence (runs may cross from one to the
    /// other): 16 repeats the previous length 3-6 times, 17 writes 3-10 zeros, 18 writes 11-138 zeros.
    /// </summary>
    /// <returns>The extra bits the repeat symbols carry.</returns>
    private long RunLengthCodeLengths(int literalLengthCount, int distanceCount)
    {
        int total = literalLengthCount + distanceCount;
        Array.Copy(_literalLengthLengths, 0, _allLengths, 0, literalLengthCount);
        Array.Copy(_distanceLengths, 0, _allLengths, literalLengthCount, distanceCount);
        Array.Clear(_codeLengthFrequencies, 0, _codeLengthFrequencies.Length);
        _codeLengthRunCount = 0;

        int i = 0;
        while (i < total)
        {
            byte length = _allLengths[i];
            int run = 1;
            while (i + run < total && _allLengths[i + run] == length)
            {
                run++;
            }

            i += run;
            if (length == 0)
            {
                for (; run >= 11; run -= Math.Min(run, 138))
                {
                    AddCodeLengthRun(18, Math.Min(run, 138) - 11);
                }

                if (run >= 3)
                {
                    AddCodeLengthRun(17, run - 3);
                    run = 0;
                }
            }
            else
            {
                AddCodeLengthRun(length, 0);
                run--;
                for (; run >= 3; run -= Math.Min(run, 6))
                {
                    AddCodeLengthRun(16, Math.Min(run, 6) - 3);
                }
            }

            for (; run > 0; run--)
            {
                AddCodeLengthRun(length, 0);
            }
        }

        long extraBits = 0;
        for (int symbol = 16; symbol <= 18; symbol++)
        {
            extraBits += (long)_codeLengthFrequencies[symbol] * CodeLengthExtraBits(symbol);
        }

        return extraBits;
    }

    private void AddCodeLengthRun(int symbol, int extra)
    {
        _codeLengthRuns[_codeLengthRunCount++] = (ushort)(symbol | (extra << 8));
        _codeLengthFrequencies[symbol]++;
    }

    private int CodeLengthCount()
    {
        int count = DeflateAlphabet.CodeLengthSymbols;
        while (count > 4 && _codeLengthLengths[DeflateAlphabet.CodeLengthOrder[count - 1]] == 0)
        {
            count--;
        }

        return count;
    }

    private static int CodeLengthExtraBits(int symbol) => symbol switch
    {
        16 => 2,
        17 => 3,
        18 => 7,
        _ => 0,
    };

    private void WriteDynamicHeader(ref DeflateBitWriter writer, int literalLengthCount, int distanceCount, int codeLengthCount)
    {
        writer.WriteBits((uint)(literalLengthCount - 257), 5);
        writer.WriteBits((uint)(distanceCount - 1), 5);
        writer.WriteBits((uint)(codeLengthCount - 4), 4);
        for (int i = 0; i < codeLengthCount; i++)
        {
            writer.WriteBits(_codeLengthLengths[DeflateAlphabet.CodeLengthOrder[i]], 3);
        }

        for (int i = 0; i < _codeLengthRunCount; i++)
        {
            int symbol = _codeLengthRuns[i] & 0xFF;
            writer.WriteBits(_codeLengthCodes[symbol], _codeLengthLengths[symbol]);
            writer.WriteBits((uint)(_codeLengthRuns[i] >> 8), CodeLengthExtraBits(symbol));
        }
    }

    private void WriteData(ref DeflateBitWriter writer, ReadOnlySpan<byte> literalLengthLengths, ReadOnlySpan<ushort> literalLengthCodes, ReadOnlySpan<byte> distanceLengths, ReadOnlySpan<ushort> distanceCodes)
    {
        for (int i = 0; i < _tokenCount; i++)
        {
            uint token = _tokens[i];
            if ((token & MatchFlag) == 0)
            {
                writer.WriteBits(literalLengthCodes[(int)token], literalLengthLengths[(int)token]);
                continue;
            }

            int length = MatchLength(token);
            int lengthIndex = LengthSymbolIndex[length];
            int lengthSymbol = DeflateAlphabet.FirstLengthSymbol + lengthIndex;
            writer.WriteBits(literalLengthCodes[lengthSymbol], literalLengthLengths[lengthSymbol]);
            writer.WriteBits((uint)(length - DeflateAlphabet.LengthBase[lengthIndex]), DeflateAlphabet.LengthExtraBits[lengthIndex]);

            int distance = MatchDistance(token);
            int distanceSymbol = DistanceSymbol(distance);
            writer.WriteBits(distanceCodes[distanceSymbol], distanceLengths[distanceSymbol]);
            writer.WriteBits((uint)(distance - DeflateAlphabet.DistanceBase[distanceSymbol]), DeflateAlphabet.DistanceExtraBits[distanceSymbol]);
        }

        writer.WriteBits(literalLengthCodes[DeflateAlphabet.EndOfBlock], literalLengthLengths[DeflateAlphabet.EndOfBlock]);
    }

    private static void WriteStored(ref DeflateBitWriter writer, ReadOnlySpan<byte> source)
    {
        writer.WriteBits(1, 3); // BFINAL, BTYPE 00
        writer.AlignToByte();
        writer.WriteBits((uint)source.Length, 16);
        writer.WriteBits((uint)~source.Length & 0xFFFF, 16);
        writer.WriteAlignedBytes(source);
    }

    private static int MatchLength(uint token) => (int)((token & ~MatchFlag) >> MatchLengthShift);

    private static int MatchDistance(uint token) => (int)(token & 0xFFFF) + 1;

    private static int DistanceSymbol(int distance) =>
        distance <= 256 ? DistanceSymbolIndex[distance - 1] : DistanceSymbolIndex[256 + ((distance - 1) >> 7)];

    private static byte[] BuildLengthSymbolIndex()
    {
        var index = new byte[DeflateAlphabet.MaxMatch + 1];
        for (int symbol = 0; symbol < DeflateAlphabet.LengthBase.Length; symbol++)
        {
            int first = DeflateAlphabet.LengthBase[symbol];
            int last = symbol == DeflateAlphabet.LengthBase.Length - 1 ? first : first + (1 << DeflateAlphabet.LengthExtraBits[symbol]) - 1;
            for (int length = first; length <= last; length++)
            {
                index[length] = (byte)symbol;
            }
        }

        // Length 258 is symbol 285 (no extra bits), not 284 with all extra bits set.
        return index;
    }

    /// <summary>Distances 1-256 at [distance - 1], larger ones at [256 + (distance - 1) / 128]: symbols above 15 cover whole multiples of 128.</summary>
    private static byte[] BuildDistanceSymbolIndex()
    {
        var index = new byte[512];
        for (int symbol = 0; symbol < DeflateAlphabet.DistanceSymbols; symbol++)
        {
            int first = DeflateAlphabet.DistanceBase[symbol];
            int last = first + (1 << DeflateAlphabet.DistanceExtraBits[symbol]) - 1;
            for (int distance = first; distance <= last; distance++)
            {
                if (distance <= 256)
                {
                    index[distance - 1] = (byte)symbol;
                }
                else
                {
                    index[256 + ((distance - 1) >> 7)] = (byte)symbol;
                }
            }
        }

        return index;
    }

    /// <summary>The fixed Huffman codes of block type 01 (RFC 1951 section 3.2.6).</summary>
    private sealed class FixedCode
    {
        public readonly byte[] LiteralLengthLengths = new byte[DeflateAlphabet.FixedLiteralLengthSymbols];
        public readonly ushort[] LiteralLengthCodes = new ushort[DeflateAlphabet.FixedLiteralLengthSymbols];
        public readonly byte[] DistanceLengths = new byte[DeflateAlphabet.DistanceSymbols];
        public readonly ushort[] DistanceCodes = new ushort[DeflateAlphabet.DistanceSymbols];

        public FixedCode()
        {
            for (int symbol = 0; symbol < LiteralLengthLengths.Length; symbol++)
            {
                LiteralLengthLengths[symbol] = DeflateAlphabet.FixedLiteralLengthCodeLength(symbol);
            }

            DistanceLengths.AsSpan().Fill(DeflateAlphabet.FixedDistanceCodeLength);
            var builder = new HuffmanCodeBuilder();
            builder.AssignCanonicalCodes(LiteralLengthLengths, LiteralLengthCodes);
            builder.AssignCanonicalCodes(DistanceLengths, DistanceCodes);
        }
    }
}
