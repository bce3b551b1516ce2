using System.Threading;

namespace HdrHistogram.UnitTests.Recording;

// Two tests measure allocation: the class runs in the non-parallel allocation collection.
[Collection(AllocationMeter.Collection)]
public class RecorderTests
{
    private const long Highest = 3_600_000_000;

    public static TheoryData<string> RecorderKinds => new() { "Recorder", "SingleWriterRecorder" };

    [Theory]
    [MemberData(nameof(RecorderKinds))]
    public void Recording_allocates_nothing_once_warmed_up(string kind)
    {
        var recorder = Create(kind, Highest);
        long[] values = new long[1024];
        var random = new Random(7);
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = 1 + (long)(random.NextDouble() * Highest);
        }

        long allocated = AllocationMeter.Measure(() => RecordValues(recorder, values, 100_000), iterations: 1, warmUp: 1);

        allocated.Should().Be(0);
        _ = TakeInterval(recorder, null);
        RecordValues(recorder, values, 100_000);
        TakeInterval(recorder, null).TotalCount.Should().Be(100_000);
    }

    [Theory]
    [MemberData(nameof(RecorderKinds))]
    public void Taking_intervals_with_recycling_allocates_nothing_once_warmed_up(string kind)
    {
        var recorder = Create(kind, Highest);
        HistogramBase? interval = null;
        for (int i = 0; i < 3; i++)
        {
            recorder.RecordValue(1000 + i);
            interval = TakeInterval(recorder, interval);
        }

        long allocated = AllocationMeter.Measure(
            () =>
            {
                recorder.RecordValue(1000);
                interval = TakeInterval(recorder, interval);
            },
            iterations: 100);

        allocated.Should().Be(0);
        interval!.TotalCount.Should().Be(1);
    }

    [Theory]
    [MemberData(nameof(RecorderKinds))]
    public void Intervals_hold_what_was_recorded_since_the_previous_one(string kind)
    {
        var recorder = Create(kind, Highest);
        recorder.RecordValue(100);
        recorder.RecordValueWithCount(2000, 3);

        var first = TakeInterval(recorder, null);
        first.TotalCount.Should().Be(4);
        first.GetCountAtValue(2000).Should().Be(3);

        recorder.RecordValueWithExpectedInterval(1000, 250);
        var second = TakeInterval(recorder, null);
        second.TotalCount.Should().Be(4, "1000 plus the corrected 750, 500 and 250");
        second.GetCountAtValue(250).Should().Be(1);
        first.TotalCount.Should().Be(4, "an interval handed out is not touched again");

        TakeInterval(recorder, null).TotalCount.Should().Be(0);
        second.Should().NotBeSameAs(first);
    }

    [Theory]
    [MemberData(nameof(RecorderKinds))]
    public void Interval_timestamps_are_set_contiguous_and_ordered(string kind)
    {
        long created = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        var recorder = Create(kind, Highest);
        Thread.Sleep(5);
        var first = TakeInterval(recorder, null);
        Thread.Sleep(5);
        var second = TakeInterval(recorder, null);
        long taken = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();

        first.StartTimeStamp.Should().BeInRange(created, taken);
        first.EndTimeStamp.Should().BeGreaterThan(first.StartTimeStamp);
        second.StartTimeStamp.Should().Be(first.EndTimeStamp);
        second.EndTimeStamp.Should().BeGreaterThan(second.StartTimeStamp).And.BeLessThanOrEqualTo(taken);
    }

    [Theory]
    [MemberData(nameof(RecorderKinds))]
    public void Interval_statistics_are_those_of_the_values_recorded(string kind)
    {
        // The thread-safe recorder's writers add to the counts only; the interval's total and extremes follow from
        // its counts once they have left. Each interval against the same values in a plain histogram.
        var recorder = Create(kind, Highest);
        var random = new Random(3);
        HistogramBase? recycle = null;
        for (int round = 0; round < 3; round++)
        {
            var expected = new LongHistogram(1, Highest, 3);
            for (int i = 0; i < 5000; i++)
            {
                long value = round == 2 ? 0 : 1 + (long)(random.NextDouble() * random.NextDouble() * Highest);
                recorder.RecordValue(value);
                expected.RecordValue(value);
            }

            if (round == 1)
            {
                // A count of 0 records no value but still widens the extremes, as in Java.
                recorder.RecordValueWithCount(Highest, 0);
                expected.RecordValueWithCount(Highest, 0);
                recorder.RecordValueWithCount(3, 2);
                expected.RecordValueWithCount(3, 2);
            }

            var interval = TakeInterval(recorder, recycle);
            interval.TotalCount.Should().Be(expected.TotalCount);
            interval.GetMaxValue().Should().Be(expected.GetMaxValue());
            interval.GetMinNonZeroValue().Should().Be(expected.GetMinNonZeroValue());
            interval.GetMinValue().Should().Be(expected.GetMinValue());
            interval.GetMean().Should().Be(expected.GetMean());
            interval.Equals(expected).Should().BeTrue();
            recycle = interval;
        }
    }

    [Theory]
    [MemberData(nameof(RecorderKinds))]
    public void Recycling_a_histogram_the_recorder_did_not_hand_out_throws(string kind)
    {
        var recorder = Create(kind, Highest);
        var other = Create(kind, Highest);
        var ours = TakeInterval(recorder, null);
        var theirs = TakeInterval(other, null);

        // Same type, configuration and even instance id: still not one of ours.
        var lookalike = ours is LongConcurrentHistogram
            ? (HistogramBase)new LongConcurrentHistogram(ours.InstanceId, 1, Highest, 3)
            : new LongHistogram(ours.InstanceId, 1, Highest, 3);

        foreach (var foreign in new[] { theirs, lookalike, new LongHistogram(1, Highest, 3), ours.Copy() })
        {
            FluentActions.Invoking(() => TakeInterval(recorder, foreign))
                .Should().Throw<InvalidOperationException>().WithMessage("*histogramToRecycle*previous GetIntervalHistogram()*");
        }

        recorder.RecordValue(42);
        TakeInterval(recorder, ours).GetCountAtValue(42).Should().Be(1, "a failed recycle takes no interval");
    }

    [Theory]
    [MemberData(nameof(RecorderKinds))]
    public void Recycling_the_same_histogram_twice_in_a_row_throws(string kind)
    {
        var recorder = Create(kind, Highest);
        var first = TakeInterval(recorder, null);
        _ = TakeInterval(recorder, first);

        // first is now the histogram being recorded into.
        FluentActions.Invoking(() => TakeInterval(recorder, first)).Should().Throw<InvalidOperationException>().WithMessage("*already recycled*");
    }

    [Theory]
    [MemberData(nameof(RecorderKinds))]
    public void Reset_discards_everything_recorded_so_far(string kind)
    {
        var recorder = Create(kind, Highest);
        recorder.RecordValueWithCount(500, 7);
        _ = TakeInterval(recorder, null);
        recorder.RecordValue(600);

        long beforeReset = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        Reset(recorder);
        recorder.RecordValue(700);

        var interval = TakeInterval(recorder, null);
        interval.TotalCount.Should().Be(1);
        interval.GetCountAtValue(700).Should().Be(1);
        interval.GetCountAtValue(600).Should().Be(0);
        interval.StartTimeStamp.Should().BeGreaterThanOrEqualTo(beforeReset, "the interval after a reset starts at the reset");
    }

    [Theory]
    [MemberData(nameof(RecorderKinds))]
    public void Interval_into_a_target_copies_counts_and_timestamps_and_starts_the_next_interval(string kind)
    {
        var recorder = Create(kind, Highest);
        recorder.RecordValueWithCount(1234, 5);
        var target = new IntHistogram(1, Highest, 3) { Tag = "old" };
        target.RecordValue(99);

        IntoTarget(recorder, target);

        target.TotalCount.Should().Be(5);
        target.GetCountAtValue(99).Should().Be(0);
        target.GetCountAtValue(1234).Should().Be(5);
        target.StartTimeStamp.Should().BeGreaterThan(0);
        target.EndTimeStamp.Should().BeGreaterThanOrEqualTo(target.StartTimeStamp);
        target.Tag.Should().BeNull();
        TakeInterval(recorder, null).TotalCount.Should().Be(0);
        FluentActions.Invoking(() => IntoTarget(recorder, null!)).Should().Throw<ArgumentNullException>();
    }

    [Theory]
    [MemberData(nameof(RecorderKinds))]
    public void A_value_out_of_range_throws_and_leaves_the_recorder_usable(string kind)
    {
        var recorder = Create(kind, 1000);
        FluentActions.Invoking(() => recorder.RecordValue(1_000_000)).Should().Throw<IndexOutOfRangeException>();
        FluentActions.Invoking(() => recorder.RecordValue(-1)).Should().Throw<IndexOutOfRangeException>();
        recorder.RecordValue(10);

        // Taking an interval waits for writers in their critical section: a throwing record must have left it.
        TakeInterval(recorder, null).TotalCount.Should().Be(1);
    }

    [Fact]
    public void Default_recorders_record_into_Javas_histogram_kinds_and_auto_resize_on_request()
    {
        var recorder = new Recorder(3);
        recorder.RecordValue(long.MaxValue / 4);
        var interval = recorder.GetIntervalHistogram();
        interval.Should().BeOfType<LongConcurrentHistogram>();
        interval.AutoResize.Should().BeTrue();
        interval.GetCountAtValue(long.MaxValue / 4).Should().Be(1);
        recorder.GetIntervalHistogram().AutoResize.Should().BeTrue("histograms created later keep the setting");

        var single = new SingleWriterRecorder(3);
        single.RecordValue(long.MaxValue / 4);
        single.GetIntervalHistogram().Should().BeOfType<LongHistogram>().Which.AutoResize.Should().BeTrue();

        new Recorder(1000, 2).GetIntervalHistogram().Should().BeOfType<LongConcurrentHistogram>().Which.HighestTrackableValue.Should().BeGreaterThanOrEqualTo(1000);
        new SingleWriterRecorder(10, 1000, 2).GetIntervalHistogram().LowestTrackableValue.Should().Be(10);
    }

    [Fact]
    public void Interval_histograms_carry_the_recorder_s_instance_id()
    {
        var recorder = new Recorder(1, Highest, 3);
        var first = recorder.GetIntervalHistogram();
        var second = recorder.GetIntervalHistogram(first);
        var third = recorder.GetIntervalHistogram();
        second.InstanceId.Should().Be(first.InstanceId);
        third.InstanceId.Should().Be(first.InstanceId);
        new Recorder(1, Highest, 3).GetIntervalHistogram().InstanceId.Should().NotBe(first.InstanceId);
    }

    [Fact]
    public void A_factory_delegate_makes_the_histograms_and_must_return_new_ones()
    {
        long seenId = 0;
        var recorder = new Recorder(1, 1000, 2, (id, lowest, highest, digits) =>
        {
            seenId = id;
            return new IntConcurrentHistogram(id, lowest, highest, digits);
        });
        recorder.RecordValue(5);
        var interval = recorder.GetIntervalHistogram();
        interval.Should().BeOfType<IntConcurrentHistogram>();
        interval.InstanceId.Should().Be(seenId);
        interval.GetCountAtValue(5).Should().Be(1);

        FluentActions.Invoking(() => new Recorder(1, 1000, 2, null!)).Should().Throw<ArgumentNullException>();
        FluentActions.Invoking(() => new Recorder(0, 1000, 2)).Should().Throw<ArgumentOutOfRangeException>();

        var shared = new LongHistogram(1, 1000, 2);
        var sharing = new SingleWriterRecorder(1, 1000, 2, (_, _, _, _) => shared);
        FluentActions.Invoking(() => sharing.GetIntervalHistogram()).Should().Throw<InvalidOperationException>().WithMessage("*new histogram*");
    }

    [Fact]
    public void Factory_builds_recorders_over_the_configured_histogram_kind()
    {
        Kind(HistogramFactory.With64BitBucketSize().WithThreadSafeWrites().WithThreadSafeReads().Create()).Should().Be<LongConcurrentHistogram>();
        Kind(HistogramFactory.With32BitBucketSize().WithThreadSafeWrites().WithThreadSafeReads().Create()).Should().Be<IntConcurrentHistogram>();
        Kind(HistogramFactory.With64BitBucketSize().WithThreadSafeReads().Create()).Should().Be<LongHistogram>();
        Kind(HistogramFactory.With32BitBucketSize().WithThreadSafeReads().Create()).Should().Be<IntHistogram>();
        Kind(HistogramFactory.With16BitBucketSize().WithThreadSafeReads().Create()).Should().Be<ShortHistogram>();
        HistogramFactory.With16BitBucketSize().WithThreadSafeReads().CreateSingleWriter().GetIntervalHistogram().Should().BeOfType<ShortHistogram>();

        var configured = HistogramFactory.With32BitBucketSize().WithValuesFrom(100).WithValuesUpTo(1_000_000).WithPrecisionOf(4).WithThreadSafeWrites()
            .WithThreadSafeReads().Create().GetIntervalHistogram();
        configured.LowestTrackableValue.Should().Be(100);
        configured.HighestTrackableValue.Should().BeGreaterThanOrEqualTo(1_000_000);
        configured.NumberOfSignificantValueDigits.Should().Be(4);
        configured.AutoResize.Should().BeFalse();
        HistogramFactory.With64BitBucketSize().WithAutoResize().WithThreadSafeReads().Create().GetIntervalHistogram().AutoResize.Should().BeTrue();

        var withId = HistogramFactory.With16BitBucketSize().Create(77, 1, 1000, 2);
        withId.InstanceId.Should().Be(77);
        withId.Should().BeOfType<ShortHistogram>();

        static Type Kind(Recorder recorder) => recorder.GetIntervalHistogram().GetType();
    }

    private static IRecorder Create(string kind, long highest) => kind switch
    {
        "Recorder" => new Recorder(1, highest, 3),
        _ => new SingleWriterRecorder(1, highest, 3),
    };

    private static HistogramBase TakeInterval(IRecorder recorder, HistogramBase? recycle) => recorder switch
    {
        Recorder r => r.GetIntervalHistogram(recycle),
        SingleWriterRecorder s => s.GetIntervalHistogram(recycle),
        _ => throw new ArgumentException("Not a recorder.", nameof(recorder)),
    };

    private static void IntoTarget(IRecorder recorder, HistogramBase target)
    {
        if (recorder is Recorder r)
        {
            r.GetIntervalHistogramInto(target);
        }
        else
        {
            ((SingleWriterRecorder)recorder).GetIntervalHistogramInto(target);
        }
    }

    private static void Reset(IRecorder recorder)
    {
        if (recorder is Recorder r)
        {
            r.Reset();
        }
        else
        {
            ((SingleWriterRecorder)recorder).Reset();
        }
    }

    private static void RecordValues(IRecorder recorder, long[] values, int count)
    {
        for (int i = 0; i < count; i++)
        {
            recorder.RecordValue(values[i & (values.Length - 1)]);
        }
    }
}
