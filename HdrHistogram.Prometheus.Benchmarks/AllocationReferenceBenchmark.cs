using System.Diagnostics;
using BenchmarkDotNet.Attributes;

namespace HdrHistogram.Prometheus.Benchmarks;

/// <summary>
/// The allocation column's floor: a method that allocates nothing and only spins for about as long as a scrape. Any
/// bytes the in-process MemoryDiagnoser reports for it come from the process around the benchmark (BenchmarkDotNet's
/// host and engine), not from the code measured.
/// </summary>
[MemoryDiagnoser]
public class AllocationReferenceBenchmark
{
    /// <summary>How long one invocation spins, in milliseconds.</summary>
    [Params(5, 200)]
    public int Milliseconds { get; set; }

    [Benchmark(Description = "Spin, allocating nothing")]
    public long Spin()
    {
        long end = Stopwatch.GetTimestamp() + (Milliseconds * Stopwatch.Frequency / 1000);
        long now;
        do
        {
            now = Stopwatch.GetTimestamp();
        }
        while (now < end);
        return now;
    }
}
