using System;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Versus250;

/// <summary>
/// One <c>RecordValue</c> (time per value, 1,024 latency-like values per call, highest 3.6e12, 3 digits) into each
/// histogram type and into the recorders 2.5.0's factory makes: <c>Recorder</c> (thread-safe writes and reads,
/// <c>LongConcurrentHistogram</c>) and <c>SingleWriterRecorder</c> (thread-safe reads). Written against 2.5.0's API; the
/// histogram types' benchmarks and checks are <see cref="HistogramTypesRecording"/>'s, shared with
/// <c>Recording/RecordingBenchmark</c>.
/// </summary>
[MemoryDiagnoser]
public class RecordingVersus : HistogramTypesRecording
{
    private Recorder _recorder = null!;
    private Recorder _singleWriterRecorder = null!;

    [GlobalSetup]
    public void Setup()
    {
        CreateHistograms();
        _recorder = HistogramFactory.With64BitBucketSize().WithValuesFrom(1).WithValuesUpTo(Highest).WithPrecisionOf(3)
            .WithThreadSafeWrites().WithThreadSafeReads().Create();
        _singleWriterRecorder = HistogramFactory.With64BitBucketSize().WithValuesFrom(1).WithValuesUpTo(Highest).WithPrecisionOf(3)
            .WithThreadSafeReads().Create();
        BenchmarkValidation.Run(this);
    }

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public long LongHistogram() => Record(_long);

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public int Recorder() => Record(_recorder);

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public int SingleWriterRecorder() => Record(_singleWriterRecorder);

    /// <inheritdoc />
    public override void Validate(string benchmark, Func<object?> run)
    {
        if (benchmark is nameof(Recorder) or nameof(SingleWriterRecorder))
        {
            Recorder recorder = benchmark == nameof(Recorder) ? _recorder : _singleWriterRecorder;
            recorder.GetIntervalHistogram(); // start a fresh interval
            int records = Check.Is<int>(run(), benchmark);
            HistogramBase interval = recorder.GetIntervalHistogram();
            Check.Equal((long)records, interval.TotalCount, benchmark + ": values in the interval");
            Check.True(interval.GetCountAtValue(_values[0]) > 0, benchmark + ": the first value was not recorded");
            return;
        }

        base.Validate(benchmark, run);
    }

    private int Record(Recorder recorder)
    {
        long[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            recorder.RecordValue(values[i]);
        }

        return values.Length;
    }
}
