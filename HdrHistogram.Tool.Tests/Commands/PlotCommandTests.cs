using System;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using FluentAssertions;
using HdrHistogram.Plotting.Tests.Infrastructure;
using HdrHistogram.Tool.Tests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests.Commands;

public sealed class PlotCommandTests : TempDirectoryTests
{
    [Fact]
    public void Plot_writes_an_svg_with_a_legend_entry_per_file_and_tag_and_nothing_on_stdout()
    {
        string svg = TempFile("latency.svg");

        var result = ToolRunner.Run("plot", PlotFixtures.JHiccup, PlotFixtures.Ycsb, "--values-in", "ns,us", "-o", svg).ShouldSucceed();

        result.Stdout.Should().BeEmpty();
        var texts = PlotFixtures.Texts(XDocument.Load(svg));
        texts.Should().ContainInOrder("jhiccup-style.hlog", "ycsb-style.hlog [READ]", "ycsb-style.hlog [UPDATE]");
        texts.Should().Contain("99.9%").And.Contain("Latency (ms, log scale)");
        Directory.GetFiles(TempDirectory).Should().Equal(new[] { svg }, "the temporary file was renamed");
    }

    [Fact]
    public void Plot_of_a_timeline_writes_a_png_of_the_asked_size()
    {
        string png = TempFile("timeline.png");

        ToolRunner.Run("plot", PlotFixtures.JHiccup, "--kind", "timeline", "-o", png, "--width", "800", "--height", "400").ShouldSucceed();

        PlotFixtures.PngSize(File.ReadAllBytes(png)).Should().Be((800, 400));
    }

    [Fact]
    public void Plot_of_a_timeline_defaults_to_at_least_600_by_300()
    {
        string png = TempFile("timeline.png");

        ToolRunner.Run("plot", PlotFixtures.Ycsb, "--kind", "timeline", "--values-in", "us", "-o", png).ShouldSucceed();

        var (width, height) = PlotFixtures.PngSize(File.ReadAllBytes(png));
        width.Should().BeGreaterThanOrEqualTo(600);
        height.Should().BeGreaterThanOrEqualTo(300);
    }

    [Fact]
    public void Report_with_a_baseline_prints_and_shows_the_ratios()
    {
        var (before, after) = PlotFixtures.WriteRuns(TempDirectory);
        string html = TempFile("compare.html");

        var result = ToolRunner.Run("report", after, "--baseline", before, "--values-in", "ns", "--unit", "us", "-o", html).ShouldSucceed();

        // By hand (RunComparisonTests): p99.9 999 -> 1500 ns, p99.99 and max 1000 -> 1500 ns.
        result.Text.Should().Be(
            "Baseline: before.hlog (values in us; ratio = run / baseline)\n"
            + "\n"
            + "Series                p50         p90         p99       p99.9      p99.99         max\n"
            + "before.hlog         0.500       0.900       0.990       0.999       1.000       1.000\n"
            + "after.hlog          0.500       0.900       0.990       1.500       1.500       1.500\n"
            + "  ratio             1.000       1.000       1.000       1.502       1.500       1.500\n");
        string page = File.ReadAllText(html);
        var table = Regex.Match(page, "<table id=\"comparison\">.*?</table>", RegexOptions.Singleline).Value;
        Regex.Matches(table, "<tr><td>(.*?)</td></tr>").Select(m => m.Groups[1].Value).Should().Equal(
            "before.hlog</td><td>baseline</td><td>0.500</td><td>0.900</td><td>0.990</td><td>0.999</td><td>1.000</td><td>1.000",
            "after.hlog</td><td>run</td><td>0.500</td><td>0.900</td><td>0.990</td><td>1.500</td><td>1.500</td><td>1.500",
            "after.hlog</td><td>ratio</td><td class=\"ratio\">1.000</td><td class=\"ratio\">1.000</td><td class=\"ratio\">1.000</td><td class=\"ratio\">1.502</td><td class=\"ratio\">1.500</td><td class=\"ratio\">1.500");
    }

    [Fact]
    public void Report_with_only_a_baseline_is_a_usage_error()
    {
        var (before, _) = PlotFixtures.WriteRuns(TempDirectory);

        var result = ToolRunner.Run("report", before, "--baseline", before, "-o", TempFile("x.html"));

        result.ExitCode.Should().Be(2);
        result.Stderr.Should().Contain("--baseline needs another FILE to compare with");
    }

    [Fact]
    public void Plot_y_scale_sets_the_axis()
    {
        string log = TempFile("log.svg");
        string linear = TempFile("linear.svg");

        ToolRunner.Run("plot", PlotFixtures.Ycsb, "--values-in", "us", "--tag", "READ", "--y-scale", "log", "-o", log).ShouldSucceed();
        ToolRunner.Run("plot", PlotFixtures.JHiccup, "--y-scale", "linear", "-o", linear).ShouldSucceed();

        PlotFixtures.Texts(XDocument.Load(log)).Should().Contain("Latency (ms, log scale)");
        PlotFixtures.Texts(XDocument.Load(linear)).Should().Contain("Latency (ms)");
        ToolRunner.Run("plot", PlotFixtures.JHiccup, "--y-scale", "cubic", "-o", linear).ExitCode.Should().Be(2);
    }

    [Fact]
    public void Plot_draws_a_java_hgrm_file()
    {
        string svg = TempFile("hgrm.svg");

        ToolRunner.Run("plot", PlotFixtures.Hgrm, "-o", svg, "--title", "jHiccup 2.0.6").ShouldSucceed();

        PlotFixtures.Texts(XDocument.Load(svg)).Should().Contain(new[] { "jHiccup-2.0.6.logV1.default.hgrm", "99.9%", "jHiccup 2.0.6" });
    }

    [Fact]
    public void Plot_draws_the_sla_staircase_in_the_display_unit()
    {
        string svg = TempFile("sla.svg");

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
    public void Json_with_an_output_file_goes_to_the_file_and_nothing_to_stdout()
    {
        string file = TempFile("series.json");

        ToolRunner.Run("plot", PlotFixtures.JHiccup, "--json", "-o", file).ShouldSucceed().Stdout.Should().BeEmpty();

        using var json = JsonDocument.Parse(File.ReadAllText(file));
        json.RootElement.GetProperty("series")[0].GetProperty("summary").GetProperty("count").GetInt64().Should().Be(90_120);
        Directory.GetFiles(TempDirectory).Should().Equal(new[] { file });
    }

    [Fact]
    public void Tag_and_window_select_what_hdr_process_selects()
    {
        var process = ToolRunner.Run("process", "-i", PlotFixtures.Ycsb, "-tag", "UPDATE", "-start", "100", "-end", "200", "-outputValueUnitRatio", "1000").ShouldSucceedNotingOtherTags();
        string total = Regex.Match(process.Text, @"Total count\s+=\s+(\d+)").Groups[1].Value;

        var json = Json(ToolRunner.Run("plot", PlotFixtures.Ycsb, "--tag", "UPDATE", "--start", "100", "--end", "200", "--ratio", "1000", "--json").ShouldSucceed());

        var series = json.GetProperty("series").EnumerateArray().Should().ContainSingle().Subject;
        series.GetProperty("tag").GetString().Should().Be("UPDATE");
        series.GetProperty("summary").GetProperty("count").GetInt64().ToString(System.Globalization.CultureInfo.InvariantCulture).Should().Be(total);
        series.GetProperty("summary").GetProperty("count").GetInt64().Should().Be(11 * 500, "the intervals starting at 100 s to 200 s");
    }

    [Fact]
    public void Report_is_one_offline_page_with_the_totals_and_maxima_hdr_process_prints()
    {
        string html = TempFile("report.html");
        var jhiccup = HdrProcessOutput.Run(PlotFixtures.JHiccup, 1e6, TempDirectory);

        ToolRunner.Run("report", PlotFixtures.JHiccup, "-o", html, "--title", "Hiccups").ShouldSucceed().Stdout.Should().BeEmpty();

        string page = File.ReadAllText(html);
        Regex.Matches(page, "<svg[ >]").Should().HaveCount(2);
        Regex.IsMatch(page, @"(src|href)\s*=\s*[""']?\s*(https?:)?//", RegexOptions.IgnoreCase).Should().BeFalse();
        Regex.IsMatch(page, @"https?://(?!www\.w3\.org/)", RegexOptions.IgnoreCase).Should().BeFalse("the only URLs are the SVG namespace names");
        // Three inline scripts (the chart data, the histogram arithmetic and the code drawing the charts), nothing
        // loaded: no src, link, import or font.
        Regex.Matches(page, "<script").Should().HaveCount(3);
        page.Should().NotContain("<script src").And.NotContain("<link").And.NotContain("@import").And.NotContain("@font-face").And.Contain("<title>Hiccups</title>");
        page.Should().Contain("<pre>hdr report " + PlotFixtures.JHiccup + " -o " + html + " --title Hiccups</pre>");
        Rows(page).Should().ContainSingle().Which.Skip(4).Should().Equal(Expected(jhiccup));
    }

    [Fact]
    public void Report_rows_per_tag_are_the_numbers_hdr_process_prints_for_that_tag()
    {
        string html = TempFile("ycsb.html");

        ToolRunner.Run("report", PlotFixtures.Ycsb, "--values-in", "us", "-o", html).ShouldSucceed();

        var rows = Rows(File.ReadAllText(html));
        rows.Select(r => r[1]).Should().Equal("READ", "UPDATE");
        foreach (var row in rows)
        {
            row.Skip(4).Should().Equal(Expected(HdrProcessOutput.Run(PlotFixtures.Ycsb, 1000, TempDirectory, "-tag", row[1])), "the {0} row", row[1]);
        }
    }

    [Fact]
    public void Report_rows_in_another_unit_and_window_are_what_hdr_process_prints_with_that_ratio_and_window()
    {
        string html = TempFile("window.html");

        ToolRunner.Run("report", PlotFixtures.Ycsb, "--values-in", "us", "--unit", "us", "--start", "50", "--end", "120", "-o", html).ShouldSucceed();

        var rows = Rows(File.ReadAllText(html));
        rows.Should().HaveCount(2);
        foreach (var row in rows)
        {
            row.Skip(4).Should().Equal(Expected(HdrProcessOutput.Run(PlotFixtures.Ycsb, 1, TempDirectory, "-tag", row[1], "-start", "50", "-end", "120")), "the {0} row", row[1]);
            row[2].Should().Be("8", "the intervals starting at 50 s to 120 s");
        }
    }

    [Fact]
    public void Files_recorded_in_different_units_are_shown_in_one_with_a_unit_per_file()
    {
        string html = TempFile("mixed.html");
        var jhiccup = HdrProcessOutput.Run(PlotFixtures.JHiccup, 1e6, TempDirectory);
        var read = HdrProcessOutput.Run(PlotFixtures.Ycsb, 1000, TempDirectory, "-tag", "READ");

        ToolRunner.Run("report", PlotFixtures.JHiccup, PlotFixtures.Ycsb, "--values-in", "ns,us", "-o", html).ShouldSucceed();
        var json = Json(ToolRunner.Run("plot", PlotFixtures.JHiccup, PlotFixtures.Ycsb, "--values-in", "ns,us", "--json").ShouldSucceed());

        var rows = Rows(File.ReadAllText(html));
        rows[0].Skip(4).Should().Equal(Expected(jhiccup), "the ns log in ms: values / 1000000");
        rows[1].Skip(4).Should().Equal(Expected(read), "the us log in ms: values / 1000");
        File.ReadAllText(html).Should().Contain("Values divided by 1000000 (" + PlotFixtures.JHiccup + "), 1000 (" + PlotFixtures.Ycsb + ")");
        json.GetProperty("series").EnumerateArray().Select(s => (s.GetProperty("valuesIn").GetString(), s.GetProperty("outputValueUnitRatio").GetDouble()))
            .Should().Equal(("ns", 1e6), ("us", 1000.0), ("us", 1000.0));
    }

    [Fact]
    public void A_unit_list_that_does_not_match_the_files_is_a_usage_error()
        => ToolRunner.Run("plot", PlotFixtures.JHiccup, PlotFixtures.Ycsb, "--values-in", "ns,us,ms", "-o", TempFile("x.svg"))
            .ShouldFailWithOneLine("--values-in needs one unit, or one per FILE in order (2 FILEs, 3 units)", 2);

    [Fact]
    public void Timeline_times_are_the_times_hdr_process_prints_for_each_interval()
    {
        var process = HdrProcessOutput.Run(PlotFixtures.JHiccup, 1e6, TempDirectory, "-start", "20", "-end", "50");

        var json = Json(ToolRunner.Run("plot", PlotFixtures.JHiccup, "--kind", "timeline", "--start", "20", "--end", "50", "--json").ShouldSucceed());

        json.GetProperty("series")[0].GetProperty("intervals").EnumerateArray()
            .Select(i => i.GetProperty("timeSec").GetDouble().ToString("0.000", System.Globalization.CultureInfo.InvariantCulture))
            .Should().Equal(process.IntervalTimes);
        process.IntervalTimes.Should().HaveCount(31, "the intervals ending at 20 s to starting at 50 s");
    }

    [Fact]
    public void Report_json_has_the_series_of_every_file_and_tag()
    {
        var json = Json(ToolRunner.Run("report", PlotFixtures.JHiccup, PlotFixtures.Ycsb, "--values-in", "ns,us", "--json").ShouldSucceed());

        var series = json.GetProperty("series").EnumerateArray().ToList();
        series.Select(s => s.GetProperty("label").GetString()).Should().Equal(PlotFixtures.JHiccup, PlotFixtures.Ycsb + " [READ]", PlotFixtures.Ycsb + " [UPDATE]");
        series.Select(s => s.GetProperty("summary").GetProperty("count").GetInt64()).Should().Equal(90_120, 285_000, 15_000);
        series.Select(s => s.GetProperty("intervals").GetArrayLength()).Should().Equal(90, 30, 30);
    }

    [Fact]
    public void Outputs_are_the_same_under_a_culture_with_a_decimal_comma()
    {
        string[] Outputs(string suffix)
        {
            string svg = TempFile("c" + suffix + ".svg");
            string timeline = TempFile("t" + suffix + ".svg");
            string html = TempFile("r" + suffix + ".html");
            ToolRunner.Run("plot", PlotFixtures.Ycsb, "--values-in", "us", "--sla", "99.9=2.5ms", "--title", "1.5 s", "-o", svg).ShouldSucceed();
            ToolRunner.Run("plot", PlotFixtures.JHiccup, "--kind", "timeline", "--unit", "s", "-o", timeline).ShouldSucceed();
            ToolRunner.Run("report", PlotFixtures.JHiccup, PlotFixtures.Ycsb, "--ratio", "1000.5", "-o", html).ShouldSucceed();
            string json = ToolRunner.Run("plot", PlotFixtures.JHiccup, "--json").ShouldSucceed().Text;
            return new[] { File.ReadAllText(svg), File.ReadAllText(timeline), File.ReadAllText(html).Replace(suffix + ".html", ".html", StringComparison.Ordinal), json };
        }

        string[] invariant;
        using (new HdrHistogram.UnitTests.Infrastructure.CultureScope(""))
        {
            invariant = Outputs("-inv");
        }

        string[] german;
        using (new HdrHistogram.UnitTests.Infrastructure.CultureScope("de-DE"))
        {
            german = Outputs("-de");
        }

        german.Should().Equal(invariant);
        PlotFixtures.Texts(XDocument.Parse(invariant[0])).Should().Contain(new[] { "99.9%", "SLA 99.9% ≤ 2.5 ms", "0.5", "1.5 s" });
        invariant[3].Should().Contain("\"outputValueUnitRatio\": 1000000");
    }

    [Fact]
    public void A_file_that_is_not_a_histogram_input_is_one_line_naming_it_and_leaves_no_output()
    {
        string notes = WriteFile("notes.txt", "just some words\n");
        string svg = TempFile("never.svg");

        ToolRunner.Run("plot", PlotFixtures.JHiccup, notes, "-o", svg).ShouldFailWithOneLine(notes + " is not a histogram log, .hgrm file or base64 histogram", 1);

        Directory.GetFiles(TempDirectory).Should().Equal(new[] { notes }, "no output file, not even a temporary one");
    }

    [Theory]
    [InlineData("corrupt-payload.hlog")]
    [InlineData("picture.png")]
    [InlineData("data.json")]
    [InlineData("bad-line.hgrm")]
    [InlineData("bad-line.b64")]
    [InlineData("utf16.txt")]
    public void Malformed_inputs_are_one_line_naming_the_file_exit_1_and_leave_no_output(string name)
    {
        string log = File.ReadAllText(PlotFixtures.JHiccup);
        string input = TempFile(name);
        switch (name)
        {
            case "corrupt-payload.hlog":
                // The tenth interval's payload with its middle replaced: a valid base64 string of a broken zlib stream.
                var lines = log.Split('\n');
                int i = Array.FindIndex(lines, l => l.Contains("HISTF", StringComparison.Ordinal)) + 9;
                int at = lines[i].IndexOf("HISTF", StringComparison.Ordinal) + 24;
                lines[i] = string.Concat(lines[i].AsSpan(0, at), new string('A', 16), lines[i].AsSpan(at + 16));
                File.WriteAllText(input, string.Join('\n', lines));
                break;
            case "picture.png":
                File.WriteAllBytes(input, new byte[] { 0x89, (byte)'P', (byte)'N', (byte)'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, (byte)'I', (byte)'H', (byte)'D', (byte)'R', 0, 0, 1, 0 });
                break;
            case "data.json":
                File.WriteAllText(input, "{\"series\": [1, 2, 3], \"unit\": \"ms\"}\n");
                break;
            case "bad-line.hgrm":
                File.WriteAllText(input, File.ReadAllText(PlotFixtures.Hgrm).Replace("0.02 0.000000000000", "0.02 zero", StringComparison.Ordinal));
                break;
            case "bad-line.b64":
                File.WriteAllText(input, File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Fixtures", "workloads", "latency-1h-3sd.compressed.txt")).Trim() + "\nHISTFAAAAnotreallyahistogram==\n");
                break;
            default:
                File.WriteAllText(input, log, System.Text.Encoding.Unicode);
                break;
        }

        string svg = TempFile("never.svg");
        string html = TempFile("never.html");
        File.Exists(input).Should().BeTrue();

        var plot = ToolRunner.Run("plot", PlotFixtures.JHiccup, input, "-o", svg).ShouldFailWithOneLine(input, 1);
        ToolRunner.Run("report", input, "-o", html).ShouldFailWithOneLine(input, 1);
        ToolRunner.Run("plot", input, "--json").ShouldFailWithOneLine(input, 1).Stdout.Should().BeEmpty();

        plot.Stderr.Should().StartWith("hdr plot: error: ").And.NotContain("Exception");
        Directory.GetFiles(TempDirectory).Should().Equal(new[] { input }, "no output file, not even a temporary one");
    }

    [Fact]
    public void A_log_cut_short_in_its_last_line_is_read_as_far_as_hdr_process_reads_it()
    {
        // A log still being written ends in a partial line: hdr process (as Java's reader) reads the complete intervals before it.
        string log = File.ReadAllText(PlotFixtures.JHiccup);
        string cut = WriteFile("cut.hlog", log.Substring(0, log.Length * 2 / 3));
        var process = HdrProcessOutput.Run(cut, 1e6, TempDirectory);

        var run = ToolRunner.Run("plot", cut, "--json");

        run.ExitCode.Should().Be(0, run.Stderr);
        var json = Json(run);
        var summary = json.GetProperty("series")[0].GetProperty("summary");
        summary.GetProperty("count").GetInt64().ToString(System.Globalization.CultureInfo.InvariantCulture).Should().Be(process.TotalCount);
        summary.GetProperty("intervals").GetInt32().Should().Be(process.IntervalTimes.Length).And.BeLessThan(90);
    }

    [Fact]
    public void A_failed_plot_leaves_an_existing_output_as_it_was()
    {
        string svg = WriteFile("kept.svg", "<svg/>");
        string notes = WriteFile("notes.txt", "just some words\n");

        ToolRunner.Run("plot", notes, "-o", svg).ShouldFailWithOneLine(notes, 1);

        File.ReadAllText(svg).Should().Be("<svg/>");
        Directory.GetFiles(TempDirectory).Should().BeEquivalentTo(new[] { svg, notes });
    }

    [Fact]
    public void An_empty_log_has_no_histograms()
    {
        string empty = WriteFile("empty.hlog", "#[Histogram log format version 1.3]\n#[StartTime: 1764037800.000 (seconds since epoch)]\n\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n");
        string html = TempFile("empty.html");

        ToolRunner.Run("report", empty, "-o", html).ShouldFailWithOneLine("no histograms in " + empty, 1);

        File.Exists(html).Should().BeFalse();
    }

    [Theory]
    [InlineData("out.jpg")]
    [InlineData("out")]
    [InlineData("out.html")]
    public void Plot_to_an_unknown_extension_is_a_usage_error(string output)
    {
        ToolRunner.Run("plot", PlotFixtures.JHiccup, "-o", TempFile(output)).ShouldFailWithOneLine("use a .svg or .png output file", 2);

        Directory.GetFiles(TempDirectory).Should().BeEmpty();
    }

    [Fact]
    public void Report_to_a_non_html_file_is_a_usage_error()
        => ToolRunner.Run("report", PlotFixtures.JHiccup, "-o", TempFile("report.svg")).ShouldFailWithOneLine("use an .html output file", 2);

    [Theory]
    [InlineData("--sla", "99.9")]
    [InlineData("--sla", "99.9=10 parsecs")]
    [InlineData("--unit", "minutes")]
    [InlineData("--kind", "pie")]
    [InlineData("--width", "5")]
    [InlineData("--start", "soon")]
    public void Bad_options_are_usage_errors(string option, string value)
        => ToolRunner.Run("plot", PlotFixtures.JHiccup, "-o", TempFile("x.svg"), option, value).ShouldFailWithOneLine(option, 2);

    [Fact]
    public void A_ratio_and_a_unit_together_are_a_usage_error()
        => ToolRunner.Run("plot", PlotFixtures.JHiccup, "-o", TempFile("x.svg"), "--ratio", "1000", "--unit", "us").ShouldFailWithOneLine("--ratio replaces --unit and --values-in: give --ratio alone, or the units", 2);

    [Fact]
    public void A_missing_input_is_an_error_naming_it()
        => ToolRunner.Run("plot", TempFile("missing.hlog"), "-o", TempFile("x.svg")).ShouldFailWithOneLine("missing.hlog", 1);

    [Fact]
    public void A_timeline_of_inputs_without_intervals_is_an_error()
        => ToolRunner.Run("plot", PlotFixtures.Hgrm, "--kind", "timeline", "-o", TempFile("x.png")).ShouldFailWithOneLine("a timeline needs a histogram log", 1);

    [Fact]
    public void Progress_goes_to_stderr_when_asked_for()
    {
        string svg = TempFile("p.svg");

        var result = ToolRunner.Run(null, TimeSpan.Zero, "plot", PlotFixtures.JHiccup, "-o", svg, "--progress");

        result.ExitCode.Should().Be(0, result.Stderr);
        result.Stdout.Should().BeEmpty();
        result.Stderr.Should().StartWith("hdr plot: " + PlotFixtures.JHiccup + ": 64 intervals, ").And.Contain(": 90 intervals, ").And.NotContain("%");
    }

    [Fact]
    public void No_progress_without_a_terminal_or_the_option()
        => ToolRunner.Run(null, TimeSpan.Zero, "plot", PlotFixtures.JHiccup, "-o", TempFile("p.svg")).ShouldSucceed();

    /// <summary>
    /// The README's and docs/tool.md's pictures were looked at by a person when eng/plots.sh wrote them; hdr plot must
    /// still draw exactly those bytes from the same log and options (in another process, another day). A change to the
    /// drawing fails here until eng/plots.sh has written the pictures again and someone has looked at them.
    /// </summary>
    [Theory]
    [InlineData("plot-percentiles.png", "--sla", "99=2ms,99.9=10ms", "--title", "samples/latency.hlog: latency by percentile")]
    [InlineData("plot-timeline.png", "--kind", "timeline", "--tag", "db", "--title", "samples/latency.hlog [db]: latency by interval")]
    public void Hdr_plot_draws_the_committed_pictures_of_the_docs_byte_for_byte(string picture, params string[] options)
    {
        string output = TempFile(picture);
        var args = new[] { "plot", RepositoryFiles.SampleLog }
            .Concat(options).Concat(new[] { "--width", "1000", "--height", "560", "-o", output }).ToArray();

        ToolRunner.Run(args).ShouldSucceed();

        File.ReadAllBytes(output).Should().Equal(
            File.ReadAllBytes(RepositoryFiles.DocsImage(picture)),
            "docs/images/{0} is what eng/plots.sh drew and a person checked: run it again and look at the picture", picture);
    }

    [Fact]
    public void Help_describes_the_options()
    {
        ToolRunner.Run("plot", "--help").ShouldSucceed().Text.Should().Contain("--kind").And.Contain("--sla").And.Contain("--values-in");
        ToolRunner.Run("report", "--help").ShouldSucceed().Text.Should().Contain("opens offline");
    }

    private static JsonElement Json(ToolResult result) => JsonDocument.Parse(result.Stdout).RootElement;

    /// <summary>The summary table's rows, cell by cell.</summary>
    /// <summary>The summary table's rows (their first cell names the file, with its path on hover).</summary>
    private static System.Collections.Generic.List<string[]> Rows(string page)
        => Regex.Matches(page, "<tr><td title=\"[^\"]*\">(.*?)</td></tr>").Select(m => m.Groups[1].Value.Split("</td><td>")).ToList();

    /// <summary>Count, min, p50, p90, p99, p99.9, p99.99, max, mean, std dev: the report's columns from the 5th on, as hdr process printed them.</summary>
    private static string[] Expected(HdrProcessOutput process)
        => new[] { process.TotalCount, process.Min }.Concat(process.Percentiles.Take(5)).Concat(new[] { process.Max, process.Mean, process.StdDeviation }).ToArray();
}
