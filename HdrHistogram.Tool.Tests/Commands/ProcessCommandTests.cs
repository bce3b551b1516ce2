using System;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using FluentAssertions;
using HdrHistogram.Encoding;
using HdrHistogram.Tool.Tests.Infrastructure;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests.Commands;

/// <summary><c>hdr process</c> reproduces every golden output of Java's HistogramLogProcessor (integer and DoubleHistogram logs; with -utc, as the golden runs used UTC).</summary>
public class ProcessCommandTests
{
    [Theory]
    [MemberData(nameof(ProcessorRun.AllRunIds), MemberType = typeof(ProcessorRun))]
    public void Reproduces_Javas_output(string id)
    {
        var run = ProcessorRun.Get(id);
        using var temp = new TempFolder();
        string output = temp.File("out");

        // Java's single-dash options, with the input and output given with two dashes.
        var argv = run.ArgvFor(run.LogPath, output).Select(a => a is "-i" or "-o" ? "-" + a : a).ToList();
        argv.Insert(0, "process");
        argv.Add("-utc");
        var result = ToolRunner.Run(argv.ToArray()).ShouldSucceedNotingOtherTags();

        foreach (var (kind, _) in run.Outputs)
        {
            string actual = kind switch
            {
                "intervalLog" => FixturePaths.ReadText(output),
                "percentileDistribution" => run.WritesFiles ? FixturePaths.ReadText(output + ".hgrm") : result.Text,
                "movingWindowLog" => FixturePaths.ReadText(output + ".mwp"),
                _ => result.Text,
            };
            actual.Should().Be(run.Golden(kind), "{0} of {1}", kind, id);
        }
    }

    [Fact]
    public void Long_runs_print_progress_lines_on_standard_error_with_progress()
    {
        var run = ProcessorRun.Get("logs/tagged-interleaved.hlog:default");
        var result = ToolRunner.Run(null, System.TimeSpan.Zero, "process", "-i", run.LogPath, "-utc", "--progress");
        result.ExitCode.Should().Be(0);
        result.Text.Should().Be(run.Golden("percentileDistribution").Substring(run.Golden("percentileDistribution").IndexOf('\n', System.StringComparison.Ordinal) + 1));

        // A line at the first report (64 intervals), then, as one was printed, the last one at the end: what is known
        // (intervals, bytes read of the file's length), never a percentage.
        string size = HdrHistogram.Tool.ProgressReporter.Size(new FileInfo(run.LogPath).Length);
        var lines = result.Stderr.Split('\n');
        lines.Should().HaveCount(4);
        lines[0].Should().MatchRegex("^hdr process: .*tagged-interleaved.hlog: 64 intervals, [0-9.]+ (bytes|KB) of " + Regex.Escape(size) + " read, 0 s$");
        lines[1].Should().MatchRegex("^hdr process: " + Regex.Escape(run.LogPath) + ": 80 intervals, [0-9.]+ (bytes|KB) of " + Regex.Escape(size) + " read, 0 s, done$");
        lines[2].Should().StartWith("hdr process: note: ");
        lines[3].Should().BeEmpty();

        // Without --progress, standard error (not a terminal here) has only the note on the other tags.
        ToolRunner.Run(null, System.TimeSpan.Zero, "process", "-i", run.LogPath, "-utc").ShouldSucceedNotingOtherTags().Stderr.Split('\n').Should().HaveCount(2);
    }

    [Fact]
    public void The_series_of_other_tags_left_out_are_named_with_their_interval_counts()
    {
        // tagged-interleaved.hlog: 20 untagged intervals and 20 each tagged A, B and svc-42 (Java's generator).
        string log = LogFixtures.HlogPath("logs/tagged-interleaved");
        ToolRunner.Run("process", "-i", log).ShouldSucceedNotingOtherTags().Stderr.Should().Be(
            "hdr process: note: " + log + ": 20 intervals tagged 'A' and 20 intervals tagged 'B' and 20 intervals tagged 'svc-42' are left out "
            + "(only the untagged intervals are processed, as Java's HistogramLogProcessor does; -tag TAG processes another series, -listtags lists them)\n");
        ToolRunner.Run("process", "-i", log, "-tag", "B").Stderr.Should().Be(
            "hdr process: note: " + log + ": 20 untagged intervals and 20 intervals tagged 'A' and 20 intervals tagged 'svc-42' are left out "
            + "(only the intervals tagged 'B' are processed, as Java's HistogramLogProcessor does; -tag TAG processes another series, -listtags lists them)\n");

        // One tag throughout: nothing to say; -listtags reads every tag and leaves nothing out.
        using var temp = new TempFolder();
        string untagged = temp.File("untagged.hlog");
        File.WriteAllLines(untagged, File.ReadAllLines(log).Where(l => !l.StartsWith("Tag=", System.StringComparison.Ordinal)));
        ToolRunner.Run("process", "-i", untagged).ShouldSucceed();
        ToolRunner.Run("process", "-i", log, "-listtags").ShouldSucceed();
    }

    [Fact]
    public void A_StartTime_beyond_the_year_9999_prints_its_date_as_Java_does()
    {
        // 10^15 seconds since the epoch: Java prints new Date(10^18 ms), year 31690708 (HistogramLogProcessor used to
        // throw ArgumentOutOfRangeException here, outside DateTime's years 1 to 9999).
        var h = new LongHistogram(3_600_000_000, 3);
        h.RecordValue(1000);
        string log = "#[StartTime: 1000000000000000.000 (seconds since epoch), x]\n0.000,1.000,1.000,"
            + Convert.ToBase64String(HistogramEncoder.EncodeCompressed(h)) + "\n";
        var result = ToolRunner.Run(System.Text.Encoding.ASCII.GetBytes(log), "process", "-utc").ShouldSucceed();
        result.Text.Split('\n')[0].Should().Be("#[StartTime: 1000000000000000.000 (seconds since epoch), Sun Jul 05 01:46:40 UTC 31690708]");
        result.Text.Should().Contain("#[Max     =        0.001, Total count    =            1]"); // 1000 at the default unit ratio 10^6
    }

    [Fact]
    public void Reads_standard_input_without_i()
    {
        var run = ProcessorRun.Get("real-logs/tagged-Log.logV2.hlog:listtags");
        ToolRunner.Run(File.ReadAllBytes(run.LogPath), "process", "--listtags").ShouldSucceed().Text.Should().Be(run.Golden("stdout"));
    }
}
