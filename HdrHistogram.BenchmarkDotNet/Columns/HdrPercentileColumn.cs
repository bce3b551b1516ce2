using System.Globalization;
using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using HdrHistogram.BenchmarkDotNet.Measurements;
using Perfolizer.Horology;

namespace HdrHistogram.BenchmarkDotNet.Columns;

/// <summary>
/// One percentile (or the maximum) of a benchmark's HDR histogram of workload measurements, in the summary's time unit.
/// A benchmark whose percentile list does not hold this percentile shows "-".
/// </summary>
internal sealed class HdrPercentileColumn : IColumn
{
    private readonly HdrHistogramColumnProvider _provider;

    /// <param name="provider">Gives each benchmark's percentile list.</param>
    /// <param name="percentile">The percentile, 0 to 100; null for the maximum.</param>
    public HdrPercentileColumn(HdrHistogramColumnProvider provider, double? percentile)
    {
        _provider = provider;
        Percentile = percentile;
        ColumnName = percentile is { } p ? Name(p) : "Max";
        Id = "HdrHistogram." + ColumnName;
        Legend = percentile is { } q
            ? "HdrHistogram: the " + Number(q) + "th percentile of the workload iterations' time per operation (3 significant digits, outliers kept)"
            : "HdrHistogram: the largest workload iteration's time per operation (3 significant digits, outliers kept)";
    }

    /// <summary>The percentile; null for the maximum.</summary>
    public double? Percentile { get; }

    public string Id { get; }

    public string ColumnName { get; }

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Statistics;

    // After BenchmarkDotNet's own statistics (Mean, Error, StdDev).
    public int PriorityInCategory => 100 + (int)((Percentile ?? 101) * 10_000 / 101);

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Time;

    public string Legend { get; }

    /// <summary>The column header of a percentile: "P50", "P99.9", "P99.99".</summary>
    public static string Name(double percentile) => "P" + Number(percentile);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        double? nanoseconds = Nanoseconds(summary, benchmarkCase);
        if (nanoseconds is not { } ns)
        {
            return "-";
        }

        TimeUnit unit = style.TimeUnit ?? TimeUnit.GetBestTimeUnit(summary.BenchmarksCases.Select(c => Nanoseconds(summary, c)).OfType<double>().ToArray());
        string text = TimeUnit.Convert(ns, TimeUnit.Nanosecond, unit).ToString("N2", style.CultureInfo ?? CultureInfo.InvariantCulture);
        return style.PrintUnitsInContent ? text + " " + unit.Abbreviation : text;
    }

    /// <summary>This column's value of <paramref name="benchmarkCase"/> in nanoseconds; null when it has no measurements or does not show this percentile.</summary>
    internal double? Nanoseconds(Summary summary, BenchmarkCase benchmarkCase)
    {
        var report = summary[benchmarkCase];
        if (report is null || (Percentile is { } p && !_provider.PercentilesOf(benchmarkCase).Contains(p)))
        {
            return null;
        }

        var latency = BenchmarkLatency.Of(report);
        if (latency is null)
        {
            return null;
        }

        return Percentile is { } percentile ? latency.Histogram.GetValueAtPercentile(percentile) : latency.Histogram.GetMaxValue();
    }

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => true;

    public override string ToString() => ColumnName;

    private static string Number(double value) => value.ToString("0.######", CultureInfo.InvariantCulture);
}
