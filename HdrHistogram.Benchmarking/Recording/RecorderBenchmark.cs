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

    private protected override IRecorder TargetOf(string benchmark) => benchmark switch
    {
        nameof(Recorder_OneThread) => _recorder,
        nameof(SingleWriterRecorder_OneThread) => _singleWriterRecorder,
        nameof(LongHistogram_TwoThreads) => _sharedLongHistogram,
        nameof(LongConcurrentHistogram_TwoThreads) => _sharedConcurrentHistogram,
        nameof(Recorder_TwoThreads) => _sharedRecorder,
        _ => throw new InvalidOperationException("No check for " + benchmark + "."),
    };
}
