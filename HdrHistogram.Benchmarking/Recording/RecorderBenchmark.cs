using System;
using System.Threading;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Recording;

/// <summary>
/// Cost of one <c>RecordValue</c>: on one thread for <see cref="Recorder"/> and <see cref="SingleWriterRecorder"/>, and
/// with two threads recording into the same target at once for <see cref="LongHistogram"/>,
/// <see cref="LongConcurrentHistogram"/> and <see cref="Recorder"/>.
/// </summary>
/// <remarks>
/// The two-thread benchmarks release two long-lived worker threads with a <see cref="Barrier"/>, each of which
/// records <see cref="TwoThreadRecordingBenchmark.RecordsPerThread"/> values, and wait for both to finish; the reported time is per record
/// (<c>OperationsPerInvoke</c>), so it includes the cost of the two threads contending for shared cache lines.
/// <see cref="LongHistogram"/> is not thread-safe and loses counts here: it is the no-synchronisation baseline.
/// </remarks>
[MemoryDiagnoser]
public class RecorderBenchmark : TwoThreadRecordingBenchmark
{
    private Recorder _recorder = null!;
    private SingleWriterRecorder _singleWriterRecorder = null!;
    private LongHistogram _sharedLongHistogram = null!;
    private LongConcurrentHistogram _sharedConcurrentHistogram = null!;
    private Recorder _sharedRecorder = null!;

    [GlobalSetup]
    public void Setup()
    {
        _recorder = new Recorder(1, Highest, 3);
        _singleWriterRecorder = new SingleWriterRecorder(1, Highest, 3);
        _sharedLongHistogram = new LongHistogram(1, Highest, 3);
        _sharedConcurrentHistogram = new LongConcurrentHistogram(1, Highest, 3);
        _sharedRecorder = new Recorder(1, Highest, 3);
        StartWorkers();

        BenchmarkValidation.Run(this);
    }

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public int Recorder_OneThread()
    {
        var recorder = _recorder;
        long[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            recorder.RecordValue(values[i]);
        }

        return values.Length;
    }

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public int SingleWriterRecorder_OneThread()
    {
        var recorder = _singleWriterRecorder;
        long[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            recorder.RecordValue(values[i]);
        }

        return values.Length;
    }

    [Benchmark(OperationsPerInvoke = Threads * RecordsPerThread)]
    public int LongHistogram_TwoThreads() => RunOnAllThreads(_sharedLongHistogram);

    [Benchmark(OperationsPerInvoke = Threads * RecordsPerThread)]
    public int LongConcurrentHistogram_TwoThreads() => RunOnAllThreads(_sharedConcurrentHistogram);

    [Benchmark(OperationsPerInvoke = Threads * RecordsPerThread)]
    public int Recorder_TwoThreads() => RunOnAllThreads(_sharedRecorder);

    /// <summary>Checks that each benchmark's records (the number it returns) all landed, except in the unsynchronised <see cref="LongHistogram"/>, which may lose some.</summary>
    public override void Validate(string benchmark, Func<object?> run)
    {
        Func<long> total = benchmark switch
        {
            nameof(Recorder_OneThread) => () => _recorder.GetIntervalHistogram().TotalCount,
            nameof(SingleWriterRecorder_OneThread) => () => _singleWriterRecorder.GetIntervalHistogram().TotalCount,
            nameof(LongHistogram_TwoThreads) => () => _sharedLongHistogram.TotalCount,
            nameof(LongConcurrentHistogram_TwoThreads) => () => _sharedConcurrentHistogram.TotalCount,
            nameof(Recorder_TwoThreads) => () => _sharedRecorder.GetIntervalHistogram().TotalCount,
            _ => throw new InvalidOperationException("No check for " + benchmark + "."),
        };
        bool interval = benchmark.StartsWith("Recorder", StringComparison.Ordinal) || benchmark.StartsWith("SingleWriter", StringComparison.Ordinal);
        long before = interval ? 0 : total();
        if (interval)
        {
            total(); // start a fresh interval
        }

        int records = Check.Is<int>(run(), benchmark);
        long recorded = total() - before;
        if (benchmark == nameof(LongHistogram_TwoThreads))
        {
            Check.True(recorded > 0 && recorded <= records, "recorded " + recorded + " of " + records + " unsynchronised records");
        }
        else
        {
            Check.Equal((long)records, recorded, "records counted");
        }
    }
}
