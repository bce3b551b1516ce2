namespace HdrHistogram.BenchmarkDotNet.Measurements;

/// <summary>One actual workload iteration of a benchmark.</summary>
/// <param name="LaunchIndex">The launch (process) it ran in, from 1.</param>
/// <param name="IterationIndex">Its number within the launch's actual workload iterations, from 1.</param>
/// <param name="Operations">Operations the iteration ran (invocations × operations per invoke).</param>
/// <param name="Nanoseconds">The iteration's measured duration.</param>
internal readonly record struct WorkloadSample(int LaunchIndex, int IterationIndex, long Operations, double Nanoseconds)
{
    /// <summary>The iteration's mean time per operation, in nanoseconds: the value recorded.</summary>
    public double NanosecondsPerOperation => Operations > 0 ? Nanoseconds / Operations : Nanoseconds;
}
