using System;
using System.Threading;

namespace HdrHistogram.Benchmarking.Recording;

/// <summary>
/// Long-lived writer threads for the many-threads recording benchmarks: <see cref="RecordOnAllThreads"/> releases them
/// together with a <see cref="Barrier"/>, each records <see cref="RecordsPerThread"/> values into one target, and it
/// returns once all are done, so the measured time includes the threads contending for shared cache lines.
/// </summary>
internal sealed class RecordingWorkers : IDisposable
{
    /// <summary>How many values each thread records per call.</summary>
    public const int RecordsPerThread = 100_000;

    private readonly long[] _values;
    private readonly Barrier _start;
    private readonly Barrier _done;
    private readonly Thread[] _workers;
    private IRecorder? _target;
    private volatile bool _stopping;

    /// <summary>Starts <paramref name="threads"/> writers that cycle through <paramref name="values"/> (a power-of-two length), each from its own offset.</summary>
    public RecordingWorkers(long[] values, int threads)
    {
        _values = values;
        _start = new Barrier(threads + 1);
        _done = new Barrier(threads + 1);
        _workers = new Thread[threads];
        for (int t = 0; t < threads; t++)
        {
            int offset = t * (values.Length / threads);
            _workers[t] = new Thread(() => Work(offset)) { IsBackground = true, Name = "benchmark writer " + t };
            _workers[t].Start();
        }
    }

    /// <summary>Has every thread record <see cref="RecordsPerThread"/> values into <paramref name="target"/>; returns how many were recorded in all.</summary>
    public int RecordOnAllThreads(IRecorder target)
    {
        Volatile.Write(ref _target, target);
        _start.SignalAndWait();
        _done.SignalAndWait();
        return _workers.Length * RecordsPerThread;
    }

    /// <summary>Stops and joins the threads.</summary>
    public void Dispose()
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

    private void Work(int offset)
    {
        long[] values = _values;
        int mask = values.Length - 1;
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
                target.RecordValue(values[(i + offset) & mask]);
            }

            _done.SignalAndWait();
        }
    }
}
