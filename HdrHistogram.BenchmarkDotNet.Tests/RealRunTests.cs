using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Reports;
using FluentAssertions;
using HdrHistogram.BenchmarkDotNet.Columns;
using Perfolizer.Horology;
using Xunit;

namespace HdrHistogram.BenchmarkDotNet.Tests;

/// <summary>
/// A real BenchmarkDotNet run: the summary table's percentile columns and the exported .hlog/.hgrm hold what a
/// histogram built here, from the run's own measurements (BenchmarkDotNet's report), holds.
/// </summary>
public sealed class RealRunTests : IClassFixture<BenchmarkRunFixture>
{
    private readonly BenchmarkRunFixture _run;

    public RealRunTests(BenchmarkRunFixture run)
    {
        _run = run;
    }

    [Fact]
    public void The_run_succeeds_with_every_iteration_measured()
    {
        _run.Summary.HasCriticalValidationErrors.Should().BeFalse();
        _run.Summary.Reports.Should().HaveCount(2);
        foreach (var report in _run.Summary.Reports)
        {
            report.Success.Should().BeTrue();
            WorkloadValues(report).Should().HaveCount(BenchmarkRunFixture.Iterations);
        }
    }

    [Fact]
    public void The_summary_table_has_the_default_columns_in_order()
    {
        HdrHeaders(_run.Summary).Should().Equal("P50", "P90", "P99", "P99.9", "Max");
    }

    [Fact]
    public void HdrPercentiles_sets_the_columns()
    {
        HdrHeaders(_run.WithPercentiles).Should().Equal("P50", "P99", "P99.99", "Max");
    }

    [Fact]
    public void Each_column_is_the_percentile_of_a_histogram_of_the_same_measurements()
    {
        CheckColumns(_run.Summary, new double[] { 50, 90, 99, 99.9 });
        CheckColumns(_run.WithPercentiles, new double[] { 50, 99, 99.99 });
    }

    [Fact]
    public void The_sleeping_benchmark_reads_at_least_a_millisecond_at_every_percentile()
    {
        var report = _run.Summary.Reports.Single(r => r.BenchmarkCase.Descriptor.WorkloadMethod.Name == "Sleep");
        var column = (HdrPercentileColumn)_run.Summary.Table.Columns.Single(c => c.Header.StartsWith("P50", System.StringComparison.Ordinal)).OriginalColumn;
        column.Nanoseconds(_run.Summary, report.BenchmarkCase).Should().BeGreaterThanOrEqualTo(1_000_000 * 0.999);
    }

    [Fact]
    public void Each_benchmark_gets_a_log_with_one_tagged_interval_per_iteration()
    {
        foreach (var report in _run.Summary.Reports)
        {
            string method = report.BenchmarkCase.Descriptor.WorkloadMethod.Name;
            string path = Path.Combine(_run.ArtifactsPath, "results", "TinyBenchmarks." + method + "-Tiny.hlog");
            File.Exists(path).Should().BeTrue(path);
            var values = WorkloadValues(report);
            var intervals = new List<DoubleHistogram>();
            using (var reader = new HistogramLogReader(path))
            {
                EncodableHistogram? interval;
                while ((interval = reader.NextIntervalHistogram()) is not null)
                {
                    intervals.Add((DoubleHistogram)interval);
                }
            }

            intervals.Should().HaveCount(values.Count);
            for (int i = 0; i < values.Count; i++)
            {
                intervals[i].Tag.Should().Be("TinyBenchmarks." + method + "@Tiny");
                intervals[i].TotalCount.Should().Be(1);
                var one = new DoubleHistogram(3);
                one.RecordValue(values[i]);
                intervals[i].GetMaxValue().Should().Be(one.GetMaxValue());
            }

            string text = File.ReadAllText(path);
            text.Should().Contain("#[BenchmarkDotNet: TinyBenchmarks." + method + ": Tiny");
        }
    }

    [Fact]
    public void Each_benchmark_gets_its_percentile_distribution()
    {
        foreach (var report in _run.Summary.Reports)
        {
            string method = report.BenchmarkCase.Descriptor.WorkloadMethod.Name;
            string text = File.ReadAllText(Path.Combine(_run.ArtifactsPath, "results", "TinyBenchmarks." + method + "-Tiny.hgrm"));
            var values = WorkloadValues(report);

            // The library's own distribution of exactly the run's measurements (its text is checked against Java's elsewhere)...
            var expected = Histogram(values);
            var writer = new StringWriter { NewLine = "\n" };
            expected.OutputPercentileDistribution(writer);
            text.Should().Be(writer.ToString());

            // ...and, independently of the library, what the raw measurements say: the count, the max and mean within
            // the 3 significant digits, and every row's count between the values clearly below and clearly above it (the
            // value is printed with 3 decimals: half a thousandth more or less).
            values.Should().HaveCount(40);
            Regex.IsMatch(text, @"Total count\s*=\s*40\]").Should().BeTrue();
            Footer(text, "Max").Should().BeApproximately(values.Max(), values.Max() * 1e-3, method);
            Footer(text, "Mean").Should().BeApproximately(values.Average(), values.Max() * 1e-3, method);
            var rows = Rows(text);
            rows.Should().NotBeEmpty();
            foreach (var (value, percentile, count) in rows)
            {
                count.Should().BeInRange(values.Count(v => v < (value * (1 - 1e-3)) - 5e-4), values.Count(v => v <= (value * (1 + 1e-3)) + 5e-4), "{0}: the row at {1}", method, value);
                ((double)count / values.Count).Should().BeGreaterThanOrEqualTo(percentile - 1e-12, "{0}: a row's count covers its percentile", method);
            }

            rows[^1].Count.Should().Be(40);
            rows[^1].Percentile.Should().Be(1.0);
        }
    }

    /// <summary>The rows of a percentile distribution: value, percentile (a fraction) and total count.</summary>
    private static List<(double Value, double Percentile, long Count)> Rows(string hgrm)
        => hgrm.Split('\n')
            .Select(line => line.Split(' ', System.StringSplitOptions.RemoveEmptyEntries))
            .Where(fields => fields.Length >= 3 && double.TryParse(fields[0], NumberStyles.Float, CultureInfo.InvariantCulture, out _))
            .Select(fields => (double.Parse(fields[0], CultureInfo.InvariantCulture), double.Parse(fields[1], CultureInfo.InvariantCulture), long.Parse(fields[2], CultureInfo.InvariantCulture)))
            .ToList();

    /// <summary>A number of the footer, e.g. "Max" in <c>#[Max     =      800.063, Total count    =        30402]</c>.</summary>
    private static double Footer(string hgrm, string name)
        => double.Parse(Regex.Match(hgrm, @"#\[" + name + @"\s*=\s*([0-9.]+)").Groups[1].Value, CultureInfo.InvariantCulture);

    private static void CheckColumns(Summary summary, double[] percentiles)
    {
        var table = summary.Table;
        var style = table.EffectiveSummaryStyle;
        var unit = style.TimeUnit!;
        var columns = table.Columns.Where(c => c.OriginalColumn is HdrPercentileColumn).ToList();
        for (int row = 0; row < summary.BenchmarksCases.Length; row++)
        {
            var report = summary[summary.BenchmarksCases[row]]!;
            var histogram = Histogram(WorkloadValues(report));
            var expected = percentiles.Select(histogram.GetValueAtPercentile).Append(histogram.GetMaxValue()).ToList();
            for (int i = 0; i < columns.Count; i++)
            {
                string number = TimeUnit.Convert(expected[i], TimeUnit.Nanosecond, unit).ToString("N2", style.CultureInfo);
                columns[i].Content[row].Should().Be(style.PrintUnitsInContent ? number + " " + unit.Abbreviation : number, columns[i].Header);
            }
        }
    }

    private static List<string> HdrHeaders(Summary summary)
        => summary.Table.Columns.Where(c => c.OriginalColumn is HdrPercentileColumn).Select(c => c.Header.Split(' ')[0]).ToList();

    /// <summary>Nanoseconds per operation of every actual workload iteration, in order, straight from BenchmarkDotNet's report.</summary>
    private static List<double> WorkloadValues(BenchmarkReport report)
        => report.AllMeasurements
            .Where(m => m.IterationMode == IterationMode.Workload && m.IterationStage == IterationStage.Actual)
            .Select(m => m.Nanoseconds / m.Operations)
            .ToList();

    private static DoubleHistogram Histogram(IEnumerable<double> values)
    {
        var histogram = new DoubleHistogram(3);
        foreach (double value in values)
        {
            histogram.RecordValue(value);
        }

        return histogram;
    }
}
