namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// <see cref="HistogramBase.Equals(HistogramBase)"/> both ways, for every integer histogram kind: pairs that agree on
/// the total, the minimum and the maximum but not on one bucket are unequal (so a comparison that stops at those
/// summaries fails here), and pairs that hold the same counts are equal whatever their count type, covered range,
/// time stamps and tag (Java's contract: the data and the precision, not the bookkeeping).
/// </summary>
public class HistogramEqualityTests
{
    private const long Highest = 3_600_000_000L;

    public static IEnumerable<object[]> Kinds() =>
        new[]
        {
            typeof(LongHistogram), typeof(IntHistogram), typeof(ShortHistogram), typeof(LongConcurrentHistogram),
            typeof(IntConcurrentHistogram), typeof(PackedHistogram), typeof(PackedConcurrentHistogram), typeof(SynchronizedHistogram),
        }.Select(t => new object[] { t });

    private static HistogramBase Create(Type kind, long highest = Highest, int digits = 3, long lowest = 1) =>
        (HistogramBase)Activator.CreateInstance(kind, lowest, highest, digits)!;

    private static HistogramBase With(HistogramBase h, params (long Value, long Count)[] recorded)
    {
        foreach (var (value, count) in recorded)
        {
            h.RecordValueWithCount(value, count);
        }

        return h;
    }

    private static void ShouldBeUnequalBothWays(HistogramBase a, HistogramBase b) => EqualityAssertions.ShouldBeEqualBothWays(a, b, expected: false);

    private static void ShouldBeEqualBothWays(HistogramBase a, HistogramBase b) => EqualityAssertions.ShouldBeEqualBothWays(a, b, expected: true);

    [Theory]
    [MemberData(nameof(Kinds))]
    public void One_bucket_moved_with_the_same_total_min_and_max_is_unequal(Type kind)
    {
        var a = With(Create(kind), (10, 1), (20, 1), (1000, 1));
        var b = With(Create(kind), (10, 1), (30, 1), (1000, 1));
        a.TotalCount.Should().Be(b.TotalCount);
        a.GetMinNonZeroValue().Should().Be(b.GetMinNonZeroValue());
        a.GetMaxValue().Should().Be(b.GetMaxValue());

        ShouldBeUnequalBothWays(a, b);
        ShouldBeUnequalBothWays(a, With(Create(typeof(LongHistogram)), (10, 1), (30, 1), (1000, 1)));
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void The_same_buckets_with_counts_shifted_between_them_are_unequal(Type kind)
    {
        // Same recorded values, same total, min and max: only the counts per bucket tell them apart.
        var a = With(Create(kind), (10, 2), (20, 1), (1000, 1));
        var b = With(Create(kind), (10, 1), (20, 2), (1000, 1));

        ShouldBeUnequalBothWays(a, b);
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void A_bucket_difference_is_found_when_the_counts_arrays_differ_in_length(Type kind)
    {
        var narrow = With(Create(kind, highest: 10_000), (10, 1), (20, 1), (1000, 1));
        var wide = With(Create(kind), (10, 1), (30, 1), (1000, 1));
        narrow.CountsArrayLength.Should().BeLessThan(wide.CountsArrayLength);

        ShouldBeUnequalBothWays(narrow, wide);
        ShouldBeUnequalBothWays(narrow, With(Create(kind), (10, 2), (1000, 1)));
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void The_same_counts_are_equal_across_lengths_count_types_time_stamps_and_tags(Type kind)
    {
        (long, long)[] data = { (1, 3), (10, 1), (20, 7), (1000, 1), (123_456_789, 2) };
        var a = With(Create(kind), data);
        var wider = With(Create(kind, highest: Highest * 1000), data);
        var long64 = With(Create(typeof(LongHistogram)), data);
        a.CountsArrayLength.Should().BeLessThan(wider.CountsArrayLength);

        ShouldBeEqualBothWays(a, wider);
        ShouldBeEqualBothWays(a, long64);

        long64.StartTimeStamp = 1_000;
        long64.EndTimeStamp = 2_000;
        long64.Tag = "db";
        ShouldBeEqualBothWays(a, long64);
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void Precision_and_lowest_value_are_part_of_equality(Type kind)
    {
        (long, long)[] data = { (1000, 1), (20_000, 1) };
        var a = With(Create(kind), data);

        ShouldBeUnequalBothWays(a, With(Create(kind, digits: 2), data));
        ShouldBeUnequalBothWays(a, With(Create(kind, lowest: 1000), data));
        ShouldBeUnequalBothWays(a, Create(kind));
        a.Equals(a).Should().BeTrue();
        a.Equals((HistogramBase?)null).Should().BeFalse();
    }
}
