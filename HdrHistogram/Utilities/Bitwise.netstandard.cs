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

    /// <summary>Counts the one bits of <paramref name="value"/> (SWAR: pairs, nibbles, then one multiply for the bytes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int PopCount(ulong value)
    {
        value -= (value >> 1) & 0x5555555555555555UL;
        value = (value & 0x3333333333333333UL) + ((value >> 2) & 0x3333333333333333UL);
        value = (value + (value >> 4)) & 0x0F0F0F0F0F0F0F0FUL;
        return (int)((value * 0x0101010101010101UL) >> 56);
    }
}
