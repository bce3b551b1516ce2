using System;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using FluentAssertions;
using Xunit;

namespace HdrHistogram.Plotting.BrowserTests;

/// <summary>
/// A time range dragged on the timeline of a report written by <c>hdr report</c>, in headless Chromium: its numbers
/// are what <c>hdr summary --start S --end E</c> prints for the command the page gives, the reset returns to the whole
/// log, the URL fragment reopens the range, and a long log draws its timeline.
/// </summary>
[Collection(ChromiumGroup.Name)]
public sealed partial class RangeSelectionBrowserTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("hdr-range-browser-").FullName;
    private readonly SharedBrowser _browser;

    public RangeSelectionBrowserTests(SharedBrowser browser)
    {
        _browser = browser;
    }

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [ChromiumFact]
    public async Task A_dragged_range_shows_what_hdr_summary_prints_for_the_same_intervals()
    {
        string report = Report(10_000);

        await using var session = await ReportPage.Open(_browser, report);
        await session.DragTimeline(2_500, 4_000);

        var row = await session.RangeRow();
        string command = await session.Page.Locator("#range-summary pre.range-command").InnerTextAsync();
        var match = StartEnd().Match(command);
        match.Success.Should().BeTrue(command);
        double start = double.Parse(match.Groups["start"].Value, System.Globalization.CultureInfo.InvariantCulture);
        double end = double.Parse(match.Groups["end"].Value, System.Globalization.CultureInfo.InvariantCulture);
        start.Should().BeInRange(2_400, 2_600, "the range starts where the drag did, at a block's bound");
        end.Should().BeInRange(3_900, 4_100);
        command.Should().Be("hdr summary " + Log(10_000) + " --start " + match.Groups["start"].Value + " --end " + match.Groups["end"].Value + " --unit us --values-in ns");

        var summary = ReportPage.Hdr("summary", Log(10_000), "--start", match.Groups["start"].Value, "--end", match.Groups["end"].Value, "--unit", "us", "--values-in", "ns");
        summary.ExitCode.Should().Be(0, summary.Error);
        var expected = ReportPage.SummaryRow(summary.Out);
        row["intervals"].Should().Be(expected["intervals"]);
        row["count"].Should().Be(expected["count"]);
        row["min"].Should().Be(expected["min"]);
        new[] { row["p50"], row["p90"], row["p99"], row["p99.9"], row["p99.99"], row["max"], row["mean"] }
            .Should().Equal(expected["p50"], expected["p90"], expected["p99"], expected["p99.9"], expected["p99.99"], expected["max"], expected["mean"]);
        int.Parse(row["intervals"], System.Globalization.CultureInfo.InvariantCulture).Should().BeInRange(1_300, 1_700);
        session.Errors.Should().BeEmpty();
    }

    [ChromiumFact]
    public async Task The_percentile_chart_and_its_hover_follow_the_range()
    {
        string report = Report(10_000);

        await using var session = await ReportPage.Open(_browser, report);
        (await session.Page.Locator("#percentiles-figure path.whole").CountAsync()).Should().Be(1);
        await session.DragTimeline(1_000, 1_200);

        (await session.Page.Locator("#percentiles-figure path.ranged").CountAsync()).Should().Be(1);
        var row = await session.RangeRow();
        // The 99th percentile point of the range's curve (20 points a decade: point 40) has the range's p99.
        await session.Page.Locator("#percentiles-figure svg.interactive").ScrollIntoViewIfNeededAsync();
        var at = await session.Page.EvaluateAsync<double[]>("() => window.hdrReport.charts[0].screenOf(0, 40)");
        await session.Page.Mouse.MoveAsync((float)at[0], (float)at[1]);
        var tip = await session.Page.Locator("#percentiles-figure .tip div").AllInnerTextsAsync();
        tip.Should().Equal("10000.hlog (selected range)", "percentile 99%", "value " + row["p99"] + " us", tip[3]);
        tip[3].Should().EndWith(" at or below");
    }

    [ChromiumFact]
    public async Task Reset_returns_to_the_whole_log()
    {
        string report = Report(10_000);

        await using var session = await ReportPage.Open(_browser, report);
        await session.DragTimeline(2_000, 3_000);
        (await session.Page.Locator("#range-summary").IsVisibleAsync()).Should().BeTrue();
        new Uri(session.Page.Url).Fragment.Should().StartWith("#range=");

        await session.Page.Locator("button.range-reset").ClickAsync();

        (await session.Page.Locator("#range-summary").IsVisibleAsync()).Should().BeFalse();
        new Uri(session.Page.Url).Fragment.Should().BeEmpty();
        (await session.Page.Locator(".range-label").InnerTextAsync()).Should().Be("The whole log");
        (await session.Page.Locator("#percentiles-figure path.whole").CountAsync()).Should().Be(1);
        (await session.Page.EvaluateAsync<bool>("() => window.hdrReport.range() === null")).Should().BeTrue();
    }

    [ChromiumFact]
    public async Task The_fragment_reopens_the_range()
    {
        string report = Report(10_000);
        string url;
        System.Collections.Generic.Dictionary<string, string> row;
        string label;
        await using (var first = await ReportPage.Open(_browser, report))
        {
            await first.DragTimeline(6_000, 6_500);
            url = first.Page.Url;
            row = await first.RangeRow();
            label = await first.Page.Locator(".range-label").InnerTextAsync();
        }

        url.Should().MatchRegex("#range=[0-9.]+,[0-9.]+$");
        await using var second = await ReportPage.Open(_browser, url);

        (await second.RangeRow()).Should().Equal(row);
        (await second.Page.Locator(".range-label").InnerTextAsync()).Should().Be(label);
        second.Errors.Should().BeEmpty();
    }

    [ChromiumFact]
    public async Task A_log_of_30000_intervals_draws_its_timeline()
    {
        string report = Report(30_000);

        await using var session = await ReportPage.Open(_browser, report);

        session.Errors.Should().BeEmpty();
        (await session.Page.Locator("#timeline-figure svg.interactive path[data-series='0']").CountAsync()).Should().Be(5, "p50, p90, p99, p99.9 and max");
        (await session.Page.Locator("#timeline-figure svg.static").IsVisibleAsync()).Should().BeFalse("the chart replaced the picture");
        int points = await session.Page.EvaluateAsync<int>("() => window.hdrReport.charts[1].drawn[0].points.length");
        points.Should().BeInRange(1024, 2048);
    }

    [ChromiumFact]
    public async Task A_baseline_comparison_follows_the_range()
    {
        string baseline = Log(10_000);
        string run = Path.Combine(_dir, "run.hlog");
        SyntheticLog.Write(run, 10_000, tags: new string?[] { "db" });
        string page = Path.Combine(_dir, "compare.html");
        var result = ReportPage.Hdr("report", run, "--baseline", baseline, "--unit", "us", "--values-in", "ns", "-o", page);
        result.ExitCode.Should().Be(0, result.Error);

        await using var session = await ReportPage.Open(_browser, page);
        (await session.Page.Locator("#range-comparison").IsVisibleAsync()).Should().BeFalse();
        await session.DragTimeline(5_000, 6_000);

        var columns = new[] { "p50", "p90", "p99", "p99.9", "p99.99", "max" };
        var rows = session.Page.Locator("#range-comparison tbody tr");
        var baseRow = (await rows.Nth(0).Locator("td").AllInnerTextsAsync()).Skip(2).ToList();
        var runRow = (await rows.Nth(1).Locator("td").AllInnerTextsAsync()).Skip(2).ToList();
        var ratios = (await rows.Nth(2).Locator("td").AllInnerTextsAsync()).Skip(2).Select(t => double.Parse(t, System.Globalization.CultureInfo.InvariantCulture)).ToList();
        // The baseline is the first input (added in front), the run the second: their range rows' numbers.
        var baseRange = await session.RangeRow(0);
        var runRange = await session.RangeRow(1);
        baseRow.Should().Equal(columns.Select(c => baseRange[c]));
        runRow.Should().Equal(columns.Select(c => runRange[c]));
        for (int c = 0; c < columns.Length; c++)
        {
            double expected = double.Parse(runRow[c], System.Globalization.CultureInfo.InvariantCulture) / double.Parse(baseRow[c], System.Globalization.CultureInfo.InvariantCulture);
            ratios[c].Should().BeApproximately(expected, 0.002, columns[c]);
            ratios[c].Should().BeInRange(1.9, 2.1, "the run's values are twice the baseline's");
        }
    }

    private string Log(int intervals) => SyntheticLog.In(_dir, intervals);

    /// <summary>The report of a synthetic log of <paramref name="intervals"/> intervals, values shown in microseconds.</summary>
    private string Report(int intervals)
    {
        string page = Path.Combine(_dir, intervals.ToString(System.Globalization.CultureInfo.InvariantCulture) + ".html");
        var result = ReportPage.Hdr("report", Log(intervals), "--unit", "us", "--values-in", "ns", "-o", page);
        result.ExitCode.Should().Be(0, result.Error);
        return page;
    }

    [GeneratedRegex("--start (?<start>[0-9.]+) --end (?<end>[0-9.]+)")]
    private static partial Regex StartEnd();
}
