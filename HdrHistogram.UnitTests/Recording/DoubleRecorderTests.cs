using System.Threading;

namespace HdrHistogram.UnitTests.Recording;

/// <summary>
/// <see cref="DoubleRecorder"/> and <see cref="SingleWriterDoubleRecorder"/>: construction, the record calls, interval
/// timestamps, recycling (and Java's checks on it), taking an interval into a target, reset, and no allocation per
/// record or per recycled interval once warmed up.
/// </summary>
// Two tests measure allocation: the class runs in the non-parallel allocation collection.
[Collection(AllocationMeter.Collection)]
public class DoubleRecorderTests
{
    public static TheoryData<string> Kinds => new() { "DoubleRecorder", "SingleWriterDoubleRecorder" };

    [Theory]
    [MemberData(nameof(Kinds))]
    public void Constructors_configure_the_interval_histograms(string kind)
    {
        var auto = Subject.Create(kind, null, 3);
        var interval = auto.Take(null);
        interval.GetType().Should().Be(kind == "DoubleRecorder" ? typeof(DoubleConcurrentHistogram) : typeof(DoubleHistogram));
        interval.AutoResize.Should().BeTrue();
        interval.NumberOfSignificantValueDigits.Should().Be(3);
        interval.GetHighestToLowestValueRatio().Should().Be(2);
        interval.TotalCount.Should().Be(0);

        var fixedRange = Subject.Create(kind, 1_000_000, 2);
        interval = fixedRange.Take(null);
        interval.GetType().Should().Be(kind == "DoubleRecorder" ? typeof(DoubleConcurrentHistogram) : typeof(DoubleHistogram));
        interval.AutoResize.Should().BeFalse();
        interval.NumberOfSignificantValueDigits.Should().Be(2);
        interval.GetHighestToLowestValueRatio().Should().Be(1_000_000);
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void Invalid_configurations_are_rejected(string kind)
    {
        var digits = () => Subject.Create(kind, null, 6);
        digits.Should().Throw<ArgumentOutOfRangeException>();
        var ratio = () => Subject.Create(kind, 1, 3);
        ratio.Should().Throw<ArgumentOutOfRangeException>();
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void Every_record_call_lands_in_the_interval(string kind)
    {
        var recorder = Subject.Create(kind, null, 3);
        recorder.RecordValue(1.5);
        recorder.RecordValueWithCount(2.5, 3);
        recorder.RecordValueWithExpectedInterval(10.0, 2.0); // 10, and the missed 8, 6, 4, 2.
        var interval = recorder.Take(null);
        interval.TotalCount.Should().Be(1 + 3 + 5);
        interval.GetCountAtValue(1.5).Should().Be(1);
        interval.GetCountAtValue(2.5).Should().Be(3);
        foreach (double v in new[] { 2.0, 4.0, 6.0, 8.0, 10.0 })
        {
            interval.GetCountAtValue(v).Should().Be(1, "value {0}", v);
        }

        recorder.Take(null).TotalCount.Should().Be(0, "each interval holds only what was recorded since the previous one");
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void Negative_values_are_rejected(string kind)
    {
        var recorder = Subject.Create(kind, null, 3);
        var act = () => recorder.RecordValue(-1.0);
        act.Should().Throw<ArgumentOutOfRangeException>();
        recorder.Take(null).TotalCount.Should().Be(0);
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void Intervals_carry_consecutive_timestamps(string kind)
    {
        long created = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        var recorder = Subject.Create(kind, null, 3);
        recorder.RecordValue(1.0);
        Thread.Sleep(5);
        var first = recorder.Take(null);
        long taken = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        first.StartTimeStamp.Should().BeInRange(created, taken);
        first.EndTimeStamp.Should().BeInRange(first.StartTimeStamp + 1, taken);
        Thread.Sleep(5);
        var second = recorder.Take(null);
        second.StartTimeStamp.Should().Be(first.EndTimeStamp, "each interval starts when the previous one was taken");
        second.EndTimeStamp.Should().BeGreaterThan(second.StartTimeStamp);
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void Recycled_histograms_come_back_as_later_intervals(string kind)
    {
        var recorder = Subject.Create(kind, 1L << 20, 3);
        recorder.RecordValue(1.0);
        var first = recorder.Take(null);
        recorder.RecordValue(2.0);
        var second = recorder.Take(first);
        second.Should().NotBeSameAs(first);
        second.TotalCount.Should().Be(1);
        second.GetCountAtValue(2.0).Should().Be(1);
        recorder.RecordValueWithCount(3.0, 7);
        var third = recorder.Take(second);
        third.Should().BeSameAs(first, "the recycled histogram was recorded into, and is now the interval");
        third.TotalCount.Should().Be(7);
        third.GetCountAtValue(3.0).Should().Be(7);
        third.GetCountAtValue(1.0).Should().Be(0, "it was reset before being recorded into again");

        var again = () => recorder.Take(second);
        again.Should().Throw<InvalidOperationException>().WithMessage("*recycle*", "second was recycled and is being recorded into again");
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void Only_histograms_of_this_recorder_may_be_recycled(string kind)
    {
        var recorder = Subject.Create(kind, null, 3);
        var other = Subject.Create(kind, null, 3);
        var foreign = () => recorder.Take(new DoubleHistogram(3));
        foreign.Should().Throw<InvalidOperationException>().WithMessage("*GetIntervalHistogram*");
        var fromAnother = () => recorder.Take(other.Take(null));
        fromAnother.Should().Throw<InvalidOperationException>();
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void GetIntervalHistogramInto_overwrites_the_target(string kind)
    {
        var recorder = Subject.Create(kind, null, 3);
        var target = new DoubleHistogram(3);
        target.RecordValue(100.0);
        target.Tag = "old";
        recorder.RecordValueWithCount(0.5, 4);
        recorder.RecordValue(1000.0);
        recorder.Into(target);
        target.TotalCount.Should().Be(5);
        target.GetCountAtValue(0.5).Should().Be(4);
        target.GetCountAtValue(1000.0).Should().Be(1);
        target.GetCountAtValue(100.0).Should().Be(0);
        target.Tag.Should().BeNull();
        target.StartTimeStamp.Should().BeGreaterThan(0);
        target.EndTimeStamp.Should().BeGreaterThanOrEqualTo(target.StartTimeStamp);

        recorder.RecordValue(2.0);
        long previousEnd = target.EndTimeStamp;
        recorder.Into(target);
        target.TotalCount.Should().Be(1);
        target.StartTimeStamp.Should().Be(previousEnd);
        var nullTarget = () => recorder.Into(null!);
        nullTarget.Should().Throw<ArgumentNullException>();
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void Reset_discards_everything_recorded(string kind)
    {
        var recorder = Subject.Create(kind, null, 3);
        recorder.RecordValueWithCount(5.0, 10);
        long beforeReset = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        recorder.Reset();
        recorder.RecordValue(7.0);
        var interval = recorder.Take(null);
        interval.TotalCount.Should().Be(1);
        interval.GetCountAtValue(7.0).Should().Be(1);
        interval.StartTimeStamp.Should().BeGreaterThanOrEqualTo(beforeReset, "the interval after a reset starts at the reset");
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void Recording_allocates_nothing_once_warmed_up(string kind)
    {
        var recorder = Subject.Create(kind, null, 3);
        double[] values = new double[1024];
        var random = new Random(7);
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = Math.Exp((random.NextDouble() * 12) - 4);
        }

        long allocated = AllocationMeter.Measure(
            () =>
            {
                for (int i = 0; i < 100_000; i++)
                {
                    recorder.RecordValue(values[i & 1023]);
                }
            },
            iterations: 1,
            warmUp: 1);
        allocated.Should().Be(0);

        allocated = AllocationMeter.Measure(() => recorder.RecordValueWithCount(values[17], 3), iterations: 1000);
        allocated.Should().Be(0);
    }

    /// <summary>
    /// Only the single-writer recorder: a recycled interval histogram is reset, which moves its covered range back to
    /// its start, so the first values of every interval move it again; a <see cref="DoubleConcurrentHistogram"/>
    /// (DoubleRecorder's) moves its range into a new counts array, so that concurrent writers never see a half-moved one.
    /// </summary>
    [Fact]
    public void Taking_intervals_from_a_SingleWriterDoubleRecorder_with_recycling_allocates_nothing_once_warmed_up()
    {
        var recorder = Subject.Create("SingleWriterDoubleRecorder", null, 3);
        DoubleHistogram? interval = null;
        for (int i = 0; i < 4; i++)
        {
            recorder.RecordValue(1000.0);
            recorder.RecordValue(0.001);
            interval = recorder.Take(interval);
        }

        long allocated = AllocationMeter.Measure(
            () =>
            {
                recorder.RecordValue(1000.0);
                recorder.RecordValue(0.001);
                interval = recorder.Take(interval);
            },
            iterations: 100);

        allocated.Should().Be(0);
        interval!.TotalCount.Should().Be(2);
    }

    /// <summary>The two recorders behind one set of calls.</summary>
    internal sealed class Subject
    {
        private readonly DoubleRecorder? _many;
        private readonly SingleWriterDoubleRecorder? _single;

        private Subject(DoubleRecorder? many, SingleWriterDoubleRecorder? single)
        {
            _many = many;
            _single = single;
        }

        public static Subject Create(string kind, long? ratio, int digits)
            => kind == "DoubleRecorder"
                ? new Subject(ratio is null ? new DoubleRecorder(digits) : new DoubleRecorder(ratio.Value, digits), null)
                : new Subject(null, ratio is null ? new SingleWriterDoubleRecorder(digits) : new SingleWriterDoubleRecorder(ratio.Value, digits));

        public void RecordValue(double value)
        {
            if (_many is not null)
            {
                _many.RecordValue(value);
            }
            else
            {
                _single!.RecordValue(value);
            }
        }

        public void RecordValueWithCount(double value, long count)
        {
            if (_many is not null)
            {
                _many.RecordValueWithCount(value, count);
            }
            else
            {
                _single!.RecordValueWithCount(value, count);
            }
        }

        public void RecordValueWithExpectedInterval(double value, double interval)
        {
            if (_many is not null)
            {
                _many.RecordValueWithExpectedInterval(value, interval);
            }
            else
            {
                _single!.RecordValueWithExpectedInterval(value, interval);
            }
        }

        public DoubleHistogram Take(DoubleHistogram? recycle)
            => _many is not null
                ? (recycle is null ? _many.GetIntervalHistogram() : _many.GetIntervalHistogram(recycle))
                : (recycle is null ? _single!.GetIntervalHistogram() : _single!.GetIntervalHistogram(recycle));

        public void Into(DoubleHistogram target)
        {
            if (_many is not null)
            {
                _many.GetIntervalHistogramInto(target);
            }
            else
            {
                _single!.GetIntervalHistogramInto(target);
            }
        }

        public void Reset()
        {
            if (_many is not null)
            {
                _many.Reset();
            }
            else
            {
                _single!.Reset();
            }
        }
    }
}
