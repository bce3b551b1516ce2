using System;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Recording;

/// <summary>
/// What <see cref="RecorderBenchmark"/> and <see cref="ThreadSafeRecordingBenchmark"/> share: the 1,024 latency-like
/// values (<see cref="LatencyValues"/>) a one-thread benchmark records per call, and the two long-lived writer threads
/// (<see cref="RecordingWorkers"/>) that a two-thread benchmark releases together, each recording
/// <see cref="RecordsPerThread"/> values into the same target; and the check that every record a benchmark returns
/// landed in its target.
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
    protected const long Highest = LatencyValues.HourInNanoseconds;

    // Not private: the one-thread benchmarks of each suite loop over them.
    private protected readonly long[] _values = LatencyValues.Create(ValuesPerInvocation);
    private RecordingWorkers _workers = null!;

    [GlobalCleanup]
    public void Cleanup() => _workers.Dispose();

    /// <summary>
    /// Checks that every record of the benchmark (the number it returns) landed in its target, a recorder's counted by
    /// interval. A <see cref="LongHistogram"/> that two threads write at once is not thread-safe: it only has to have
    /// counted some of them, and no more.
    /// </summary>
    public void Validate(string benchmark, Func<object?> run)
    {
        IRecorder target = TargetOf(benchmark);
        long before = Count(target);
        if (target is RecorderBase)
        {
            before = 0; // that call started a fresh interval
        }

        int records = Check.Is<int>(run(), benchmark);
        long recorded = Count(target) - before;
        if (target.GetType() == typeof(LongHistogram) && benchmark.EndsWith("_TwoThreads", StringComparison.Ordinal))
        {
            Check.True(recorded > 0 && recorded <= records, "recorded " + recorded + " of " + records + " unsynchronised records");
        }
        else
        {
            Check.Equal((long)records, recorded, "records counted");
        }
    }

    /// <summary>Starts the writer threads: part of each suite's <c>[GlobalSetup]</c>, after it creates its targets.</summary>
    protected void StartWorkers() => _workers = new RecordingWorkers(_values, Threads);

    /// <summary>The target that the benchmark named <paramref name="benchmark"/> records into; throws for an unknown name.</summary>
    private protected abstract IRecorder TargetOf(string benchmark);

    private protected int RunOnAllThreads(IRecorder target) => _workers.RecordOnAllThreads(target);

    /// <summary>The values <paramref name="target"/> holds; a recorder's since the last call (a fresh interval each time).</summary>
    private static long Count(IRecorder target) => target switch
    {
        RecorderBase recorder => recorder.GetIntervalHistogram().TotalCount,
        HistogramBase histogram => histogram.TotalCount,
        AtomicHistogramPrototype atomic => atomic.TotalCount,
        _ => throw new InvalidOperationException("No count for a " + target.GetType().Name + "."),
    };
}
