namespace HdrHistogram.UnitTests.DoubleValued;

/// <summary>
/// <see cref="DoubleHistogram.Equals(DoubleHistogram)"/> both ways, for every double histogram kind: one bucket that
/// differs while the total, minimum and maximum agree makes the pair unequal; the same counts at the same scale are
/// equal whatever the kind, time stamps and tag.
/// </summary>
public class DoubleHistogramEqualityTests
{
    public static IEnumerable<object[]> Kinds() =>
        new[]
        {
            typeof(DoubleHistogram), typeof(DoubleConcurrentHistogram), typeof(SynchronizedDoubleHistogram),
            typeof(PackedDoubleHistogram), typeof(PackedConcurrentDoubleHistogram),
        }.Select(t => new object[] { t });

    private static DoubleHistogram Create(Type kind, int digits = 3) =>
        (DoubleHistogram)Activator.CreateInstance(kind, 1_000_000L, digits)!;

    private static DoubleHistogram With(DoubleHistogram h, params (double Value, long Count)[] recorded)
    {
        foreach (var (value, count) in recorded)
        {
            h.RecordValueWithCount(value, count);
        }

        return h;
    }

    private static void ShouldBeEqualBothWays(DoubleHistogram a, DoubleHistogram b, bool expected) => EqualityAssertions.ShouldBeEqualBothWays(a, b, expected);

    [Theory]
    [MemberData(nameof(Kinds))]
    public void One_bucket_moved_with_the_same_total_min_and_max_is_unequal(Type kind)
    {
        var a = With(Create(kind), (1.0, 1), (2.5, 1), (100.0, 1));
        var b = With(Create(kind), (1.0, 1), (3.5, 1), (100.0, 1));
        a.TotalCount.Should().Be(b.TotalCount);
        a.GetMinNonZeroValue().Should().Be(b.GetMinNonZeroValue());
        a.GetMaxValue().Should().Be(b.GetMaxValue());

        ShouldBeEqualBothWays(a, b, expected: false);
        ShouldBeEqualBothWays(a, With(Create(typeof(DoubleHistogram)), (1.0, 1), (3.5, 1), (100.0, 1)), expected: false);
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void The_same_buckets_with_counts_shifted_between_them_are_unequal(Type kind)
    {
        var a = With(Create(kind), (1.0, 2), (2.5, 1), (100.0, 1));
        var b = With(Create(kind), (1.0, 1), (2.5, 2), (100.0, 1));

        ShouldBeEqualBothWays(a, b, expected: false);
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void The_same_counts_are_equal_across_kinds_time_stamps_and_tags(Type kind)
    {
        (double, long)[] data = { (1.0, 3), (2.5, 1), (100.0, 7), (9_999.0, 2) };
        var a = With(Create(kind), data);
        var plain = With(Create(typeof(DoubleHistogram)), data);
        ShouldBeEqualBothWays(a, plain, expected: true);

        plain.StartTimeStamp = 1_000;
        plain.EndTimeStamp = 2_000;
        plain.Tag = "db";
        ShouldBeEqualBothWays(a, plain, expected: true);

        ShouldBeEqualBothWays(a, With(Create(kind, digits: 2), data), expected: false);
        a.Equals((DoubleHistogram?)null).Should().BeFalse();
    }
}
