using System;
using System.Linq;
using System.Xml.Linq;
using FluentAssertions;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Rendering;
using HdrHistogram.Plotting.Tests.Infrastructure;
using Xunit;

namespace HdrHistogram.Plotting.Tests.Rendering;

public class PlotRendererTests
{
    private static readonly PlotReadOptions All = new();

    [Fact]
    public void The_percentile_svg_has_a_legend_entry_per_input_and_tag_and_percentile_ticks()
    {
        var series = PlotInputReader.Read(PlotFixtures.JHiccup, All).Concat(PlotInputReader.Read(PlotFixtures.Ycsb, All)).ToList();
        var options = new PlotOptions { Unit = ValueUnit.FromUnits("ns", "ms") };

        var svg = XDocument.Parse(PlotRenderer.RenderSvg(PlotKind.Percentiles, series, options));
        string[] texts = PlotFixtures.Texts(svg);

        texts.Should().ContainInOrder("jhiccup-style.hlog", "ycsb-style.hlog [READ]", "ycsb-style.hlog [UPDATE]");
        texts.Should().Contain(new[] { "0%", "50%", "90%", "99%", "99.9%", "99.99%", "99.999%" });
        texts.Should().Contain(new[] { "Percentile", "Latency (ms, log scale)", "Latency by percentile" });
        svg.Root!.Attribute("width")!.Value.Should().Be("1000");
        svg.Root.Attribute("height")!.Value.Should().Be("600");
        svg.Descendants(PlotFixtures.Svg + "text").Select(t => t.Attribute("font-family")?.Value).Distinct()
            .Should().Equal(new[] { "'DejaVu Sans', Verdana, 'Bitstream Vera Sans', sans-serif" }, "every text names the embedded font, with fallbacks");
    }

    [Fact]
    public void Snapshot_of_the_percentile_svg_structure()
    {
        // Structure, not pixels: the words on the plot in order (numeric y ticks left out) and what draws the lines.
        var series = PlotInputReader.Read(PlotFixtures.Ycsb, new PlotReadOptions { Tag = "UPDATE" });
        var options = new PlotOptions { Unit = ValueUnit.FromUnits("us", "ms"), Title = "UPDATE latency", Width = 800, Height = 500, Sla = new[] { new SlaTarget(99, 5) } };

        var svg = XDocument.Parse(PlotRenderer.RenderSvg(PlotKind.Percentiles, series, options));

        PlotFixtures.Texts(svg).Where(t => !double.TryParse(t, out _)).Should().Equal(
            "Percentile",
            "0%", "50%", "90%", "99%", "99.9%", "99.99%", "99.999%",
            "Latency (ms)",
            "ycsb-style.hlog [UPDATE]",
            "SLA 99% ≤ 5 ms",
            "UPDATE latency");
        // The SLA line is a dashed red stroke; its legend sample, which Skia draws as the filled outline of its dashes, too.
        svg.Descendants(PlotFixtures.Svg + "path").Where(p => p.Attribute("stroke")?.Value == "red").Select(p => p.Attribute("stroke-dasharray")?.Value).Should().Equal("10 10");
        svg.Descendants(PlotFixtures.Svg + "path").Count(p => p.Attribute("fill")?.Value == "red").Should().Be(1);
        svg.Descendants(PlotFixtures.Svg + "path").Count(p => p.Attribute("stroke")?.Value == "#1F77B4").Should().Be(2, "the series line and its legend sample");
        (svg.Root!.Attribute("width")!.Value, svg.Root.Attribute("height")!.Value).Should().Be(("800", "500"));
    }

    [Fact]
    public void Snapshot_of_the_timeline_svg_structure()
    {
        // Structure, not pixels: the words in order (numeric ticks left out), and one line plus one legend sample per percentile.
        var series = PlotInputReader.Read(PlotFixtures.JHiccup, All);
        var options = new PlotOptions { Unit = ValueUnit.FromUnits("ns", "ms"), Title = "Hiccups", Width = 900, Height = 400 };

        var svg = XDocument.Parse(PlotRenderer.RenderSvg(PlotKind.Timeline, series, options));

        PlotFixtures.Texts(svg).Where(t => !double.TryParse(t, System.Globalization.CultureInfo.InvariantCulture, out _)).Should().Equal(
            "Time since log start (s)",
            "Latency (ms, log scale)",
            "jhiccup-style.hlog",
            "p50", "p90", "p99", "p99.9", "max",
            "Hiccups");
        // One colour for the file: its five lines and its legend sample (the percentile legend is black), every one a
        // stroke: the four dashed lines with their dash arrays (not the filled outline of every dash Skia writes).
        var paths = svg.Descendants(PlotFixtures.Svg + "path").Where(p => p.Attribute("stroke")?.Value == "#1F77B4").ToList();
        paths.Should().HaveCount(6);
        paths.Select(p => p.Attribute("stroke-dasharray")?.Value).Should().Equal(null, "9 4", "4 3", "12 4 3 4", "1 4", null);
        svg.Descendants(PlotFixtures.Svg + "path").Count(p => p.Attribute("fill")?.Value == "#1F77B4").Should().Be(0);

        var xTicks = PlotFixtures.Texts(svg).SkipWhile(t => t != "Time since log start (s)").Skip(1).TakeWhile(t => t != "Latency (ms, log scale)")
            .Select(t => double.Parse(t, System.Globalization.CultureInfo.InvariantCulture)).ToList();
        xTicks.Should().NotBeEmpty().And.BeInAscendingOrder();
        xTicks[^1].Should().BeInRange(80, 90, "the x axis runs to the last interval's end, 90 s after the log's start");
        (svg.Root!.Attribute("width")!.Value, svg.Root.Attribute("height")!.Value).Should().Be(("900", "400"));
    }

    [Fact]
    public void Several_series_on_a_timeline_are_named_in_the_legend()
    {
        var series = PlotInputReader.Read(PlotFixtures.Ycsb, All);

        var texts = PlotFixtures.Texts(XDocument.Parse(PlotRenderer.RenderSvg(PlotKind.Timeline, series, new PlotOptions { Unit = ValueUnit.FromUnits("us", "ms") })));

        // One legend for the files and tags, one for the percentiles' dash styles.
        texts.Should().ContainInOrder("ycsb-style.hlog [READ]", "ycsb-style.hlog [UPDATE]", "p50", "p90", "p99", "p99.9", "max");
    }

    [Fact]
    public void Text_is_drawn_with_the_embedded_font_whatever_the_machine_has()
    {
        PlotRenderer.Render(PlotKind.Percentiles, PlotInputReader.Read(PlotFixtures.JHiccup, All), new PlotOptions { Unit = ValueUnit.FromUnits("ns", "ms") }, ImageFormat.Png);

        // The plots ask for DejaVu Sans; ScottPlot resolves that name to the face embedded in HdrHistogram.Plotting (not an installed one).
        ScottPlot.Fonts.GetTypeface(HdrHistogram.Plotting.Fonts.EmbeddedFont.Family, false, false).Should().BeSameAs(HdrHistogram.Plotting.Fonts.EmbeddedFont.Typeface);
        ScottPlot.Fonts.GetTypeface(HdrHistogram.Plotting.Fonts.EmbeddedFont.Family, true, false).Should().BeSameAs(HdrHistogram.Plotting.Fonts.EmbeddedFont.Typeface);
        HdrHistogram.Plotting.Fonts.EmbeddedFont.Typeface.FamilyName.Should().Be("DejaVu Sans");
        HdrHistogram.Plotting.Fonts.EmbeddedFont.Typeface.GlyphCount.Should().BeGreaterThan(3000, "the full face, with the ≤ of the SLA legend");
    }

    [Fact]
    public void Units_change_the_axis_and_the_values()
    {
        var series = PlotInputReader.Read(PlotFixtures.Ycsb, new PlotReadOptions { Tag = "READ" });

        var inMs = PlotFixtures.Texts(XDocument.Parse(PlotRenderer.RenderSvg(PlotKind.Percentiles, series, new PlotOptions { Unit = ValueUnit.FromUnits("us", "ms") })));
        var inUs = PlotFixtures.Texts(XDocument.Parse(PlotRenderer.RenderSvg(PlotKind.Percentiles, series, new PlotOptions { Unit = ValueUnit.FromUnits("us", "us") })));

        inMs.Should().Contain("Latency (ms)");
        inUs.Should().Contain("Latency (us)");
        double topMs = inMs.Select(t => double.TryParse(t, System.Globalization.CultureInfo.InvariantCulture, out double v) ? v : 0).Max();
        double topUs = inUs.Select(t => double.TryParse(t, System.Globalization.CultureInfo.InvariantCulture, out double v) ? v : 0).Max();
        double maxUs = series[0].Summary.Max;
        topMs.Should().BeInRange(maxUs / 1000 * 0.8, maxUs / 1000 * 1.06, "the highest y tick sits just under the maximum in ms");
        topUs.Should().BeInRange(maxUs * 0.8, maxUs * 1.06);
    }

    [Fact]
    public void The_timeline_png_is_a_real_image_of_the_asked_size()
    {
        var series = PlotInputReader.Read(PlotFixtures.JHiccup, All);

        byte[] png = PlotRenderer.Render(PlotKind.Timeline, series, new PlotOptions { Unit = ValueUnit.FromUnits("ns", "ms") }, ImageFormat.Png);
        byte[] small = PlotRenderer.Render(PlotKind.Timeline, series, new PlotOptions { Unit = ValueUnit.FromUnits("ns", "ms"), Width = 640, Height = 320 }, ImageFormat.Png);

        PlotFixtures.PngSize(png).Should().Be((1000, 600));
        PlotFixtures.PngSize(small).Should().Be((640, 320));
        png.Length.Should().BeGreaterThan(10_000, "a chart, not a blank image");
    }

    [Fact]
    public void The_timeline_svg_has_a_line_per_percentile()
    {
        var series = PlotInputReader.Read(PlotFixtures.JHiccup, All);

        var texts = PlotFixtures.Texts(XDocument.Parse(PlotRenderer.RenderSvg(PlotKind.Timeline, series, new PlotOptions { Unit = ValueUnit.FromUnits("ns", "ms") })));

        texts.Should().ContainInOrder("Time since log start (s)", "Latency (ms, log scale)", "p50", "p90", "p99", "p99.9", "max", "Latency by interval");
    }

    [Fact]
    public void A_java_hgrm_plots_with_its_values_as_written()
    {
        var series = PlotInputReader.Read(PlotFixtures.Hgrm, All);

        var svg = XDocument.Parse(PlotRenderer.RenderSvg(PlotKind.Percentiles, series, new PlotOptions { Unit = ValueUnit.FromUnits("ns", "ms") }));

        PlotFixtures.Texts(svg).Should().Contain(new[] { "jHiccup-2.0.6.logV1.default.hgrm", "99.9%" });
        FluentActions.Invoking(() => PlotRenderer.Render(PlotKind.Timeline, series, new PlotOptions { Unit = ValueUnit.FromUnits("ns", "ms") }, ImageFormat.Png))
            .Should().Throw<ArgumentException>().WithMessage("a timeline needs a histogram log*");
    }
}
