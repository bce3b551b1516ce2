using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using FluentAssertions;
using HdrHistogram.Plotting.BrowserTests;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Rendering;
using HdrHistogram.Plotting.Report;
using HdrHistogram.Plotting.Tests.Infrastructure;
using HdrHistogram.Plotting.Timeline;
using HdrHistogram.Tool.Tests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests.Commands;

/// <summary>
/// The timeline's HistogramLogAnalyzer features, checked against the library and the tool: moving-window percentiles,
/// the worst intervals (the report and <c>hdr summary --worst</c> alike), --percentiles, the wall-clock axis, the SLA
/// judged.
/// </summary>
public sealed class TimelineFeatureTests : TempDirectoryTests
{
    [Fact]
    public void Moving_windows_parse_with_their_units()
    {
        MovingWindow.ParseList("99.9:60s, 99:5m,50:1h,90:500ms,75:30").Should().Equal(
            new MovingWindow(99.9, 60), new MovingWindow(99, 300), new MovingWindow(50, 3600), new MovingWindow(90, 0.5), new MovingWindow(75, 30));
        new MovingWindow(99.9, 60).Name.Should().Be("p99.9 over 60 s");
        foreach (string bad in new[] { "99.9", "0:60s", "101:60s", "99:60x", "99:-1s", "x:60s", "" })
        {
            FluentActions.Invoking(() => MovingWindow.ParseList(bad)).Should().Throw<FormatException>(bad);
        }
    }

    [Fact]
    public void A_moving_window_percentile_is_the_percentile_of_the_intervals_ending_within_the_window()
    {
        string log = Log(100);

        var series = PlotInputReader.Read(log, new PlotReadOptions { MovingWindows = new[] { new MovingWindow(99, 10), new MovingWindow(50, 3) } }).Single();

        var intervals = SyntheticLog.ReadIntervals(log);
        for (int i = 0; i < 100; i++)
        {
            // Intervals end at 1, 2, ... s: the window ending at i + 1 holds intervals i - 9 .. i (10 s) and i - 2 .. i (3 s).
            series.Timeline[i].MovingValues.Should().Equal(new double[] { Sum(intervals, i - 9, i).GetValueAtPercentile(99), Sum(intervals, i - 2, i).GetValueAtPercentile(50) }, "interval {0}", i);
        }
    }

    [Fact]
    public void A_moving_window_on_a_long_log_is_the_window_at_each_buckets_last_interval()
    {
        string log = Log(10_000);

        var series = PlotInputReader.Read(log, new PlotReadOptions { MovingWindows = new[] { new MovingWindow(99.9, 60) } }).Single();

        var intervals = SyntheticLog.ReadIntervals(log);
        foreach (int b in new[] { 0, 7, 500, 1249 })
        {
            var bucket = series.Timeline[b];
            int last = (int)Math.Round(bucket.LastStartSec);
            bucket.MovingValues.Single().Should().Be(Sum(intervals, last - 59, last).GetValueAtPercentile(99.9), "bucket {0} ends with interval {1}", b, last);
        }
    }

    [Fact]
    public void The_report_lists_the_worst_intervals_as_hdr_summary_worst_prints_them()
    {
        string log = Log(3_000);
        var intervals = SyntheticLog.ReadIntervals(log);
        var sum = Sum(intervals, 0, intervals.Count - 1);
        long p9999 = sum.GetValueAtPercentile(99.99);
        int above = intervals.Count(h => h.GetMaxValue() > p9999);
        // The stalls are in intervals 500, 1497 and 2494 (SyntheticLog), the later the larger.
        var expected = new[] { 2494, 1497, 500 }
            .Select((i, rank) => (rank + 1).ToString(CultureInfo.InvariantCulture) + " " + WallClock.Text(1_700_000_000 + i, TimeZoneInfo.Utc) + " "
                + i.ToString("F3", CultureInfo.InvariantCulture) + " " + intervals[i].GetMaxValue().ToString(CultureInfo.InvariantCulture) + " "
                + intervals[i].TotalCount.ToString(CultureInfo.InvariantCulture))
            .ToList();

        string summary = Succeed(ToolRunner.Run("summary", log, "--unit", "ns", "--worst", "3"));
        string page = TempFile("worst.html");
        Succeed(ToolRunner.Run("report", log, "--unit", "ns", "--worst", "3", "-o", page));

        string worst = summary.Substring(summary.IndexOf("Worst intervals by max (untagged):\n", StringComparison.Ordinal));
        var lines = worst.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        lines[1].Split(' ', StringSplitOptions.RemoveEmptyEntries).Should().Equal("#", "Start", "(UTC)", "Start", "(s)", "Max", "Count");
        lines.Skip(2).Take(3).Select(l => string.Join(" ", l.Split(' ', StringSplitOptions.RemoveEmptyEntries))).Should().Equal(expected);
        lines[5].Should().Be("Intervals with a max above the p99.99 (" + p9999.ToString(CultureInfo.InvariantCulture) + "): " + above.ToString(CultureInfo.InvariantCulture) + " of 3000");

        string html = File.ReadAllText(page);
        var rows = Regex.Matches(Regex.Match(html, "<table id=\"worst\">.*?</table>", RegexOptions.Singleline).Value, "<tr data-series=\"0\" data-start=\"[^\"]+\"><td>(.*?)</td></tr>")
            .Select(m => string.Join(" ", m.Groups[1].Value.Split("</td><td>").Skip(1)))
            .ToList();
        rows.Should().Equal(expected, "the report's rows are the summary's lines");
        html.Should().Contain(": " + above.ToString(CultureInfo.InvariantCulture) + " of 3000 intervals have a max above the p99.99 (" + p9999.ToString(CultureInfo.InvariantCulture) + ").");
    }

    [Fact]
    public void Summary_worst_in_json_and_in_a_time_zone()
    {
        string log = Log(3_000);

        string text = Succeed(ToolRunner.Run("summary", log, "--unit", "ns", "--worst", "1", "--tz", "America/New_York"));
        var json = System.Text.Json.JsonDocument.Parse(Succeed(ToolRunner.Run("summary", log, "--unit", "ns", "--worst", "2", "--json"))).RootElement;

        text.Should().Contain("\n  1  2023-11-14 17:54:54.000 -05:00   2494.000  2025471      4\n", "interval 2494 started at 22:54:54 UTC, 17:54:54 in New York in November");
        var worst = json.GetProperty("tags")[0].GetProperty("worstIntervals").EnumerateArray().ToList();
        worst.Select(w => w.GetProperty("startTimeStamp").GetInt64()).Should().Equal(1_700_002_494_000, 1_700_001_497_000);
        worst.Select(w => w.GetProperty("lineNumber").GetInt32()).Should().Equal(3 + 2494 + 1, 3 + 1497 + 1);
        ToolRunner.Run("summary", log, "--worst", "1", "--tz", "Mars/Olympus").ShouldFailWithOneLine("--tz unknown time zone 'Mars/Olympus'", 2);
    }

    [Fact]
    public void The_percentiles_option_chooses_the_timelines_lines()
    {
        string log = Log(50);

        var json = System.Text.Json.JsonDocument.Parse(Succeed(ToolRunner.Run("plot", log, "--kind", "timeline", "--percentiles", "99,p99.99", "--json"))).RootElement;
        string svgPath = TempFile("lines.svg");
        Succeed(ToolRunner.Run("plot", log, "--kind", "timeline", "--percentiles", "99,max", "-o", svgPath));

        json.GetProperty("series")[0].GetProperty("intervals")[0].EnumerateObject().Select(p => p.Name).Should().Equal("timeSec", "count", "intervals", "p99", "p99.99", "max");
        PlotFixtures.Texts(XDocument.Load(svgPath)).Should().ContainInOrder("p99", "max").And.NotContain("p50").And.NotContain("p90");
        ToolRunner.Run("plot", log, "--kind", "timeline", "--percentiles", "99,top", "-o", svgPath)
            .ShouldFailWithOneLine("--percentiles 'top' is neither a percentile from 0 to 100 nor 'max'", 2);
    }

    [Fact]
    public void A_wall_clock_axis_reads_the_time_in_the_zone()
    {
        string log = Log(600);

        var svg = XDocument.Parse(PlotRenderer.RenderSvg(
            PlotKind.Timeline,
            PlotInputReader.Read(log, new PlotReadOptions()),
            new PlotOptions { Unit = ValueUnit.FromUnits("ns", "us"), TimeAxis = TimeAxis.Wall, TimeZone = WallClock.Zone("Europe/Berlin") }));

        // The log starts at 22:13:20 UTC, 23:13:20 in Berlin; ticks every 200 s.
        var texts = PlotFixtures.Texts(svg);
        texts.Should().ContainInOrder("Time (Europe/Berlin)", "23:13:20", "23:16:40", "23:20:00", "23:23:20");
        texts.Should().NotContain("Time since log start (s)");
    }

    [Fact]
    public void The_sla_is_judged_for_each_series_and_target()
    {
        string log = Log(100);
        var sum = Sum(SyntheticLog.ReadIntervals(log), 0, 99);
        double p90 = sum.GetValueAtPercentile(90) / 1000.0;

        string html = HtmlReportWriter.Write(
            PlotInputReader.Read(log, new PlotReadOptions()),
            new PlotOptions { Unit = ValueUnit.FromUnits("ns", "us"), Sla = new[] { new SlaTarget(90, p90), new SlaTarget(99.9, 1) } },
            "hdr report");

        var rows = Regex.Matches(Regex.Match(html, "<table id=\"sla\">.*?</table>", RegexOptions.Singleline).Value, "<tr data-series[^>]*><td>(.*?)</td><td class=\"range\"")
            .Select(m => Regex.Replace(m.Groups[1].Value, "<[^>]+>", "|"))
            .ToList();
        rows.Should().Equal(
            "100.hlog||90% ≤ " + p90.ToString("0.000", CultureInfo.InvariantCulture) + "||" + p90.ToString("0.000", CultureInfo.InvariantCulture) + "||pass",
            "100.hlog||99.9% ≤ 1.000||" + (sum.GetValueAtPercentile(99.9) / 1000.0).ToString("0.000", CultureInfo.InvariantCulture) + "||fail");
        html.Should().Contain("1 of 2 targets are missed.");
    }

    [Fact]
    public void An_empty_report_is_a_page_for_dropped_logs()
    {
        string page = TempFile("empty.html");

        Succeed(ToolRunner.Run("report", "--empty", "--unit", "us", "-o", page));

        string html = File.ReadAllText(page);
        html.Should().Contain("drop histogram logs (.hlog) onto this page").And.Contain("\"dropRatio\":1000,\"dropSummaryUnit\":\"--unit us --values-in ns\"");
        html.Should().NotContain("<svg class=\"static\"");
        ToolRunner.Run("report", "-o", page).ShouldFailWithOneLine("report needs FILEs (or --empty for a page that reads the logs dropped onto it)", 2);
        ToolRunner.Run("report", Log(10), "--empty", "-o", page).ShouldFailWithOneLine("--empty writes a page without FILEs: give either FILEs or --empty", 2);
    }

    [Fact]
    public void The_timelines_features_print_the_same_under_de_DE_and_en_US()
    {
        string log = Log(3_000);
        string[] Outputs(string culture)
        {
            using var scope = new HdrHistogram.UnitTests.Infrastructure.CultureScope(culture);
            string page = TempFile("culture-" + culture + ".html");
            string picture = TempFile("culture-" + culture + ".svg");
            Succeed(ToolRunner.Run("report", log, "--mwp", "99.9:1.5m", "--worst", "3", "--sla", "99.5=0.04ms", "--time-axis", "wall", "--tz", "Europe/Berlin", "--percentiles", "99.5,max", "-o", page));
            Succeed(ToolRunner.Run("plot", log, "--kind", "timeline", "--mwp", "99.9:1.5m", "--time-axis", "wall", "--tz", "Europe/Berlin", "-o", picture));
            string summary = Succeed(ToolRunner.Run("summary", log, "--worst", "3", "--tz", "Europe/Berlin"));
            string json = Succeed(ToolRunner.Run("summary", log, "--worst", "3", "--json"));
            return new[] { File.ReadAllText(page).Replace("culture-" + culture, "culture", StringComparison.Ordinal), File.ReadAllText(picture), summary, json };
        }

        string[] german = Outputs("de-DE");

        german.Should().Equal(Outputs("en-US"));
        german[0].Should().Contain("\"moving\":[{\"name\":\"p99.9 over 90 s\",\"percentile\":99.9,\"windowSec\":90}]");
    }

    private static string Succeed(ToolResult result)
    {
        result.ExitCode.Should().Be(0, result.Stderr);
        return result.Text;
    }

    private string Log(int intervals) => SyntheticLog.In(TempDirectory, intervals);

    /// <summary>Intervals <paramref name="from"/> to <paramref name="to"/> (clipped to the log) added together.</summary>
    private static LongHistogram Sum(System.Collections.Generic.List<HistogramBase> intervals, int from, int to)
    {
        var sum = new LongHistogram(1, 3_600_000_000_000, 3);
        for (int i = Math.Max(0, from); i <= to; i++)
        {
            sum.Add(intervals[i]);
        }

        return sum;
    }
}
