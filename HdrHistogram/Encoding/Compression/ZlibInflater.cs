namespace HdrHistogram.Encoding.Compression;

/// <summary>
/// A managed zlib (RFC 1950) / DEFLATE (RFC 1951) decompressor that inflates into one caller-provided span.
/// Because the whole output is a single span, back-references are copied straight from it: there is no
/// separate sliding window. After construction it allocates nothing; one instance may be reused for any
/// number of streams, but not from two threads at once.
/// </summary>
/// <remarks>
/// <para>The input is hostile until proven otherwise: every malformed stream raises
/// <see cref="HistogramFormatException"/> with the byte offset (within the zlib stream) where the problem was
/// found, every loop step consumes input or produces output, and no allocation depends on the input.</para>
/// <para>Bits are read through a 64-bit buffer refilled a word at a time; Huffman codes are decoded with a
/// lookup table indexed by the next 10 (literal/length) or 8 (distance) bits, longer codes bit by bit.</para>
/// </remarks>
internal sealed partial class ZlibInflater
{
    private const int LiteralLengthRootBits = 10;
    private const int DistanceRootBits = 8;
    private const int CodeLengthRootBits = 7;
    private const int MaxLiteralLengthSymbols = 288;
    private const int MaxDistanceSymbols = 32;
    private const int CodeLengthSymbols = 19;

    private readonly HuffmanTable _literalLengthCode = new(HuffmanKind.LiteralLength, LiteralLengthRootBits, MaxLiteralLengthSymbols);
    private readonly HuffmanTable _distanceCode = new(HuffmanKind.Distance, DistanceRootBits, MaxDistanceSymbols);
    private readonly HuffmanTable _codeLengthCode = new(HuffmanKind.CodeLength, CodeLengthRootBits, CodeLengthSymbols);
    private readonly byte[] _codeLengthLengths = new byte[CodeLengthSymbols];
    private readonly byte[] _lengths = new byte[MaxLiteralLengthSymbols + MaxDistanceSymbols];

    /// <summary>
    /// Tells whether <paramref name="data"/> starts with a valid zlib header: compression method 8 (deflate),
    /// a window of at most 32 KiB, correct check bits and no preset dictionary.
    /// </summary>
    /// <param name="data">The bytes to examine; only the first two are read.</param>
    /// <returns>True if the first two bytes form a zlib header this class accepts.</returns>
    public static bool IsZlibHeader(ReadOnlySpan<byte> data) => data.Length >= 2 && HeaderProblem(data[0], data[1]) is null;

    /// <summary>
    /// Inflates a zlib stream into <paramref name="output"/> until the final block ends or the output is full.
    /// </summary>
    /// <param name="zlibStream">The zlib stream: 2-byte header, deflate data, then normally the big-endian
    /// Adler-32 of the uncompressed data. The legacy form without the checksum (nothing after the deflate
    /// data) is accepted; anything else after the deflate data is left unread beyond the 4 checksum bytes.</param>
    /// <param name="output">Receives the uncompressed bytes from its start.</param>
    /// <param name="bytesConsumed">Bytes of <paramref name="zlibStream"/> used: on <see cref="InflateStatus.Completed"/>
    /// up to the end of the deflate data plus the checksum if present; on <see cref="InflateStatus.OutputFull"/>
    /// the bytes read so far.</param>
    /// <param name="bytesWritten">Bytes written to <paramref name="output"/>; all of it on <see cref="InflateStatus.OutputFull"/>.</param>
    /// <returns><see cref="InflateStatus.Completed"/> when the final block ended (and the checksum, if present,
    /// matched); <see cref="InflateStatus.OutputFull"/> when the output filled up first.</returns>
    /// <exception cref="HistogramFormatException">The stream is malformed, truncated, or its checksum does not match.</exception>
    public InflateStatus Inflate(ReadOnlySpan<byte> zlibStream, Span<byte> output, out int bytesConsumed, out int bytesWritten)
        => InflateCore(zlibStream, output, -1, out bytesConsumed, out bytesWritten, out _);

    /// <summary>
    /// Inflates a zlib stream into <paramref name="output"/>, like <see cref="Inflate(ReadOnlySpan{byte}, Span{byte}, out int, out int)"/>,
    /// but when the output fills up before the stream ends, the rest of the stream must inflate to zeros: it is decoded
    /// and checked without being stored (back-references into <paramref name="output"/> are checked there), so the
    /// work is bounded by the input and by <paramref name="maxTotalLength"/>, and nothing is allocated.
    /// </summary>
    /// <param name="zlibStream">The zlib stream (see <see cref="Inflate(ReadOnlySpan{byte}, Span{byte}, out int, out int)"/>).</param>
    /// <param name="output">Receives the first uncompressed bytes.</param>
    /// <param name="maxTotalLength">The most uncompressed bytes, output and zeros together, the stream may hold.</param>
    /// <param name="bytesConsumed">Bytes of <paramref name="zlibStream"/> used.</param>
    /// <param name="bytesWritten">Bytes written to <paramref name="output"/>.</param>
    /// <param name="totalLength">
    /// On <see cref="InflateStatus.Completed"/>, the uncompressed length (<paramref name="bytesWritten"/> plus the zeros
    /// after the output); on <see cref="InflateStatus.NonZeroAfterOutput"/>, the offset of the first non-zero byte
    /// after the output; on <see cref="InflateStatus.OutputFull"/>, a length past <paramref name="maxTotalLength"/>.
    /// </param>
    /// <returns>
    /// <see cref="InflateStatus.Completed"/>, <see cref="InflateStatus.NonZeroAfterOutput"/>, or
    /// <see cref="InflateStatus.OutputFull"/> when the stream holds more than <paramref name="maxTotalLength"/> bytes.
    /// </returns>
    /// <exception cref="HistogramFormatException">The stream is malformed, truncated, or its checksum does not match.</exception>
    public InflateStatus InflateWithZeroTail(ReadOnlySpan<byte> zlibStream, Span<byte> output, long maxTotalLength, out int bytesConsumed, out int bytesWritten, out long totalLength)
        => InflateCore(zlibStream, output, Math.Max(maxTotalLength, output.Length), out bytesConsumed, out bytesWritten, out totalLength);

    /// <summary>The inflate behind both entry points; a negative <paramref name="maxTotalLength"/> allows no zero tail.</summary>
    private InflateStatus InflateCore(ReadOnlySpan<byte> zlibStream, Span<byte> output, long maxTotalLength, out int bytesConsumed, out int bytesWritten, out long totalLength)
    {
        if (zlibStream.Length < 2)
        {
            throw Error("zlib stream ends before its 2-byte header", zlibStream.Length);
        }

        string? headerProblem = HeaderProblem(zlibStream[0], zlibStream[1]);
        if (headerProblem is not null)
        {
            throw Error(headerProblem, 0);
        }

        var state = new InflateState(zlibStream, output, 2) { MaxTotalLength = maxTotalLength };
        bool inTail = false;
        while (true)
        {
            int blockStart = state.Offset;
            uint header = state.ReadBits(3);
            HuffmanTable? literalLengthCode = null;
            HuffmanTable? distanceCode = null;
            InflateStatus status;
            switch (header >> 1)
            {
                case 0:
                    status = inTail ? CheckStoredBlockZeros(ref state) : CopyStoredBlock(ref state);
                    break;
                case 1:
                    literalLengthCode = FixedCodes.LiteralLength;
                    distanceCode = FixedCodes.Distance;
                    status = inTail ? CheckHuffmanBlockZeros(ref state, literalLengthCode, distanceCode) : DecodeHuffmanBlock(ref state, literalLengthCode, distanceCode);
                    break;
                case 2:
                    ReadDynamicCodes(ref state);
                    literalLengthCode = _literalLengthCode;
                    distanceCode = _distanceCode;
                    status = inTail ? CheckHuffmanBlockZeros(ref state, literalLengthCode, distanceCode) : DecodeHuffmanBlock(ref state, literalLengthCode, distanceCode);
                    break;
                default:
                    throw Error("invalid deflate block type 3", blockStart);
            }

            if (status == InflateStatus.OutputFull && !inTail && maxTotalLength >= 0)
            {
                // The output is full: what the block still holds (and every later block) must be zeros.
                inTail = true;
                status = CheckPendingZeros(ref state);
                if (status == InflateStatus.Completed && literalLengthCode is not null)
                {
                    status = CheckHuffmanBlockZeros(ref state, literalLengthCode, distanceCode!);
                }
            }

            if (inTail && status == InflateStatus.Completed && state.TotalLength > maxTotalLength)
            {
                status = InflateStatus.OutputFull;
            }

            if (status != InflateStatus.Completed)
            {
                bytesConsumed = Math.Min(state.Offset, zlibStream.Length);
                bytesWritten = state.OutPos;
                totalLength = status == InflateStatus.NonZeroAfterOutput ? state.NonZeroOffset : state.TotalLength;
                return status;
            }

            if ((header & 1) != 0)
            {
                break;
            }
        }

        int end = state.AlignToByte();
        bytesWritten = state.OutPos;
        totalLength = state.TotalLength;
        int trailing = zlibStream.Length - end;
        if (trailing == 0)
        {
            // The legacy form (old .NET HdrHistogram): raw deflate data after the header and no checksum.
            bytesConsumed = end;
            return InflateStatus.Completed;
        }

        if (trailing < 4)
        {
            throw Error("zlib stream ends inside its 4-byte Adler-32 checksum", zlibStream.Length);
        }

        uint expected = BinaryPrimitives.ReadUInt32BigEndian(zlibStream.Slice(end, 4));
        uint actual = Adler32.Compute(output.Slice(0, bytesWritten));
        if (expected != Adler32.UpdateWithZeros(actual, totalLength - bytesWritten))
        {
            throw Error("Adler-32 checksum mismatch", end);
        }

        bytesConsumed = end + 4;
        return InflateStatus.Completed;
    }

    private static string? HeaderProblem(byte cmf, byte flg)
    {
        if ((cmf & 0x0F) != 8)
        {
            return "zlib header names a compression method other than 8 (deflate)";
        }

        if ((cmf >> 4) > 7)
        {
            return "zlib header names a window larger than 32 KiB";
        }

        if (((cmf << 8) | flg) % 31 != 0)
        {
            return "zlib header check bits are wrong";
        }

        if ((flg & 0x20) != 0)
        {
            return "zlib header asks for a preset dictionary, which is not supported";
        }

        return null;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static HistogramFormatException Error(string message, int offset) => new(message, offset);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static HistogramFormatException Truncated(int length) => new("zlib stream ends before the final deflate block does", length);

    /// <summary>Reads a stored block's LEN/NLEN header at the next byte boundary; <paramref name="dataStart"/> is where its bytes begin.</summary>
    /// <returns>The block's length.</returns>
    private static int ReadStoredBlockHeader(ref InflateState state, out int dataStart)
    {
        int position = state.AlignToByte();
        state.Rewind(position);
        ReadOnlySpan<byte> input = state.Input;
        if (input.Length - position < 4)
        {
            throw Truncated(input.Length);
        }

        int length = BinaryPrimitives.ReadUInt16LittleEndian(input.Slice(position));
        int check = BinaryPrimitives.ReadUInt16LittleEndian(input.Slice(position + 2));
        if ((length ^ 0xFFFF) != check)
        {
            throw Error("stored deflate block length does not match its one's complement (LEN/NLEN)", position);
        }

        dataStart = position + 4;
        return length;
    }

    private static InflateStatus CopyStoredBlock(ref InflateState state)
    {
        int length = ReadStoredBlockHeader(ref state, out int position);
        ReadOnlySpan<byte> input = state.Input;
        int room = state.Output.Length - state.OutPos;
        int count = Math.Min(length, room);
        if (count > input.Length - position)
        {
            throw Truncated(input.Length);
        }

        input.Slice(position, count).CopyTo(state.Output.Slice(state.OutPos));
        state.OutPos += count;
        state.Rewind(position + count);
        if (count < length)
        {
            state.PendingStored = length - count;
            return InflateStatus.OutputFull;
        }

        return InflateStatus.Completed;
    }

    private void ReadDynamicCodes(ref InflateState state)
    {
        int start = state.Offset;
        int literalLengthCount = (int)state.ReadBits(5) + 257;
        int distanceCount = (int)state.ReadBits(5) + 1;
        int codeLengthCount = (int)state.ReadBits(4) + 4;
        if (literalLengthCount > 286 || distanceCount > 30)
        {
            throw Error("dynamic deflate block declares too many literal/length or distance codes", start);
        }

        byte[] codeLengthLengths = _codeLengthLengths;
        Array.Clear(codeLengthLengths, 0, codeLengthLengths.Length);
        for (int i = 0; i < codeLengthCount; i++)
        {
            codeLengthLengths[DeflateAlphabet.CodeLengthOrder[i]] = (byte)state.ReadBits(3);
        }

        string? problem = _codeLengthCode.Build(codeLengthLengths);
        if (problem is not null)
        {
            throw Error("dynamic deflate block has an invalid code-length code (" + problem + ")", state.Offset);
        }

        int total = literalLengthCount + distanceCount;
        Span<byte> lengths = _lengths.AsSpan(0, total);
        int index = 0;
        while (index < total)
        {
            int symbol = state.DecodeCodeLengthSymbol(_codeLengthCode);
            if (symbol < 16)
            {
                lengths[index++] = (byte)symbol;
                continue;
            }

            byte value = 0;
            int repeat;
            if (symbol == 16)
            {
                if (index == 0)
                {
                    throw Error("dynamic deflate block repeats a code length before giving one", state.Offset);
                }

                value = lengths[index - 1];
                repeat = 3 + (int)state.ReadBits(2);
            }
            else if (symbol == 17)
            {
                repeat = 3 + (int)state.ReadBits(3);
            }
            else
            {
                repeat = 11 + (int)state.ReadBits(7);
            }

            if (repeat > total - index)
            {
                throw Error("dynamic deflate block repeats code lengths past the end of its code lengths", state.Offset);
            }

            lengths.Slice(index, repeat).Fill(value);
            index += repeat;
        }

        if (lengths[256] == 0)
        {
            throw Error("dynamic deflate block has no end-of-block code", state.Offset);
        }

        problem = _literalLengthCode.Build(lengths.Slice(0, literalLengthCount));
        if (problem is not null)
        {
            throw Error("dynamic deflate block has an invalid literal/length code (" + problem + ")", state.Offset);
        }

        problem = _distanceCode.Build(lengths.Slice(literalLengthCount));
        if (problem is not null)
        {
            throw Error("dynamic deflate block has an invalid distance code (" + problem + ")", state.Offset);
        }
    }

    /// <summary>Decodes one Huffman-coded block (fixed or dynamic) up to its end-of-block symbol.</summary>
    private static InflateStatus DecodeHuffmanBlock(ref InflateState state, HuffmanTable literalLengthCode, HuffmanTable distanceCode)
    {
        const ulong LiteralLengthMask = (1UL << LiteralLengthRootBits) - 1;
        const ulong DistanceMask = (1UL << DistanceRootBits) - 1;
        ReadOnlySpan<byte> input = state.Input;
        Span<byte> output = state.Output;
        uint[] literalLengthEntries = literalLengthCode.Entries;
        uint[] distanceEntries = distanceCode.Entries;
        ulong bitBuffer = state.BitBuffer;
        int bitCount = state.BitCount;
        int inPos = state.InPos;
        int outPos = state.OutPos;
        int wordRefillLimit = input.Length - 8;
        InflateStatus status = InflateStatus.Completed;

        while (true)
        {
            // One refill provides at least 56 bits while 8 input bytes remain: enough for the longest
            // literal/length code, length extra bits, distance code and distance extra bits (48 bits).
            // Near the end of the input fewer may remain; bits past the end read as zeros and a negative
            // bitCount after a symbol means the input ran out.
            if (inPos <= wordRefillLimit)
            {
                bitBuffer |= BinaryPrimitives.ReadUInt64LittleEndian(input.Slice(inPos)) << bitCount;
                inPos += (63 - bitCount) >> 3;
                bitCount |= 56;
            }
            else
            {
                while (bitCount <= 56 && inPos < input.Length)
                {
                    bitBuffer |= (ulong)input[inPos++] << bitCount;
                    bitCount += 8;
                }
            }

            uint entry = literalLengthEntries[(int)(bitBuffer & LiteralLengthMask)];
            if ((entry & HuffmanTable.LiteralFlag) != 0)
            {
                // Literals come in runs: after one, take a second without refilling while the buffer
                // still holds a whole code (at least 41 bits remain after a word refill).
                int literalLength = (int)(entry & HuffmanTable.CodeLengthMask);
                bitBuffer >>= literalLength;
                bitCount -= literalLength;
                if (bitCount < 0)
                {
                    throw Truncated(input.Length);
                }

                if ((uint)outPos >= (uint)output.Length)
                {
                    status = LiteralPastOutput(ref state, entry);
                    break;
                }

                output[outPos++] = (byte)(entry >> HuffmanTable.ValueShift);
                if (bitCount < HuffmanTable.MaxCodeLength)
                {
                    continue;
                }

                entry = literalLengthEntries[(int)(bitBuffer & LiteralLengthMask)];
                if ((entry & HuffmanTable.LiteralFlag) != 0)
                {
                    literalLength = (int)(entry & HuffmanTable.CodeLengthMask);
                    bitBuffer >>= literalLength;
                    bitCount -= literalLength;
                    if ((uint)outPos >= (uint)output.Length)
                    {
                        status = LiteralPastOutput(ref state, entry);
                        break;
                    }

                    output[outPos++] = (byte)(entry >> HuffmanTable.ValueShift);
                    continue;
                }

                // Not a literal: refill before decoding it as a whole match.
                continue;
            }

            if ((entry & HuffmanTable.SlowPathFlag) != 0)
            {
                entry = literalLengthCode.DecodeSlow(bitBuffer);
                if ((entry & HuffmanTable.LiteralFlag) != 0)
                {
                    int literalLength = (int)(entry & HuffmanTable.CodeLengthMask);
                    bitBuffer >>= literalLength;
                    bitCount -= literalLength;
                    if (bitCount < 0)
                    {
                        throw Truncated(input.Length);
                    }

                    if ((uint)outPos >= (uint)output.Length)
                    {
                        status = LiteralPastOutput(ref state, entry);
                        break;
                    }

                    output[outPos++] = (byte)(entry >> HuffmanTable.ValueShift);
                    continue;
                }
            }

            int codeLength = (int)(entry & HuffmanTable.CodeLengthMask);
            bitBuffer >>= codeLength;
            bitCount -= codeLength;
            if ((entry & (HuffmanTable.EndOfBlockFlag | HuffmanTable.InvalidFlag)) != 0)
            {
                if (bitCount < 0)
                {
                    throw Truncated(input.Length);
                }

                if ((entry & HuffmanTable.InvalidFlag) != 0)
                {
                    throw Error("invalid literal/length code in deflate data", OffsetOf(inPos, bitCount + codeLength));
                }

                break;
            }

            int extraBits = (int)((entry >> HuffmanTable.ExtraBitsShift) & HuffmanTable.ExtraBitsMask);
            int length = (int)(entry >> HuffmanTable.ValueShift) + (int)(bitBuffer & ((1UL << extraBits) - 1));
            bitBuffer >>= extraBits;
            bitCount -= extraBits;

            entry = distanceEntries[(int)(bitBuffer & DistanceMask)];
            if ((entry & HuffmanTable.SlowPathFlag) != 0)
            {
                entry = distanceCode.DecodeSlow(bitBuffer);
            }

            codeLength = (int)(entry & HuffmanTable.CodeLengthMask);
            bitBuffer >>= codeLength;
            bitCount -= codeLength;
            extraBits = (int)((entry >> HuffmanTable.ExtraBitsShift) & HuffmanTable.ExtraBitsMask);
            int distance = (int)(entry >> HuffmanTable.ValueShift) + (int)(bitBuffer & ((1UL << extraBits) - 1));
            bitBuffer >>= extraBits;
            bitCount -= extraBits;
            if (bitCount < 0)
            {
                throw Truncated(input.Length);
            }

            if ((entry & HuffmanTable.InvalidFlag) != 0)
            {
                throw Error("invalid distance code in deflate data", OffsetOf(inPos, bitCount));
            }

            if (distance > outPos)
            {
                throw Error("deflate distance points before the start of the output", OffsetOf(inPos, bitCount));
            }

            int room = output.Length - outPos;
            if (length > room)
            {
                CopyMatch(output, outPos, distance, room);
                outPos += room;
                state.PendingMatchLength = length - room;
                state.PendingMatchDistance = distance;
                status = InflateStatus.OutputFull;
                break;
            }

            CopyMatch(output, outPos, distance, length);
            outPos += length;
        }

        state.BitBuffer = bitBuffer;
        state.BitCount = bitCount;
        state.InPos = inPos;
        state.OutPos = outPos;
        return status;
    }

    /// <summary>Copies <paramref name="length"/> bytes from <paramref name="distance"/> bytes back, repeating the pattern when they overlap.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CopyMatch(Span<byte> output, int outPos, int distance, int length)
    {
        int source = outPos - distance;
        if (distance >= length)
        {
            output.Slice(source, length).CopyTo(output.Slice(outPos, length));
        }
        else if (distance == 1)
        {
            output.Slice(outPos, length).Fill(output[source]);
        }
        else
        {
            CopyOverlapping(output, outPos, distance, length);
        }
    }

    private static void CopyOverlapping(Span<byte> output, int outPos, int distance, int length)
    {
        // The match repeats the last 'distance' bytes. Copy whole periods from the start of the pattern:
        // each copy doubles the repeated run, and source and destination never overlap.
        int source = outPos - distance;
        int copied = 0;
        while (copied < length)
        {
            int chunk = Math.Min(distance + copied, length - copied);
            output.Slice(source, chunk).CopyTo(output.Slice(outPos + copied, chunk));
            copied += chunk;
        }
    }

    private static int OffsetOf(int inPos, int bitCount) => inPos - (Math.Max(bitCount, 0) >> 3);

    /// <summary>The fixed Huffman codes of RFC 1951 section 3.2.6, built on first use.</summary>
    private static class FixedCodes
    {
        public static readonly HuffmanTable LiteralLength = BuildLiteralLength();
        public static readonly HuffmanTable Distance = BuildDistance();

        private static HuffmanTable BuildLiteralLength()
        {
            var lengths = new byte[MaxLiteralLengthSymbols];
            for (int symbol = 0; symbol < lengths.Length; symbol++)
            {
                lengths[symbol] = DeflateAlphabet.FixedLiteralLengthCodeLength(symbol);
            }

            var table = new HuffmanTable(HuffmanKind.LiteralLength, LiteralLengthRootBits, MaxLiteralLengthSymbols);
            table.Build(lengths);
            return table;
        }

        private static HuffmanTable BuildDistance()
        {
            var lengths = new byte[MaxDistanceSymbols];
            lengths.AsSpan().Fill(DeflateAlphabet.FixedDistanceCodeLength);
            var table = new HuffmanTable(HuffmanKind.Distance, DistanceRootBits, MaxDistanceSymbols);
            table.Build(lengths);
            return table;
        }
    }

    /// <summary>Input, output and bit-reader state of one <see cref="Inflate"/> call.</summary>
    private ref struct InflateState
    {
        public readonly ReadOnlySpan<byte> Input;
        public readonly Span<byte> Output;

        // Next input byte to load into the bit buffer.
        public int InPos;

        // Pending input bits, first one in bit 0. Bits above BitCount are zero or copies of the input bytes
        // that follow (the word refill may load part of a byte it does not count yet).
        public ulong BitBuffer;
        public int BitCount;
        public int OutPos;

        // Zero-tail mode (InflateWithZeroTail): what the block held beyond the full output when it filled up, the
        // zeros checked after the output, and where a non-zero byte was found.
        public bool HasPendingLiteral;
        public byte PendingLiteral;
        public int PendingMatchLength;
        public int PendingMatchDistance;
        public int PendingStored;
        public long TailLength;
        public long NonZeroOffset;
        public long MaxTotalLength;

        public InflateState(ReadOnlySpan<byte> input, Span<byte> output, int start)
        {
            Input = input;
            Output = output;
            InPos = start;
            BitBuffer = 0;
            BitCount = 0;
            OutPos = 0;
            HasPendingLiteral = false;
            PendingLiteral = 0;
            PendingMatchLength = 0;
            PendingMatchDistance = 0;
            PendingStored = 0;
            TailLength = 0;
            NonZeroOffset = -1;
            MaxTotalLength = -1;
        }

        /// <summary>The uncompressed length so far: the output written plus the zeros checked after it.</summary>
        public readonly long TotalLength => OutPos + TailLength;

        /// <summary>Offset of the input byte that holds the next unread bit.</summary>
        public readonly int Offset => InPos - (BitCount >> 3);

        public uint ReadBits(int count)
        {
            if (BitCount < count)
            {
                Refill();
                if (BitCount < count)
                {
                    throw Truncated(Input.Length);
                }
            }

            uint value = (uint)(BitBuffer & ((1UL << count) - 1));
            BitBuffer >>= count;
            BitCount -= count;
            return value;
        }

        /// <summary>Decodes one literal/length or distance symbol, bit-exact and without the fast loop's batching (zero-tail mode).</summary>
        public uint DecodeEntry(HuffmanTable code)
        {
            if (BitCount < HuffmanTable.MaxCodeLength)
            {
                Refill();
            }

            uint entry = code.Entries[(int)(BitBuffer & ((1UL << code.RootBits) - 1))];
            if ((entry & HuffmanTable.SlowPathFlag) != 0)
            {
                entry = code.DecodeSlow(BitBuffer);
            }

            int length = (int)(entry & HuffmanTable.CodeLengthMask);
            if (length > BitCount)
            {
                throw Truncated(Input.Length);
            }

            BitBuffer >>= length;
            BitCount -= length;
            return entry;
        }

        public int DecodeCodeLengthSymbol(HuffmanTable code)
        {
            if (BitCount < HuffmanTable.MaxCodeLength)
            {
                Refill();
            }

            uint entry = code.Entries[(int)(BitBuffer & ((1UL << code.RootBits) - 1))];
            int length = (int)(entry & HuffmanTable.CodeLengthMask);
            if (length > BitCount)
            {
                throw Truncated(Input.Length);
            }

            if ((entry & HuffmanTable.InvalidFlag) != 0)
            {
                throw Error("invalid code-length code in deflate data", Offset);
            }

            BitBuffer >>= length;
            BitCount -= length;
            return (int)(entry >> HuffmanTable.ValueShift);
        }

        /// <summary>Drops the bits up to the next byte boundary and returns the offset of the next whole byte.</summary>
        public int AlignToByte()
        {
            int drop = BitCount & 7;
            BitBuffer >>= drop;
            BitCount -= drop;
            return InPos - (BitCount >> 3);
        }

        /// <summary>Empties the bit buffer and continues reading at <paramref name="position"/>.</summary>
        public void Rewind(int position)
        {
            InPos = position;
            BitBuffer = 0;
            BitCount = 0;
        }

        private void Refill()
        {
            if (InPos <= Input.Length - 8)
            {
                BitBuffer |= BinaryPrimitives.ReadUInt64LittleEndian(Input.Slice(InPos)) << BitCount;
                InPos += (63 - BitCount) >> 3;
                BitCount |= 56;
            }
            else
            {
                while (BitCount <= 56 && InPos < Input.Length)
                {
                    BitBuffer |= (ulong)Input[InPos++] << BitCount;
                    BitCount += 8;
                }
            }
        }
    }
}
