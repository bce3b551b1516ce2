using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Reports;

namespace HdrHistogram.BenchmarkDotNet.Measurements;

/// <summary>
/// The latency distribution of one benchmark: every actual workload iteration of every launch, each recorded once as
/// its time per operation in nanoseconds into a 3-significant-digit <see cref="DoubleHistogram"/> (fractions of a
/// nanosecond are kept; the range grows to whatever is recorded).
/// </summary>
internal sealed class BenchmarkLatency
{
    /// <summary>Significant decimal digits of every histogram.</summary>
    public const int SignificantDigits = 3;

    private static readonly ConditionalWeakTable<BenchmarkReport, StrongBox<BenchmarkLatency?>> Cache = new();

    private BenchmarkLatency(IReadOnlyList<WorkloadSample> samples)
    {
        Samples = samples;
        Histogram = new DoubleHistogram(SignificantDigits);
        foreach (var sample in samples)
        {
            Histogram.RecordValue(sample.NanosecondsPerOperation);
        }
    }

    /// <summary>The actual workload iterations, in launch and iteration order.</summary>
    public IReadOnlyList<WorkloadSample> Samples { get; }

    /// <summary>All of <see cref="Samples"/>, in nanoseconds per operation.</summary>
    public DoubleHistogram Histogram { get; }

    /// <summary>The distribution of <paramref name="report"/>'s measurements (computed once per report); null when it has none.</summary>
    public static BenchmarkLatency? Of(BenchmarkReport report)
        => Cache.GetValue(report, r => new StrongBox<BenchmarkLatency?>(From(r.AllMeasurements))).Value;

    /// <summary>The distribution of the actual workload iterations among <paramref name="measurements"/>; null when there are none.</summary>
    public static BenchmarkLatency? From(IEnumerable<Measurement> measurements)
    {
        var samples = measurements
            .Where(m => m.IterationMode == IterationMode.Workload && m.IterationStage == IterationStage.Actual)
            .OrderBy(m => m.LaunchIndex)
            .ThenBy(m => m.IterationIndex)
            .Select(m => new WorkloadSample(m.LaunchIndex, m.IterationIndex, m.Operations, m.Nanoseconds))
            .ToList();
        return samples.Count == 0 ? null : new BenchmarkLatency(samples);
    }
}
