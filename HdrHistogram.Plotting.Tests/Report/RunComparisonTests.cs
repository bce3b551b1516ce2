using System;
using System.Collections.Generic;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Report;
using HdrHistogram.Plotting.Tests.Infrastructure;
using Xunit;

namespace HdrHistogram.Plotting.Tests.Report;

/// <summary>
/// Two runs compared at known percentiles (<see cref="PlotFixtures.WriteRuns"/>). Baseline: 1, 2, ..., 1000 ns once
/// each. Run: 1, ..., 990 and ten times 1500. Below 2048 a 3-digit histogram holds every integer exactly, so by hand: p50 500 / 500, p90 900 / 900,
/// p99 990 / 990, p99.9 999 / 1500 (ratio 1.5015), p99.99 1000 / 1500 (1.5), max 1000 / 1500 (1.5).
/// </summary>
public sealed class RunComparisonTests : TempDirectoryTests
{
    [Fact]
    public void The_ratio_at_each_percentile_is_run_over_baseline()
    {
        var (before, after) = PlotFixtures.WriteRuns(TempDirectory);
        var series = PlotInputReader.Read(before, new PlotReadOptions()).Concat(PlotInputReader.Read(after, new PlotReadOptions())).ToList();
        var ns = ValueUnit.FromUnits("ns", "ns");

        var comparison = RunComparison.Create(series, before);

        comparison.Pairs.Should().ContainSingle();
        var pair = comparison.Pairs[0];
        Enumerable.Range(0, 6).Select(i => RunComparison.Ratio(pair, i, ns)).Should().Equal(1.0, 1.0, 1.0, 1500.0 / 999, 1.5, 1.5);
        Enumerable.Range(0, 6).Select(i => RunComparison.RatioText(RunComparison.Ratio(pair, i, ns))).Should().Equal("1.000", "1.000", "1.000", "1.502", "1.500", "1.500");
    }

    [Fact]
    public void The_text_table_shows_both_runs_and_the_ratios()
    {
        var (before, after) = PlotFixtures.WriteRuns(TempDirectory);
        var series = PlotInputReader.Read(before, new PlotReadOptions()).Concat(PlotInputReader.Read(after, new PlotReadOptions())).ToList();

        string text = RunComparison.Create(series, before).Text(series, ValueUnit.FromUnits("ns", "us"));

        text.Should().Be(
            "Baseline: before.hlog (values in us; ratio = run / baseline)\n"
            + "\n"
            + "Series                p50         p90         p99       p99.9      p99.99         max\n"
            + "before.hlog         0.500       0.900       0.990       0.999       1.000       1.000\n"
            + "after.hlog          0.500       0.900       0.990       1.500       1.500       1.500\n"
            + "  ratio             1.000       1.000       1.000       1.502       1.500       1.500\n");
    }

    [Fact]
    public void Same_file_names_in_different_folders_are_told_apart()
    {
        SeriesNames.ShortFiles(new[] { "runs/before/x.hlog", "runs/after/x.hlog", "/abs/y.hlog" })
            .Should().Equal(new Dictionary<string, string> { ["runs/before/x.hlog"] = "before/x.hlog", ["runs/after/x.hlog"] = "after/x.hlog", ["/abs/y.hlog"] = "y.hlog" });
    }

    [Fact]
    public void A_baseline_that_is_not_an_input_or_is_the_only_one_is_refused()
    {
        var (before, _) = PlotFixtures.WriteRuns(TempDirectory);
        var series = PlotInputReader.Read(before, new PlotReadOptions());

        FluentActions.Invoking(() => RunComparison.Create(series, "other.hlog")).Should().Throw<ArgumentException>().WithMessage("the baseline other.hlog is not one of the inputs*");
        FluentActions.Invoking(() => RunComparison.Create(series, before)).Should().Throw<ArgumentException>().WithMessage("nothing to compare*");
    }
}
