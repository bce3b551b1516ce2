namespace HdrHistogram.Encoding.Compression;

/// <summary>
/// The zero-tail mode of <see cref="ZlibInflater.InflateWithZeroTail"/>: once the output is full, the rest of the
/// stream is decoded symbol by symbol and only checked to be zeros, never stored. HdrHistogram.NET 2.5.0 compresses
/// its whole encoding buffer, so its payloads inflate to the histogram followed by zeros up to the buffer's capacity
/// (often ten or a hundred times the histogram); this reads them without inflating the padding into memory.
/// </summary>
/// <remarks>
/// A literal must be 0; a stored block's bytes must be 0; a match copies bytes that are zeros after the output
/// (already checked) or bytes of the output itself, which are checked there. The checks are per symbol, so the work
/// is bounded by the input (and stops once the total passes the caller's limit).
/// </remarks>
internal sealed partial class ZlibInflater
{
    /// <summary>A literal decoded when the output was already full: kept for the zero-tail check.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static InflateStatus LiteralPastOutput(ref InflateState state, uint entry)
    {
        state.HasPendingLiteral = true;
        state.PendingLiteral = (byte)(entry >> HuffmanTable.ValueShift);
        return InflateStatus.OutputFull;
    }

    /// <summary>Checks what the block held beyond the output when it filled up: a literal, the rest of a match or of a stored block.</summary>
    private static InflateStatus CheckPendingZeros(ref InflateState state)
    {
        if (state.HasPendingLiteral)
        {
            state.HasPendingLiteral = false;
            if (state.PendingLiteral != 0)
            {
                state.NonZeroOffset = state.TotalLength;
                return InflateStatus.NonZeroAfterOutput;
            }

            state.TailLength++;
        }

        if (state.PendingMatchLength > 0)
        {
            int length = state.PendingMatchLength;
            state.PendingMatchLength = 0;
            return CheckMatchZeros(ref state, state.PendingMatchDistance, length, state.Offset);
        }

        if (state.PendingStored > 0)
        {
            int length = state.PendingStored;
            state.PendingStored = 0;
            return CheckStoredZeros(ref state, state.AlignToByte(), length);
        }

        return InflateStatus.Completed;
    }

    /// <summary>A stored block after the output: its bytes must all be zero.</summary>
    private static InflateStatus CheckStoredBlockZeros(ref InflateState state)
    {
        int length = ReadStoredBlockHeader(ref state, out int dataStart);
        return CheckStoredZeros(ref state, dataStart, length);
    }

    private static InflateStatus CheckStoredZeros(ref InflateState state, int position, int length)
    {
        ReadOnlySpan<byte> input = state.Input;
        if (length > input.Length - position)
        {
            throw Truncated(input.Length);
        }

        ReadOnlySpan<byte> bytes = input.Slice(position, length);
        int nonZero = IndexOfNonZero(bytes);
        if (nonZero >= 0)
        {
            state.NonZeroOffset = state.TotalLength + nonZero;
            return InflateStatus.NonZeroAfterOutput;
        }

        state.TailLength += length;
        state.Rewind(position + length);
        return state.TotalLength > state.MaxTotalLength ? InflateStatus.OutputFull : InflateStatus.Completed;
    }

    /// <summary>The rest of a Huffman-coded block after the output, up to its end-of-block symbol: it must produce only zeros.</summary>
    private static InflateStatus CheckHuffmanBlockZeros(ref InflateState state, HuffmanTable literalLengthCode, HuffmanTable distanceCode)
    {
        while (true)
        {
            int symbolStart = state.Offset;
            uint entry = state.DecodeEntry(literalLengthCode);
            if ((entry & HuffmanTable.LiteralFlag) != 0)
            {
                if ((entry >> HuffmanTable.ValueShift) != 0)
                {
                    state.NonZeroOffset = state.TotalLength;
                    return InflateStatus.NonZeroAfterOutput;
                }

                state.TailLength++;
                if (state.TotalLength > state.MaxTotalLength)
                {
                    return InflateStatus.OutputFull;
                }

                continue;
            }

            if ((entry & HuffmanTable.InvalidFlag) != 0)
            {
                throw Error("invalid literal/length code in deflate data", symbolStart);
            }

            if ((entry & HuffmanTable.EndOfBlockFlag) != 0)
            {
                return InflateStatus.Completed;
            }

            int length = (int)(entry >> HuffmanTable.ValueShift) + (int)state.ReadBits((int)((entry >> HuffmanTable.ExtraBitsShift) & HuffmanTable.ExtraBitsMask));
            int distanceStart = state.Offset;
            entry = state.DecodeEntry(distanceCode);
            if ((entry & HuffmanTable.InvalidFlag) != 0)
            {
                throw Error("invalid distance code in deflate data", distanceStart);
            }

            int distance = (int)(entry >> HuffmanTable.ValueShift) + (int)state.ReadBits((int)((entry >> HuffmanTable.ExtraBitsShift) & HuffmanTable.ExtraBitsMask));
            var status = CheckMatchZeros(ref state, distance, length, distanceStart);
            if (status != InflateStatus.Completed)
            {
                return status;
            }
        }
    }

    /// <summary>
    /// A match after the output: the bytes it copies lie after the output (zeros, already checked) or, within the
    /// last 32 KiB of the output, in the output itself, where they must be zeros. When the match overlaps itself it
    /// repeats bytes it has already copied, so the output's part of its source is all that needs checking.
    /// </summary>
    private static InflateStatus CheckMatchZeros(ref InflateState state, int distance, int length, int offset)
    {
        long position = state.TotalLength;
        if (distance > position)
        {
            throw Error("deflate distance points before the start of the output", offset);
        }

        long source = position - distance;
        int outputLength = state.Output.Length;
        if (source < outputLength)
        {
            int start = (int)source;
            ReadOnlySpan<byte> copied = state.Output.Slice(start, (int)Math.Min(length, outputLength - source));
            int nonZero = IndexOfNonZero(copied);
            if (nonZero >= 0)
            {
                state.NonZeroOffset = position + nonZero;
                return InflateStatus.NonZeroAfterOutput;
            }
        }

        state.TailLength += length;
        return state.TotalLength > state.MaxTotalLength ? InflateStatus.OutputFull : InflateStatus.Completed;
    }
}
