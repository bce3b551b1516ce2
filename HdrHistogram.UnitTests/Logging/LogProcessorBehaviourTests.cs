using HdrHistogram.Logging;
using HdrHistogram.Text;

namespace HdrHistogram.UnitTests.Logging;

/// <summary>The log processor's option parsing, its error cases (where Java crashes), and Java's Double.toString.</summary>
public class LogProcessorBehaviourTests
{
    [Fact]
    public void Without_an_output_file_the_distribution_goes_to_standard_output()
    {
        var run = ProcessorRun.Get("logs/basic-untagged.hlog:default");
        var options = new HistogramLogProcessorOptions { InputFileName = run.LogPath, TimeZone = TimeZoneInfo.Utc };
        var stdout = new StringWriter();
        new HistogramLogProcessor(options).Run(Stream.Null, stdout);

        // Java prints the StartTime line and the distribution, without the range header of the .hgrm file.
        string golden = run.Golden("percentileDistribution");
        stdout.ToString().Should().Be(golden.Substring(golden.IndexOf('\n', StringComparison.Ordinal) + 1));

        // The same from standard input.
        var fromStdin = new StringWriter();
        using var input = File.OpenRead(run.LogPath);
        new HistogramLogProcessor(new HistogramLogProcessorOptions { TimeZone = TimeZoneInfo.Utc }).Run(input, fromStdin);
        fromStdin.ToString().Should().Be(stdout.ToString());
    }

    [Fact]
    public void No_matching_interval_is_a_clear_error_after_Javas_header_lines()
    {
        using var temp = new TempFolder();
        string output = temp.File("out");
        var options = JavaProcessorArguments.Parse(new[] { "-i", LogFixtures.HlogPath("logs/tagged-interleaved"), "-o", output, "-tag", "nope", "-utc" });
        var act = () => new HistogramLogProcessor(options).Run(Stream.Null, new StringWriter());
        act.Should().Throw<InvalidOperationException>().WithMessage("No interval histogram in the input matches the tag 'nope'*-listtags*");

        // Java's processor thread dies with a NullPointerException at this point, leaving only these lines.
        FixturePaths.ReadText(output).Should().Be("#[Interval percentile log between 0.000 and <Infinite> seconds (relative to StartTime)]\n");
        FixturePaths.ReadText(output + ".hgrm").Should().Be("#[Overall percentile distribution between 0.000 and <Infinite> seconds (relative to StartTime)]\n");

        var empty = () => new HistogramLogProcessor(new HistogramLogProcessorOptions()).Run(new MemoryStream(), new StringWriter());
        empty.Should().Throw<InvalidOperationException>().WithMessage("*untagged lines*");
    }

    [Fact]
    public void A_malformed_line_fails_with_its_line_number()
    {
        string log = "#[StartTime: 1 (x)]\n0,1,1," + LogFixtures.Payload1000() + "\n1,1,1,!!!!\n";
        var act = () => new HistogramLogProcessor(new HistogramLogProcessorOptions()).Run(new MemoryStream(System.Text.Encoding.UTF8.GetBytes(log)), new StringWriter());
        act.Should().Throw<HistogramFormatException>().Where(e => e.LineNumber == 3);
    }

    [Fact]
    public void Progress_is_reported()
    {
        var reports = new List<HistogramLogProcessorProgress>();
        var processor = new HistogramLogProcessor(JavaProcessorArguments.Parse(new[] { "-i", LogFixtures.HlogPath("logs/tagged-interleaved"), "-listtags" })) { Progress = new SyncProgress(reports.Add) };
        processor.Run(Stream.Null, new StringWriter());
        reports.Should().NotBeEmpty();
        reports.Select(r => r.IntervalsRead).Should().Equal(64, 80);
        reports.Select(r => r.Completed).Should().Equal(false, true);
        reports.Last().LinesRead.Should().Be(85);
        reports.Last().BytesRead.Should().Be(new FileInfo(LogFixtures.HlogPath("logs/tagged-interleaved")).Length);
    }

    [Theory]
    [InlineData(99.0, "99.0")]
    [InlineData(99.9, "99.9")]
    [InlineData(99.99, "99.99")]
    [InlineData(50, "50.0")]
    [InlineData(0.001, "0.001")]
    [InlineData(0.0001, "1.0E-4")]
    [InlineData(1234567.5, "1234567.5")]
    [InlineData(1e7, "1.0E7")]
    [InlineData(12345678912.0, "1.2345678912E10")]
    [InlineData(-0.0, "-0.0")]
    [InlineData(0.0, "0.0")]
    [InlineData(-2.5e-10, "-2.5E-10")]
    [InlineData(double.NaN, "NaN")]
    [InlineData(double.NegativeInfinity, "-Infinity")]
    public void Java_Double_toString(double value, string expected) => JavaDoubleText.ToString(value).Should().Be(expected);

    private sealed class SyncProgress : IProgress<HistogramLogProcessorProgress>
    {
        private readonly Action<HistogramLogProcessorProgress> _report;

        public SyncProgress(Action<HistogramLogProcessorProgress> report)
        {
            _report = report;
        }

        public void Report(HistogramLogProcessorProgress value) => _report(value);
    }
}
