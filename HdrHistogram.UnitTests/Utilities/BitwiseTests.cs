using HdrHistogram.Utilities;

namespace HdrHistogram.UnitTests.Utilities;

/// <summary>
/// The leading-zero count is the hardware instruction on .NET 8+ and a software (double-exponent) fallback on netstandard2.0; the
/// NetStandard test project runs these against the fallback.
/// </summary>
public class BitwiseTests
{
    [Fact]
    public void Leading_zero_count_is_exact_for_every_bit_position_and_its_neighbours()
    {
        Bitwise.LeadingZeroCount(0UL).Should().Be(64);
        for (int bit = 0; bit < 64; bit++)
        {
            ulong power = 1UL << bit;
            Bitwise.LeadingZeroCount(power).Should().Be(63 - bit);
            Bitwise.LeadingZeroCount(power | (power - 1)).Should().Be(63 - bit, "all bits below {0} set", bit);
            Bitwise.LeadingZeroCount(power + 1).Should().Be(63 - bit - (bit == 0 ? 1 : 0), "2^{0} + 1", bit);
            Bitwise.LeadingZeroCount(power - 1).Should().Be(bit == 0 ? 64 : 64 - bit, "2^{0} - 1", bit);
            Bitwise.NumberOfLeadingZeros((long)power).Should().Be(63 - bit);
        }

        Bitwise.LeadingZeroCount(ulong.MaxValue).Should().Be(0);
        Bitwise.NumberOfLeadingZeros(-1L).Should().Be(0);
    }

    [Fact]
    public void Leading_zero_count_matches_a_bit_by_bit_count_for_random_values()
    {
        var random = new System.Random(7);
        var bytes = new byte[8];
        for (int i = 0; i < 100_000; i++)
        {
            random.NextBytes(bytes);
            ulong value = System.BitConverter.ToUInt64(bytes, 0) >> random.Next(64);
            int expected = 0;
            for (ulong probe = 1UL << 63; probe != 0 && (value & probe) == 0; probe >>= 1)
            {
                expected++;
            }

            Bitwise.LeadingZeroCount(value).Should().Be(expected);
        }
    }
}
