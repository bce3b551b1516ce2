using System.IO;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Tool.Tests.Infrastructure;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests;

/// <summary>Bad input and bad options: a non-zero exit code and one line on standard error, never a stack trace.</summary>
public class ToolErrorTests
{
    private static readonly string Missing = Path.Combine(Path.GetTempPath(), "hdr-no-such-file.hlog");

    [Theory]
    [InlineData("decode")]
    [InlineData("encode")]
    [InlineData("summary")]
    public void A_missing_file_is_one_line(string command)
        => ToolRunner.Run(command, Missing).ShouldFailWithOneLine("file not found");

    [Fact]
    public void A_missing_native_drawing_library_is_reported_as_such_not_as_an_internal_error()
    {
        // How SkiaSharp fails where its native part is missing: a type initializer (possibly nested in another).
        var missing = new System.DllNotFoundException("Unable to load shared library 'libSkiaSharp' or one of its dependencies.");
        var nested = new System.TypeInitializationException("SkiaSharp.SKSurface", new System.TypeInitializationException("SkiaSharp.SKImageInfo", missing));

        HdrHistogram.Tool.HdrTool.IsReportable(nested).Should().BeTrue();
        HdrHistogram.Tool.HdrTool.Describe(nested).Should().StartWith("a native library this command needs cannot be loaded on this platform")
            .And.EndWith("Unable to load shared library 'libSkiaSharp' or one of its dependencies.");
        HdrHistogram.Tool.HdrTool.Describe(missing).Should().Be(HdrHistogram.Tool.HdrTool.Describe(nested));

        // Any other failing type initializer stays an internal error.
        HdrHistogram.Tool.HdrTool.IsReportable(new System.TypeInitializationException("Some.Type", new System.InvalidCastException("not a native library"))).Should().BeFalse();
    }

    [Fact]
    public void Missing_files_for_process_and_merge_are_one_line()
    {
        ToolRunner.Run("process", "-i", Missing).ShouldFailWithOneLine("file not found");
        using var temp = new TempFolder();
        ToolRunner.Run("merge", "-o", temp.File("out.hlog"), Missing).ShouldFailWithOneLine("file not found");
    }

    [Theory]
    [InlineData("bogus")]
    [InlineData("decode", "--bogus")]
    [InlineData("decode", "--ticks", "0")]
    [InlineData("decode", "--scale", "-1")]
    [InlineData("decode", "--csv", "--json")]
    [InlineData("decode", "a", "b")]
    [InlineData("encode", "--digits", "9")]
    [InlineData("encode", "--counts", "byte")]
    [InlineData("encode", "--binary")]
    [InlineData("encode", "--lowest", "0", "--highest", "10")]
    [InlineData("process", "-bogus")]
    [InlineData("process", "-start")]
    [InlineData("process", "-start", "x")]
    [InlineData("summary", "a.hlog", "b.hlog")]
    [InlineData("merge", "a.hlog")]
    [InlineData("merge", "-o", "out.hlog")]
    public void A_bad_command_line_is_one_line_and_exit_code_2(params string[] args)
        => ToolRunner.Run(args).ShouldFailWithOneLine("hdr", exitCode: 2);

    [Fact]
    public void Summary_without_a_file_reads_standard_input_as_the_overview_says()
    {
        ToolRunner.Run("--help").ShouldSucceed().Text.Should()
            .Contain("  summary [FILE]          per-tag totals")
            .And.Contain("[FILE] is read from standard input when omitted; '-' names standard input wherever a FILE is taken.\n");
        byte[] log = File.ReadAllBytes(LogFixtures.HlogPath("logs/tagged-interleaved"));
        string fromStdin = ToolRunner.Run(log, "summary").ShouldSucceed().Text;
        fromStdin.Should().StartWith("File:       -\n");
        fromStdin.Should().Be(ToolRunner.Run(log, "summary", "-").ShouldSucceed().Text);
        ToolRunner.RunFromTerminal(log, "summary").Stderr.Should().Be(
            "hdr summary: reading standard input from the terminal (end it with Ctrl+D, or Ctrl+Z Enter on Windows; or give FILE)\n");
        ToolRunner.Run("summary").ShouldFailWithOneLine("hdr summary: error: no histograms in standard input (it is empty)");
    }

    [Theory]
    [InlineData("summary")]
    [InlineData("process", "-i")]
    [InlineData("merge", "-o", "OUT")]
    [InlineData("decode")]
    public void A_percentile_distribution_where_a_log_is_read_says_what_it_is_and_which_commands_read_it(params string[] command)
    {
        using var temp = new TempFolder();
        string hgrm = temp.File("x.hgrm");
        File.WriteAllText(hgrm, "       Value     Percentile TotalCount 1/(1-Percentile)\n\n       1.000 0.000000000000          1           1.00\n");
        string csv = temp.File("x.csv.hgrm");
        File.WriteAllText(csv, "\"Value\",\"Percentile\",\"TotalCount\",\"1/(1-Percentile)\"\n1.000,0.000000000000,1,1.00\n");
        foreach (string file in new[] { hgrm, csv })
        {
            var args = command.Select(a => a == "OUT" ? temp.File("out.hlog") : a).Append(file).ToArray();
            ToolRunner.Run(args).ShouldFailWithOneLine(
                "hdr " + command[0] + ": error: " + file + " holds a percentile distribution (.hgrm, as hdr process -o and Java's "
                + "outputPercentileDistribution write it), not a histogram log: hdr plot and hdr report read it");
        }

        ToolRunner.Run("plot", hgrm, "-o", temp.File("x.svg")).ShouldSucceed();
    }

    [Fact]
    public void No_arguments_prints_usage_and_fails()
    {
        var result = ToolRunner.Run();
        result.ExitCode.Should().Be(2);
        result.Text.Should().Contain("Usage: hdr <command>");
    }

    [Fact]
    public void A_malformed_log_is_one_line_naming_the_line()
    {
        using var temp = new TempFolder();
        string log = temp.File("bad.hlog");
        File.WriteAllText(log, "#[StartTime: 1 (x)]\n0,1,1," + LogFixtures.Payload1000() + "\n1,1,1,%%%%\n");
        ToolRunner.Run("process", "-i", log).ShouldFailWithOneLine("Line 3:");
        ToolRunner.Run("summary", log).ShouldFailWithOneLine("Line 3:");
        ToolRunner.Run("decode", log).ShouldFailWithOneLine("Line 3:");
        ToolRunner.Run("merge", "-o", temp.File("out.hlog"), log).ShouldFailWithOneLine("Line 3:");
    }

    [Fact]
    public void Bad_histogram_input_is_one_line()
    {
        ToolRunner.Run(ToolRunner.Utf8("HISTFAAAAA==\n"), "decode").ShouldFailWithOneLine("line 1:");
        ToolRunner.Run(ToolRunner.Utf8("not base64 at all!\n"), "decode").ShouldFailWithOneLine("hdr decode: error:");
        ToolRunner.Run(new byte[] { 0x1c, 0x84, 0x93, 0x13, 0, 0 }, "decode").ShouldFailWithOneLine("binary histogram at byte 0");
        ToolRunner.Run(ToolRunner.Utf8("12 x\n"), "encode").ShouldFailWithOneLine("line 1:");
        ToolRunner.Run(ToolRunner.Utf8("-5\n"), "encode").ShouldFailWithOneLine("line 1:");
        ToolRunner.Run(ToolRunner.Utf8("5000\n"), "encode", "--highest", "1000").ShouldFailWithOneLine("--auto-resize");
        ToolRunner.Run(ToolRunner.Utf8("5 40000\n"), "encode", "--counts", "short").ShouldFailWithOneLine("--counts long");
    }

    [Fact]
    public void A_summary_mixing_integer_and_DoubleHistogram_intervals_of_one_tag_is_one_line()
    {
        using var temp = new TempFolder();
        string log = temp.File("mixed.hlog");
        string[] doubleLines = File.ReadAllLines(LogFixtures.HlogPath("logs/double-histogram"));
        string doubleInterval = doubleLines.First(l => l.Length > 0 && char.IsDigit(l[0]));
        File.WriteAllText(log, "#[StartTime: 0 (x)]\n0,1,1," + LogFixtures.Payload1000() + "\n" + doubleInterval + "\n");
        ToolRunner.Run("summary", log).ShouldFailWithOneLine("line 3: the untagged intervals mix integer histograms and DoubleHistograms");
    }

    [Fact]
    public void No_matching_interval_is_a_one_line_error_where_Java_crashes()
        => ToolRunner.Run("process", "-i", LogFixtures.HlogPath("logs/tagged-interleaved"), "-tag", "nope").ShouldFailWithOneLine("No interval histogram in the input matches the tag 'nope'");
}
