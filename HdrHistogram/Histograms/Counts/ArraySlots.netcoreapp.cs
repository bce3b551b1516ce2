using System.Numerics;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace HdrHistogram.Histograms.Counts;

internal readonly partial struct ArraySlots<T>
{
    /// <summary>
    /// A whole vector of counts compared per step (4 longs, 8 ints or 16 shorts with AVX2), then a scalar tail.
    /// Inline, unlike <c>IndexOfAnyExcept</c>, whose per-call cost showed on histograms with many short zero runs;
    /// inlined into the encoding loop, since a call there pushes the loop's state out of registers.
    /// </summary>
    /// <inheritdoc />
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int IndexOfNonZero(int from, int end)
    {
        ref T origin = ref MemoryMarshal.GetArrayDataReference(_slots);
        int length = Math.Min(end, _slots.Length);
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
