namespace HdrHistogram.UnitTests.Recording;

/// <summary>
/// Java's <c>ValueRecorder</c>, <c>DoubleValueRecorder</c> and <c>IntervalHistogramProvider</c> shapes: every
/// histogram and recorder implements its interface, and code written against the interface works on each.
/// </summary>
public class ValueRecorderInterfaceTests
{
    public static TheoryData<string> IntegerRecorders => new() { "long", "int", "short", "long-concurrent", "int-concurrent", "packed", "packed-concurrent", "synchronized", "recorder", "single-writer-recorder" };

    public static TheoryData<string> DoubleRecorders => new() { "double", "double-concurrent", "packed-double", "synchronized-double", "double-recorder", "single-writer-double-recorder" };

    [Theory]
    [MemberData(nameof(IntegerRecorders))]
    public void Every_integer_histogram_and_recorder_records_and_resets_through_IValueRecorder(string kind)
    {
        IValueRecorder recorder = CreateInteger(kind);
        recorder.RecordValue(100);
        recorder.RecordValueWithCount(1000, 3);
        recorder.RecordValueWithExpectedInterval(400, 100); // 400, 300, 200, 100
        TotalOf(recorder).Should().Be(8);

        recorder.Reset();
        TotalOf(recorder).Should().Be(0);
    }

    [Theory]
    [MemberData(nameof(DoubleRecorders))]
    public void Every_double_histogram_and_recorder_records_and_resets_through_IDoubleValueRecorder(string kind)
    {
        IDoubleValueRecorder recorder = CreateDouble(kind);
        recorder.RecordValue(0.5);
        recorder.RecordValueWithCount(2.5, 3);
        recorder.RecordValueWithExpectedInterval(4.0, 1.0); // 4, 3, 2, 1
        TotalOf(recorder).Should().Be(8);

        recorder.Reset();
        TotalOf(recorder).Should().Be(0);
    }

    [Fact]
    public void Recorders_hand_out_intervals_through_IIntervalHistogramProvider()
    {
        var providers = new List<IIntervalHistogramProvider<HistogramBase>> { new Recorder(3), new SingleWriterRecorder(3) };
        foreach (var provider in providers)
        {
            ((IRecorder)provider).RecordValue(42);
            var first = provider.GetIntervalHistogram();
            first.TotalCount.Should().Be(1);
            ((IRecorder)provider).RecordValue(43);
            var second = provider.GetIntervalHistogram(first);
            second.TotalCount.Should().Be(1);
            var target = new LongHistogram(3);
            provider.GetIntervalHistogramInto(target);
            target.TotalCount.Should().Be(0);
        }

        var doubleProviders = new List<IIntervalHistogramProvider<DoubleHistogram>> { new DoubleRecorder(3), new SingleWriterDoubleRecorder(3) };
        foreach (var provider in doubleProviders)
        {
            ((IDoubleValueRecorder)provider).RecordValue(4.2);
            var first = provider.GetIntervalHistogram();
            first.TotalCount.Should().Be(1);
            ((IDoubleValueRecorder)provider).RecordValue(4.3);
            provider.GetIntervalHistogram(first).TotalCount.Should().Be(1);
            var target = new DoubleHistogram(3);
            provider.GetIntervalHistogramInto(target);
            target.TotalCount.Should().Be(0);
        }
    }

    private static IValueRecorder CreateInteger(string kind) => kind switch
    {
        "long" => new LongHistogram(3),
        "int" => new IntHistogram(1, 10_000, 3),
        "short" => new ShortHistogram(1, 10_000, 3),
        "long-concurrent" => new LongConcurrentHistogram(3),
        "int-concurrent" => new IntConcurrentHistogram(3),
        "packed" => new PackedHistogram(3),
        "packed-concurrent" => new PackedConcurrentHistogram(3),
        "synchronized" => new SynchronizedHistogram(3),
        "recorder" => new Recorder(3),
        "single-writer-recorder" => new SingleWriterRecorder(3),
        _ => throw new ArgumentOutOfRangeException(nameof(kind)),
    };

    private static IDoubleValueRecorder CreateDouble(string kind) => kind switch
    {
        "double" => new DoubleHistogram(3),
        "double-concurrent" => new DoubleConcurrentHistogram(3),
        "packed-double" => new PackedDoubleHistogram(3),
        "synchronized-double" => new SynchronizedDoubleHistogram(3),
        "double-recorder" => new DoubleRecorder(3),
        "single-writer-double-recorder" => new SingleWriterDoubleRecorder(3),
        _ => throw new ArgumentOutOfRangeException(nameof(kind)),
    };

    private static long TotalOf(IValueRecorder recorder) => recorder switch
    {
        HistogramBase histogram => histogram.TotalCount,
        IIntervalHistogramProvider<HistogramBase> provider => provider.GetIntervalHistogram().TotalCount,
        _ => throw new ArgumentOutOfRangeException(nameof(recorder)),
    };

    private static long TotalOf(IDoubleValueRecorder recorder) => recorder switch
    {
        DoubleHistogram histogram => histogram.TotalCount,
        IIntervalHistogramProvider<DoubleHistogram> provider => provider.GetIntervalHistogram().TotalCount,
        _ => throw new ArgumentOutOfRangeException(nameof(recorder)),
    };
}
