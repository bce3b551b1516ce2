using HdrHistogram.Histograms.Counts;

namespace HdrHistogram.UnitTests.Histograms.Counts;

/// <summary>
/// <see cref="CumulativeCountSearch.Sum{T}"/> adds counts in vector accumulators with a count-by-count tail: every
/// length around the vector and block widths must give LINQ's sum of the same counts, for the whole array and for a slice of it.
/// </summary>
public class CumulativeCountSearchTests
{
    public static TheoryData<int> Lengths()
    {
        var data = new TheoryData<int>();
        foreach (int length in new[] { 0, 1, 3, 4, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 1000, 33_792 })
        {
            data.Add(length);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void Sum_of_long_counts_is_the_plain_sum(int length)
    {
        var random = new Random(length);
        long[] counts = Enumerable.Range(0, length).Select(_ => random.Next(-5, 1_000_000) * 1_000_003L).ToArray();

        CumulativeCountSearch.Sum(new ReadOnlySpan<long>(counts, 0, length)).Should().Be(counts.Sum());
        CumulativeCountSearch.Sum(new ReadOnlySpan<long>(counts, length / 3, length / 2)).Should().Be(counts.Skip(length / 3).Take(length / 2).Sum());
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void Sum_of_int_counts_is_the_plain_sum_without_wrapping_in_32_bits(int length)
    {
        int[] counts = Enumerable.Range(0, length).Select(i => i % 5 == 0 ? -7 : int.MaxValue - i).ToArray();

        CumulativeCountSearch.Sum(new ReadOnlySpan<int>(counts, 0, length)).Should().Be(counts.Sum(c => (long)c));
        CumulativeCountSearch.Sum(new ReadOnlySpan<int>(counts, length / 3, length / 2)).Should().Be(counts.Skip(length / 3).Take(length / 2).Sum(c => (long)c));
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void Sum_of_short_counts_is_the_plain_sum(int length)
    {
        short[] counts = Enumerable.Range(0, length).Select(i => (short)(i % 3 == 0 ? short.MaxValue : i % 100)).ToArray();

        CumulativeCountSearch.Sum(new ReadOnlySpan<short>(counts, 0, length)).Should().Be(counts.Sum(c => (long)c));
        CumulativeCountSearch.Sum(new ReadOnlySpan<short>(counts, length / 3, length / 2)).Should().Be(counts.Skip(length / 3).Take(length / 2).Sum(c => (long)c));
    }
}
