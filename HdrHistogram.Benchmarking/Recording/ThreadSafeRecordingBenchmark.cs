using System;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Recording;

/// <summary>
/// The thread-safety choices per <c>RecordValue</c>, on one thread and with two threads recording into the same target:
/// <see cref="LongConcurrentHistogram"/> (one atomic operation per record), <see cref="SynchronizedHistogram"/> (a lock
/// per record), a prototype of Java's <c>AtomicHistogram</c> (<see cref="AtomicHistogramPrototype"/>: two atomic
/// operations, fixed range) and <see cref="Recorder"/>; <see cref="LongHistogram"/> on one thread is the baseline.
/// </summary>
/// <remarks>The two-thread benchmarks run on <see cref="RecordingWorkers"/>, as in <see cref="RecorderBenchmark"/>: two long-lived threads, released together, each recording <see cref="TwoThreadRecordingBenchmark.RecordsPerThread"/> values.</remarks>
[MemoryDiagnoser]
public class ThreadSafeRecordingBenchmark : TwoThreadRecordingBenchmark
{
    private LongHistogram _long = null!;
    private LongConcurrentHistogram _concurrent = null!;
    private SynchronizedHistogram _synchronized = null!;
    private AtomicHistogramPrototype _atomic = null!;
    private Recorder _recorder = null!;

    [GlobalSetup]
    public void Setup()
    {
        _long = new LongHistogram(1, Highest, 3);
        _concurrent = new LongConcurrentHistogram(1, Highest, 3);
        _synchronized = new SynchronizedHistogram(1, Highest, 3);
        _atomic = new AtomicHistogramPrototype(Highest, 3);
        _recorder = new Recorder(1, Highest, 3);
        StartWorkers();

        BenchmarkValidation.Run(this);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = ValuesPerInvocation)]
    public int LongHistogram_OneThread() => RecordAll(_long);

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public int LongConcurrentHistogram_OneThread() => RecordAll(_concurrent);

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public int SynchronizedHistogram_OneThread() => RecordAll(_synchronized);

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public int AtomicPrototype_OneThread() => RecordAll(_atomic);

    [Benchmark(OperationsPerInvoke = Threads * RecordsPerThread)]
    public int LongConcurrentHistogram_TwoThreads() => RunOnAllThreads(_concurrent);

    [Benchmark(OperationsPerInvoke = Threads * RecordsPerThread)]
    public int SynchronizedHistogram_TwoThreads() => RunOnAllThreads(_synchronized);

    [Benchmark(OperationsPerInvoke = Threads * RecordsPerThread)]
    public int AtomicPrototype_TwoThreads() => RunOnAllThreads(_atomic);

    [Benchmark(OperationsPerInvoke = Threads * RecordsPerThread)]
    public int Recorder_TwoThreads() => RunOnAllThreads(_recorder);

    private protected override IRecorder TargetOf(string benchmark) => benchmark switch
    {
        nameof(LongHistogram_OneThread) => _long,
        nameof(LongConcurrentHistogram_OneThread) or nameof(LongConcurrentHistogram_TwoThreads) => _concurrent,
        nameof(SynchronizedHistogram_OneThread) or nameof(SynchronizedHistogram_TwoThreads) => _synchronized,
        nameof(AtomicPrototype_OneThread) or nameof(AtomicPrototype_TwoThreads) => _atomic,
        nameof(Recorder_TwoThreads) => _recorder,
        _ => throw new InvalidOperationException("No check for " + benchmark + "."),
    };

    private int RecordAll(IRecorder target)
    {
        long[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            target.RecordValue(values[i]);
        }

        return values.Length;
    }
}
