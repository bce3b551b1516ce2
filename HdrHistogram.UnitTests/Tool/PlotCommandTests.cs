using System;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using FluentAssertions;
using HdrHistogram.UnitTests.Plotting;
using Xunit;

namespace HdrHistogram.UnitTests.Tool;

public sealed class PlotCommandTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("hdr-plot-command-").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Fact]
    public void Plot_writes_an_svg_with_a_legend_entry_per_file_and_tag_and_nothing_on_stdout()
    {
        string svg = Out("latency.svg");

        var result = ToolRunner.Run("plot", PlotFixtures.JHiccup, PlotFixtures.Ycsb, "-o", svg).ShouldSucceed();

        result.Stdout.Should().BeEmpty();
        var texts = PlotFixtures.Texts(XDocument.Load(svg));
        texts.Should().ContainInOrder(PlotFixtures.JHiccup, PlotFixtures.Ycsb + " [READ]", PlotFixtures.Ycsb + " [UPDATE]");
        texts.Should().Contain("99.9%").And.Contain("Latency (ms)");
        Directory.GetFiles(_dir).Should().Equal(new[] { svg }, "the temporary file was renamed");
    }

    [Fact]
    public void Plot_of_a_timeline_writes_a_png_of_the_asked_size()
    {
        string png = Out("timeline.png");

        ToolRunner.Run("plot", PlotFixtures.JHiccup, "--kind", "timeline", "-o", png, "--width", "800", "--height", "400").ShouldSucceed();

        PlotFixtures.PngSize(File.ReadAllBytes(png)).Should().Be((800, 400));
    }

    [Fact]
    public void Plot_of_a_timeline_defaults_to_at_least_600_by_300()
    {
        string png = Out("timeline.png");

        ToolRunner.Run("plot", PlotFixtures.Ycsb, "--kind", "timeline", "--values-in", "us", "-o", png).ShouldSucceed();

        var (width, height) = PlotFixtures.PngSize(File.ReadAllBytes(png));
        width.Should().BeGreaterThanOrEqualTo(600);
        height.Should().BeGreaterThanOrEqualTo(300);
    }

    [Fact]
    public void Plot_draws_a_java_hgrm_file()
    {
        string svg = Out("hgrm.svg");

        ToolRunner.Run("plot", PlotFixtures.Hgrm, "-o", svg, "--title", "jHiccup 2.0.6").ShouldSucceed();

        PlotFixtures.Texts(XDocument.Load(svg)).Should().Contain(new[] { PlotFixtures.Hgrm, "99.9%", "jHiccup 2.0.6" });
    }

    [Fact]
    public void Plot_draws_the_sla_staircase_in_the_display_unit()
    {
        string svg = Out("sla.svg");

        ToolRunner.Run("plot", PlotFixtures.Ycsb, "--values-in", "us", "--unit", "us", "--sla", "99=2ms,99.9=5ms", "-o", svg).ShouldSucceed();

        PlotFixtures.Texts(XDocument.Load(svg)).Should().Contain("SLA 99% ≤ 2000 us, 99.9% ≤ 5000 us").And.Contain("Latency (us)");
    }

    [Fact]
    public void Json_has_the_series_in_the_chosen_unit()
    {
        var inMs = Json(ToolRunner.Run("plot", PlotFixtures.Ycsb, "--values-in", "us", "--json").ShouldSucceed());
        var inUs = Json(ToolRunner.Run("plot", PlotFixtures.Ycsb, "--values-in", "us", "--unit", "us", "--json").ShouldSucceed());
        var ratio = Json(ToolRunner.Run("plot", PlotFixtures.Ycsb, "--ratio", "1000", "--json").ShouldSucceed());

        inMs.GetProperty("unit").GetString().Should().Be("ms");
        inUs.GetProperty("unit").GetString().Should().Be("us");
        ratio.GetProperty("unit").GetString().Should().Be("value / 1000");
        var series = inMs.GetProperty("series").EnumerateArray().ToList();
        series.Select(s => s.GetProperty("tag").GetString()).Should().Equal("READ", "UPDATE");
        series.Select(s => s.GetProperty("summary").GetProperty("count").GetInt64()).Should().Equal(285_000, 15_000);
        double maxMs = series[0].GetProperty("summary").GetProperty("max").GetDouble();
        double maxUs = inUs.GetProperty("series")[0].GetProperty("summary").GetProperty("max").GetDouble();
        maxUs.Should().Be(maxMs * 1000);
        ratio.GetProperty("series")[0].GetProperty("summary").GetProperty("max").GetDouble().Should().Be(maxMs);
        series[0].GetProperty("intervals").GetArrayLength().Should().Be(30);
        series[0].GetProperty("percentiles").EnumerateArray().Last().GetProperty("percentile").GetDouble().Should().Be(100);
    }

    [Fact]
    public void Tag_and_window_select_what_hdr_process_selects()
    {
        var process = ToolRunner.Run("process", "-i", PlotFixtures.Ycsb, "-tag", "UPDATE", "-start", "100", "-end", "200", "-outputValueUnitRatio", "1000").ShouldSucceed();
        string total = Regex.Match(process.Text, @"Total count\s+=\s+(\d+)").Groups[1].Value;

        var json = Json(ToolRunner.Run("plot", PlotFixtures.Ycsb, "--tag", "UPDATE", "--start", "100", "--end", "200", "--json").ShouldSucceed());

        var series = json.GetProperty("series").EnumerateArray().Should().ContainSingle().Subject;
        series.GetProperty("tag").GetString().Should().Be("UPDATE");
        series.GetProperty("summary").GetProperty("count").GetInt64().ToString(System.Globalization.CultureInfo.InvariantCulture).Should().Be(total);
        series.GetProperty("summary").GetProperty("count").GetInt64().Should().Be(11 * 500, "the intervals starting at 100 s to 200 s");
    }

    [Fact]
    public void Report_is_one_offline_page_with_the_totals_and_maxima_hdr_process_prints()
    {
        string html = Out("report.html");
        var jhiccup = ToolRunner.Run("process", "-i", PlotFixtures.JHiccup, "-outputValueUnitRatio", "1000000").ShouldSucceed().Text;

        ToolRunner.Run("report", PlotFixtures.JHiccup, "-o", html, "--title", "Hiccups").ShouldSucceed().Stdout.Should().BeEmpty();

        string page = File.ReadAllText(html);
        Regex.Matches(page, "<svg[ >]").Should().HaveCount(2);
        Regex.IsMatch(page, @"(src|href)\s*=\s*[""']?\s*(https?:)?//", RegexOptions.IgnoreCase).Should().BeFalse();
        page.Should().NotContain("<script").And.Contain("<title>Hiccups</title>");
        page.Should().Contain("<pre>hdr report " + PlotFixtures.JHiccup + " -o " + html + " --title Hiccups</pre>");
        var row = Regex.Match(page, "<tr><td>(.*?)</td></tr>").Groups[1].Value.Split("</td><td>");
        row[4].Should().Be(Regex.Match(jhiccup, @"Total count\s+=\s+(\d+)").Groups[1].Value);
        row[11].Should().Be(Regex.Match(jhiccup, @"#\[Max\s+=\s+(\S+),").Groups[1].Value);
    }

    [Fact]
    public void Report_rows_per_tag_match_hdr_process_for_that_tag()
    {
        string html = Out("ycsb.html");

        ToolRunner.Run("report", PlotFixtures.Ycsb, "--values-in", "us", "-o", html).ShouldSucceed();

        var rows = Regex.Matches(File.ReadAllText(html), "<tr><td>(.*?)</td></tr>").Select(m => m.Groups[1].Value.Split("</td><td>")).ToList();
        foreach (var (tag, row) in new[] { "READ", "UPDATE" }.Zip(rows))
        {
            string hgrm = ToolRunner.Run("process", "-i", PlotFixtures.Ycsb, "-tag", tag, "-outputValueUnitRatio", "1000").ShouldSucceed().Text;
            row[1].Should().Be(tag);
            row[4].Should().Be(Regex.Match(hgrm, @"Total count\s+=\s+(\d+)").Groups[1].Value);
            row[11].Should().Be(Regex.Match(hgrm, @"#\[Max\s+=\s+(\S+),").Groups[1].Value);
        }
    }

    [Fact]
    public void A_file_that_is_not_a_histogram_input_is_one_line_naming_it_and_leaves_no_output()
    {
        string notes = Write("notes.txt", "just some words\n");
        string svg = Out("never.svg");

        ToolRunner.Run("plot", PlotFixtures.JHiccup, notes, "-o", svg).ShouldFailWithOneLine(notes + " is not a histogram log, .hgrm file or base64 histogram", 1);

        Directory.GetFiles(_dir).Should().Equal(new[] { notes }, "no output file, not even a temporary one");
    }

    [Fact]
    public void An_empty_log_has_no_histograms()
    {
        string empty = Write("empty.hlog", "#[Histogram log format version 1.3]\n#[StartTime: 1764037800.000 (seconds since epoch)]\n\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n");
        string html = Out("empty.html");

        ToolRunner.Run("report", empty, "-o", html).ShouldFailWithOneLine("no histograms in " + empty, 1);

        File.Exists(html).Should().BeFalse();
    }

    [Theory]
    [InlineData("out.jpg")]
    [InlineData("out")]
    [InlineData("out.html")]
    public void Plot_to_an_unknown_extension_is_a_usage_error(string output)
    {
        ToolRunner.Run("plot", PlotFixtures.JHiccup, "-o", Out(output)).ShouldFailWithOneLine("use a .svg or .png output file", 2);

        Directory.GetFiles(_dir).Should().BeEmpty();
    }

    [Fact]
    public void Report_to_a_non_html_file_is_a_usage_error()
        => ToolRunner.Run("report", PlotFixtures.JHiccup, "-o", Out("report.svg")).ShouldFailWithOneLine("use an .html output file", 2);

    [Theory]
    [InlineData("--sla", "99.9")]
    [InlineData("--sla", "99.9=10 parsecs")]
    [InlineData("--unit", "minutes")]
    [InlineData("--kind", "pie")]
    [InlineData("--width", "5")]
    [InlineData("--start", "soon")]
    public void Bad_options_are_usage_errors(string option, string value)
        => ToolRunner.Run("plot", PlotFixtures.JHiccup, "-o", Out("x.svg"), option, value).ShouldFailWithOneLine(option, 2);

    [Fact]
    public void A_ratio_and_a_unit_together_are_a_usage_error()
        => ToolRunner.Run("plot", PlotFixtures.JHiccup, "-o", Out("x.svg"), "--ratio", "1000", "--unit", "us").ShouldFailWithOneLine("--ratio and --unit", 2);

    [Fact]
    public void A_missing_input_is_an_error_naming_it()
        => ToolRunner.Run("plot", Path.Combine(_dir, "missing.hlog"), "-o", Out("x.svg")).ShouldFailWithOneLine("missing.hlog", 1);

    [Fact]
    public void A_timeline_of_inputs_without_intervals_is_an_error()
        => ToolRunner.Run("plot", PlotFixtures.Hgrm, "--kind", "timeline", "-o", Out("x.png")).ShouldFailWithOneLine("a timeline needs a histogram log", 1);

    [Fact]
    public void Progress_goes_to_stderr_when_asked_for()
    {
        string svg = Out("p.svg");

        var result = ToolRunner.Run(null, TimeSpan.Zero, "plot", PlotFixtures.JHiccup, "-o", svg, "--progress");

        result.ExitCode.Should().Be(0, result.Stderr);
        result.Stdout.Should().BeEmpty();
        result.Stderr.Should().StartWith("hdr plot: " + PlotFixtures.JHiccup + ": 64 intervals, ").And.Contain(": 90 intervals, ").And.NotContain("%");
    }

    [Fact]
    public void No_progress_without_a_terminal_or_the_option()
        => ToolRunner.Run(null, TimeSpan.Zero, "plot", PlotFixtures.JHiccup, "-o", Out("p.svg")).ShouldSucceed();

    [Fact]
    public void Help_describes_the_options()
    {
        ToolRunner.Run("plot", "--help").ShouldSucceed().Text.Should().Contain("--kind").And.Contain("--sla").And.Contain("--values-in");
        ToolRunner.Run("report", "--help").ShouldSucceed().Text.Should().Contain("opens offline");
    }

    private static JsonElement Json(ToolResult result) => JsonDocument.Parse(result.Stdout).RootElement;

    private string Out(string name) => Path.Combine(_dir, name);

    private string Write(string name, string text)
    {
        string path = Out(name);
        File.WriteAllText(path, text);
        return path;
    }
}
