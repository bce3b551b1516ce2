using System;
using System.Threading;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Recording;

/// <summary>
/// The thread-safety choices per <c>RecordValue</c>, on one thread and with two threads recording into the same target:
/// <see cref="LongConcurrentHistogram"/> (one atomic operation per record), <see cref="SynchronizedHistogram"/> (a lock
/// per record), a prototype of Java's <c>AtomicHistogram</c> (<see cref="AtomicHistogramPrototype"/>: two atomic
/// operations, fixed range) and <see cref="Recorder"/>; <see cref="LongHistogram"/> on one thread is the baseline.
/// </summary>
/// <remarks>The two-thread benchmarks work as in <see cref="RecorderBenchmark"/>: two long-lived threads, released together, each recording <see cref="RecordsPerThread"/> values.</remarks>
[MemoryDiagnoser]
public class ThreadSafeRecordingBenchmark : IValidatedBenchmark
{
    private const int ValuesPerInvocation = 1024;
    private const int RecordsPerThread = 100_000;
    private const int Threads = 2;
    private const long Highest = 3_600_000_000_000;

    private readonly long[] _values = new long[ValuesPerInvocation];
    private LongHistogram _long = null!;
    private LongConcurrentHistogram _concurrent = null!;
    private SynchronizedHistogram _synchronized = null!;
    private AtomicHistogramPrototype _atomic = null!;
    private Recorder _recorder = null!;
    private Barrier _start = null!;
    private Barrier _done = null!;
    private Thread[] _workers = null!;
    private IRecorder? _target;
    private volatile bool _stopping;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        for (int i = 0; i < _values.Length; i++)
        {
            _values[i] = (long)Math.Exp(Math.Log(1_000_000) + (random.NextDouble() * 4) - 2);
        }

        _long = new LongHistogram(1, Highest, 3);
        _concurrent = new LongConcurrentHistogram(1, Highest, 3);
        _synchronized = new SynchronizedHistogram(1, Highest, 3);
        _atomic = new AtomicHistogramPrototype(Highest, 3);
        _recorder = new Recorder(1, Highest, 3);
        _start = new Barrier(Threads + 1);
        _done = new Barrier(Threads + 1);
        _workers = new Thread[Threads];
        for (int t = 0; t < Threads; t++)
        {
            int offset = t * (ValuesPerInvocation / Threads);
            _workers[t] = new Thread(() => Work(offset)) { IsBackground = true, Name = "benchmark writer " + t };
            _workers[t].Start();
        }

        BenchmarkValidation.Run(this);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _stopping = true;
        _start.SignalAndWait();
        foreach (var worker in _workers)
        {
            worker.Join();
        }

        _start.Dispose();
        _done.Dispose();
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

    /// <summary>Checks that every record of the benchmark (the number it returns) landed in its target.</summary>
    public void Validate(string benchmark, Func<object?> run)
    {
        Func<long> total = benchmark switch
        {
            nameof(LongHistogram_OneThread) => () => _long.TotalCount,
            nameof(LongConcurrentHistogram_OneThread) or nameof(LongConcurrentHistogram_TwoThreads) => () => _concurrent.TotalCount,
            nameof(SynchronizedHistogram_OneThread) or nameof(SynchronizedHistogram_TwoThreads) => () => _synchronized.TotalCount,
            nameof(AtomicPrototype_OneThread) or nameof(AtomicPrototype_TwoThreads) => () => _atomic.TotalCount,
            nameof(Recorder_TwoThreads) => () => _recorder.GetIntervalHistogram().TotalCount,
            _ => throw new InvalidOperationException("No check for " + benchmark + "."),
        };
        bool interval = benchmark == nameof(Recorder_TwoThreads);
        long before = total();
        if (interval)
        {
            before = 0; // that call started a fresh interval
        }

        int records = Check.Is<int>(run(), benchmark);
        Check.Equal((long)records, total() - before, "records counted");
    }

    private int RecordAll(IRecorder target)
    {
        long[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            target.RecordValue(values[i]);
        }

        return values.Length;
    }

    private int RunOnAllThreads(IRecorder target)
    {
        Volatile.Write(ref _target, target);
        _start.SignalAndWait();
        _done.SignalAndWait();
        return Threads * RecordsPerThread;
    }

    private void Work(int offset)
    {
        long[] values = _values;
        while (true)
        {
            _start.SignalAndWait();
            if (_stopping)
            {
                return;
            }

            var target = Volatile.Read(ref _target)!;
            for (int i = 0; i < RecordsPerThread; i++)
            {
                target.RecordValue(values[(i + offset) & (ValuesPerInvocation - 1)]);
            }

            _done.SignalAndWait();
        }
    }
}
