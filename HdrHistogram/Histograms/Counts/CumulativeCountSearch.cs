using System.Numerics;
using System.Runtime.InteropServices;
using HdrHistogram.Encoding.Counts;

namespace HdrHistogram.Histograms.Counts;

/// <summary>
/// Finds where a running sum of counts first reaches a target: whole blocks of counts are summed with
/// <see cref="Vector{T}"/> arithmetic and skipped while the sum stays below the target, and only the block that
/// reaches it is walked count by count. The answer is the one a count-by-count walk gives, negative (wrapped) counts
/// included: a block holding one is always walked. <see cref="Sum"/> adds up a range of counts the same way.
/// </summary>
internal static partial class CumulativeCountSearch
{
    /// <summary>
    /// The first logical index at or after <paramref name="fromIndex"/> at which the running sum reaches
    /// <paramref name="target"/>, or -1; <paramref name="cumulative"/> holds the sum before <paramref name="fromIndex"/>
    /// on entry and through the returned index (or the last one scanned) on return.
    /// </summary>
    /// <param name="slots">The counts' physical slots.</param>
    /// <param name="normalizingIndexOffset">The offset the slots are laid out with.</param>
    /// <param name="logicalLength">How many logical indexes to cover; at most the number of slots.</param>
    /// <param name="fromIndex">The logical index to start at.</param>
    /// <param name="target">The running sum to reach.</param>
    /// <param name="cumulative">The running sum.</param>
    /// <returns>The logical index, or -1 when the sum never reaches the target.</returns>
    public static int FindLogicalIndex<TSlots>(TSlots slots, int normalizingIndexOffset, int logicalLength, int fromIndex, long target, ref long cumulative)
        where TSlots : struct, ICountSlots<TSlots>
    {
        int arrayLength = slots.Length;
        int physicalIndexOfZero = V2Encoder.PhysicalIndexOfZero(normalizingIndexOffset, arrayLength);
        logicalLength = Math.Min(logicalLength, arrayLength);

        // Logical indexes 0.. sit at physical slots physicalIndexOfZero..arrayLength-1, then wrap to 0.
        int firstSegmentLength = Math.Min(logicalLength, arrayLength - physicalIndexOfZero);
        if (fromIndex < firstSegmentLength)
        {
            int found = slots.Find(physicalIndexOfZero + fromIndex, firstSegmentLength - fromIndex, target, ref cumulative);
            if (found >= 0)
            {
                return fromIndex + found;
            }

            fromIndex = firstSegmentLength;
        }

        if (fromIndex < logicalLength)
        {
            int found = slots.Find(fromIndex - firstSegmentLength, logicalLength - fromIndex, target, ref cumulative);
            if (found >= 0)
            {
                return fromIndex + found;
            }
        }

        return -1;
    }

    /// <summary>
    /// The sum of <paramref name="counts"/> (long and int counts in four independent vector accumulators, so that
    /// the loop runs at the speed of the loads; short counts count by count).
    /// </summary>
    /// <param name="counts">The counts.</param>
    /// <returns>The sum (wrapping, as a count-by-count sum does).</returns>
    public static long Sum<T>(ReadOnlySpan<T> counts)
        where T : unmanaged
    {
        if (Vector.IsHardwareAccelerated && CountStorage.IsInt64<T>())
        {
            return SumLongs(MemoryMarshal.Cast<T, long>(counts));
        }

        if (Vector.IsHardwareAccelerated && CountStorage.IsInt32<T>())
        {
            return SumInts(MemoryMarshal.Cast<T, int>(counts));
        }

        long sum = 0;
        Find(counts, long.MaxValue, ref sum);
        return sum;
    }

    private static long SumLongs(ReadOnlySpan<long> counts)
    {
        ReadOnlySpan<Vector<long>> vectors = MemoryMarshal.Cast<long, Vector<long>>(counts);
        Vector<long> a = Vector<long>.Zero, b = a, c = a, d = a;
        int v = 0;
        for (; v + 4 <= vectors.Length; v += 4)
        {
            a += vectors[v];
            b += vectors[v + 1];
            c += vectors[v + 2];
            d += vectors[v + 3];
        }

        for (; v < vectors.Length; v++)
        {
            a += vectors[v];
        }

        long sum = HorizontalSum((a + b) + (c + d));
        for (int i = vectors.Length * Vector<long>.Count; i < counts.Length; i++)
        {
            sum += counts[i];
        }

        return sum;
    }

    private static long SumInts(ReadOnlySpan<int> counts)
    {
        ReadOnlySpan<Vector<int>> vectors = MemoryMarshal.Cast<int, Vector<int>>(counts);
        Vector<long> a = Vector<long>.Zero, b = a, c = a, d = a;
        int v = 0;
        for (; v + 2 <= vectors.Length; v += 2)
        {
            Vector.Widen(vectors[v], out Vector<long> a0, out Vector<long> a1);
            Vector.Widen(vectors[v + 1], out Vector<long> b0, out Vector<long> b1);
            a += a0;
            b += a1;
            c += b0;
            d += b1;
        }

        for (; v < vectors.Length; v++)
        {
            Vector.Widen(vectors[v], out Vector<long> a0, out Vector<long> a1);
            a += a0;
            b += a1;
        }

        long sum = HorizontalSum((a + b) + (c + d));
        for (int i = vectors.Length * Vector<int>.Count; i < counts.Length; i++)
        {
            sum += counts[i];
        }

        return sum;
    }

    /// <summary>
    /// The first index of <paramref name="counts"/> at which the running sum reaches <paramref name="target"/>, or -1:
    /// whole blocks are skipped while they cannot reach it, the block that may is walked count by count.
    /// </summary>
    internal static int Find<T>(ReadOnlySpan<T> counts, long target, ref long cumulative)
        where T : unmanaged
    {
        int blockLength = BlockLength<T>();
        int i = 0;
        while (true)
        {
            i = SkipBlocks(counts, i, target, ref cumulative);
            int end = Math.Min(i + blockLength, counts.Length);
            for (; i < end; i++)
            {
                cumulative += CountStorage.ToInt64(in counts[i]);
                if (cumulative >= target)
                {
                    return i;
                }
            }

            if (i >= counts.Length)
            {
                return -1;
            }
        }
    }

    /// <summary>Counts per block: four vectors of longs, two of ints or shorts.</summary>
    private static int BlockLength<T>()
        where T : unmanaged
        => CountStorage.IsInt64<T>() ? 4 * Vector<long>.Count : 2 * Vector<T>.Count;

    /// <summary>
    /// The start of the first block from <paramref name="from"/> that may reach the target or holds a negative count
    /// (or of the tail shorter than a block), with <paramref name="cumulative"/> moved past the blocks skipped.
    /// </summary>
    private static int SkipBlocks<T>(ReadOnlySpan<T> counts, int from, long target, ref long cumulative)
        where T : unmanaged
    {
        if (!Vector.IsHardwareAccelerated)
        {
            return from;
        }

        if (CountStorage.IsInt64<T>())
        {
            return from + SkipLongBlocks(MemoryMarshal.Cast<T, Vector<long>>(counts.Slice(from)), target, ref cumulative);
        }

        if (CountStorage.IsInt32<T>())
        {
            return from + SkipIntBlocks(MemoryMarshal.Cast<T, Vector<int>>(counts.Slice(from)), target, ref cumulative);
        }

        return from + SkipShortBlocks(MemoryMarshal.Cast<T, Vector<short>>(counts.Slice(from)), target, ref cumulative);
    }

    private static int SkipLongBlocks(ReadOnlySpan<Vector<long>> vectors, long target, ref long cumulative)
    {
        int v = 0;
        for (; v + 4 <= vectors.Length; v += 4)
        {
            Vector<long> a = vectors[v];
            Vector<long> b = vectors[v + 1];
            Vector<long> c = vectors[v + 2];
            Vector<long> d = vectors[v + 3];
            long blockSum = HorizontalSum((a + b) + (c + d));
            if (Vector.LessThanAny((a | b) | (c | d), Vector<long>.Zero) || cumulative + blockSum >= target)
            {
                break;
            }

            cumulative += blockSum;
        }

        return v * Vector<long>.Count;
    }

    /// <summary>Int counts are widened to long lanes before they are summed.</summary>
    private static int SkipIntBlocks(ReadOnlySpan<Vector<int>> vectors, long target, ref long cumulative)
    {
        int v = 0;
        for (; v + 2 <= vectors.Length; v += 2)
        {
            Vector<int> a = vectors[v];
            Vector<int> b = vectors[v + 1];
            Vector.Widen(a, out Vector<long> a0, out Vector<long> a1);
            Vector.Widen(b, out Vector<long> b0, out Vector<long> b1);
            long blockSum = HorizontalSum((a0 + a1) + (b0 + b1));
            if (Vector.LessThanAny(a | b, Vector<int>.Zero) || cumulative + blockSum >= target)
            {
                break;
            }

            cumulative += blockSum;
        }

        return v * Vector<int>.Count;
    }

    /// <summary>Short counts are widened to int lanes (which cannot overflow for four of them), then to long.</summary>
    private static int SkipShortBlocks(ReadOnlySpan<Vector<short>> vectors, long target, ref long cumulative)
    {
        int v = 0;
        for (; v + 2 <= vectors.Length; v += 2)
        {
            Vector<short> a = vectors[v];
            Vector<short> b = vectors[v + 1];
            Vector.Widen(a, out Vector<int> a0, out Vector<int> a1);
            Vector.Widen(b, out Vector<int> b0, out Vector<int> b1);
            Vector.Widen((a0 + a1) + (b0 + b1), out Vector<long> low, out Vector<long> high);
            long blockSum = HorizontalSum(low + high);
            if (Vector.LessThanAny(a | b, Vector<short>.Zero) || cumulative + blockSum >= target)
            {
                break;
            }

            cumulative += blockSum;
        }

        return v * Vector<short>.Count;
    }
}
