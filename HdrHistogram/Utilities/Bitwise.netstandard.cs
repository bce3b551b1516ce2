using System;
using System.Runtime.CompilerServices;

namespace HdrHistogram.Utilities;

public static partial class Bitwise
{
    /// <summary>Counts the leading zero bits of <paramref name="value"/> without hardware intrinsics (netstandard2.0).</summary>
    /// <param name="value">The value to inspect.</param>
    /// <returns>A number from 0 to 64.</returns>
    /// <remarks>
    /// A whole number below 2^53 converts to <see cref="double"/> exactly, so the double's biased exponent is
    /// 1023 + the position of the highest set bit, and 1086 - exponent is the leading-zero count. That covers every
    /// value a histogram records in practice (the record path counts <c>value | subBucketMask</c>, at least 1) with one
    /// predictable branch and no table; 0 and values of 54 bits or more shift 11 bits out first. It is the fastest
    /// software variant <c>HdrHistogram.Benchmarking/Bits/LeadingZeroCountBenchmark.cs</c> compares (docs/performance.md).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int LeadingZeroCount(ulong value)
    {
        if (value - 1 < (1UL << 53) - 1)
        {
            return 1086 - (int)(BitConverter.DoubleToInt64Bits((long)value) >> 52);
        }

        return value == 0 ? 64 : 1075 - (int)(BitConverter.DoubleToInt64Bits((long)(value >> 11)) >> 52);
    }
}
