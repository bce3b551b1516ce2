using System;
using System.Numerics;
using System.Runtime.InteropServices;

namespace HdrHistogram.Utilities;

/// <summary>
/// Finds where a running sum of counts first reaches a target: whole blocks of counts are summed with
/// <see cref="Vector{T}"/> arithmetic and skipped while the sum stays below the target, and only the block that
/// reaches it is walked count by count. The answer is the one a count-by-count walk gives, negative (wrapped) counts
/// included: a block holding one is always walked.
/// </summary>
internal static partial class CumulativeCountSearch
{
    /// <summary>
    /// The first logical index at or after <paramref name="fromIndex"/> at which the running sum reaches
    /// <paramref name="target"/>, or -1; <paramref name="cumulative"/> holds the sum before <paramref name="fromIndex"/>
    /// on entry and through the returned index (or the last one scanned) on return.
    /// </summary>
    /// <param name="rawCounts">The physical counts array (long[], int[] or short[]).</param>
    /// <param name="physicalIndexOfZero">The slot holding logical index 0.</param>
    /// <param name="logicalLength">How many logical indexes to cover; at most the array length.</param>
    /// <param name="fromIndex">The logical index to start at.</param>
    /// <param name="target">The running sum to reach.</param>
    /// <param name="cumulative">The running sum.</param>
    /// <returns>The logical index, or -1 when the sum never reaches the target.</returns>
    public static int FindLogicalIndex(Array rawCounts, int physicalIndexOfZero, int logicalLength, int fromIndex, long target, ref long cumulative)
    {
        int arrayLength = rawCounts.Length;
        logicalLength = Math.Min(logicalLength, arrayLength);

        // Logical indexes 0.. sit at physical slots physicalIndexOfZero..arrayLength-1, then wrap to 0.
        int firstSegmentLength = Math.Min(logicalLength, arrayLength - physicalIndexOfZero);
        if (fromIndex < firstSegmentLength)
        {
            int found = Find(rawCounts, physicalIndexOfZero + fromIndex, firstSegmentLength - fromIndex, target, ref cumulative);
            if (found >= 0)
            {
                return fromIndex + found;
            }

            fromIndex = firstSegmentLength;
        }

        if (fromIndex < logicalLength)
        {
            int found = Find(rawCounts, fromIndex - firstSegmentLength, logicalLength - fromIndex, target, ref cumulative);
            if (found >= 0)
            {
                return fromIndex + found;
            }
        }

        return -1;
    }

    private static int Find(Array rawCounts, int start, int length, long target, ref long cumulative) => rawCounts switch
    {
        long[] longs => Find(new ReadOnlySpan<long>(longs, start, length), target, ref cumulative),
        int[] ints => Find(new ReadOnlySpan<int>(ints, start, length), target, ref cumulative),
        short[] shorts => Find(new ReadOnlySpan<short>(shorts, start, length), target, ref cumulative),
        _ => throw new InvalidOperationException("Unsupported counts storage " + rawCounts.GetType().Name + "."),
    };

    /// <summary>Long counts: four vectors per block.</summary>
    internal static int Find(ReadOnlySpan<long> counts, long target, ref long cumulative)
    {
        int blockLength = 4 * Vector<long>.Count;
        int i = 0;
        while (true)
        {
            if (Vector.IsHardwareAccelerated)
            {
                ReadOnlySpan<Vector<long>> vectors = MemoryMarshal.Cast<long, Vector<long>>(counts.Slice(i));
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

                i += v * Vector<long>.Count;
            }

            int end = Math.Min(i + blockLength, counts.Length);
            for (; i < end; i++)
            {
                cumulative += counts[i];
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

    /// <summary>Int counts: two vectors per block, widened to long lanes before they are summed.</summary>
    internal static int Find(ReadOnlySpan<int> counts, long target, ref long cumulative)
    {
        int blockLength = 2 * Vector<int>.Count;
        int i = 0;
        while (true)
        {
            if (Vector.IsHardwareAccelerated)
            {
                ReadOnlySpan<Vector<int>> vectors = MemoryMarshal.Cast<int, Vector<int>>(counts.Slice(i));
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

                i += v * Vector<int>.Count;
            }

            int end = Math.Min(i + blockLength, counts.Length);
            for (; i < end; i++)
            {
                cumulative += counts[i];
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

    /// <summary>Short counts: two vectors per block, widened to int lanes (which cannot overflow) and then to long.</summary>
    internal static int Find(ReadOnlySpan<short> counts, long target, ref long cumulative)
    {
        int blockLength = 2 * Vector<short>.Count;
        int i = 0;
        while (true)
        {
            if (Vector.IsHardwareAccelerated)
            {
                ReadOnlySpan<Vector<short>> vectors = MemoryMarshal.Cast<short, Vector<short>>(counts.Slice(i));
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

                i += v * Vector<short>.Count;
            }

            int end = Math.Min(i + blockLength, counts.Length);
            for (; i < end; i++)
            {
                cumulative += counts[i];
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
}
