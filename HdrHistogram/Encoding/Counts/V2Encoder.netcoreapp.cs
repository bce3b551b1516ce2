using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

using HdrHistogram.Utilities;

namespace HdrHistogram.Encoding;

internal static partial class V2Encoder
{
    /// <summary>The length of the zero run starting at <paramref name="start"/> (whose count is zero), at least 1.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int ZeroRunLength<T>(ReadOnlySpan<T> counts, int start)
        where T : unmanaged, IEquatable<T>
    {
        // Lone zeros are common in dense histograms: check the next slot before starting a vector scan.
        int next = start + 1;
        if (next >= counts.Length || CountStorage.ToInt64(in counts[next]) != 0)
        {
            return 1;
        }

        return IndexOfNonZero(counts, next + 1) - start;
    }

    /// <summary>
    /// The index of the first non-zero count at or after <paramref name="from"/>, or the length: a whole vector of
    /// counts compared per step (4 longs, 8 ints or 16 shorts with AVX2), then a scalar tail. Inline, unlike
    /// <c>IndexOfAnyExcept</c>, whose per-call cost showed on histograms with many short zero runs; inlined into
    /// the encoding loop, since a call there pushes the loop's state out of registers.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int IndexOfNonZero<T>(ReadOnlySpan<T> counts, int from)
        where T : unmanaged, IEquatable<T>
    {
        ref T origin = ref MemoryMarshal.GetReference(counts);
        int length = counts.Length;
        int i = from;
        if (Vector256.IsHardwareAccelerated)
        {
            while (i <= length - Vector256<T>.Count)
            {
                uint zeros = Vector256.Equals(Vector256.LoadUnsafe(ref origin, (nuint)i), Vector256<T>.Zero).ExtractMostSignificantBits();
                uint nonZero = ~zeros & (uint)((1UL << Vector256<T>.Count) - 1);
                if (nonZero != 0)
                {
                    return i + BitOperations.TrailingZeroCount(nonZero);
                }

                i += Vector256<T>.Count;
            }
        }
        else if (Vector128.IsHardwareAccelerated)
        {
            while (i <= length - Vector128<T>.Count)
            {
                uint zeros = Vector128.Equals(Vector128.LoadUnsafe(ref origin, (nuint)i), Vector128<T>.Zero).ExtractMostSignificantBits();
                uint nonZero = ~zeros & (uint)((1UL << Vector128<T>.Count) - 1);
                if (nonZero != 0)
                {
                    return i + BitOperations.TrailingZeroCount(nonZero);
                }

                i += Vector128<T>.Count;
            }
        }

        while (i < length && CountStorage.ToInt64(in Unsafe.Add(ref origin, i)) == 0)
        {
            i++;
        }

        return i;
    }
}
