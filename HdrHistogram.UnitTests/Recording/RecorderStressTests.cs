using FluentAssertions;
using Xunit;
using static HdrHistogram.UnitTests.Infrastructure.ConcurrencyHarness;

namespace HdrHistogram.UnitTests.Recording;

/// <summary>
/// Writers record known values while a reader takes interval histograms as fast as it can, recycling each one; the
/// intervals must add up to exactly what was recorded, value by value.
/// </summary>
public class RecorderStressTests
{
    private const long Highest = 3_600_000_000;
    private const int Digits = 3;
    private const int SamplesPerThread = 40_000;

    [Theory]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    public void Recorder_intervals_add_up_to_exactly_what_many_writers_recorded(int writers)
    {
        var recorder = new Recorder(1, Highest, Digits);
        var perThread = PerThread(writers, t => SpreadSamples(t, SamplesPerThread, Highest));

        var (accumulated, intervals) = RecordWhileTakingIntervals(recorder, recorder.GetIntervalHistogram, perThread);

        ShouldHoldExactly(accumulated, Reference(perThread, 1, Digits));
        intervals.Should().BeGreaterThan(1);
    }

    [Theory]
    [InlineData(8, 2)]
    [InlineData(8, 4)]
    [InlineData(4, 2)]
    [InlineData(4, 4)]
    public void Recorder_over_concurrent_histograms_of_each_count_size_is_exact(int wordSize, int writers)
    {
        var factory = wordSize == 8 ? HistogramFactory.With64BitBucketSize() : HistogramFactory.With32BitBucketSize();
        var recorder = factory.WithValuesFrom(1).WithValuesUpTo(Highest).WithPrecisionOf(Digits).WithThreadSafeWrites().WithThreadSafeReads().Create();
        var perThread = PerThread(writers, t => SpreadSamples(t, SamplesPerThread, Highest));

        var (accumulated, _) = RecordWhileTakingIntervals(
            recorder,
            recycle =>
            {
                var interval = recorder.GetIntervalHistogram(recycle);
                interval.Should().BeOfType(wordSize == 8 ? typeof(LongConcurrentHistogram) : typeof(IntConcurrentHistogram));
                return interval;
            },
            perThread);

        ShouldHoldExactly(accumulated, Reference(perThread, 1, Digits));
    }

    [Theory]
    [InlineData(2)]
    [InlineData(4)]
    public void Auto_resizing_recorder_is_exact_while_writers_grow_it(int writers)
    {
        var recorder = new Recorder(Digits);
        var perThread = PerThread(writers, t => GrowingSamples(t, SamplesPerThread, 44));

        var (accumulated, _) = RecordWhileTakingIntervals(recorder, recorder.GetIntervalHistogram, perThread);

        ShouldHoldExactly(accumulated, Reference(perThread, 1, Digits));
    }

    [Theory]
    [InlineData(2)]
    [InlineData(4)]
    public void Auto_resizing_recorder_over_int_counts_is_exact_while_writers_grow_it(int writers)
    {
        var recorder = HistogramFactory.With32BitBucketSize().WithValuesUpTo(1000).WithThreadSafeWrites().WithAutoResize().WithThreadSafeReads().Create();
        var perThread = PerThread(writers, t => GrowingSamples(t, SamplesPerThread, 44));

        var (accumulated, _) = RecordWhileTakingIntervals(recorder, recorder.GetIntervalHistogram, perThread);

        ShouldHoldExactly(accumulated, Reference(perThread, 1, Digits));
    }

    [Theory]
    [InlineData(8)]
    [InlineData(4)]
    [InlineData(2)]
    public void Single_writer_recorder_of_each_count_size_is_exact(int wordSize)
    {
        var factory = wordSize switch
        {
            8 => HistogramFactory.With64BitBucketSize(),
            4 => HistogramFactory.With32BitBucketSize(),
            _ => HistogramFactory.With16BitBucketSize(),
        };
        var recorder = factory.WithValuesUpTo(Highest).WithPrecisionOf(Digits).WithThreadSafeReads().CreateSingleWriter();
        var perThread = PerThread(1, t => SpreadSamples(t, 2 * SamplesPerThread, Highest));

        var (accumulated, intervals) = RecordWhileTakingIntervals(
            recorder,
            recycle =>
            {
                var interval = recorder.GetIntervalHistogram(recycle);
                interval.Should().BeOfType(wordSize switch { 8 => typeof(LongHistogram), 4 => typeof(IntHistogram), _ => typeof(ShortHistogram) });
                return interval;
            },
            perThread);

        ShouldHoldExactly(accumulated, Reference(perThread, 1, Digits));
        intervals.Should().BeGreaterThan(1);
    }

    [Fact]
    public void Single_writer_recorder_with_default_histograms_is_exact()
    {
        var recorder = new SingleWriterRecorder(1, Highest, Digits);
        var perThread = PerThread(1, t => SpreadSamples(t, 2 * SamplesPerThread, Highest));

        var (accumulated, _) = RecordWhileTakingIntervals(recorder, recorder.GetIntervalHistogram, perThread);

        ShouldHoldExactly(accumulated, Reference(perThread, 1, Digits));
    }

    [Fact]
    public void Auto_resizing_single_writer_recorder_is_exact_while_the_writer_grows_it()
    {
        var recorder = new SingleWriterRecorder(Digits);
        var perThread = PerThread(1, t => GrowingSamples(t, 2 * SamplesPerThread, 50));

        var (accumulated, _) = RecordWhileTakingIntervals(recorder, recorder.GetIntervalHistogram, perThread);

        ShouldHoldExactly(accumulated, Reference(perThread, 1, Digits));
    }

    [Theory]
    [InlineData(8)]
    [InlineData(4)]
    [InlineData(2)]
    public void Recorder_from_a_factory_without_thread_safe_writes_is_exact_for_one_writer(int wordSize)
    {
        // Upstream's semantics: WithThreadSafeReads().Create() is a Recorder over whatever the factory builds; over
        // plain histograms that is safe for a single writer.
        var factory = wordSize switch
        {
            8 => HistogramFactory.With64BitBucketSize(),
            4 => HistogramFactory.With32BitBucketSize(),
            _ => HistogramFactory.With16BitBucketSize(),
        };
        var recorder = factory.WithValuesUpTo(Highest).WithThreadSafeReads().Create();
        var perThread = PerThread(1, t => SpreadSamples(t, SamplesPerThread, Highest));

        var (accumulated, _) = RecordWhileTakingIntervals(recorder, recorder.GetIntervalHistogram, perThread);

        ShouldHoldExactly(accumulated, Reference(perThread, 1, Digits));
    }

    [Fact]
    public void Intervals_taken_into_a_target_add_up_too()
    {
        var recorder = new Recorder(1, Highest, Digits);
        var perThread = PerThread(3, t => SpreadSamples(t, SamplesPerThread, Highest));
        var target = new LongHistogram(1, Highest, Digits);
        var accumulated = new LongHistogram(1, Highest, Digits);

        RunWritersWithReader(
            perThread,
            RecordingInto(recorder),
            () =>
            {
                recorder.GetIntervalHistogramInto(target);
                accumulated.Add(target);
            });
        recorder.GetIntervalHistogramInto(target);
        accumulated.Add(target);

        ShouldHoldExactly(accumulated, Reference(perThread, 1, Digits));
    }
}
