namespace HdrHistogram.BenchmarkDotNet.Measurements;

/// <summary>One actual workload iteration of a benchmark.</summary>
internal readonly struct WorkloadSample
{
    /// <param name="launchIndex">The launch (process) it ran in, from 1.</param>
    /// <param name="iterationIndex">Its number within the launch's actual workload iterations, from 1.</param>
    /// <param name="operations">Operations the iteration ran (invocations × operations per invoke).</param>
    /// <param name="nanoseconds">The iteration's measured duration.</param>
    public WorkloadSample(int launchIndex, int iterationIndex, long operations, double nanoseconds)
    {
        LaunchIndex = launchIndex;
        IterationIndex = iterationIndex;
        Operations = operations;
        Nanoseconds = nanoseconds;
    }

    /// <summary>The launch (process) it ran in, from 1.</summary>
    public int LaunchIndex { get; }

    /// <summary>Its number within the launch's actual workload iterations, from 1.</summary>
    public int IterationIndex { get; }

    /// <summary>Operations the iteration ran (invocations × operations per invoke).</summary>
    public long Operations { get; }

    /// <summary>The iteration's measured duration.</summary>
    public double Nanoseconds { get; }

    /// <summary>The iteration's mean time per operation, in nanoseconds: the value recorded.</summary>
    public double NanosecondsPerOperation => Operations > 0 ? Nanoseconds / Operations : Nanoseconds;
}
