using static HdrHistogram.UnitTests.Infrastructure.ConcurrencyHarness;

namespace HdrHistogram.UnitTests.Recording;

/// <summary>
/// Writers record known values while a reader takes interval histograms as fast as it can, recycling each one; the
/// intervals must add up to exactly what was recorded, value by value.
/// </summary>
public class RecorderStressTests
{
    [Theory]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    public void Recorder_intervals_add_up_to_exactly_what_many_writers_recorded(int writers)
    {
        var recorder = new Recorder(1, Highest, Digits);
        int intervals = IntervalsShouldAddUpExactly(recorder, recorder.GetIntervalHistogram, PerThread(writers, t => SpreadSamples(t, SamplesPerThread, Highest)));
        intervals.Should().BeGreaterThan(1);
    }

    [Theory]
    [InlineData(8, 2)]
    [InlineData(8, 4)]
    [InlineData(4, 2)]
    [InlineData(4, 4)]
    public void Recorder_over_concurrent_histograms_of_each_count_size_is_exact(int wordSize, int writers)
    {
        var recorder = FactoryOfWordSize(wordSize).WithValuesFrom(1).WithValuesUpTo(Highest).WithPrecisionOf(Digits).WithThreadSafeWrites().WithThreadSafeReads().Create();
        IntervalsShouldAddUpExactly(
            recorder,
            TakingIntervalsOfType<HistogramBase>(recorder.GetIntervalHistogram, wordSize == 8 ? typeof(LongConcurrentHistogram) : typeof(IntConcurrentHistogram)),
            PerThread(writers, t => SpreadSamples(t, SamplesPerThread, Highest)));
    }

    [Theory]
    [InlineData(2)]
    [InlineData(4)]
    public void Auto_resizing_recorder_is_exact_while_writers_grow_it(int writers)
    {
        var recorder = new Recorder(Digits);
        IntervalsShouldAddUpExactly(recorder, recorder.GetIntervalHistogram, PerThread(writers, t => GrowingSamples(t, SamplesPerThread, 44)));
    }

    [Theory]
    [InlineData(2)]
    [InlineData(4)]
    public void Auto_resizing_recorder_over_int_counts_is_exact_while_writers_grow_it(int writers)
    {
        var recorder = HistogramFactory.With32BitBucketSize().WithValuesUpTo(1000).WithThreadSafeWrites().WithAutoResize().WithThreadSafeReads().Create();
        IntervalsShouldAddUpExactly(recorder, recorder.GetIntervalHistogram, PerThread(writers, t => GrowingSamples(t, SamplesPerThread, 44)));
    }

    [Theory]
    [InlineData(8)]
    [InlineData(4)]
    [InlineData(2)]
    public void Single_writer_recorder_of_each_count_size_is_exact(int wordSize)
    {
        var recorder = FactoryOfWordSize(wordSize).WithValuesUpTo(Highest).WithPrecisionOf(Digits).WithThreadSafeReads().CreateSingleWriter();
        int intervals = IntervalsShouldAddUpExactly(
            recorder,
            TakingIntervalsOfType<HistogramBase>(recorder.GetIntervalHistogram, wordSize switch { 8 => typeof(LongHistogram), 4 => typeof(IntHistogram), _ => typeof(ShortHistogram) }),
            PerThread(1, t => SpreadSamples(t, 2 * SamplesPerThread, Highest)));
        intervals.Should().BeGreaterThan(1);
    }

    [Fact]
    public void Single_writer_recorder_with_default_histograms_is_exact()
    {
        var recorder = new SingleWriterRecorder(1, Highest, Digits);
        IntervalsShouldAddUpExactly(recorder, recorder.GetIntervalHistogram, PerThread(1, t => SpreadSamples(t, 2 * SamplesPerThread, Highest)));
    }

    [Fact]
    public void Auto_resizing_single_writer_recorder_is_exact_while_the_writer_grows_it()
    {
        var recorder = new SingleWriterRecorder(Digits);
        IntervalsShouldAddUpExactly(recorder, recorder.GetIntervalHistogram, PerThread(1, t => GrowingSamples(t, 2 * SamplesPerThread, 50)));
    }

    [Theory]
    [InlineData(8)]
    [InlineData(4)]
    [InlineData(2)]
    public void Recorder_from_a_factory_without_thread_safe_writes_is_exact_for_one_writer(int wordSize)
    {
        // Upstream's semantics: WithThreadSafeReads().Create() is a Recorder over whatever the factory builds; over
        // plain histograms that is safe for a single writer.
        var recorder = FactoryOfWordSize(wordSize).WithValuesUpTo(Highest).WithThreadSafeReads().Create();
        IntervalsShouldAddUpExactly(recorder, recorder.GetIntervalHistogram, PerThread(1, t => SpreadSamples(t, SamplesPerThread, Highest)));
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

    /// <summary>The factory of histograms whose counts are <paramref name="wordSize"/> bytes wide (8, 4 or 2).</summary>
    private static HistogramFactory FactoryOfWordSize(int wordSize) => wordSize switch
    {
        8 => HistogramFactory.With64BitBucketSize(),
        4 => HistogramFactory.With32BitBucketSize(),
        _ => HistogramFactory.With16BitBucketSize(),
    };

    /// <summary>
    /// Records <paramref name="perThread"/> into <paramref name="recorder"/> while taking intervals with
    /// <paramref name="takeInterval"/>, and expects the intervals to add up to exactly what was recorded.
    /// </summary>
    /// <returns>The number of intervals taken.</returns>
    private static int IntervalsShouldAddUpExactly(IRecorder recorder, Func<HistogramBase?, HistogramBase> takeInterval, Sample[][] perThread)
    {
        var (accumulated, intervals) = RecordWhileTakingIntervals(recorder, takeInterval, perThread);
        ShouldHoldExactly(accumulated, Reference(perThread, 1, Digits));
        return intervals;
    }
}
