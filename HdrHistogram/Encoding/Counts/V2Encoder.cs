using System.Diagnostics.CodeAnalysis;
using System.Runtime.InteropServices;
using HdrHistogram.Histograms.Counts;


namespace HdrHistogram.Encoding.Counts;

/// <summary>
/// Java's uncompressed V2 encoding (<c>encodeIntoByteBuffer</c>), byte for byte: a 40-byte big-endian header, then the
/// counts of logical indexes 0 .. countsIndex(maxValue) as ZigZag LEB128-64b9B numbers, a run of k &gt;= 2 zero counts
/// written as -k and a lone zero count as 0.
/// </summary>
/// <remarks>
/// The histogram's count store hands its slots to <see cref="WritePayload{TSlots}"/>, one loop compiled per slot layout
/// (<see cref="ICountSlots{TSlots}"/>, a struct: no virtual call per count). Under a normalizing offset the logical
/// range is at most two contiguous stretches of the slots, so the same loop runs twice, carrying a pending zero run
/// across the seam. The end of a zero run is the slots' <see cref="ICountSlots{TSlots}.IndexOfNonZero"/> (vectorized
/// over arrays on .NET 8+).
/// </remarks>
internal static class V2Encoder
{
    private const int MaxEntryLength = ZigZagEncoding.MaxBytesPerLong;

    /// <summary>The number of logical indexes the payload covers: up to and including the maximum value's.</summary>
    public static int GetRelevantLength(HistogramBase histogram) => histogram.CountsArrayIndex(histogram.GetMaxValue()) + 1;

    /// <summary>The most bytes an encoding of <paramref name="relevantLength"/> counts can take.</summary>
    public static int GetMaxEncodedLength(int relevantLength) => EncodingCookies.V2HeaderLength + (MaxEntryLength * relevantLength);

    /// <summary>
    /// Encodes <paramref name="histogram"/> at the start of <paramref name="destination"/>, reading it as it is: the
    /// encoders reach it through <see cref="EncodableHistogram.EncodeUncompressed"/>, which holds a synchronized
    /// histogram still for the whole encoding (the relevant length belongs to the counts).
    /// </summary>
    /// <returns>The number of bytes written, or -1 when the encoding does not fit (then nothing is written).</returns>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static int Encode(HistogramBase histogram, Span<byte> destination)
    {
        int relevantLength = GetRelevantLength(histogram);
        if (destination.Length >= GetMaxEncodedLength(relevantLength))
        {
            return EncodeUnchecked(histogram, relevantLength, destination);
        }

        // The destination may still be large enough for the actual encoding: encode into scratch, then copy.
        byte[] scratch = ArrayPool<byte>.Shared.Rent(GetMaxEncodedLength(relevantLength));
        try
        {
            int length = EncodeUnchecked(histogram, relevantLength, scratch);
            if (length > destination.Length)
            {
                return -1;
            }

            scratch.AsSpan(0, length).CopyTo(destination);
            return length;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    /// <summary>Encodes into a destination of at least <see cref="GetMaxEncodedLength"/>(<paramref name="relevantLength"/>) bytes.</summary>
    private static int EncodeUnchecked(HistogramBase histogram, int relevantLength, Span<byte> destination)
    {
        int normalizingIndexOffset = histogram.NormalizingIndexOffset;
        int payloadLength = histogram.Store.WriteV2Payload(histogram, relevantLength, ref normalizingIndexOffset, destination.Slice(EncodingCookies.V2HeaderLength));

        BinaryPrimitives.WriteInt32BigEndian(destination, EncodingCookies.V2);
        BinaryPrimitives.WriteInt32BigEndian(destination.Slice(4), payloadLength);
        BinaryPrimitives.WriteInt32BigEndian(destination.Slice(8), normalizingIndexOffset);
        BinaryPrimitives.WriteInt32BigEndian(destination.Slice(12), histogram.NumberOfSignificantValueDigits);
        BinaryPrimitives.WriteInt64BigEndian(destination.Slice(16), histogram.LowestTrackableValue);
        BinaryPrimitives.WriteInt64BigEndian(destination.Slice(24), histogram.HighestTrackableValue);
        BinaryPrimitives.WriteInt64BigEndian(destination.Slice(32), BitConverter.DoubleToInt64Bits(histogram.IntegerToDoubleValueConversionRatio));
        return EncodingCookies.V2HeaderLength + payloadLength;
    }

    /// <summary>The physical slot of logical index 0 under <paramref name="normalizingIndexOffset"/>.</summary>
    internal static int PhysicalIndexOfZero(int normalizingIndexOffset, int arrayLength)
    {
        if (normalizingIndexOffset == 0 || arrayLength == 0)
        {
            return 0;
        }

        long slot = -(long)normalizingIndexOffset % arrayLength;
        return (int)(slot < 0 ? slot + arrayLength : slot);
    }

    /// <summary>
    /// Writes the payload of the first <paramref name="relevantLength"/> logical counts of <paramref name="slots"/>,
    /// laid out with <paramref name="normalizingIndexOffset"/>; <paramref name="destination"/> has 9 bytes of room
    /// per relevant count. <paramref name="histogram"/>, when given, names a negative count's value in the error.
    /// </summary>
    internal static int WritePayload<TSlots>(HistogramBase? histogram, TSlots slots, int normalizingIndexOffset, int relevantLength, Span<byte> destination)
        where TSlots : struct, ICountSlots<TSlots>
    {
        int arrayLength = slots.Length;
        if (relevantLength > arrayLength)
        {
            relevantLength = arrayLength; // Only a concurrent resize in progress can get here.
        }

        int start = PhysicalIndexOfZero(normalizingIndexOffset, arrayLength);
        int firstLength = Math.Min(relevantLength, arrayLength - start);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        int position = 0;
        int pendingZeros = 0;
        WriteStretch(histogram, slots, start, start + firstLength, -start, ref output, ref position, ref pendingZeros);
        if (firstLength < relevantLength)
        {
            WriteStretch(histogram, slots, 0, relevantLength - firstLength, firstLength, ref output, ref position, ref pendingZeros);
        }

        if (pendingZeros > 0)
        {
            position += WriteUnchecked(ref Unsafe.Add(ref output, position), ZeroRunEntry(pendingZeros));
        }

        return position;
    }

    /// <summary>
    /// Writes the counts of the physical slots [<paramref name="from"/>, <paramref name="end"/>), one contiguous
    /// stretch of logical indexes (slot + <paramref name="logicalShift"/>). A zero run still open at the end is left
    /// in <paramref name="pendingZeros"/> for the next stretch (or the caller) to finish. The output has room for 9
    /// bytes per count (every entry stands for at least one count), so bytes are stored without bounds checks.
    /// </summary>
    private static void WriteStretch<TSlots>(HistogramBase? histogram, TSlots slots, int from, int end, int logicalShift, ref byte output, ref int position, ref int pendingZeros)
        where TSlots : struct, ICountSlots<TSlots>
    {
        int pos = position;
        int zeros = pendingZeros;
        int i = from;
        while (i < end)
        {
            long count = slots.Get(i);
            if (count == 0)
            {
                int run = ZeroRunLength(slots, i, end);
                zeros += run;
                i += run;
                continue;
            }

            if (count < 0)
            {
                ThrowNegativeCount(histogram, i + logicalShift, count);
            }

            if (zeros != 0)
            {
                pos += WriteUnchecked(ref Unsafe.Add(ref output, pos), ZeroRunEntry(zeros));
                zeros = 0;
            }

            pos += WriteUnchecked(ref Unsafe.Add(ref output, pos), count);
            i++;
        }

        position = pos;
        pendingZeros = zeros;
    }

    /// <summary>
    /// The length of the zero run starting at <paramref name="start"/> (whose count is zero) and ending by
    /// <paramref name="end"/>, at least 1. Lone zeros are common in dense histograms: the next slot is checked
    /// before a search.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int ZeroRunLength<TSlots>(TSlots slots, int start, int end)
        where TSlots : struct, ICountSlots<TSlots>
    {
        int next = start + 1;
        if (next >= end || slots.Get(next) != 0)
        {
            return 1;
        }

        return slots.IndexOfNonZero(next + 1, end) - start;
    }

    /// <summary>A run of one zero count is written as 0, never as -1; longer runs as their negated length.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long ZeroRunEntry(int zeros) => zeros == 1 ? 0 : -(long)zeros;

    /// <summary>
    /// Writes one entry; the caller guarantees 9 bytes of room at <paramref name="output"/>. One- and two-byte
    /// entries (nearly all counts) take one test each, which is why this is not a branch-free form that stores 8 bytes
    /// at once.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int WriteUnchecked(ref byte output, long value)
    {
        ulong z = ZigZagEncoding.ZigZag(value);
        if (z < 0x80)
        {
            output = (byte)z;
            return 1;
        }

        if (z < 0x4000)
        {
            output = (byte)(z | 0x80);
            Unsafe.Add(ref output, 1) = (byte)(z >> 7);
            return 2;
        }

        // Longer entries are rare, but written inline too: a call in the loop would push its state out of registers.
        for (int i = 0; i < 8; i++)
        {
            if (z < 0x80)
            {
                Unsafe.Add(ref output, i) = (byte)z;
                return i + 1;
            }

            Unsafe.Add(ref output, i) = (byte)(z | 0x80);
            z >>= 7;
        }

        // After 8 groups of 7 bits the 9th byte carries the remaining 8 bits as they are.
        Unsafe.Add(ref output, 8) = (byte)z;
        return 9;
    }

    // A body that only throws: the JIT knows the call never returns, keeps it out of the encoding loop's way (no
    // registers saved around it) and does not inline the message building.
    [DoesNotReturn]
    private static void ThrowNegativeCount(HistogramBase? histogram, int logicalIndex, long count)
        => throw NegativeCount(histogram, logicalIndex, count);

    private static InvalidOperationException NegativeCount(HistogramBase? histogram, int logicalIndex, long count)
        => new(
            "Cannot encode a histogram containing a negative count (" + count.ToString(CultureInfo.InvariantCulture)
            + ") at index " + logicalIndex.ToString(CultureInfo.InvariantCulture)
            + (histogram is null ? "." : ", corresponding to value " + histogram.ValueFromIndex(logicalIndex).ToString(CultureInfo.InvariantCulture) + "."));
}
