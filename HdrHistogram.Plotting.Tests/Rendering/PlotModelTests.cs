using System;
using System.Collections.Generic;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Rendering;
using HdrHistogram.Plotting.Tests.Infrastructure;
using ScottPlot;
using Xunit;

namespace HdrHistogram.Plotting.Tests.Rendering;

/// <summary>The rendering choices, read from the plot before it is drawn rather than from pixels.</summary>
public class PlotModelTests
{
    private static readonly ValueUnit Ms = ValueUnit.FromUnits("ns", "ms");

    [Fact]
    public void Every_series_gets_its_own_colour_even_beyond_ten()
    {
        var colours = Enumerable.Range(0, 40).Select(SeriesPalette.Hex).ToList();

        colours.Should().OnlyHaveUniqueItems();
        colours.Should().OnlyContain(c => System.Text.RegularExpressions.Regex.IsMatch(c, "^#[0-9A-F]{6}$"));
    }

    [Fact]
    public void Twelve_series_on_a_percentile_plot_have_twelve_colours()
    {
        var series = Enumerable.Range(0, 12).Select(i => Series("run" + i + ".hlog", 1000 + (i * 10), 2000)).ToList();

        var plot = PlotRenderer.Build(PlotKind.Percentiles, series, new PlotOptions { Unit = Ms });

        plot.GetPlottables().OfType<ScottPlot.Plottables.Scatter>().Select(s => s.Color.ToHex()).Distinct().Should().HaveCount(12);
    }

    [Fact]
    public void The_timeline_colours_files_and_tags_and_dashes_percentiles_with_max_underneath()
    {
        var series = PlotInputReader.Read(PlotFixtures.Ycsb, new PlotReadOptions());

        var plot = PlotRenderer.Build(PlotKind.Timeline, series, new PlotOptions { Unit = ValueUnit.FromUnits("us", "ms") });

        var lines = plot.GetPlottables().OfType<ScottPlot.Plottables.Scatter>().ToList();
        lines.Should().HaveCount(10);
        // READ's five lines in one colour, UPDATE's in another; within each, five dash styles, max last (its dots on top).
        lines.Take(5).Select(l => l.Color).Distinct().Should().ContainSingle();
        lines.Skip(5).Select(l => l.Color).Distinct().Should().ContainSingle();
        lines[0].Color.Should().NotBe(lines[5].Color);
        lines.Take(5).Select(l => l.LinePattern.Name).Should().OnlyHaveUniqueItems();
        lines.Take(5).Select(l => l.LinePattern.Name).Should().Equal(lines.Skip(5).Select(l => l.LinePattern.Name));
        lines[4].LinePattern.Name.Should().Be("max");
    }

    [Fact]
    public void The_legends_sit_outside_the_data_area_split_into_series_and_percentiles()
    {
        var series = PlotInputReader.Read(PlotFixtures.Ycsb, new PlotReadOptions());

        var timeline = PlotRenderer.Build(PlotKind.Timeline, series, new PlotOptions { Unit = ValueUnit.FromUnits("us", "ms") });
        var percentiles = PlotRenderer.Build(PlotKind.Percentiles, series, new PlotOptions { Unit = ValueUnit.FromUnits("us", "ms") });

        timeline.Legend.IsVisible.Should().BeFalse("no legend inside the data area");
        var panels = timeline.Axes.GetPanels().OfType<ScottPlot.Panels.LegendPanel>().ToList();
        panels.Should().HaveCount(2);
        panels.Should().OnlyContain(p => p.Edge == Edge.Right);
        panels[0].Legend.ManualItems.Select(i => i.LabelText).Should().Equal("ycsb-style.hlog [READ]", "ycsb-style.hlog [UPDATE]");
        panels[1].Legend.ManualItems.Select(i => i.LabelText).Should().Equal("p50", "p90", "p99", "p99.9", "max");
        percentiles.Legend.IsVisible.Should().BeFalse();
        percentiles.Axes.GetPanels().OfType<ScottPlot.Panels.LegendPanel>().Should().ContainSingle().Which.Edge.Should().Be(Edge.Right);
    }

    [Theory]
    [InlineData(1000, 100_000, YScale.Linear)] // max exactly 100x the median
    [InlineData(1000, 100_001, YScale.Log)]
    public void Auto_scale_is_log_when_the_max_is_over_100x_the_median(long median, long max, YScale expected)
    {
        YScales.Resolve(YScale.Auto, new[] { Series("a.hlog", median, max) }).Should().Be(expected);
        YScales.Resolve(YScale.Linear, new[] { Series("a.hlog", 1, 1_000_000) }).Should().Be(YScale.Linear);
        YScales.Resolve(YScale.Log, new[] { Series("a.hlog", 1, 2) }).Should().Be(YScale.Log);
    }

    [Fact]
    public void A_log_axis_has_decade_ticks_and_keeps_the_sla_visible()
    {
        var series = PlotInputReader.Read(PlotFixtures.JHiccup, new PlotReadOptions());
        var options = new PlotOptions { Unit = Ms, YScale = YScale.Log, Sla = new[] { new SlaTarget(99, 0.5), new SlaTarget(99.9, 50) } };

        var plot = PlotRenderer.Build(PlotKind.Percentiles, series, options);

        plot.Axes.Left.TickGenerator.Should().BeOfType<ScottPlot.TickGenerators.NumericManual>();
        var texts = PlotFixtures.Texts(System.Xml.Linq.XDocument.Parse(PlotRenderer.RenderSvg(PlotKind.Percentiles, series, options)));
        texts.Should().ContainInOrder("Latency (ms, log scale)", "0.1", "1", "10", "100", "SLA 99% ≤ 0.5 ms, 99.9% ≤ 50 ms");
        var limits = plot.Axes.GetLimits();
        var sla = plot.GetPlottables().OfType<ScottPlot.Plottables.Scatter>().Single(s => s.Color == Colors.Red);
        var ys = sla.Data.GetScatterPoints().Select(p => p.Y).ToList();
        ys.Should().OnlyContain(y => y >= limits.Bottom && y <= limits.Top, "every SLA step is inside the axis");
        ys.Should().Contain(Math.Log10(0.5)).And.Contain(Math.Log10(50));
    }

    [Fact]
    public void A_log_plot_renders()
    {
        var series = PlotInputReader.Read(PlotFixtures.JHiccup, new PlotReadOptions());

        byte[] png = PlotRenderer.Render(PlotKind.Timeline, series, new PlotOptions { Unit = Ms, YScale = YScale.Log }, HdrHistogram.Plotting.Rendering.ImageFormat.Png);

        PlotFixtures.PngSize(png).Should().Be((1000, 600));
        png.Length.Should().BeGreaterThan(10_000);
    }

    /// <summary>A series whose median and maximum are as given (values in ns), no intervals.</summary>
    private static LatencySeries Series(string name, long median, long max) => new()
    {
        Source = name,
        Format = PlotInputFormat.Log,
        Distribution = new List<PercentilePoint> { new(0, 1, 1), new(50, median, 50), new(100, max, 100) },
        Timeline = Array.Empty<HdrHistogram.Plotting.Timeline.TimelineBucket>(),
        Summary = new SeriesSummary { Count = 100, P50 = median, Max = max },
    };
}
