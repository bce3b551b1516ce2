using System.Globalization;

namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// One test per defect of upstream HdrHistogram.NET that this library must not repeat
/// (see the fork's reference notes, "Defects upstream has").
/// </summary>
public class UpstreamDefectRegressionTests
{
    [Fact]
    public void Equivalent_range_arithmetic_is_64_bit_for_values_of_2_pow_31_and_above()
    {
        // Upstream computed 1 << (unitMagnitude + bucketIndex) in 32 bits: wrong from 2^31 on.
        var h = new LongHistogram(1, long.MaxValue / 2, 3);
        long value = 3_000_000_000_000; // bucket 31 at 3 digits: range size 2^31
        h.SizeOfEquivalentValueRange(value).Should().Be(1L << 31);
        long lowest = (value >> 31) << 31; // 1396 * 2^31 = 2_997_887_172_608
        h.LowestEquivalentValue(value).Should().Be(2_997_887_172_608).And.Be(lowest);
        h.HighestEquivalentValue(value).Should().Be(lowest + (1L << 31) - 1);
        h.NextNonEquivalentValue(value).Should().Be(lowest + (1L << 31));

        h.RecordValue(value);
        h.GetMaxValue().Should().Be(lowest + (1L << 31) - 1);
        h.GetValueAtPercentile(100).Should().Be(h.GetMaxValue());
    }

    [Theory]
    [InlineData(-1L)]
    [InlineData(long.MinValue)]
    [InlineData(-4611686018427387904L)]
    public void Negative_values_are_rejected_with_IndexOutOfRangeException_as_2_5_0_throws(long value)
    {
        foreach (var h in AllTypes(1, long.MaxValue / 2, 3))
        {
            h.Invoking(x => x.RecordValue(value)).Should().Throw<IndexOutOfRangeException>().WithMessage("The value * is negative*");
            h.Invoking(x => x.RecordValueWithCount(value, 3)).Should().Throw<IndexOutOfRangeException>();
            h.Invoking(x => x.RecordValueWithExpectedInterval(value, 10)).Should().Throw<IndexOutOfRangeException>();
            h.TotalCount.Should().Be(0, "nothing may have been counted for {0}", h.GetType().Name);
            h.GetMaxValue().Should().Be(0);
        }
    }

    [Fact]
    public void Negative_values_are_rejected_on_narrow_histograms_too()
    {
        // Upstream failed deep in the bit arithmetic with a bare IndexOutOfRangeException here: the type stays, the
        // message says what is wrong, and nothing is counted.
        var h = new LongHistogram(1, 1000, 2);
        h.Invoking(x => x.RecordValue(-5)).Should().Throw<IndexOutOfRangeException>().WithMessage("The value -5 is negative*");
        h.Invoking(x => x.GetCountAtValue(-5)).Should().Throw<IndexOutOfRangeException>();
        h.TotalCount.Should().Be(0);
    }

    [Fact]
    public void ShortHistogram_counts_wrap_as_in_2_5_0_and_HasOverflowed_reports_it()
    {
        var h = new ShortHistogram(1, 1000, 2);
        h.RecordValueWithCount(7, short.MaxValue);

        h.RecordValue(7);
        h.GetCountAtValue(7).Should().Be(short.MinValue);
        h.TotalCount.Should().Be(short.MaxValue + 1);
        h.HasOverflowed().Should().BeTrue();
    }

    [Fact]
    public void IntHistogram_counts_wrap_as_in_2_5_0_and_HasOverflowed_reports_it()
    {
        var h = new IntHistogram(1, 1000, 2);
        h.RecordValueWithCount(7, int.MaxValue);
        h.RecordValueWithCount(7, 1);
        h.GetCountAtValue(7).Should().Be(int.MinValue);
        h.TotalCount.Should().Be(int.MaxValue + 1L);
        h.HasOverflowed().Should().BeTrue();

        var concurrent = new IntConcurrentHistogram(1, 1000, 2);
        concurrent.RecordValueWithCount(7, int.MaxValue);
        concurrent.RecordValue(7);
        concurrent.GetCountAtValue(7).Should().Be(int.MinValue);
        concurrent.TotalCount.Should().Be(int.MaxValue + 1L);
        concurrent.HasOverflowed().Should().BeTrue();
    }

    [Fact]
    public void Adding_short_histograms_that_overflow_wraps_as_in_2_5_0()
    {
        var a = new ShortHistogram(1, 1000, 2);
        a.RecordValueWithCount(1, 10);
        a.RecordValueWithCount(500, 30000);
        var b = new ShortHistogram(1, 1000, 2);
        b.RecordValueWithCount(1, 5);
        b.RecordValueWithCount(500, 30000);

        a.Add(b);

        a.GetCountAtValue(1).Should().Be(15);
        a.GetCountAtValue(500).Should().Be(60000 - 65536);
        a.TotalCount.Should().Be(60015);
        a.HasOverflowed().Should().BeTrue();
    }

    [Fact]
    public void Maximum_is_tracked_at_record_time_not_scanned()
    {
        // Java (and this library) track the maximum when recording; even a zero count raises it (Java quirk 3).
        // A scan of the counts, as upstream .NET did, would report 1000 here.
        var h = new LongHistogram(1, 3_600_000_000, 3);
        h.RecordValue(1000);
        h.RecordValueWithCount(5_000_000, 0);
        h.GetMaxValue().Should().Be(h.HighestEquivalentValue(5_000_000));
        h.GetMinNonZeroValue().Should().Be(1000);
    }

    [Fact]
    public void Iteration_yields_a_distinct_value_per_step()
    {
        var h = new LongHistogram(1, 1000, 2);
        h.RecordValue(1);
        h.RecordValue(10);
        h.RecordValue(100);

        var recorded = h.RecordedValues().ToList();
        recorded.Select(v => v.ValueIteratedTo).Should().Equal(1L, 10L, 100L);
        recorded.Select(v => v.TotalCountToThisValue).Should().Equal(1L, 2L, 3L);

        var all = h.AllValues().ToArray();
        all.Should().OnlyHaveUniqueItems();
        all.Select(v => v.ValueIteratedTo).Should().BeInAscendingOrder().And.OnlyHaveUniqueItems();
    }

    [Fact]
    public void Percentile_output_is_culture_invariant()
    {
        var h = new LongHistogram(1, 3_600_000_000, 3);
        for (int i = 1; i <= 1000; i++)
        {
            h.RecordValue(i * 1013L);
        }

        string invariant = Render(h);
        using (new CultureScope("de-DE"))
        {
            Render(h).Should().Be(invariant);
        }

        using (new CultureScope("ar-SA"))
        {
            Render(h).Should().Be(invariant);
        }

        invariant.Should().Contain("       1.013 0.000000000000").And.Contain("1.013,0.000000000000,1,1.00").And.NotContain("1,013");
    }

    [Fact]
    public void Copy_keeps_tag_timestamps_and_counts()
    {
        var h = new IntHistogram(1, 100_000, 3) { Tag = "svc-a", StartTimeStamp = 1_700_000_000_000, EndTimeStamp = 1_700_000_005_000 };
        h.RecordValueWithCount(42, 3);

        var copy = h.Copy();
        copy.Should().BeOfType<IntHistogram>();
        copy.Tag.Should().Be("svc-a");
        copy.StartTimeStamp.Should().Be(1_700_000_000_000);
        copy.EndTimeStamp.Should().Be(1_700_000_005_000);
        copy.Should().Be(h);

        var target = new LongHistogram(1, 100_000, 3);
        h.CopyInto(target);
        target.Tag.Should().Be("svc-a");
        target.StartTimeStamp.Should().Be(1_700_000_000_000);
        target.GetCountAtValue(42).Should().Be(3);
    }

    [Fact]
    public void Subtracting_below_zero_is_an_error_and_changes_nothing()
    {
        var a = new LongHistogram(1, 100_000, 3);
        a.RecordValueWithCount(10, 2);
        a.RecordValueWithCount(20, 1);
        var b = new LongHistogram(1, 100_000, 3);
        b.RecordValueWithCount(10, 1);
        b.RecordValueWithCount(20, 2);

        a.Invoking(x => x.Subtract(b)).Should().Throw<ArgumentException>().WithMessage("*count (2) at value 20*larger*");
        a.GetCountAtValue(10).Should().Be(2, "the check runs before anything is subtracted");
        a.GetCountAtValue(20).Should().Be(1);
        a.TotalCount.Should().Be(3);
    }

    private static HistogramBase[] AllTypes(long lowest, long highest, int digits) =>
    [
        new LongHistogram(lowest, highest, digits),
        new IntHistogram(lowest, highest, digits),
        new ShortHistogram(lowest, highest, digits),
        new LongConcurrentHistogram(lowest, highest, digits),
        new IntConcurrentHistogram(lowest, highest, digits),
    ];

    private static string Render(HistogramBase h)
    {
        var w = new StringWriter(CultureInfo.InvariantCulture);
        h.OutputPercentileDistribution(w, 5, 1000.0);
        h.OutputPercentileDistribution(w, 5, 1000.0, useCsvFormat: true);
        return w.ToString();
    }
}
