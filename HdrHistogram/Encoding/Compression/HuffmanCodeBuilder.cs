namespace HdrHistogram.Encoding.Compression;

/// <summary>
/// Builds length-limited canonical Huffman codes for the deflater (RFC 1951 section 3.2.2): code lengths from symbol
/// frequencies, then the codes those lengths define, bit-reversed for a least-significant-bit-first writer. Scratch
/// arrays are allocated once per instance; not thread-safe.
/// </summary>
internal sealed class HuffmanCodeBuilder
{
    /// <summary>The largest alphabet the builder handles: the literal/length alphabet as the fixed code counts it.</summary>
    public const int MaxSymbols = DeflateAlphabet.FixedLiteralLengthSymbols;

    // Frequencies stay below 2^22 (inputs are far smaller), so a frequency and a 9-bit symbol share one sort key.
    private const int SymbolBits = 9;
    private const int SymbolMask = (1 << SymbolBits) - 1;

    // Each byte value with its bits in reverse order.
    private static readonly byte[] ReversedBytes = BuildReversedBytes();

    private readonly int[] _usedSymbols = new int[MaxSymbols];
    private readonly int[] _sortedLeaves = new int[MaxSymbols];
    private readonly int[] _nodeWeights = new int[2 * MaxSymbols];
    private readonly int[] _nodeParents = new int[2 * MaxSymbols];
    private readonly int[] _lengthCounts = new int[32];
    private readonly int[] _nextCode = new int[HuffmanTable.MaxCodeLength + 1];

    /// <summary>
    /// Sets <paramref name="lengths"/> to the lengths of a Huffman code for <paramref name="frequencies"/> with no
    /// code longer than <paramref name="maxLength"/>, and <paramref name="codes"/> to its canonical codes, bit-reversed.
    /// Symbols of frequency 0 get length 0. If fewer than two symbols occur, a symbol of frequency 0 is given a code
    /// too, so that every code has two symbols at least and is complete, as strict inflaters require.
    /// </summary>
    /// <param name="frequencies">Frequency of each symbol.</param>
    /// <param name="maxLength">The longest code allowed (15 or 7).</param>
    /// <param name="lengths">Receives the code length of each symbol; as long as <paramref name="frequencies"/>.</param>
    /// <param name="codes">Receives the bit-reversed code of each symbol that has one; as long as <paramref name="frequencies"/>.</param>
    /// <returns>The number of bits the symbols take under the code: the sum of frequency times code length.</returns>
    public long Build(ReadOnlySpan<int> frequencies, int maxLength, Span<byte> lengths, Span<ushort> codes)
    {
        // Branch-free: which symbols occur follows no predictable pattern.
        int count = 0;
        int[] used = _usedSymbols;
        for (int symbol = 0; symbol < frequencies.Length; symbol++)
        {
            used[count] = symbol;
            count += frequencies[symbol] != 0 ? 1 : 0;
        }

        return Build(frequencies, new ReadOnlySpan<int>(used, 0, count), maxLength, lengths, codes);
    }

    /// <summary>
    /// As <see cref="Build(ReadOnlySpan{int}, int, Span{byte}, Span{ushort})"/>, for a large alphabet of which few
    /// symbols occur: only the symbols in <paramref name="usedSymbols"/> are visited.
    /// </summary>
    /// <param name="frequencies">Frequency of each symbol.</param>
    /// <param name="usedSymbols">The symbols whose frequency is not zero, ascending.</param>
    /// <param name="maxLength">The longest code allowed (15 or 7).</param>
    /// <param name="lengths">Receives the code length of each symbol; as long as <paramref name="frequencies"/>.</param>
    /// <param name="codes">Receives the bit-reversed code of each symbol that has one; as long as <paramref name="frequencies"/>.</param>
    /// <returns>The number of bits the symbols take under the code: the sum of frequency times code length.</returns>
    public long Build(ReadOnlySpan<int> frequencies, ReadOnlySpan<int> usedSymbols, int maxLength, Span<byte> lengths, Span<ushort> codes)
    {
        lengths.Clear();
        int leafCount = usedSymbols.Length;
        if (leafCount < 2)
        {
            // One symbol (or none) occurs: it and another get the one-bit codes 0 and 1, in symbol order.
            int first = leafCount == 1 ? usedSymbols[0] : 0;
            int second = first == 0 ? 1 : 0;
            lengths[first] = 1;
            lengths[second] = 1;
            codes[Math.Min(first, second)] = 0;
            codes[Math.Max(first, second)] = 1;
            return leafCount == 1 ? frequencies[first] : 0;
        }

        for (int i = 0; i < leafCount; i++)
        {
            int symbol = usedSymbols[i];
            _sortedLeaves[i] = (frequencies[symbol] << SymbolBits) | symbol;
        }

        Array.Sort(_sortedLeaves, 0, leafCount);
        CountLengths(leafCount, maxLength);
        long bits = AssignLengths(leafCount, maxLength, lengths);
        AssignCodes(lengths, usedSymbols, codes, maxLength);
        return bits;
    }

    /// <summary>
    /// Sets <paramref name="codes"/> to the canonical codes, bit-reversed, of the given code lengths (a fixed code's:
    /// they are taken as they are, not built from frequencies).
    /// </summary>
    /// <param name="lengths">The code length of each symbol, 0 for none; at most 15.</param>
    /// <param name="codes">Receives the bit-reversed code of each symbol that has one; as long as <paramref name="lengths"/>.</param>
    public void AssignCanonicalCodes(ReadOnlySpan<byte> lengths, Span<ushort> codes)
    {
        Array.Clear(_lengthCounts, 0, _lengthCounts.Length);
        int count = 0;
        for (int symbol = 0; symbol < lengths.Length; symbol++)
        {
            if (lengths[symbol] != 0)
            {
                _lengthCounts[lengths[symbol]]++;
                _usedSymbols[count++] = symbol;
            }
        }

        AssignCodes(lengths, new ReadOnlySpan<int>(_usedSymbols, 0, count), codes, HuffmanTable.MaxCodeLength);
    }

    /// <summary>The low <paramref name="length"/> bits (at most 16) of <paramref name="code"/> in reverse order.</summary>
    private static ushort Reverse(int code, int length) =>
        (ushort)(((ReversedBytes[code & 0xFF] << 8) | ReversedBytes[(code >> 8) & 0xFF]) >> (16 - length));

    /// <summary>
    /// Builds the Huffman tree of the sorted leaves (two queues: leaves and merged nodes, both in ascending weight)
    /// and counts how many leaves end at each depth, then moves leaves deeper than <paramref name="maxLength"/> up
    /// while keeping the code complete.
    /// </summary>
    private void CountLengths(int leafCount, int maxLength)
    {
        int[] weights = _nodeWeights;
        int[] parents = _nodeParents;
        for (int i = 0; i < leafCount; i++)
        {
            weights[i] = _sortedLeaves[i] >> SymbolBits;
        }

        int nextLeaf = 0;
        int nextMerged = leafCount;
        for (int node = leafCount; node < 2 * leafCount - 1; node++)
        {
            // The lighter of the next leaf and the next merged node, twice; on a tie the leaf (shallower trees).
            int left = nextLeaf < leafCount && (nextMerged >= node || weights[nextLeaf] <= weights[nextMerged])
                ? nextLeaf++
                : nextMerged++;
            int right = nextLeaf < leafCount && (nextMerged >= node || weights[nextLeaf] <= weights[nextMerged])
                ? nextLeaf++
                : nextMerged++;
            weights[node] = weights[left] + weights[right];
            parents[left] = node;
            parents[right] = node;
        }

        // Depths from the root down (a parent's index is above its children's); the weights become depths.
        int root = 2 * leafCount - 2;
        weights[root] = 0;
        for (int node = root - 1; node >= leafCount; node--)
        {
            weights[node] = weights[parents[node]] + 1;
        }

        Array.Clear(_lengthCounts, 0, _lengthCounts.Length);
        for (int leaf = 0; leaf < leafCount; leaf++)
        {
            _lengthCounts[Math.Min(weights[parents[leaf]] + 1, _lengthCounts.Length - 1)]++;
        }

        LimitLengths(maxLength);
    }

    /// <summary>
    /// Puts every leaf deeper than <paramref name="maxLength"/> at <paramref name="maxLength"/>, which over-fills the
    /// code (Kraft sum above 1), then repeatedly drops one leaf from the deepest level and splits a shallower leaf
    /// into two one level down: the leaf count stays, the Kraft sum falls by one unit until the code is complete.
    /// </summary>
    private void LimitLengths(int maxLength)
    {
        for (int length = maxLength + 1; length < _lengthCounts.Length; length++)
        {
            _lengthCounts[maxLength] += _lengthCounts[length];
            _lengthCounts[length] = 0;
        }

        long kraft = 0;
        for (int length = 1; length <= maxLength; length++)
        {
            kraft += (long)_lengthCounts[length] << (maxLength - length);
        }

        while (kraft > 1L << maxLength)
        {
            _lengthCounts[maxLength]--;
            for (int length = maxLength - 1; length > 0; length--)
            {
                if (_lengthCounts[length] != 0)
                {
                    _lengthCounts[length]--;
                    _lengthCounts[length + 1] += 2;
                    break;
                }
            }

            kraft--;
        }
    }

    /// <summary>Gives the longest codes to the least frequent symbols.</summary>
    /// <returns>The sum of frequency times code length.</returns>
    private long AssignLengths(int leafCount, int maxLength, Span<byte> lengths)
    {
        long bits = 0;
        int leaf = 0;
        for (int length = maxLength; length > 0; length--)
        {
            for (int n = _lengthCounts[length]; n > 0; n--)
            {
                int key = _sortedLeaves[leaf++];
                lengths[key & SymbolMask] = (byte)length;
                bits += (long)(key >> SymbolBits) * length;
            }
        }

        System.Diagnostics.Debug.Assert(leaf == leafCount, "every leaf has a length");
        return bits;
    }

    /// <summary>
    /// Canonical codes (RFC 1951 section 3.2.2) from the per-length counts in <see cref="_lengthCounts"/>, stored
    /// bit-reversed because deflate sends codes from their top bit.
    /// </summary>
    private void AssignCodes(ReadOnlySpan<byte> lengths, ReadOnlySpan<int> usedSymbols, Span<ushort> codes, int maxLength)
    {
        int code = 0;
        _lengthCounts[0] = 0;
        for (int length = 1; length <= maxLength; length++)
        {
            code = (code + _lengthCounts[length - 1]) << 1;
            _nextCode[length] = code;
        }

        foreach (int symbol in usedSymbols)
        {
            int length = lengths[symbol];
            codes[symbol] = Reverse(_nextCode[length]++, length);
        }
    }

    private static byte[] BuildReversedBytes()
    {
        var table = new byte[256];
        for (int value = 0; value < 256; value++)
        {
            int reversed = 0;
            for (int bit = 0; bit < 8; bit++)
            {
                reversed |= ((value >> bit) & 1) << (7 - bit);
            }

            table[value] = (byte)reversed;
        }

        return table;
    }
}
