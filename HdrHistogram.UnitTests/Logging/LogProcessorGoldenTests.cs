using HdrHistogram.Logging;

namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// Every Java HistogramLogProcessor run of processor-runs.json (logs/ and real-logs/, the DoubleHistogram log included): the same options give the same
/// interval log, .hgrm, .mwp and standard output, byte for byte (StartTime dates in UTC, as the golden runs).
/// </summary>
public class LogProcessorGoldenTests
{
    [Theory]
    [MemberData(nameof(ProcessorRun.AllRunIds), MemberType = typeof(ProcessorRun))]
    public void Reproduces_Javas_output(string id)
    {
        var run = ProcessorRun.Get(id);
        run.JavaFailed.Should().BeFalse();
        run.ExitCode.Should().Be(0);
        using var temp = new TempFolder();
        string output = temp.File("out");
        var options = JavaProcessorArguments.Parse(run.ArgvFor(run.LogPath, output));
        options.TimeZone = TimeZoneInfo.Utc;
        var stdout = new StringWriter { NewLine = "\n" };
        new HistogramLogProcessor(options).Run(Stream.Null, stdout);

        foreach (var (kind, _) in run.Outputs)
        {
            string actual = kind switch
            {
                "intervalLog" => FixturePaths.ReadText(output),
                "percentileDistribution" => run.WritesFiles ? FixturePaths.ReadText(output + ".hgrm") : stdout.ToString(),
                "movingWindowLog" => FixturePaths.ReadText(output + ".mwp"),
                "stdout" => stdout.ToString(),
                _ => throw new NotSupportedException(kind),
            };
            actual.Should().Be(run.Golden(kind), "{0} of {1}", kind, id);
        }

        File.Exists(output + ".mwp").Should().Be(run.Outputs.ContainsKey("movingWindowLog"));
        if (run.WritesFiles)
        {
            stdout.ToString().Should().BeEmpty();
        }
    }

    [Fact]
    public void Every_golden_run_is_covered()
    {
        ProcessorRun.All.Should().HaveCount(84 + 32);
        ProcessorRun.All.Should().OnlyContain(r => !r.JavaFailed && r.ExitCode == 0);
        ProcessorRun.AllRunIds().Should().HaveCount(ProcessorRun.All.Count());
        ProcessorRun.DoubleRunIds().Select(r => (string)r[0]).Should().HaveCount(10).And.OnlyContain(id => id.StartsWith("logs/double-histogram.hlog:", StringComparison.Ordinal));
    }
}
