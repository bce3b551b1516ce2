using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using FluentAssertions;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Rendering;
using HdrHistogram.Plotting.Report;
using Microsoft.Playwright;
using Xunit;

namespace HdrHistogram.Plotting.BrowserTests;

/// <summary>
/// The report of the jHiccup-style fixture (values in nanoseconds, shown in ms) opened in headless Chromium: the hover
/// shows the numbers of a known point, computed here from the log with the library, the y-axis toggle changes the axis,
/// series switch off, nothing is fetched from the network, and without JavaScript the pictures and tables remain.
/// </summary>
[Collection(ChromiumGroup.Name)]
public sealed class ReportBrowserTests : IDisposable
{
    private static readonly string Fixture = Path.Combine(AppContext.BaseDirectory, "Fixtures", "jhiccup-style.hlog");

    private readonly string _dir = Directory.CreateTempSubdirectory("hdr-report-browser-").FullName;
    private readonly SharedBrowser _browser;

    public ReportBrowserTests(SharedBrowser browser)
    {
        _browser = browser;
    }

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [ChromiumFact]
    public async Task Hovering_a_point_shows_its_percentile_value_and_count()
    {
        string report = WriteReport();
        // The 99th percentile point of the whole log, from the library directly: value in ms, count at or below it.
        var all = SumOfLog();
        long value = all.GetValueAtPercentile(99);
        long count = all.GetCountBetweenValues(0, value);
        string expectedValue = (value / 1e6).ToString("0.000", CultureInfo.InvariantCulture) + " ms";

        await using var session = await ReportPage.Open(_browser, report);
        // Distribution points are 20 per decade of 1/(1-p): point 40 is 99 %.
        var at = await session.Page.EvaluateAsync<double[]>("() => window.hdrReport.charts[0].screenOf(0, 40)");
        await session.Page.Mouse.MoveAsync((float)at[0], (float)at[1]);

        var tip = session.Page.Locator("#percentiles-figure .tip");
        (await tip.IsVisibleAsync()).Should().BeTrue();
        var lines = await tip.Locator("div").AllInnerTextsAsync();
        lines.Should().Equal("jhiccup-style.hlog", "percentile 99%", "value " + expectedValue, "count " + count.ToString(CultureInfo.InvariantCulture) + " at or below");
    }

    [ChromiumFact]
    public async Task Hovering_the_timeline_shows_an_interval()
    {
        string report = WriteReport();
        var intervals = ReadIntervals();
        int stall = intervals.FindIndex(h => h.GetMaxValue() > 100_000_000); // the 120 ms stall
        var interval = intervals[stall];

        await using var session = await ReportPage.Open(_browser, report);
        // Line 4 of the timeline is max (drawn last, its dots above the percentiles).
        await session.Page.Locator("#timeline-figure svg.interactive").ScrollIntoViewIfNeededAsync();
        var at = await session.Page.EvaluateAsync<double[]>($"() => window.hdrReport.charts[1].screenOf(0, {stall}, 4)");
        await session.Page.Mouse.MoveAsync((float)at[0], (float)at[1]);

        var lines = await session.Page.Locator("#timeline-figure .tip div").AllInnerTextsAsync();
        lines[0].Should().Be("jhiccup-style.hlog max");
        lines[2].Should().Be("value " + (interval.GetMaxValue() / 1e6).ToString("0.000", CultureInfo.InvariantCulture) + " ms");
        lines[3].Should().Be("count " + interval.TotalCount.ToString(CultureInfo.InvariantCulture) + " in interval");
    }

    [ChromiumFact]
    public async Task The_toggle_switches_the_value_axis_between_log_and_linear()
    {
        string report = WriteReport(YScale.Log);

        await using var session = await ReportPage.Open(_browser, report);
        var chart = session.Page.Locator("#percentiles-figure svg.interactive");
        (await chart.GetAttributeAsync("data-scale")).Should().Be("log");
        var logTicks = await Ticks(session.Page);
        var before = await session.Page.EvaluateAsync<double[]>("() => window.hdrReport.charts[0].screenOf(0, 40)");

        await session.Page.Locator("#percentiles-figure input.y-log").ClickAsync();

        (await chart.GetAttributeAsync("data-scale")).Should().Be("linear");
        var linearTicks = await Ticks(session.Page);
        linearTicks[0].Should().Be(0, "a linear axis starts at 0");
        logTicks.Should().NotContain(0);
        // Log ticks are 1, 2 or 5 times a power of ten; linear ones evenly spaced.
        logTicks.Should().OnlyContain(t => new[] { 1.0, 2.0, 5.0 }.Any(m => Math.Abs((t / Math.Pow(10, Math.Floor(Math.Log10(t)))) - m) < 1e-9));
        var steps = linearTicks.Zip(linearTicks.Skip(1), (a, b) => Math.Round(b - a, 9)).Distinct().ToList();
        steps.Should().HaveCount(1);
        var after = await session.Page.EvaluateAsync<double[]>("() => window.hdrReport.charts[0].screenOf(0, 40)");
        after[1].Should().NotBeApproximately(before[1], 1, "the same point moves when the axis changes");
        (await session.Page.Locator("#percentiles-figure svg.interactive text").AllTextContentsAsync()).Should().Contain("Latency (ms, linear)");
    }

    [ChromiumFact]
    public async Task A_series_switches_off_and_on()
    {
        string report = WriteReport();

        await using var session = await ReportPage.Open(_browser, report);
        var lines = session.Page.Locator("#percentiles-figure svg.interactive path[data-series='0']");
        (await lines.CountAsync()).Should().Be(1);

        await session.Page.Locator("#percentiles-figure input.series-toggle[data-series='0']").ClickAsync();
        (await lines.CountAsync()).Should().Be(0);

        await session.Page.Locator("#percentiles-figure input.series-toggle[data-series='0']").ClickAsync();
        (await lines.CountAsync()).Should().Be(1);
    }

    [ChromiumFact]
    public async Task The_page_loads_nothing_from_anywhere_and_reads_without_javascript()
    {
        string report = WriteReport();

        await using (var session = await ReportPage.Open(_browser, report))
        {
            session.Requests.Should().Equal(new[] { new Uri(report).AbsoluteUri }, "the page is the only thing loaded");
            session.Errors.Should().BeEmpty();
            (await session.Page.Locator("svg.static").First.IsVisibleAsync()).Should().BeFalse("the interactive chart replaces the picture");
        }

        await using var noScript = await ReportPage.Open(_browser, report, javaScript: false);
        (await noScript.Page.Locator("svg.static").CountAsync()).Should().Be(2);
        (await noScript.Page.Locator("svg.static").First.IsVisibleAsync()).Should().BeTrue();
        (await noScript.Page.Locator(".chart").CountAsync()).Should().Be(0);
        (await noScript.Page.Locator("table").First.InnerTextAsync()).Should().Contain("(untagged)");
    }

    private static async Task<List<double>> Ticks(IPage page)
        => (await page.Locator("#percentiles-figure svg.interactive g.y-ticks text").AllTextContentsAsync())
            .Select(t => double.Parse(t.Replace(",", string.Empty, StringComparison.Ordinal), CultureInfo.InvariantCulture))
            .ToList();

    private string WriteReport(YScale scale = YScale.Auto)
    {
        var series = PlotInputReader.Read(Fixture, new PlotReadOptions());
        string html = HtmlReportWriter.Write(series, new PlotOptions { Unit = ValueUnit.FromUnits("ns", "ms"), YScale = scale }, "hdr report jhiccup-style.hlog -o report.html");
        string path = Path.Combine(_dir, "report.html");
        File.WriteAllText(path, html);
        return path;
    }

    private static List<HistogramBase> ReadIntervals() => SyntheticLog.ReadIntervals(Fixture);

    private static HistogramBase SumOfLog()
    {
        var intervals = ReadIntervals();
        var sum = intervals[0].Copy();
        foreach (var h in intervals.Skip(1))
        {
            sum.Add(h);
        }

        return sum;
    }
}
