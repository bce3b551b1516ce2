using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Text.RegularExpressions;
using FluentAssertions;
using HdrHistogram.Plotting.Tests.Infrastructure;
using HdrHistogram.Tool.Tests.Infrastructure;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests;

/// <summary>
/// The commands that read logs agree: the same messages for a directory, a missing, empty, whitespace-only or binary
/// file, a tag mixing integer and DoubleHistogram intervals and an empty time range; the same hint for standard input
/// from a terminal; the same interval rule (Java's) and note for intervals before the StartTime; the same totals; the
/// same unit options, unit names and magnitude hint in every command that chooses the unit; and merge writes only logs
/// every command reads back.
/// </summary>
public class ToolConsistencyTests
{
    /// <summary>Every command that reads a log, as it is given one input.</summary>
    public static IEnumerable<object[]> Commands() => new[] { "summary", "process", "merge", "plot", "report", "decode" }.Select(c => new object[] { c });

    /// <summary>Every fixture log (Java's generated and real logs, and the plotting fixtures).</summary>
    public static IEnumerable<string> FixtureLogs()
        => Directory.GetFiles(FixturePaths.JavaLogs, "*.hlog")
            .Concat(Directory.GetFiles(FixturePaths.JavaRealLogs, "*.hlog"))
            .Concat(Directory.GetFiles(PlotFixtures.Folder, "*.hlog"))
            .OrderBy(p => p, StringComparer.Ordinal);

    public static IEnumerable<object[]> FixtureLogNames() => FixtureLogs().Select(p => new object[] { Path.GetFileName(p) });

    private static string FixtureLog(string name) => FixtureLogs().Single(p => Path.GetFileName(p) == name);

    private static string[] Args(string command, string input, TempFolder temp, params string[] extra) => command switch
    {
        "process" => new[] { "process", "-i", input }.Concat(extra).ToArray(),
        "merge" => new[] { "merge", "-o", temp.File("merged.hlog"), input }.Concat(extra).ToArray(),
        "plot" or "report" => new[] { command, input, "--json" }.Concat(extra).ToArray(),
        _ => new[] { command, input }.Concat(extra).ToArray(),
    };

    [Theory]
    [MemberData(nameof(Commands))]
    public void A_directory_is_the_same_one_line_error_in_every_command(string command)
    {
        using var temp = new TempFolder();
        ToolRunner.Run(Args(command, temp.Path, temp)).Stderr.Should().Be("hdr " + command + ": error: cannot open '" + temp.Path + "': it is a directory, not a file\n");
    }

    [Theory]
    [MemberData(nameof(Commands))]
    public void A_missing_file_is_the_same_one_line_error_in_every_command(string command)
    {
        using var temp = new TempFolder();
        string missing = temp.File("missing.hlog");
        var result = ToolRunner.Run(Args(command, missing, temp));
        result.ExitCode.Should().Be(1);
        result.Stderr.Should().Be("hdr " + command + ": error: cannot open '" + missing + "': file not found\n");
    }

    [Theory]
    [MemberData(nameof(Commands))]
    public void An_empty_file_is_the_same_one_line_error_in_every_command(string command)
    {
        using var temp = new TempFolder();
        string empty = temp.File("empty.hlog");
        File.WriteAllBytes(empty, Array.Empty<byte>());
        var result = ToolRunner.Run(Args(command, empty, temp));
        result.ExitCode.Should().Be(1);
        result.Stderr.Should().Be("hdr " + command + ": error: no histograms in " + empty + " (it is empty)\n");
        result.Stdout.Should().BeEmpty();
        File.Exists(temp.File("merged.hlog")).Should().BeFalse();
    }

    [Theory]
    [MemberData(nameof(Commands))]
    public void Empty_standard_input_is_the_same_one_line_error_in_every_command(string command)
    {
        using var temp = new TempFolder();
        var result = ToolRunner.Run(Array.Empty<byte>(), Args(command, "-", temp));
        result.ExitCode.Should().Be(1);
        result.Stderr.Should().Be("hdr " + command + ": error: no histograms in standard input (it is empty)\n");
    }

    [Theory]
    [MemberData(nameof(Commands))]
    public void A_whitespace_only_input_is_the_same_one_line_error_in_every_command(string command)
    {
        using var temp = new TempFolder();
        string blank = temp.File("blank.hlog");

        // Spaces, a tab (which a log reader takes for a malformed line), line ends of both kinds.
        File.WriteAllText(blank, " \n\t\r\n  \n");
        var result = ToolRunner.Run(Args(command, blank, temp));
        result.ExitCode.Should().Be(1);
        result.Stderr.Should().Be("hdr " + command + ": error: no histograms in " + blank + " (it holds only whitespace)\n");
        result.Stdout.Should().BeEmpty();
        File.Exists(temp.File("merged.hlog")).Should().BeFalse();

        var stdin = ToolRunner.Run(ToolRunner.Utf8("\n \n"), Args(command, "-", temp));
        stdin.ExitCode.Should().Be(1);
        stdin.Stderr.Should().Be("hdr " + command + ": error: no histograms in standard input (it holds only whitespace)\n");

        // The options that select intervals do not change what is said about an input with none.
        string[] select = command switch
        {
            "process" => new[] { "-tag", "A" },
            "summary" => new[] { "--start", "10" },
            "merge" => new[] { "--tag-inputs" },
            _ => new[] { "--tag", "A" },
        };
        ToolRunner.Run(Args(command, blank, temp, select)).Stderr.Should().Be("hdr " + command + ": error: no histograms in " + blank + " (it holds only whitespace)\n");
    }

    /// <summary>The commands that add intervals together (process, as Java's processor, reports its own message).</summary>
    public static IEnumerable<object[]> AddingCommands() => new[] { "summary", "plot", "report" }.Select(c => new object[] { c });

    [Theory]
    [MemberData(nameof(AddingCommands))]
    public void A_log_mixing_kinds_under_one_tag_is_the_same_error_in_every_command_that_adds_intervals(string command)
    {
        using var temp = new TempFolder();
        string mixed = temp.File("mixed.hlog");
        string[] integers = File.ReadAllLines(FixtureLog("basic-untagged.hlog"));
        File.WriteAllLines(mixed, integers.Concat(File.ReadAllLines(FixtureLog("double-histogram.hlog")).Where(l => l.Length > 0 && char.IsDigit(l[0]))));
        string line = (integers.Length + 1).ToString(CultureInfo.InvariantCulture);

        var result = ToolRunner.Run(Args(command, mixed, temp, "--values-in", "us"));
        result.ExitCode.Should().Be(1);
        result.Stderr.Should().Be(
            "hdr " + command + ": error: " + mixed + ": line " + line + ": the untagged intervals mix integer histograms and DoubleHistograms, which cannot be added together\n");

        // process refuses it too, at the same line; decode prints each interval on its own.
        ToolRunner.Run("process", "-i", mixed).ShouldFailWithOneLine("(line " + line + ")");
        ToolRunner.Run("decode", mixed, "--values-in", "us").ShouldSucceed();
    }

    [Theory]
    [MemberData(nameof(AddingCommands))]
    public void An_empty_time_range_is_the_same_error_in_every_command_that_takes_one(string command)
    {
        using var temp = new TempFolder();
        string log = FixtureLog("tagged-interleaved.hlog");
        foreach (string[] range in new[] { new[] { "--start", "1e9" }, new[] { "--start", "-5", "--end", "-1" } })
        {
            var result = ToolRunner.Run(Args(command, log, temp, range.Append("--values-in").Append("us").ToArray()));
            result.ExitCode.Should().Be(1);
            result.Stderr.Should().Be("hdr " + command + ": error: no histograms in " + log + " in the time range\n");
        }
    }

    /// <summary>The commands that show values in a unit of their own choosing (process keeps Java's).</summary>
    public static IEnumerable<object[]> UnitCommands() => new[] { "summary", "decode", "plot", "report" }.Select(c => new object[] { c });

    [Theory]
    [MemberData(nameof(UnitCommands))]
    public void The_magnitude_hint_is_the_same_in_every_command_that_chooses_the_unit(string command)
    {
        using var temp = new TempFolder();
        string ycsb = FixtureLog("ycsb-style.hlog");
        var assumed = ToolRunner.Run(Args(command, ycsb, temp));
        assumed.ExitCode.Should().Be(0);
        assumed.Stderr.Should().Be(
            "hdr " + command + ": hint: " + ycsb + ": the largest value is 8471, under 0.1 ms if the values are nanoseconds: values in us or ms? "
            + "say --values-in us or --values-in ms\n");

        // Said, or divided by a ratio: no hint.
        ToolRunner.Run(Args(command, ycsb, temp, "--values-in", "us")).ShouldSucceed();
        ToolRunner.Run(Args(command, ycsb, temp, "--values-in", "ns")).ShouldSucceed();
        ToolRunner.Run(Args(command, ycsb, temp, "--ratio", "1000")).ShouldSucceed();

        // A log in nanoseconds: no hint.
        ToolRunner.Run(Args(command, FixtureLog("jhiccup-style.hlog"), temp)).ShouldSucceed();
    }

    [Fact]
    public void Process_keeps_Javas_quiet_standard_error_on_a_microsecond_log_but_for_the_series_it_left_out()
        => ToolRunner.Run("process", "-i", FixtureLog("ycsb-style.hlog"), "-tag", "READ").ShouldSucceedNotingOtherTags()
            .Stderr.Should().NotContain("hint").And.Contain("intervals tagged 'UPDATE' are left out");

    [Theory]
    [InlineData("summary")]
    [InlineData("decode")]
    [InlineData("plot")]
    public void A_header_that_says_YCSB_measured_the_log_hints_at_microseconds_whatever_the_values(string command)
    {
        using var temp = new TempFolder();
        string ycsb = temp.File("READ.hlog");
        var lines = File.ReadAllLines(FixtureLog("jhiccup-style.hlog")).Where(l => !l.StartsWith("#[Logged with", System.StringComparison.Ordinal)).ToList();
        lines.Insert(0, "#[Logging for: READ]");
        File.WriteAllLines(ycsb, lines);

        ToolRunner.Run(Args(command, ycsb, temp)).Stderr.Should().Be(
            "hdr " + command + ": hint: " + ycsb + ": its header '#[Logging for: READ]' is YCSB's, which records microseconds: "
            + "say --values-in us (values are taken as nanoseconds)\n");
        ToolRunner.Run(Args(command, ycsb, temp, "--values-in", "us")).ShouldSucceed();
    }

    [Theory]
    [MemberData(nameof(UnitCommands))]
    public void Every_command_that_chooses_the_unit_takes_the_same_unit_options_with_the_same_messages(string command)
    {
        using var temp = new TempFolder();
        string log = FixtureLog("jhiccup-style.hlog");
        ToolRunner.Run(Args(command, log, temp, "--unit", "minutes")).ShouldFailWithOneLine("hdr " + command + ": error: --unit must be ns, us, ms or s, not 'minutes'", 2);
        ToolRunner.Run(Args(command, log, temp, "--values-in", "xs")).ShouldFailWithOneLine("hdr " + command + ": error: --values-in must be ns, us, ms or s, not 'xs'", 2);
        ToolRunner.Run(Args(command, log, temp, "--ratio", "1000", "--unit", "ms"))
            .ShouldFailWithOneLine("hdr " + command + ": error: --ratio replaces --unit and --values-in: give --ratio alone, or the units", 2);
        ToolRunner.Run(Args(command, log, temp, "--ratio", "1000", "--values-in", "us"))
            .ShouldFailWithOneLine("hdr " + command + ": error: --ratio replaces --unit and --values-in: give --ratio alone, or the units", 2);
        ToolRunner.Run(Args(command, log, temp, "--ratio", "0")).ShouldFailWithOneLine("hdr " + command + ": error: --ratio needs a positive number, not '0'", 2);
    }

    /// <summary>The largest value of the YCSB fixture log (in microseconds) in every command's JSON, with the unit it names.</summary>
    [Theory]
    [InlineData("summary")]
    [InlineData("decode")]
    [InlineData("plot")]
    [InlineData("report")]
    public void Every_command_that_chooses_the_unit_names_it_and_divides_alike(string command)
    {
        using var temp = new TempFolder();
        string ycsb = FixtureLog("ycsb-style.hlog");
        var extra = new List<string> { "--values-in", "us", "--unit", "ms" };
        if (command is "summary" or "decode")
        {
            extra.Add("--json");
        }

        var run = ToolRunner.Run(Args(command, ycsb, temp, extra.ToArray())).ShouldSucceed();
        var documents = command == "decode"
            ? run.Text.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(l => JsonDocument.Parse(l).RootElement).ToList()
            : new List<JsonElement> { JsonDocument.Parse(run.Text).RootElement };
        documents.Should().NotBeEmpty();
        double max = 0;
        foreach (var json in documents)
        {
            json.GetProperty("unit").GetString().Should().Be("ms");
            json.GetProperty("outputValueUnitRatio").GetDouble().Should().Be(1000);
            switch (command)
            {
                case "summary":
                    json.GetProperty("valuesIn").GetString().Should().Be("us");
                    max = json.GetProperty("tags").EnumerateArray().Max(t => t.GetProperty("max").GetDouble());
                    break;
                case "decode":
                    json.GetProperty("valuesIn").GetString().Should().Be("us");
                    max = Math.Max(max, json.GetProperty("max").GetDouble());
                    break;
                default:
                    json.GetProperty("series").EnumerateArray().Should().OnlyContain(s => s.GetProperty("valuesIn").GetString() == "us");
                    max = json.GetProperty("series").EnumerateArray().Max(s => s.GetProperty("summary").GetProperty("max").GetDouble());
                    break;
            }
        }

        max.Should().Be(8.471, "8471 us in ms");
    }

    [Fact]
    public void Decode_names_the_unit_in_its_header_and_prints_Javas_output_with_a_ratio()
    {
        string ycsb = FixtureLog("ycsb-style.hlog");
        string text = ToolRunner.Run("decode", ycsb, "--values-in", "us", "--tag", "READ").ShouldSucceed().Text;
        text.Should().StartWith("#[Interval 1 (line 6): Tag=READ, 1764041400.000 to 1764041410.000 (seconds since epoch)]\n  Value (ms)     Percentile TotalCount 1/(1-Percentile)\n\n       0.033 0.000000000000          1           1.00\n");
        ToolRunner.Run("decode", ycsb, "--values-in", "us", "--unit", "us", "--tag", "READ").ShouldSucceed().Text
            .Should().Contain("\n  Value (us)     Percentile TotalCount 1/(1-Percentile)\n\n      33.000 0.000000000000          1           1.00\n");
        ToolRunner.Run("decode", ycsb, "--values-in", "us", "--csv", "--tag", "READ").ShouldSucceed().Text
            .Should().StartWith("\"Interval\",\"Tag\",\"StartTime\",\"EndTime\",\"Value (ms)\",\"Percentile\",\"TotalCount\",\"1/(1-Percentile)\"\n1,\"READ\",1764041400.000,1764041410.000,0.033,");

        // --ratio: Java's outputPercentileDistribution with that ratio, which names no unit.
        string java = ToolRunner.Run("decode", ycsb, "--ratio", "1", "--tag", "READ").ShouldSucceed().Text;
        java.Should().StartWith("#[Interval 1 (line 6): Tag=READ, 1764041400.000 to 1764041410.000 (seconds since epoch)]\n       Value     Percentile TotalCount 1/(1-Percentile)\n\n      33.000 0.000000000000          1           1.00\n");
        text.Replace("  Value (ms)", "       Value", StringComparison.Ordinal).Should().Be(
            ToolRunner.Run("decode", ycsb, "--ratio", "1000", "--tag", "READ").ShouldSucceed().Text, "the default is Java's output with ratio 10^3 for us in ms, the header aside");
    }

    [Theory]
    [InlineData("decode")]
    [InlineData("summary")]
    public void The_former_scale_option_still_divides_with_a_deprecation_note(string command)
    {
        using var temp = new TempFolder();
        string log = FixtureLog("jhiccup-style.hlog");
        var scaled = ToolRunner.Run(Args(command, log, temp, "--scale", "1000"));
        scaled.ExitCode.Should().Be(0);
        scaled.Stderr.Should().Be("hdr " + command + ": note: --scale is deprecated and will be removed: say --ratio R (the same division), or --values-in and --unit\n");
        scaled.Text.Should().Be(ToolRunner.Run(Args(command, log, temp, "--ratio", "1000")).ShouldSucceed().Text);
        ToolRunner.Run(Args(command, log, temp, "--scale", "1000", "--ratio", "1000"))
            .ShouldFailWithOneLine("hdr " + command + ": error: --scale is the former name of --ratio: give --ratio alone", 2);
        ToolRunner.Run(command, "--help").ShouldSucceed().Text.Should().NotContain("--scale");
    }

    [Theory]
    [InlineData("summary")]
    [InlineData("process")]
    [InlineData("merge")]
    [InlineData("plot")]
    [InlineData("report")]
    public void Binary_data_is_the_same_one_line_error_in_every_command_that_reads_logs(string command)
    {
        using var temp = new TempFolder();
        var histogram = new LongHistogram(3600L * 1000 * 1000, 3);
        histogram.RecordValue(1000);
        string binary = temp.File("histogram.bin");
        File.WriteAllBytes(binary, HdrHistogram.Encoding.HistogramEncoder.EncodeCompressed(histogram));
        string png = temp.File("picture.png");
        File.WriteAllBytes(png, new byte[] { 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52 });
        foreach (string input in new[] { binary, png })
        {
            var result = ToolRunner.Run(Args(command, input, temp));
            result.ExitCode.Should().Be(1);
            result.Stderr.Should().Be("hdr " + command + ": error: " + input + " holds binary data, not a histogram log (hdr decode reads encoded histograms)\n");
        }

        // decode reads the encoded histogram.
        ToolRunner.Run("decode", binary, "--values-in", "us").ShouldSucceed();
    }

    [Theory]
    [InlineData("summary", "FILE", "summary", "-", "--values-in", "us")]
    [InlineData("process", "-i FILE", "process")]
    [InlineData("decode", "FILE", "decode", "--values-in", "us")]
    [InlineData("merge", "FILE", "merge", "-")]
    [InlineData("plot", "FILE", "plot", "-", "--json", "--values-in", "us")]
    [InlineData("report", "FILE", "report", "-", "--json", "--values-in", "us")]
    public void Reading_standard_input_from_a_terminal_prints_a_one_line_hint_first(string command, string fileHint, params string[] args)
    {
        using var temp = new TempFolder();
        if (command == "merge")
        {
            args = args.Concat(new[] { "-o", temp.File("m.hlog") }).ToArray();
        }

        var result = ToolRunner.RunFromTerminal(File.ReadAllBytes(FixtureLog("basic-untagged.hlog")), args);
        result.ExitCode.Should().Be(0, result.Stderr);
        result.Stderr.Should().Be(
            "hdr " + command + ": reading standard input from the terminal (end it with Ctrl+D, or Ctrl+Z Enter on Windows; or give " + fileHint + ")\n");

        // Not from a terminal (a pipe, a file): no hint.
        ToolRunner.Run(File.ReadAllBytes(FixtureLog("basic-untagged.hlog")), args).Stderr.Should().BeEmpty();
    }

    /// <summary>
    /// A log whose first interval starts 5 ms before its StartTime (as YCSB writes them): Java's processor leaves it out,
    /// and so does every command, saying so.
    /// </summary>
    private static string LogWithAnIntervalBeforeStart(TempFolder temp)
    {
        string path = temp.File("early.hlog");
        using (var writer = new HistogramLogWriter(path))
        {
            writer.OutputLogFormatVersion();
            writer.OutputStartTime(1_700_000_000_000);
            writer.OutputLegend();
            var h = new LongHistogram(3600L * 1000 * 1000, 3);
            foreach (var (start, values) in new[] { (1_699_999_999_995L, 7), (1_700_000_000_995L, 11), (1_700_000_001_995L, 13) })
            {
                h.Reset();
                for (int v = 1; v <= values; v++)
                {
                    h.RecordValue(v * 1000L);
                }

                h.StartTimeStamp = start;
                h.EndTimeStamp = start + 1000;
                writer.OutputIntervalHistogram(h);
            }
        }

        return path;
    }

    [Fact]
    public void Intervals_before_the_StartTime_are_left_out_by_every_command_with_the_same_note_and_totals()
    {
        using var temp = new TempFolder();
        string log = LogWithAnIntervalBeforeStart(temp);
        string Note(string command, string option)
            => "hdr " + command + ": note: " + log + ": 1 interval starts before the log's StartTime and is left out, as Java's HistogramLogProcessor "
                + "leaves them out (a negative " + option + ", e.g. " + option + " -60, includes those up to that many seconds before)\n";

        var summary = ToolRunner.Run("summary", log, "--json", "--values-in", "us");
        summary.ExitCode.Should().Be(0);
        summary.Stderr.Should().Be(Note("summary", "--start"));
        var tags = JsonDocument.Parse(summary.Text).RootElement.GetProperty("tags");
        tags[0].GetProperty("totalCount").GetInt64().Should().Be(24);
        tags[0].GetProperty("intervalCount").GetInt64().Should().Be(2);

        var process = ToolRunner.Run("process", "-i", log);
        process.ExitCode.Should().Be(0);
        process.Stderr.Should().Be(Note("process", "-start"));
        TotalCount(process.Text).Should().Be(24);

        var plot = ToolRunner.Run("plot", log, "--json", "--values-in", "us");
        plot.ExitCode.Should().Be(0);
        plot.Stderr.Should().Be(Note("plot", "--start"));
        JsonDocument.Parse(plot.Text).RootElement.GetProperty("series")[0].GetProperty("summary").GetProperty("count").GetInt64().Should().Be(24);

        var report = ToolRunner.Run("report", log, "--json", "--values-in", "us");
        report.Stderr.Should().Be(Note("report", "--start"));

        // A negative start includes it, with no note, in every command.
        var all = ToolRunner.Run("summary", log, "--json", "--start", "-1", "--values-in", "us");
        all.ShouldSucceed();
        JsonDocument.Parse(all.Text).RootElement.GetProperty("tags")[0].GetProperty("totalCount").GetInt64().Should().Be(31);
        var processAll = ToolRunner.Run("process", "-i", log, "-start", "-1");
        processAll.ShouldSucceed();
        TotalCount(processAll.Text).Should().Be(31);
        var plotAll = ToolRunner.Run("plot", log, "--json", "--start", "-1", "--values-in", "us");
        plotAll.ShouldSucceed();
        JsonDocument.Parse(plotAll.Text).RootElement.GetProperty("series")[0].GetProperty("summary").GetProperty("count").GetInt64().Should().Be(31);
    }

    private static long TotalCount(string hgrm)
        => long.Parse(Regex.Match(hgrm, @"Total count\s+=\s+(\d+)").Groups[1].Value, CultureInfo.InvariantCulture);

    [Theory]
    [MemberData(nameof(FixtureLogNames))]
    public void Summary_process_and_plot_report_the_same_totals_for_every_fixture_log(string name)
    {
        string log = FixtureLog(name);
        var summary = ToolRunner.Run("summary", log, "--json");
        if (summary.ExitCode != 0)
        {
            // A log that mixes kinds in one tag is refused the same way by process.
            summary.Stderr.Should().Contain("mix integer histograms and DoubleHistograms");
            ToolRunner.Run("process", "-i", log).ExitCode.Should().Be(1);
            return;
        }

        var tags = JsonDocument.Parse(summary.Text).RootElement.GetProperty("tags").EnumerateArray().ToList();
        var plot = JsonDocument.Parse(ToolRunner.Run("plot", log, "--json").Text).RootElement.GetProperty("series").EnumerateArray().ToList();
        plot.Should().HaveCount(tags.Count);
        foreach (var tag in tags)
        {
            string? t = tag.GetProperty("tag").GetString();
            long total = tag.GetProperty("totalCount").GetInt64();
            var args = new List<string> { "process", "-i", log };
            if (t is not null)
            {
                args.AddRange(new[] { "-tag", t });
            }

            var process = ToolRunner.Run(args.ToArray());
            process.ExitCode.Should().Be(0, process.Stderr);
            TotalCount(process.Text).Should().Be(total, "process and summary of {0} tag {1}", name, t);
            plot.Single(s => s.GetProperty("tag").GetString() == t).GetProperty("summary").GetProperty("count").GetInt64().Should().Be(total);
            plot.Single(s => s.GetProperty("tag").GetString() == t).GetProperty("summary").GetProperty("intervals").GetInt64()
                .Should().Be(tag.GetProperty("intervalCount").GetInt64());
        }
    }

    [Fact]
    public void Summary_names_its_unit_and_takes_the_unit_options_plot_takes()
    {
        string log = FixtureLog("jHiccup-2.0.6.logV1.hlog");
        ToolRunner.Run("summary", log).ShouldSucceed().Text.Should().Contain("\nValues:     ms (values recorded in ns)\n");
        ToolRunner.Run("summary", log, "--unit", "us").ShouldSucceed().Text.Should().Contain("\nValues:     us (values recorded in ns)\n");
        ToolRunner.Run("summary", log, "--values-in", "us", "--unit", "s").ShouldSucceed().Text.Should().Contain("\nValues:     s (values recorded in us)\n");
        ToolRunner.Run("summary", log, "--ratio", "1000").ShouldSucceed().Text.Should().Contain("\nValues:     value / 1000\n");
        ToolRunner.Run("summary", log, "--unit", "minutes").ShouldFailWithOneLine("--unit must be ns, us, ms or s, not 'minutes'", 2);
        ToolRunner.Run("summary", log, "--ratio", "1000", "--unit", "ms").ShouldFailWithOneLine("--ratio replaces --unit and --values-in", 2);
        var json = JsonDocument.Parse(ToolRunner.Run("summary", log, "--json").Text).RootElement;
        json.GetProperty("unit").GetString().Should().Be("ms");
        json.GetProperty("valuesIn").GetString().Should().Be("ns");
    }

    [Fact]
    public void Merge_refuses_integer_and_double_histograms_in_one_tag_with_one_line_and_tag_inputs_keeps_them_apart()
    {
        using var temp = new TempFolder();
        string doubles = FixtureLog("double-histogram.hlog");
        string integers = FixtureLog("basic-untagged.hlog");
        string output = temp.File("m.hlog");
        var refused = ToolRunner.Run("merge", doubles, integers, "-o", output);
        refused.ExitCode.Should().Be(1);
        refused.Stderr.Should().Be(
            "hdr merge: error: cannot merge: the untagged intervals would hold DoubleHistograms from " + doubles + " and integer histograms from "
            + integers + ", which no reader can add together (--tag-inputs keeps each input under its own tag)\n");
        File.Exists(output).Should().BeFalse();

        var tagged = ToolRunner.Run("merge", doubles, integers, "-o", output, "--tag-inputs");
        tagged.ExitCode.Should().Be(0, tagged.Stderr);
        var listed = ToolRunner.Run("process", "-i", output, "-listtags").ShouldSucceed().Text;
        listed.Should().Contain("basic-untagged.hlog").And.Contain("double-histogram.hlog");
        ToolRunner.Run("process", "-i", output).Stderr.Should().StartWith("hdr process: error: " + output + ": No interval histogram in the input matches the untagged lines");
    }

    [Fact]
    public void Merge_warns_when_the_inputs_differ_in_unit_magnitude_or_lie_far_apart_in_time()
    {
        using var temp = new TempFolder();
        string ns = FixtureLog("jhiccup-style.hlog");
        string us = FixtureLog("ycsb-style.hlog");
        string old = FixtureLog("jHiccup-2.0.6.logV1.hlog");
        var result = ToolRunner.Run("merge", ns, us, old, "-o", temp.File("m.hlog"));
        result.ExitCode.Should().Be(0);
        var lines = result.Stderr.TrimEnd('\n').Split('\n');
        lines.Should().HaveCount(2);
        lines[0].Should().MatchRegex("^hdr merge: warning: the largest value of .* is [0-9]+ times that of " + Regex.Escape(us) + @" \(8[0-9]{3}\): were they recorded in different units\? \(merged, they read as one unit\)$");
        lines[1].Should().MatchRegex("^hdr merge: warning: " + Regex.Escape(ns) + " starts [0-9]+ s \\([0-9.]+ days\\) after " + Regex.Escape(old) + " ends: the merged log spans [0-9]+ s$");
    }

    /// <summary>Every pair of fixture logs, merged (with --tag-inputs when their kinds clash in a tag), reads back in every command.</summary>
    [Fact]
    public void Every_pair_of_fixture_logs_merges_into_a_log_every_command_reads()
    {
        using var temp = new TempFolder();
        var logs = FixtureLogs().ToList();
        int merged = 0, refused = 0;
        for (int a = 0; a < logs.Count; a++)
        {
            for (int b = a + 1; b < logs.Count; b++)
            {
                string output = temp.File("m" + a + "-" + b + ".hlog");
                var merge = ToolRunner.Run("merge", logs[a], logs[b], "-o", output);
                if (merge.ExitCode != 0)
                {
                    merge.ExitCode.Should().Be(1);
                    merge.Stderr.Should().StartWith("hdr merge: error: cannot merge: ").And.EndWith("(--tag-inputs keeps each input under its own tag)\n");
                    File.Exists(output).Should().BeFalse();
                    refused++;
                    merge = ToolRunner.Run("merge", logs[a], logs[b], "-o", output, "--tag-inputs");
                }

                merge.ExitCode.Should().Be(0, "{0} + {1}: {2}", logs[a], logs[b], merge.Stderr);
                merged++;
                ReadsBack(output, temp);
            }
        }

        merged.Should().Be(logs.Count * (logs.Count - 1) / 2);
        refused.Should().BeGreaterThan(0);
    }

    private static void ReadsBack(string log, TempFolder temp)
    {
        ToolRunner.Run("summary", log).ExitCode.Should().Be(0, "summary of {0}", log);
        ToolRunner.Run("decode", log).ExitCode.Should().Be(0, "decode of {0}", log);
        ToolRunner.Run("plot", log, "--json").ExitCode.Should().Be(0, "plot of {0}", log);
        ToolRunner.Run("report", log, "--json").ExitCode.Should().Be(0, "report of {0}", log);
        var tags = ToolRunner.Run("process", "-i", log, "-listtags");
        tags.ExitCode.Should().Be(0);
        string? firstTag = tags.Text.Split('\n').Skip(1).Select(l => l.Trim()).FirstOrDefault(l => l.Length > 0 && !l.StartsWith('['));
        var process = firstTag is null || tags.Text.Contains("[NO TAG (default)]", StringComparison.Ordinal)
            ? ToolRunner.Run("process", "-i", log)
            : ToolRunner.Run("process", "-i", log, "-tag", firstTag);
        process.ExitCode.Should().Be(0, "process of {0}: {1}", log, process.Stderr);
        ToolRunner.Run("merge", log, "-o", temp.File("again.hlog")).ExitCode.Should().Be(0);
    }
}
