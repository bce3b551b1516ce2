using HdrHistogram.Histograms.Counts;

namespace HdrHistogram.Encoding.Counts;

/// <summary>
/// Fills a freshly reset histogram's counts array straight from an encoded payload, one monomorphic loop per count
/// type, computing the total count and the indexes of the lowest and highest non-zero counts on the way (so no second
/// pass over the counts is needed, unlike Java's <c>establishInternalTackingValues</c>, with the same result).
/// </summary>
/// <remarks>
/// Every entry is checked: a payload that ends inside an entry, a zero run longer than <see cref="int.MaxValue"/>
/// or past the counts array, more counts than the array holds, a count too large for the count type, or (V0/V1) a
/// negative count, is a <see cref="HistogramFormatException"/> naming the entry's offset.
/// </remarks>
internal static partial class CountsFiller
{
    /// <summary>The result of a fill: what <see cref="HistogramBase.SetInternalTrackingValues"/> needs.</summary>
    public struct Tracking
    {
        public long TotalCount;
        public int MaxIndex;
        public int MinNonZeroIndex;

        /// <summary>The logical index after the payload's last entry (a trailing zero run included).</summary>
        public int EndIndex;
    }

    /// <summary>Fills <paramref name="histogram"/> (reset, offset set) from a V2, V1 or V0 payload.</summary>
    /// <param name="histogram">The target; its counts must all be zero.</param>
    /// <param name="header">The validated header: word size and the logical counts length the payload may fill.</param>
    /// <param name="payload">The payload bytes.</param>
    /// <param name="payloadOffset">The payload's offset in the data, for error messages.</param>
    /// <param name="errors">How to report offsets.</param>
    public static Tracking Fill(HistogramBase histogram, in EncodedHeader header, ReadOnlySpan<byte> payload, int payloadOffset, DecodeErrors errors)
        => histogram.Store.Fill(histogram.NormalizingIndexOffset, header, histogram.MaxAllowableCount, payload, payloadOffset, errors);

    /// <summary>Fills the zeroed <paramref name="slots"/>, laid out with <paramref name="normalizingIndexOffset"/>, from a V2, V1 or V0 payload.</summary>
    /// <param name="slots">The target store's slots.</param>
    /// <param name="normalizingIndexOffset">The offset the slots are laid out with.</param>
    /// <param name="header">The validated header: word size and the logical counts length the payload may fill.</param>
    /// <param name="maxAllowable">The largest count a slot holds.</param>
    /// <param name="payload">The payload bytes.</param>
    /// <param name="payloadOffset">The payload's offset in the data, for error messages.</param>
    /// <param name="errors">How to report offsets.</param>
    public static Tracking Fill<TSlots>(TSlots slots, int normalizingIndexOffset, in EncodedHeader header, long maxAllowable, ReadOnlySpan<byte> payload, int payloadOffset, DecodeErrors errors)
        where TSlots : struct, ICountSlots<TSlots>
        => header.Cookie.Version == EncodingVersion.V2
            ? FillV2<TSlots, Store>(slots, normalizingIndexOffset, header.CountsArrayLength, maxAllowable, payload, payloadOffset, errors)
            : FillFixed<TSlots, Store>(slots, normalizingIndexOffset, maxAllowable, header.Cookie.WordSize, payload, payloadOffset, errors);

    /// <summary>
    /// Hands every entry of a payload to <paramref name="slots"/> at its logical index, as HdrHistogram 2.5.0's counts
    /// decoders did: zero counts too, and V0/V1 words as they are (a negative one included). The V2 checks are
    /// <see cref="Fill"/>'s; the caller checks that V0/V1 words fit in <paramref name="slots"/>.
    /// </summary>
    /// <param name="slots">The receiver; its length is the number of indexes the payload may cover.</param>
    /// <param name="wordSize">2, 4 or 8 for V0/V1 words; anything else reads V2 entries.</param>
    /// <param name="payload">The payload bytes.</param>
    /// <param name="payloadOffset">The payload's offset in the input, for error messages.</param>
    /// <returns>The number of indexes the payload covers.</returns>
    public static int Report<TSlots>(TSlots slots, int wordSize, ReadOnlySpan<byte> payload, int payloadOffset)
        where TSlots : struct, ICountSlots<TSlots>
        => (wordSize is sizeof(short) or sizeof(int) or sizeof(long)
            ? FillFixed<TSlots, ReportEach>(slots, 0, long.MaxValue, wordSize, payload, payloadOffset, DecodeErrors.Input)
            : FillV2<TSlots, ReportEach>(slots, 0, slots.Length, long.MaxValue, payload, payloadOffset, DecodeErrors.Input)).EndIndex;

    /// <summary>
    /// Runs every check <see cref="Fill"/> makes on a payload for a target of <paramref name="histogram"/>'s count type,
    /// without writing anything: <c>DecodeInto</c> calls it before it touches the target, so that an error in the counts
    /// leaves the target unchanged. It allocates nothing.
    /// </summary>
    /// <param name="histogram">The target; only its count type is used.</param>
    /// <param name="header">The validated header.</param>
    /// <param name="payload">The payload bytes.</param>
    /// <param name="payloadOffset">The payload's offset in the data, for error messages.</param>
    /// <param name="errors">How to report offsets.</param>
    public static void Validate(HistogramBase histogram, in EncodedHeader header, ReadOnlySpan<byte> payload, int payloadOffset, DecodeErrors errors)
    {
        long maxAllowable = histogram.MaxAllowableCount;
        int logicalLength = header.CountsArrayLength;
        if (header.Cookie.Version == EncodingVersion.V2)
        {
            // The lean check says only whether the payload is valid (it costs a fraction of a fill); only for an
            // invalid one does the fill's own loop run without stores, to throw the fill's exact error.
            if (IsValidV2(payload, logicalLength, maxAllowable))
            {
                return;
            }

            // The count type decides the range check (skipped for long counts) and names the count width in its message.
            _ = maxAllowable == long.MaxValue
                ? FillV2<ArraySlots<long>, CheckOnly>(new ArraySlots<long>(Array.Empty<long>()), 0, logicalLength, maxAllowable, payload, payloadOffset, errors)
                : maxAllowable == int.MaxValue
                    ? FillV2<ArraySlots<int>, CheckOnly>(new ArraySlots<int>(Array.Empty<int>()), 0, logicalLength, maxAllowable, payload, payloadOffset, errors)
                    : FillV2<ArraySlots<short>, CheckOnly>(new ArraySlots<short>(Array.Empty<short>()), 0, logicalLength, maxAllowable, payload, payloadOffset, errors);
            return;
        }

        // As above: the count type names the target's count width in a count-too-large message.
        int wordSize = header.Cookie.WordSize;
        _ = maxAllowable == long.MaxValue
            ? FillFixed<ArraySlots<long>, CheckOnly>(new ArraySlots<long>(Array.Empty<long>()), 0, maxAllowable, wordSize, payload, payloadOffset, errors)
            : maxAllowable == int.MaxValue
                ? FillFixed<ArraySlots<int>, CheckOnly>(new ArraySlots<int>(Array.Empty<int>()), 0, maxAllowable, wordSize, payload, payloadOffset, errors)
                : FillFixed<ArraySlots<short>, CheckOnly>(new ArraySlots<short>(Array.Empty<short>()), 0, maxAllowable, wordSize, payload, payloadOffset, errors);
    }

    /// <summary>
    /// Whether <see cref="FillV2{TSlots, TMode}"/> would accept <paramref name="payload"/>: no entry cut off, no count above
    /// <paramref name="maxAllowable"/>, no zero run beyond <see cref="int.MaxValue"/>, and no more counts than
    /// <paramref name="logicalLength"/>. Nothing else is computed: one-byte entries (small counts, short zero runs)
    /// only advance the index, and the index is compared with the length once, at the end (it cannot overflow a
    /// long: each entry adds at most <see cref="int.MaxValue"/>).
    /// </summary>
    private static bool IsValidV2(ReadOnlySpan<byte> payload, int logicalLength, long maxAllowable)
    {
        long index = 0;
        int position = 0;
        int scalarUntil = 0;
        while (position < payload.Length)
        {
            if (position >= scalarUntil)
            {
                // Whole blocks of one-byte entries at once; after a block that holds a longer entry, read at least
                // a block's worth of entries one by one before trying again.
                position = SkipSingleByteEntryBlocks(payload, position, ref index);
                scalarUntil = position + 16;
                if (position >= payload.Length)
                {
                    break;
                }
            }

            int first = payload[position];
            if (first < 0x80)
            {
                // ZigZag: an even byte is a count (1 slot), an odd one a zero run of (first >> 1) + 1 slots.
                index += 1 + ((first >> 1) & -(first & 1));
                position++;
                continue;
            }

            long value;
            if (position + 1 < payload.Length && payload[position + 1] < 0x80)
            {
                // Two-byte entries (counts up to 8191, runs up to 8192) are the other common case.
                int z = (first & 0x7F) | (payload[position + 1] << 7);
                value = (z >> 1) ^ -(z & 1);
                position += 2;
            }
            else
            {
                if (!ZigZagEncoding.TryReadLong(payload.Slice(position), out value, out int length))
                {
                    return false;
                }

                position += length;
            }

            if (value >= 0)
            {
                if (value > maxAllowable)
                {
                    return false;
                }

                index++;
            }
            else
            {
                if (value < -int.MaxValue)
                {
                    return false;
                }

                index -= value;
            }
        }

        return index <= logicalLength;
    }

    /// <summary>The fill mode that stores counts.</summary>
    private struct Store
    {
    }

    /// <summary>The fill mode that only checks (the JIT drops the stores for this instantiation).</summary>
    private struct CheckOnly
    {
    }

    /// <summary>The fill mode of <see cref="Report"/>: stores zero counts and negative V0/V1 words as well.</summary>
    private struct ReportEach
    {
    }

    private static Tracking FillV2<TSlots, TMode>(TSlots slots, int normalizingIndexOffset, int logicalLength, long maxAllowable, ReadOnlySpan<byte> payload, int payloadOffset, DecodeErrors errors)
        where TSlots : struct, ICountSlots<TSlots>
        where TMode : struct
    {
        // Kept lean so the loop state fits in registers: the physical slot is derived only when a count is stored,
        // the multi-byte read and every error are separate methods, and long counts skip the range check.
        int start = V2Encoder.PhysicalIndexOfZero(normalizingIndexOffset, slots.Length);
        int wrapAt = slots.Length - start;
        int index = 0;
        long totalCount = 0;
        int maxIndex = -1;
        int minNonZeroIndex = -1;
        int position = 0;
        while (position < payload.Length)
        {
            long value;
            int first = payload[position];
            if (first < 0x80)
            {
                value = (first >> 1) ^ -(first & 1);
                position++;
            }
            else if (position + 1 < payload.Length && payload[position + 1] < 0x80)
            {
                // Two-byte entries (counts up to 8191, runs up to 8192) are the other common case: decode them inline.
                int z = (first & 0x7F) | (payload[position + 1] << 7);
                value = (z >> 1) ^ -(z & 1);
                position += 2;
            }
            else
            {
                // Three to nine bytes: no call in the loop, so the loop state can live in caller-saved registers.
                ulong z = (ulong)(first & 0x7F);
                int shift = 7;
                int end = position + 1;
                while (true)
                {
                    if (end >= payload.Length)
                    {
                        throw EntryTruncated(position, payloadOffset, errors);
                    }

                    ulong next = payload[end++];
                    if (shift == 56)
                    {
                        z |= next << 56;
                        break;
                    }

                    z |= (next & 0x7F) << shift;
                    if (next < 0x80)
                    {
                        break;
                    }

                    shift += 7;
                }

                value = (long)(z >> 1) ^ -(long)(z & 1);
                position = end;
            }

            if (value > 0)
            {
                if (index >= logicalLength)
                {
                    throw TooManyCounts(payload, position, logicalLength, payloadOffset, errors);
                }

                if (!slots.HoldsLongs && value > maxAllowable)
                {
                    throw CountTooLarge(payload, position, value, maxAllowable, payloadOffset, errors);
                }

                if (typeof(TMode) != typeof(CheckOnly))
                {
                    slots.Set(index < wrapAt ? index + start : index - wrapAt, value);
                }

                totalCount += value;
                maxIndex = index;
                if (minNonZeroIndex < 0 && index != 0)
                {
                    minNonZeroIndex = index;
                }

                index++;
            }
            else if (value == 0)
            {
                if (index >= logicalLength)
                {
                    throw TooManyCounts(payload, position, logicalLength, payloadOffset, errors);
                }

                if (typeof(TMode) == typeof(ReportEach))
                {
                    slots.Set(index < wrapAt ? index + start : index - wrapAt, 0);
                }

                index++;
            }
            else
            {
                if (value < -int.MaxValue)
                {
                    throw ZeroRunTooLong(payload, position, value, payloadOffset, errors);
                }

                int run = (int)-value;
                if (run > logicalLength - index)
                {
                    throw ZeroRunPastEnd(payload, position, run, index, logicalLength, payloadOffset, errors);
                }

                index += run;
            }
        }

        return new Tracking { TotalCount = totalCount, MaxIndex = maxIndex, MinNonZeroIndex = minNonZeroIndex, EndIndex = index };
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static HistogramFormatException EntryTruncated(int entryStart, int payloadOffset, DecodeErrors errors)
        => errors.At("The payload ends inside an encoded count", payloadOffset + entryStart);

    /// <summary>
    /// The offset of the entry that ends at <paramref name="end"/>, found again by walking the entries from the start
    /// (errors are rare; the loop does not spend a register on it).
    /// </summary>
    private static int EntryStart(ReadOnlySpan<byte> payload, int end)
    {
        int position = 0;
        int start = 0;
        while (position < end)
        {
            start = position;
            if (!ZigZagEncoding.TryReadLong(payload.Slice(position), out _, out int length))
            {
                break;
            }

            position += length;
        }

        return start;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static HistogramFormatException ZeroRunTooLong(ReadOnlySpan<byte> payload, int end, long value, int payloadOffset, DecodeErrors errors)
        => errors.At(
            "An encoded zero run of " + (value == long.MinValue ? "2^63" : Str(-value)) + " counts exceeds int.MaxValue",
            payloadOffset + EntryStart(payload, end));

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static HistogramFormatException ZeroRunPastEnd(ReadOnlySpan<byte> payload, int end, int run, int index, int logicalLength, int payloadOffset, DecodeErrors errors)
        => errors.At(
            "A zero run of " + Str(run) + " counts at index " + Str(index) + " runs past the end of the counts array (length " + Str(logicalLength) + ")",
            payloadOffset + EntryStart(payload, end));

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static HistogramFormatException TooManyCounts(ReadOnlySpan<byte> payload, int end, int logicalLength, int payloadOffset, DecodeErrors errors)
        => errors.At(
            "The payload holds more counts than the counts array (length " + Str(logicalLength) + ") of the header's range",
            payloadOffset + EntryStart(payload, end));

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static HistogramFormatException CountTooLarge(ReadOnlySpan<byte> payload, int end, long value, long maxAllowable, int payloadOffset, DecodeErrors errors)
        => CountTooLarge(value, maxAllowable, payloadOffset + EntryStart(payload, end), errors);

    /// <summary>Fills from fixed-width big-endian V1/V0 counts (a whole number of words, no more than the array holds).</summary>
    private static Tracking FillFixed<TSlots, TMode>(TSlots slots, int normalizingIndexOffset, long maxAllowable, int wordSize, ReadOnlySpan<byte> payload, int payloadOffset, DecodeErrors errors)
        where TSlots : struct, ICountSlots<TSlots>
        where TMode : struct
    {
        // The header check guarantees a whole number of words, no more than the counts array holds.
        int arrayLength = slots.Length;
        int slot = V2Encoder.PhysicalIndexOfZero(normalizingIndexOffset, arrayLength);
        int entries = payload.Length / wordSize;
        long totalCount = 0;
        int maxIndex = -1;
        int minNonZeroIndex = -1;
        for (int index = 0; index < entries; index++)
        {
            ReadOnlySpan<byte> word = payload.Slice(index * wordSize, wordSize);
            long value = wordSize switch
            {
                2 => BinaryPrimitives.ReadInt16BigEndian(word),
                4 => BinaryPrimitives.ReadInt32BigEndian(word),
                _ => BinaryPrimitives.ReadInt64BigEndian(word),
            };

            if (value != 0)
            {
                if (value < 0 && typeof(TMode) != typeof(ReportEach))
                {
                    // Java 2.2.2 stores such a count and leaves it out of the totals; it can only come from corrupt
                    // data (or a wrapped 16-bit count) and would make the histogram impossible to re-encode.
                    throw NegativeCount(value, index, payloadOffset + (index * wordSize), errors);
                }

                if (value > maxAllowable)
                {
                    throw CountTooLarge(value, maxAllowable, payloadOffset + (index * wordSize), errors);
                }

                if (typeof(TMode) != typeof(CheckOnly))
                {
                    slots.Set(slot, value);
                }

                totalCount += value;
                maxIndex = index;
                if (minNonZeroIndex < 0 && index != 0)
                {
                    minNonZeroIndex = index;
                }
            }
            else if (typeof(TMode) == typeof(ReportEach))
            {
                slots.Set(slot, 0);
            }

            slot++;
            if (slot == arrayLength)
            {
                slot = 0;
            }
        }

        return new Tracking { TotalCount = totalCount, MaxIndex = maxIndex, MinNonZeroIndex = minNonZeroIndex, EndIndex = entries };
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static HistogramFormatException NegativeCount(long value, int index, long offset, DecodeErrors errors)
        => errors.At("The payload holds a negative count (" + Str(value) + ") at index " + Str(index), offset);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static HistogramFormatException CountTooLarge(long value, long maxAllowable, long offset, DecodeErrors errors)
    {
        string typeName = maxAllowable == short.MaxValue ? "16-bit" : "32-bit";
        return errors.At("An encoded count (" + Str(value) + ") does not fit in the target histogram's " + typeName + " counts", offset);
    }

    private static string Str(long value) => value.ToString(CultureInfo.InvariantCulture);
}
