using FluentAssertions;
using HdrHistogram.CompatTests.Infrastructure;
using Xunit;

namespace HdrHistogram.CompatTests.Behaviour;

/// <summary>
/// A count that does not fit a short or int count, recorded with every record method (and Add) on plain and concurrent
/// types and through recorders: no exception, the count wraps as in 2.5.0, the total counts every value, and
/// HasOverflowed reports it; long counts are unchanged. Each scenario's text (total, count, HasOverflowed) is 2.5.0's.
/// </summary>
public class CountOverflowTests
{
    public static TheoryData<string> Scenarios() => BothLibraries.Named("overflow ");

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void Overflowing_a_count_behaves_exactly_as_in_2_5_0(string name)
    {
        var (theirs, ours) = BothLibraries.Run(name);

        theirs.Exception.Should().BeNull(name + " on 2.5.0");
        ours.Exception.Should().BeNull(name + " on ours");
        ours.Result.Should().Be(theirs.Result, name);
        if (!name.Contains("Long", System.StringComparison.Ordinal))
        {
            ours.Result.Should().EndWith("overflowed True", name);
        }
    }

    [Fact]
    public void An_int_count_recorded_past_its_maximum_wraps_and_the_total_counts_it()
    {
        var plain = new IntHistogram(1, 3_600_000, 3);
        var concurrent = new IntConcurrentHistogram(1, 3_600_000, 3);
        foreach (HistogramBase histogram in new HistogramBase[] { plain, concurrent })
        {
            histogram.RecordValueWithCount(5, int.MaxValue);
            histogram.RecordValue(5);
            histogram.GetCountAtValue(5).Should().Be(int.MinValue);
            histogram.TotalCount.Should().Be(2_147_483_648L);
            histogram.HasOverflowed().Should().BeTrue();
            histogram.Reset();
            histogram.TotalCount.Should().Be(0);
            histogram.HasOverflowed().Should().BeFalse();
        }
    }
}
