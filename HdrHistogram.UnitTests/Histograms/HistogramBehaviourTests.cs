using System.Threading.Tasks;

namespace HdrHistogram.UnitTests.Histograms;

public class HistogramBehaviourTests
{
    [Fact]
    public void Values_beyond_the_range_throw_unless_auto_resize_is_on()
    {
        var h = new LongHistogram(1, 1000, 2);
        h.Invoking(x => x.RecordValue(1_000_000)).Should().Throw<IndexOutOfRangeException>().WithMessage("The value 1000000 is outside the histogram's covered range*");
        h.TotalCount.Should().Be(0);

        h.AutoResize = true;
        h.RecordValue(1_000_000);
        h.GetCountAtValue(1_000_000).Should().Be(1);
        h.HighestTrackableValue.Should().BeGreaterThanOrEqualTo(1_000_000);
        h.GetMaxValue().Should().Be(h.HighestEquivalentValue(1_000_000));
    }

    [Theory]
    [InlineData(typeof(LongHistogram))]
    [InlineData(typeof(IntHistogram))]
    [InlineData(typeof(ShortHistogram))]
    [InlineData(typeof(LongConcurrentHistogram))]
    [InlineData(typeof(IntConcurrentHistogram))]
    public void Auto_resizing_histograms_of_every_type_keep_every_count(Type type)
    {
        var h = (HistogramBase)Activator.CreateInstance(type, 3)!;
        h.AutoResize.Should().BeTrue();
        long expectedTotal = 0;
        for (int shift = 0; shift < 60; shift += 3)
        {
            h.RecordValueWithCount(1L << shift, shift + 1);
            expectedTotal += shift + 1;
        }

        h.TotalCount.Should().Be(expectedTotal);
        for (int shift = 0; shift < 60; shift += 3)
        {
            h.GetCountAtValue(1L << shift).Should().Be(shift + 1);
        }

        h.GetMaxValue().Should().Be(h.HighestEquivalentValue(1L << 57));
    }

    [Fact]
    public void Shifted_histograms_resize_correctly()
    {
        // A right shift leaves a negative normalizing offset; growing afterwards must keep every count in place.
        var h = new LongHistogram(1, 1L << 20, 2) { AutoResize = true };
        h.RecordValueWithCount(1 << 16, 3);
        h.RecordValueWithCount(1 << 18, 5);
        h.ShiftValuesRight(4);
        h.NormalizingIndexOffset.Should().BeNegative();

        h.RecordValueWithCount(1L << 40, 7);

        h.GetCountAtValue(1 << 12).Should().Be(3);
        h.GetCountAtValue(1 << 14).Should().Be(5);
        h.GetCountAtValue(1L << 40).Should().Be(7);
        h.TotalCount.Should().Be(15);
        h.RecordedValues().Sum(v => v.CountAtValueIteratedTo).Should().Be(15);
    }

    [Fact]
    public void Linear_buckets_step_by_the_bucket_width()
    {
        var h = new LongHistogram(1, 100_000, 3);
        for (int v = 0; v < 1000; v++)
        {
            h.RecordValue(v);
        }

        var steps = h.LinearBucketValues(100).ToList();
        steps.Select(s => s.ValueIteratedTo).Should().Equal(Enumerable.Range(1, 10).Select(i => (i * 100L) - 1));
        steps.Select(s => s.CountAddedInThisIterationStep).Should().AllBeEquivalentTo(100L);
        steps.Last().TotalCountToThisValue.Should().Be(1000);
    }

    [Fact]
    public void Logarithmic_buckets_double_in_width()
    {
        var h = new LongHistogram(1, 100_000, 3);
        for (int v = 1; v < 1024; v++)
        {
            h.RecordValue(v);
        }

        var steps = h.LogarithmicBucketValues(1, 2.0).ToList();
        steps.Select(s => s.ValueIteratedTo).Should().Equal(Enumerable.Range(0, 11).Select(k => (1L << k) - 1));
        steps.Select(s => s.CountAddedInThisIterationStep).Should().Equal(new[] { 0L }.Concat(Enumerable.Range(0, 10).Select(k => 1L << k)));
    }

    [Fact]
    public void Percentile_iteration_ends_with_a_step_at_100()
    {
        var h = new LongHistogram(1, 100_000, 3);
        h.RecordValue(10);
        h.RecordValue(20);
        var steps = h.Percentiles(5).ToList();
        steps.Last().PercentileLevelIteratedTo.Should().Be(100.0);
        steps.Last().ValueIteratedTo.Should().Be(20);
        steps.First().ValueIteratedTo.Should().Be(10);
    }

    [Fact]
    public void Equal_histograms_compare_equal_across_count_types_and_sizes()
    {
        var a = new LongHistogram(1, 1000, 3);
        var b = new IntHistogram(1, 1_000_000, 3);
        foreach (var h in new HistogramBase[] { a, b })
        {
            h.RecordValueWithCount(5, 2);
            h.RecordValue(900);
        }

        a.Should().Be(b);
        a.GetHashCode().Should().Be(b.GetHashCode());
        b.RecordValue(901);
        a.Should().NotBe(b);
    }

    [Fact]
    public void Factory_builds_the_requested_types()
    {
        HistogramFactory.With64BitBucketSize().WithValuesFrom(1).WithValuesUpTo(1000).WithPrecisionOf(2).Create().Should().BeOfType<LongHistogram>();
        HistogramFactory.With32BitBucketSize().Create().Should().BeOfType<IntHistogram>();
        HistogramFactory.With16BitBucketSize().Create().Should().BeOfType<ShortHistogram>();
        HistogramFactory.With64BitBucketSize().WithThreadSafeWrites().Create().Should().BeOfType<LongConcurrentHistogram>();
        HistogramFactory.With32BitBucketSize().WithThreadSafeWrites().Create().Should().BeOfType<IntConcurrentHistogram>();
        HistogramFactory.With64BitBucketSize().WithAutoResize().Create().AutoResize.Should().BeTrue();

        var h = HistogramFactory.With64BitBucketSize().WithValuesFrom(1000).WithValuesUpTo(1_000_000).WithPrecisionOf(4).Create();
        h.LowestTrackableValue.Should().Be(1000);
        h.HighestTrackableValue.Should().Be(1_000_000);
        h.NumberOfSignificantValueDigits.Should().Be(4);
        FluentActions.Invoking(() => HistogramFactory.With16BitBucketSize().WithThreadSafeWrites()).Should().Throw<NotSupportedException>();
    }

    [Fact]
    public void Record_scope_records_one_elapsed_value()
    {
        var h = new LongHistogram(TimeStamp.Minutes(1), 3);
        using (h.StartRecordingScope())
        {
            System.Threading.Thread.Sleep(1);
        }

        long elapsed = h.RecordElapsed(() => { });
        using (h.RecordScope())
        {
        }

        h.Record(() => { });
        h.TotalCount.Should().Be(4);
        h.GetMaxValue().Should().BeGreaterThan(0);
        elapsed.Should().BeGreaterThanOrEqualTo(0);
    }

    [Theory]
    [InlineData(0L, 1000L, 3)]
    [InlineData(1L, 1L, 3)]
    [InlineData(1L, 1000L, 6)]
    [InlineData(1L, 1000L, -1)]
    [InlineData(long.MaxValue / 2 + 1, long.MaxValue, 3)]
    public void Invalid_configurations_are_rejected(long lowest, long highest, int digits)
    {
        FluentActions.Invoking(() => new LongHistogram(lowest, highest, digits)).Should().Throw<ArgumentOutOfRangeException>();
    }

    [Fact]
    public void Reset_clears_counts_tracking_values_tag_and_timestamps()
    {
        var h = new LongHistogram(1, 100_000, 3) { Tag = "t", StartTimeStamp = 5, EndTimeStamp = 6 };
        h.RecordValue(77);
        h.Reset();
        h.TotalCount.Should().Be(0);
        h.GetCountAtValue(77).Should().Be(0);
        h.GetMaxValue().Should().Be(0);
        h.GetMinNonZeroValue().Should().Be(long.MaxValue);
        h.Tag.Should().BeNull();
        h.StartTimeStamp.Should().Be(0);
    }

    [Theory]
    [InlineData(typeof(LongConcurrentHistogram))]
    [InlineData(typeof(IntConcurrentHistogram))]
    public void Concurrent_writers_lose_no_counts_even_while_the_histogram_grows(Type type)
    {
        var h = (HistogramBase)Activator.CreateInstance(type, 2)!;
        const int threads = 4;
        const int perThread = 50_000;
        Parallel.For(0, threads, new ParallelOptions { MaxDegreeOfParallelism = threads }, t =>
        {
            for (int i = 0; i < perThread; i++)
            {
                // Values grow over time, so resizes happen while other threads record.
                h.RecordValue(((long)i << (i % 40)) + t);
            }
        });

        h.TotalCount.Should().Be(threads * perThread);
        h.RecordedValues().Sum(v => v.CountAtValueIteratedTo).Should().Be(threads * perThread);
        h.GetCountAtValue(0).Should().Be(1, "only thread 0's first value is 0");
    }
}
