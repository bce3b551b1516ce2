using System.Reflection;
using System.Runtime.Versioning;
using Xunit.Abstractions;

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

    /// <summary>
    /// <see cref="Measure(Action, int, int)"/> with the figure written to the test's output, as "what: N B in M calls".
    /// </summary>
    public static long Measure(ITestOutputHelper output, string what, Action action, int iterations)
    {
        long least = Measure(action, iterations);
        output.WriteLine(what + ": " + least + " B in " + iterations + " calls");
        return least;
    }

    /// <summary>Writes which build of the library the test loaded, which the figures that follow belong to.</summary>
    public static void WriteLibraryBuild(ITestOutputHelper output)
        => output.WriteLine("library build: " + typeof(HistogramBase).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()!.FrameworkName);
}

[CollectionDefinition(AllocationMeter.Collection, DisableParallelization = true)]
public sealed class AllocationMeasurementsDefinition
{
}
