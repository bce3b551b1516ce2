using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using FluentAssertions;
using Xunit;

namespace HdrHistogram.Plotting.BrowserTests;

/// <summary>
/// The report's HistogramLogAnalyzer features in headless Chromium: moving-window percentiles, a worst interval's
/// row taking the timeline to it, wall-clock labels in the report's time zone (whatever the browser's), the
/// counts-per-value chart, the SLA judged for a range, percentile lines, PNG saving, and tables that fit the page.
/// </summary>
[Collection(ChromiumGroup.Name)]
public sealed class TimelineFeaturesBrowserTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("hdr-features-browser-").FullName;
    private readonly SharedBrowser _browser;

    public TimelineFeaturesBrowserTests(SharedBrowser browser)
    {
        _browser = browser;
    }

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [ChromiumFact]
    public async Task Moving_window_percentiles_are_drawn_with_the_windows_values()
    {
        string log = Log(100);
        string page = Report(log, "mwp.html", "--mwp", "99:10s");
        var intervals = SyntheticLog.ReadIntervals(log);

        await using var session = await ReportPage.Open(_browser, page);

        (await session.Page.Locator("#timeline-figure path.moving[data-moving='p99 over 10 s']").CountAsync()).Should().Be(1);
        (await session.Page.Locator("#timeline-figure .line-legend li").AllInnerTextsAsync()).Select(t => t.Trim()).Should().Equal("p50", "p90", "p99", "p99.9", "max", "p99 over 10 s");
        // Each point's moving value: the p99 of the ten intervals that end within 10 s of its end, in us.
        var values = await session.Page.EvaluateAsync<double[]>("() => window.hdrReport.charts[1].drawn[0].points.map(p => p[p.length - 1])");
        values.Should().HaveCount(100);
        for (int i = 0; i < 100; i++)
        {
            var window = new LongHistogram(1, 3_600_000_000_000, 3);
            foreach (var h in intervals.Skip(Math.Max(0, i - 9)).Take(Math.Min(i + 1, 10)))
            {
                window.Add(h);
            }

            values[i].Should().Be(window.GetValueAtPercentile(99) / 1000.0, "interval {0}", i);
        }
    }

    [ChromiumFact]
    public async Task A_worst_intervals_row_takes_the_timeline_to_it()
    {
        string page = Report(Log(10_000), "worst.html", "--worst", "3");

        await using var session = await ReportPage.Open(_browser, page);
        var row = session.Page.Locator("#worst tbody tr").First;
        var cells = await row.Locator("td").AllInnerTextsAsync();
        double start = double.Parse(await row.GetAttributeAsync("data-start") ?? "", CultureInfo.InvariantCulture);
        await row.ClickAsync();

        var range = await session.Page.EvaluateAsync<double[]>("() => window.hdrReport.range()");
        start.Should().BeInRange(range[0], range[1]);
        (await session.Page.Locator("#timeline-figure line.mark").CountAsync()).Should().Be(1);
        // The range holds the worst interval: its max is the range's.
        (await session.RangeRow())["max"].Should().Be(cells[4]);
        cells[0].Should().Be("10000.hlog");
        cells[1].Should().Be("1");
    }

    [ChromiumFact]
    public async Task Wall_clock_labels_are_in_the_reports_time_zone_whatever_the_browsers()
    {
        string page = Report(Log(600), "wall.html", "--time-axis", "wall", "--tz", "America/New_York");

        await using var session = await ReportPage.Open(_browser, page, timezone: "Asia/Tokyo");

        var ticks = await session.Page.Locator("#timeline-figure svg.interactive g.x-ticks text").AllTextContentsAsync();
        // The log starts at 22:13:20 UTC: 17:13:20 in New York (EST), 07:13:20 in Tokyo.
        ticks.Should().Contain("17:15:00").And.OnlyContain(t => t.StartsWith("17:", StringComparison.Ordinal));
        (await session.Page.Locator("#timeline-figure svg.interactive text").AllTextContentsAsync()).Should().Contain("Time (America/New_York)");
        (await session.Page.Locator("#worst thead th").AllInnerTextsAsync()).Should().Contain("Start (America/New_York)");
    }

    [ChromiumFact]
    public async Task The_counts_per_value_chart_shows_every_buckets_count()
    {
        string log = Log(100);
        string page = Report(log, "counts.html");
        var sum = new LongHistogram(1, 3_600_000_000_000, 3);
        foreach (var h in SyntheticLog.ReadIntervals(log))
        {
            sum.Add(h);
        }

        await using var session = await ReportPage.Open(_browser, page);
        await session.Page.WaitForFunctionAsync("() => window.hdrReport.timings.prepared > 0");

        var points = await session.Page.EvaluateAsync<double[][]>("() => window.hdrReport.chart('counts').drawn[0].points");
        var expected = sum.RecordedValues().Select(v => new[] { v.ValueIteratedTo / 1000.0, v.CountAtValueIteratedTo }).ToList();
        points.Select(p => (p[0], p[1])).Should().Equal(expected.Select(p => (p[0], p[1])));
        (await session.Page.Locator("#counts-figure path[data-series='0']").CountAsync()).Should().Be(1);
        (await session.Page.Locator("#counts-figure .no-script").IsVisibleAsync()).Should().BeFalse();
    }

    [ChromiumFact]
    public async Task The_sla_is_judged_for_the_selected_range_too()
    {
        string page = Report(Log(10_000), "sla.html", "--sla", "99=30us,99.9=0.1ms");

        await using var session = await ReportPage.Open(_browser, page);
        (await session.Page.Locator("#sla th.range").First.IsVisibleAsync()).Should().BeFalse();
        await session.DragTimeline(1_000, 1_500);

        var row = await session.RangeRow();
        var rows = session.Page.Locator("#sla tbody tr");
        var p99 = await rows.Nth(0).Locator("td.range").AllInnerTextsAsync();
        var p999 = await rows.Nth(1).Locator("td.range").AllInnerTextsAsync();
        p99.Should().Equal(row["p99"], double.Parse(row["p99"], CultureInfo.InvariantCulture) <= 30 ? "pass" : "fail");
        p999.Should().Equal(row["p99.9"], double.Parse(row["p99.9"], CultureInfo.InvariantCulture) <= 100 ? "pass" : "fail");
    }

    [ChromiumFact]
    public async Task Percentile_lines_mark_the_whole_log_then_the_range()
    {
        string page = Report(Log(10_000), "marks.html");

        await using var session = await ReportPage.Open(_browser, page);
        var whole = await session.Page.EvaluateAsync<double>("() => JSON.parse(document.getElementById('hdr-data').textContent).timeline.series[0].whole['p99.99']");
        (await Mark(session)).Should().Be(whole);
        await session.DragTimeline(3_000, 3_300);

        (await Mark(session)).Should().Be(double.Parse((await session.RangeRow())["p99.99"], CultureInfo.InvariantCulture));
        await session.Page.Locator("input.pct-lines").ClickAsync();
        (await session.Page.Locator("line.pct-mark").CountAsync()).Should().Be(0);

        static async Task<double> Mark(ReportPage s)
            => Math.Round(double.Parse(await s.Page.Locator("line.pct-mark[data-mark='p99.99']").GetAttributeAsync("data-value") ?? "", CultureInfo.InvariantCulture), 3);
    }

    [ChromiumFact]
    public async Task A_chart_saves_as_a_png()
    {
        string page = Report(Log(100), "png.html");

        await using var session = await ReportPage.Open(_browser, page);
        var download = await session.Page.RunAndWaitForDownloadAsync(() => session.Page.Locator("#timeline-figure button.save-png").ClickAsync());

        download.SuggestedFilename.Should().Be("timeline.png");
        byte[] png = await File.ReadAllBytesAsync(await download.PathAsync());
        png.Take(8).Should().Equal(new byte[] { 0x89, (byte)'P', (byte)'N', (byte)'G', 0x0D, 0x0A, 0x1A, 0x0A });
        (System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(16)), System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(20))).Should().Be((2000, 1040));
    }

    [ChromiumFact]
    public async Task Tables_fit_the_page_with_long_paths()
    {
        string deep = Path.Combine(_dir, "a-rather-long-folder-name-for-the-runs", "another-long-folder-name-2024-11-14", "with-a-third-level");
        Directory.CreateDirectory(deep);
        string log = Path.Combine(deep, "service-latency-recorded-by-the-load-generator.hlog");
        SyntheticLog.Write(log, 100);
        string page = Report(log, "paths.html", "--sla", "99=30us");

        await using var session = await ReportPage.Open(_browser, page);

        var overflow = await session.Page.EvaluateAsync<int[]>("() => Array.from(document.querySelectorAll('div.table')).map(d => d.scrollWidth - d.clientWidth)");
        overflow.Should().OnlyContain(o => o <= 0, "no table needs a horizontal scroll at 1280 pixels");
        var file = session.Page.Locator("table").First.Locator("tbody td").First;
        (await file.InnerTextAsync()).Should().Be("service-latency-recorded-by-the-load-generator.hlog");
        (await file.GetAttributeAsync("title")).Should().Be(log);
    }

    private string Log(int intervals) => SyntheticLog.In(_dir, intervals);

    /// <summary>hdr report of <paramref name="log"/>, values in microseconds, with <paramref name="options"/>.</summary>
    private string Report(string log, string name, params string[] options)
    {
        string page = Path.Combine(_dir, name);
        var result = ReportPage.Hdr(new[] { "report", log, "--unit", "us", "--values-in", "ns", "-o", page }.Concat(options).ToArray());
        result.ExitCode.Should().Be(0, result.Error);
        return page;
    }
}
