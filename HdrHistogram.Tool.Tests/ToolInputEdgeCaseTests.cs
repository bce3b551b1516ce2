using System.IO;
using System.Linq;
using System.Threading;
using FluentAssertions;
using HdrHistogram.Tool.Tests.Infrastructure;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests;

/// <summary>
/// Empty, cut-off, binary, directory and failing inputs give one clear line, the
/// right exit code and no partial output; progress only when asked; Ctrl+C; CSV only.
/// </summary>
public class ToolInputEdgeCaseTests
{
    private static readonly string Interval1 = "0.000,1.000,1.000," + LogFixtures.Payload1000();
    private static readonly string Interval2 = "1.000,1.000,1.000," + LogFixtures.Payload1000();

    private static string Log(TempFolder temp, string name, string text)
    {
        string path = temp.File(name);
        File.WriteAllText(path, text);
        return path;
    }

    private static string[] FilesIn(TempFolder temp) => Directory.GetFiles(temp.Path).Select(Path.GetFileName).OrderBy(n => n, System.StringComparer.Ordinal).ToArray()!;

    [Fact]
    public void A_log_with_headers_only_and_empty_standard_input_are_no_histograms_too()
    {
        using var temp = new TempFolder();
        string headers = Log(temp, "headers.hlog", "#[StartTime: 1700000000.000 (seconds since epoch)]\n\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n");
        ToolRunner.Run("summary", headers).Stderr.Should().Be("hdr summary: error: no histograms in " + headers + "\n");
        ToolRunner.Run(System.Array.Empty<byte>(), "decode").Stderr.Should().Be("hdr decode: error: no histograms in standard input (it is empty)\n");
        ToolRunner.Run("decode", headers, "--tag", "db").Stderr.Should().Be("hdr decode: error: no histograms in " + headers + " with tag 'db'\n");
    }

    [Fact]
    public void Merge_warns_about_an_empty_input_among_others()
    {
        using var temp = new TempFolder();
        string good = Log(temp, "good.hlog", Interval1 + "\n");
        string empty = Log(temp, "empty.hlog", string.Empty);
        var result = ToolRunner.Run("merge", "-o", temp.File("out.hlog"), good, empty);
        result.ExitCode.Should().Be(0);
        result.Stderr.Should().Be("hdr merge: warning: no histograms in " + empty + " (it is empty)\n");
        File.ReadAllLines(temp.File("out.hlog")).Count(l => l.Length > 0 && char.IsDigit(l[0])).Should().Be(1);
    }

    // Item 6: no partial output.
    [Fact]
    public void Merge_leaves_no_output_when_an_input_fails_and_keeps_an_existing_output()
    {
        using var temp = new TempFolder();
        string good = Log(temp, "good.hlog", Interval1 + "\n" + Interval2 + "\n");
        string bad = Log(temp, "bad.hlog", Interval1 + "\n" + Interval2 + "\n1,1,1,%%%%\n");
        var result = ToolRunner.Run("merge", "-o", temp.File("out.hlog"), good, bad);
        result.ShouldFailWithOneLine(bad + ": Line 3:");
        FilesIn(temp).Should().Equal("bad.hlog", "good.hlog");

        File.WriteAllText(temp.File("out.hlog"), "previous\n");
        ToolRunner.Run("merge", "-o", temp.File("out.hlog"), good, bad).ExitCode.Should().Be(1);
        File.ReadAllText(temp.File("out.hlog")).Should().Be("previous\n");
        FilesIn(temp).Should().Equal("bad.hlog", "good.hlog", "out.hlog");
    }

    [Fact]
    public void Process_and_encode_leave_no_output_when_the_input_fails()
    {
        using var temp = new TempFolder();
        string bad = Log(temp, "bad.hlog", Interval1 + "\n" + Interval2 + "\n1,1,1,%%%%\n");
        ToolRunner.Run("process", "-i", bad, "-o", temp.File("out"), "-mwp", "99").ShouldFailWithOneLine(bad + ": Line 3:");
        string values = Log(temp, "values.txt", "1000 5\n2000 x\n");
        ToolRunner.Run("encode", values, "-o", temp.File("out.b64")).ShouldFailWithOneLine(values + ": line 2:");
        ToolRunner.Run("encode", values, "--binary", "-o", temp.File("out.bin")).ExitCode.Should().Be(1);
        FilesIn(temp).Should().Equal("bad.hlog", "values.txt");
    }

    [Fact]
    public void Process_writes_its_outputs_when_it_succeeds()
    {
        using var temp = new TempFolder();
        string good = Log(temp, "good.hlog", Interval1 + "\n" + Interval2 + "\n");
        ToolRunner.Run("process", "-i", good, "-o", temp.File("out"), "-mwp", "99").ShouldSucceed();
        FilesIn(temp).Should().Equal("good.hlog", "out", "out.hgrm", "out.mwp");
    }

    // Item 7: a cut-off last line.
    [Theory]
    [InlineData("decode")]
    [InlineData("summary")]
    [InlineData("process")]
    [InlineData("merge")]
    [InlineData("plot")]
    [InlineData("report")]
    public void A_cut_off_last_line_is_a_warning_naming_file_and_line_or_with_strict_an_error(string command)
    {
        using var temp = new TempFolder();
        string log = Log(temp, "cut.hlog", Interval1 + "\n" + Interval2 + "\n" + Interval2.Substring(0, 40));
        string[] Args(params string[] extra) => command switch
        {
            "process" => new[] { "process", "-i", log }.Concat(extra).ToArray(),
            "merge" => new[] { "merge", "-o", temp.File("out.hlog"), log }.Concat(extra).ToArray(),
            "plot" or "report" => new[] { command, log, "--json", "--values-in", "ns" }.Concat(extra).ToArray(),
            "summary" or "decode" => new[] { command, log, "--values-in", "ns" }.Concat(extra).ToArray(),
            _ => new[] { command, log }.Concat(extra).ToArray(),
        };
        string message = log + ": line 3 is cut off (no line end; was the log's writer stopped mid-line?)";

        var lenient = ToolRunner.Run(Args());
        lenient.ExitCode.Should().Be(0);
        lenient.Stderr.Should().Be("hdr " + command + ": warning: " + message + ": ignored (--strict makes this an error)\n");

        var strict = ToolRunner.Run(Args("--strict"));
        strict.ExitCode.Should().Be(1);
        strict.Stderr.Should().Be("hdr " + command + ": error: " + message + "\n");
    }

    [Fact]
    public void Report_with_a_baseline_keeps_strict()
    {
        using var temp = new TempFolder();
        string cut = Log(temp, "cut.hlog", Interval1 + "\n" + Interval2 + "\n" + Interval2.Substring(0, 40));
        string good = Log(temp, "good.hlog", Interval1 + "\n" + Interval2 + "\n");
        var result = ToolRunner.Run("report", good, "--baseline", cut, "--values-in", "ns", "--strict", "-o", temp.File("r.html"));
        result.ExitCode.Should().Be(1);
        result.Stderr.Should().Be("hdr report: error: " + cut + ": line 3 is cut off (no line end; was the log's writer stopped mid-line?)\n");
        File.Exists(temp.File("r.html")).Should().BeFalse();
    }

    [Fact]
    public void A_complete_last_line_without_a_line_end_is_no_warning()
    {
        using var temp = new TempFolder();
        string log = Log(temp, "complete.hlog", Interval1 + "\n" + Interval2);
        ToolRunner.Run("summary", log, "--values-in", "ns").ShouldSucceed();
    }

    // Item 10: messages.
    [Theory]
    [InlineData("decode")]
    [InlineData("encode")]
    [InlineData("summary")]
    [InlineData("process")]
    [InlineData("merge")]
    public void A_directory_given_as_a_file_says_so(string command)
    {
        using var temp = new TempFolder();
        var result = command switch
        {
            "process" => ToolRunner.Run("process", "-i", temp.Path),
            "merge" => ToolRunner.Run("merge", "-o", temp.File("out.hlog"), temp.Path),
            _ => ToolRunner.Run(command, temp.Path),
        };
        result.ExitCode.Should().Be(1);
        result.Stderr.Should().Be("hdr " + command + ": error: cannot open '" + temp.Path + "': it is a directory, not a file\n");
    }

    [Fact]
    public void A_directory_given_as_the_output_says_so()
    {
        using var temp = new TempFolder();
        string good = Log(temp, "good.hlog", Interval1 + "\n");
        ToolRunner.Run("merge", "-o", temp.Path, good).Stderr.Should().Be("hdr merge: error: cannot write '" + temp.Path + "': it is a directory\n");
        ToolRunner.Run("process", "-i", good, "-o", temp.Path).Stderr.Should().Be("hdr process: error: cannot write '" + temp.Path + "': it is a directory\n");
    }

    [Fact]
    public void Binary_input_is_never_echoed_raw()
    {
        var binary = new byte[] { 0x50, 0x01, 0x02, 0x1b, 0x5b, 0x32, 0x4a, 0xff, 0xfe, 0x07, 0x41, 0x0d, 0x42, 0x0a };
        var encode = ToolRunner.Run(binary, "encode");
        encode.Stderr.Should().Be("hdr encode: error: standard input: line 1: expected 'value [count]' with a non-negative whole value, not binary data 'P...[2J...A'\n");
        foreach (var result in new[] { encode, ToolRunner.Run(binary, "decode"), ToolRunner.Run(binary, "summary", "-"), ToolRunner.Run(binary, "process") })
        {
            result.ExitCode.Should().Be(1);
            result.Stderr.TrimEnd('\n').Should().NotContainAny("\u001b", "\u0007", "\u0001", "\r", "\n", "\uFFFD");
        }
    }

    [Fact]
    public void Decode_errors_name_the_file_and_the_line()
    {
        using var temp = new TempFolder();
        string lines = Log(temp, "lines.b64", System.Convert.ToBase64String(HdrHistogram.Encoding.HistogramEncoder.Encode(new LongHistogram(3))) + "\nHISTFAAAAA==\n");
        ToolRunner.Run("decode", lines).ShouldFailWithOneLine("hdr decode: error: " + lines + ": line 2: ");
        string log = Log(temp, "bad.hlog", Interval1 + "\n1,1,1,%%%%\n");
        ToolRunner.Run("decode", log).ShouldFailWithOneLine("hdr decode: error: " + log + ": Line 2: ");
        string binary = temp.File("bad.bin");
        File.WriteAllBytes(binary, new byte[] { 0x1c, 0x84, 0x93, 0x13, 0, 0 });
        ToolRunner.Run("decode", binary).ShouldFailWithOneLine("hdr decode: error: " + binary + ": the binary histogram at byte 0 is invalid: ");
    }

    [Fact]
    public void Argument_errors_carry_no_dotnet_parameter_text()
    {
        var result = ToolRunner.Run(ToolRunner.Utf8("1\n"), "encode", "--lowest", "1000", "--highest", "1500");
        result.ExitCode.Should().Be(2);
        result.Stderr.Should().StartWith("hdr encode: error: invalid histogram configuration: ").And.NotContain("(Parameter").And.NotContain("Actual value");
    }

    // Item 11: progress and Ctrl+C.
    [Fact]
    public void Progress_is_printed_only_with_progress_when_standard_error_is_not_a_terminal()
    {
        string log = LogFixtures.HlogPath("logs/tagged-interleaved");
        ToolRunner.Run(null, System.TimeSpan.Zero, "summary", log).ShouldSucceed();
        var result = ToolRunner.Run(null, System.TimeSpan.Zero, "summary", log, "--progress");
        result.ExitCode.Should().Be(0);
        string size = HdrHistogram.Tool.ProgressReporter.Size(new FileInfo(log).Length);
        var lines = result.Stderr.Split('\n');
        lines[0].Should().MatchRegex("^hdr summary: " + System.Text.RegularExpressions.Regex.Escape(log) + ": 1 interval, [0-9.]+ (bytes|KB) of " + System.Text.RegularExpressions.Regex.Escape(size) + " read, 0 s$");
        lines.Should().NotContain(l => l.Contains('%'));
    }

    [Fact]
    public void Ctrl_C_interrupts_with_exit_code_130_and_no_output_file()
    {
        using var temp = new TempFolder();
        string good = Log(temp, "good.hlog", Interval1 + "\n" + Interval2 + "\n");
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        foreach (var args in new[] { new[] { "merge", "-o", temp.File("out.hlog"), good }, new[] { "process", "-i", good, "-o", temp.File("out") }, new[] { "summary", good } })
        {
            var result = ToolRunner.Run(null, null, cancelled.Token, args);
            result.ExitCode.Should().Be(130);
            result.Stderr.Should().Be("hdr " + args[0] + ": interrupted\n");
        }

        FilesIn(temp).Should().Equal("good.hlog");
    }

    // Item 12: CSV only.
    [Fact]
    public void Decode_csv_of_a_log_is_one_CSV_table()
    {
        string log = LogFixtures.HlogPath("logs/tagged-interleaved");
        string[] lines = ToolRunner.Run("decode", log, "--csv", "--values-in", "us").ShouldSucceed().Text.TrimEnd('\n').Split('\n');
        lines[0].Should().Be("\"Interval\",\"Tag\",\"StartTime\",\"EndTime\",\"Value (ms)\",\"Percentile\",\"TotalCount\",\"1/(1-Percentile)\"");
        lines.Skip(1).Should().OnlyContain(l => System.Text.RegularExpressions.Regex.IsMatch(l, "^[0-9]+,(\"[^\"]*\")?,[0-9]+\\.[0-9]{3},[0-9]+\\.[0-9]{3},[0-9.]+,[0-9.]+,[0-9]+,([0-9.]+|Infinity)$"));
    }
}
