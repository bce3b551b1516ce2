using System;
using System.Threading;
using BenchmarkDotNet.Attributes;

namespace HdrHistogram.Benchmarking.Recording;

/// <summary>
/// Cost of one <c>RecordValue</c>: on one thread for <see cref="Recorder"/> and <see cref="SingleWriterRecorder"/>, and
/// with two threads recording into the same target at once for <see cref="LongHistogram"/>,
/// <see cref="LongConcurrentHistogram"/> and <see cref="Recorder"/>.
/// </summary>
/// <remarks>
/// The two-thread benchmarks release two long-lived worker threads with a <see cref="Barrier"/>, each of which
/// records <see cref="RecordsPerThread"/> values, and wait for both to finish; the reported time is per record
/// (<c>OperationsPerInvoke</c>), so it includes the cost of the two threads contending for shared cache lines.
/// <see cref="LongHistogram"/> is not thread-safe and loses counts here: it is the no-synchronisation baseline.
/// </remarks>
[MemoryDiagnoser]
public class RecorderBenchmark
{
    private const int ValuesPerInvocation = 1024;
    private const int RecordsPerThread = 100_000;
    private const int Threads = 2;
    private const long Highest = 3_600_000_000_000;

    private readonly long[] _values = new long[ValuesPerInvocation];
    private Recorder _recorder = null!;
    private SingleWriterRecorder _singleWriterRecorder = null!;
    private LongHistogram _sharedLongHistogram = null!;
    private LongConcurrentHistogram _sharedConcurrentHistogram = null!;
    private Recorder _sharedRecorder = null!;
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

        _recorder = new Recorder(1, Highest, 3);
        _singleWriterRecorder = new SingleWriterRecorder(1, Highest, 3);
        _sharedLongHistogram = new LongHistogram(1, Highest, 3);
        _sharedConcurrentHistogram = new LongConcurrentHistogram(1, Highest, 3);
        _sharedRecorder = new Recorder(1, Highest, 3);

        _start = new Barrier(Threads + 1);
        _done = new Barrier(Threads + 1);
        _workers = new Thread[Threads];
        for (int t = 0; t < Threads; t++)
        {
            int offset = t * (ValuesPerInvocation / Threads);
            _workers[t] = new Thread(() => Work(offset)) { IsBackground = true, Name = "benchmark writer " + t };
            _workers[t].Start();
        }
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

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public void Recorder_OneThread()
    {
        var recorder = _recorder;
        long[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            recorder.RecordValue(values[i]);
        }
    }

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public void SingleWriterRecorder_OneThread()
    {
        var recorder = _singleWriterRecorder;
        long[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            recorder.RecordValue(values[i]);
        }
    }

    [Benchmark(OperationsPerInvoke = Threads * RecordsPerThread)]
    public void LongHistogram_TwoThreads() => RunOnAllThreads(_sharedLongHistogram);

    [Benchmark(OperationsPerInvoke = Threads * RecordsPerThread)]
    public void LongConcurrentHistogram_TwoThreads() => RunOnAllThreads(_sharedConcurrentHistogram);

    [Benchmark(OperationsPerInvoke = Threads * RecordsPerThread)]
    public void Recorder_TwoThreads() => RunOnAllThreads(_sharedRecorder);

    private void RunOnAllThreads(IRecorder target)
    {
        Volatile.Write(ref _target, target);
        _start.SignalAndWait();
        _done.SignalAndWait();
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
