using System;
using Xunit;

namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>
/// Measures steady-state allocation with <see cref="GC.GetAllocatedBytesForCurrentThread"/>: a warm-up, then the least
/// of three measured runs, so one-off runtime work on the test thread (tier-up bookkeeping, an array pool trimmed by a
/// collection that other tests caused) does not count as the code's own allocation.
/// </summary>
internal static class AllocationMeter
{
    /// <summary>The collection of tests that measure allocation; they run alone, never alongside other tests.</summary>
    public const string Collection = "Allocation measurements";

    public static long Measure(Action action, int iterations, int warmUp = 5)
    {
        for (int i = 0; i < warmUp; i++)
        {
            action();
        }

        long least = long.MaxValue;
        for (int attempt = 0; attempt < 3 && least > 0; attempt++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < iterations; i++)
            {
                action();
            }

            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        return least;
    }
}

[CollectionDefinition(AllocationMeter.Collection, DisableParallelization = true)]
public sealed class AllocationMeasurementsDefinition
{
}
