using System;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Recording;

/// <summary>
/// What <see cref="RecorderBenchmark"/> and <see cref="ThreadSafeRecordingBenchmark"/> share: the 1,024 latency-like
/// values (<see cref="LatencyValues"/>) a one-thread benchmark records per call, and the two long-lived writer threads
/// (<see cref="RecordingWorkers"/>) that a two-thread benchmark releases together, each recording
/// <see cref="RecordsPerThread"/> values into the same target.
/// </summary>
public abstract class TwoThreadRecordingBenchmark : IValidatedBenchmark
{
    /// <summary>Values a one-thread benchmark records per call (its <c>OperationsPerInvoke</c>).</summary>
    protected const int ValuesPerInvocation = 1024;

    /// <summary>Values each writer thread records per call of a two-thread benchmark.</summary>
    protected const int RecordsPerThread = RecordingWorkers.RecordsPerThread;

    /// <summary>The writer threads of a two-thread benchmark.</summary>
    protected const int Threads = 2;

    /// <summary>The targets' highest trackable value: an hour in nanoseconds.</summary>
    protected const long Highest = 3_600_000_000_000;

    // Not private: the one-thread benchmarks of each suite loop over them.
    private protected readonly long[] _values = LatencyValues.Create(ValuesPerInvocation);
    private RecordingWorkers _workers = null!;

    [GlobalCleanup]
    public void Cleanup() => _workers.Dispose();

    /// <inheritdoc />
    public abstract void Validate(string benchmark, Func<object?> run);

    /// <summary>Starts the writer threads: part of each suite's <c>[GlobalSetup]</c>, after it creates its targets.</summary>
    protected void StartWorkers() => _workers = new RecordingWorkers(_values, Threads);

    private protected int RunOnAllThreads(IRecorder target) => _workers.RecordOnAllThreads(target);
}
