using static HdrHistogram.UnitTests.Infrastructure.ConcurrencyHarness;

namespace HdrHistogram.UnitTests.Recording;

/// <summary>
/// Writers record known double values into a <see cref="DoubleRecorder"/> (or one writer into a
/// <see cref="SingleWriterDoubleRecorder"/>) while the reader takes interval histograms as fast as it can, recycling
/// each one; the intervals must add up to exactly what was recorded, value by value.
/// </summary>
/// <remarks>
/// The values are quarters, k / 4 for k in [4, 2047] (0.25 steps from 1 to 511.75): whatever power-of-two scale a
/// DoubleHistogram's range settles on, each has a bucket of its own (an integer below 2048 times a power of two, at 3
/// significant digits), so the sums are exact per value even though intervals may cover different ranges. Each
/// interval is asked only about the values inside its covered range: an auto-resizing interval taken early covers
/// only the small values, and asking it about a larger one answers with its top bucket's count (Java's clamping).
/// </remarks>
public class DoubleRecorderStressTests
{
    /// <summary>Fewer than <see cref="ConcurrencyHarness.SamplesPerThread"/>: each interval is checked value by value.</summary>
    private const int SamplesPerThread = 30_000;

    [Theory]
    [InlineData(2)]
    [InlineData(4)]
    public void DoubleRecorder_intervals_add_up_to_exactly_what_many_writers_recorded(int writers)
    {
        var recorder = new DoubleRecorder(1L << 20, Digits);
        var perThread = PerThread(writers, t => QuarterSamples(t, SamplesPerThread, growing: false));

        var (counts, total, intervals) = RecordWhileTakingIntervals(
            recorder, TakingIntervalsOfType<DoubleHistogram>(recorder.GetIntervalHistogram, typeof(DoubleConcurrentHistogram)), perThread);

        ShouldHoldExactly(counts, total, perThread);
        intervals.Should().BeGreaterThan(1);
    }

    [Theory]
    [InlineData(2)]
    [InlineData(4)]
    public void Auto_resizing_DoubleRecorder_is_exact_while_writers_grow_its_range(int writers)
    {
        var recorder = new DoubleRecorder(Digits);
        var perThread = PerThread(writers, t => QuarterSamples(t, SamplesPerThread, growing: true));

        var (counts, total, _) = RecordWhileTakingIntervals(recorder, recorder.GetIntervalHistogram, perThread);

        ShouldHoldExactly(counts, total, perThread);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void SingleWriterDoubleRecorder_intervals_add_up_to_exactly_what_was_recorded(bool autoResize)
    {
        var recorder = autoResize ? new SingleWriterDoubleRecorder(Digits) : new SingleWriterDoubleRecorder(1L << 20, Digits);
        var perThread = PerThread(1, t => QuarterSamples(t, 2 * SamplesPerThread, growing: autoResize));

        var (counts, total, intervals) = RecordWhileTakingIntervals(
            recorder, TakingIntervalsOfType<DoubleHistogram>(recorder.GetIntervalHistogram, typeof(DoubleHistogram)), perThread);

        ShouldHoldExactly(counts, total, perThread);
        intervals.Should().BeGreaterThan(1);
    }

    /// <summary>Samples whose value k stands for k / 4; spread over [4, 2047], or (growing) rising from the bottom to the top of it.</summary>
    private static Sample[] QuarterSamples(int thread, int length, bool growing)
    {
        var random = new Random(3000 + thread);
        var samples = new Sample[length];
        for (int i = 0; i < length; i++)
        {
            long top = growing ? 8 + (2039L * i / length) : 2047;
            long k = 4 + (long)(random.NextDouble() * (top - 3));
            samples[i] = new Sample(Math.Min(k, 2047), 1 + ((i + thread) % 3));
        }

        return samples;
    }

    /// <summary>Records a sample's quarter value, with its count where that is more than one.</summary>
    private static void Record(IDoubleValueRecorder recorder, Sample s)
    {
        if (s.Count == 1)
        {
            recorder.RecordValue(s.Value / 4.0);
        }
        else
        {
            recorder.RecordValueWithCount(s.Value / 4.0, s.Count);
        }
    }

    /// <summary>
    /// Runs the writers while the reader takes intervals (recycling the previous one), checking their timestamps, and
    /// sums, per sample value, the counts every interval holds at it. Returns those sums, the total count of every
    /// interval, and the number of intervals.
    /// </summary>
    private static (Dictionary<long, long> Counts, long Total, int Intervals) RecordWhileTakingIntervals(
        IDoubleValueRecorder recorder, Func<DoubleHistogram?, DoubleHistogram> takeInterval, Sample[][] perThread)
    {
        var keys = perThread.SelectMany(s => s).Select(s => s.Value).Distinct().ToArray();
        var counts = keys.ToDictionary(k => k, _ => 0L);
        long total = 0;
        int intervals = 0;
        long previousEnd = 0;
        DoubleHistogram? recycle = null;

        void AddInterval(DoubleHistogram interval)
        {
            ConcurrencyHarness.ShouldFollow(interval, ref previousEnd);
            if (interval.TotalCount > 0)
            {
                // Only values inside the interval's covered range: everything recorded into it is there (a range
                // change keeps every count), and a query above the range is clamped to its top bucket, as in Java.
                long intervalSum = 0;
                foreach (long k in keys)
                {
                    double value = k / 4.0;
                    if (value >= interval.CurrentLowestTrackableNonZeroValue && value < interval.CurrentHighestTrackableValue)
                    {
                        long count = interval.GetCountAtValue(value);
                        counts[k] += count;
                        intervalSum += count;
                    }
                }

                intervalSum.Should().Be(interval.TotalCount, "each recorded value has a bucket of its own in the interval");
            }

            total += interval.TotalCount;
            recycle = interval;
            intervals++;
        }

        RunWritersWithReader(
            perThread,
            (_, samples) =>
            {
                foreach (var s in samples)
                {
                    Record(recorder, s);
                }
            },
            () => AddInterval(takeInterval(recycle)));

        AddInterval(takeInterval(recycle));
        return (counts, total, intervals);
    }

    private static void ShouldHoldExactly(Dictionary<long, long> counts, long total, Sample[][] perThread)
    {
        var expected = perThread.SelectMany(s => s).GroupBy(s => s.Value).ToDictionary(g => g.Key, g => g.Sum(s => s.Count));
        total.Should().Be(expected.Values.Sum(), "every recorded count is in exactly one interval");
        counts.Should().Equal(expected);
    }
}
