using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace HdrHistogram.BenchmarkDotNet.Columns;

/// <summary>
/// The percentile columns of a summary: every percentile any of its benchmarks asks for (its method's or class's
/// <see cref="HdrPercentilesAttribute"/>, else this provider's list), in increasing order, then Max.
/// </summary>
internal sealed class HdrHistogramColumnProvider : IColumnProvider
{
    private readonly double[] _percentiles;

    public HdrHistogramColumnProvider(double[] percentiles)
    {
        _percentiles = percentiles;
    }

    /// <summary>The percentiles shown for <paramref name="benchmarkCase"/>.</summary>
    public double[] PercentilesOf(BenchmarkCase benchmarkCase)
        => (benchmarkCase.Descriptor.WorkloadMethod?.GetCustomAttribute<HdrPercentilesAttribute>(inherit: true)
            ?? benchmarkCase.Descriptor.Type?.GetCustomAttribute<HdrPercentilesAttribute>(inherit: true))?.Percentiles
            ?? _percentiles;

    public IEnumerable<IColumn> GetColumns(Summary summary)
    {
        var percentiles = summary.BenchmarksCases.Length == 0
            ? _percentiles
            : summary.BenchmarksCases.SelectMany(PercentilesOf).Distinct().OrderBy(p => p).ToArray();
        return percentiles.Select(p => (IColumn)new HdrPercentileColumn(this, p)).Append(new HdrPercentileColumn(this, null)).ToList();
    }
}
