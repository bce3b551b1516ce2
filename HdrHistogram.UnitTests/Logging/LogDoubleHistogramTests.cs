using System.Text;
using HdrHistogram.Logging;
using HdrHistogram.UnitTests.Encoding;

namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// DoubleHistogram intervals in logs, against Java's logs/double-histogram fixture: the reader hands back
/// <see cref="DoubleHistogram"/>s that are the ones Java's reader reported (statistics, configuration and, through their
/// V2 re-encoding, every count), by every read path; replaying Java's writer calls reproduces the log except the
/// payloads, which decode to the histograms written; mixing kinds with a read target is a clear error.
/// </summary>
public class LogDoubleHistogramTests
{
    private const string Log = "logs/double-histogram";

    [Fact]
    public void Reads_every_interval_as_Java_did()
    {
        var expected = LogFixtures.ExpectedIntervals(Log);
        expected.Should().OnlyContain(i => i.GetProperty("histogramType").GetString() == "DoubleHistogram");
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(Log));
        var read = new List<DoubleHistogram>();
        EncodableHistogram? next;
        while ((next = reader.NextIntervalHistogram()) is not null)
        {
            var h = next.Should().BeOfType<DoubleHistogram>().Subject;
            int i = read.Count;
            i.Should().BeLessThan(expected.Count);
            reader.LastInterval.RawTimestampSec.Should().Be(expected[i].GetProperty("rawTimestampSec").GetDouble());
            reader.LastInterval.RawIntervalLengthSec.Should().Be(expected[i].GetProperty("rawIntervalLengthSec").GetDouble());
            h.ShouldBeJavasInterval(expected[i], sameRange: true, "interval " + i);
            read.Add(h);
        }

        read.Should().HaveCount(LogFixtures.Expected(Log).GetProperty("intervalCount").GetInt32());
        read.Sum(h => h.TotalCount).Should().Be(LogFixtures.Expected(Log).GetProperty("totalCountAllIntervals").GetInt64());
        var state = LogFixtures.Expected(Log).GetProperty("reader");
        reader.StartTimeSec.Should().Be(state.GetProperty("startTimeSec").GetDouble());
        reader.BaseTimeSec.Should().Be(state.GetProperty("baseTimeSec").GetDouble());
        reader.NextIntervalHistogram().Should().BeNull();
    }

    [Fact]
    public void Reads_every_interval_into_a_recycled_DoubleHistogram()
    {
        var expected = LogFixtures.ExpectedIntervals(Log);
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(Log));
        var (count, reused) = LogFixtures.ReadRecycling(
            reader,
            (next, index) => ((DoubleHistogram)next).ShouldBeJavasInterval(expected[index], sameRange: false, "interval " + index));

        count.Should().Be(20);
        reused.Should().Be(19, "every interval has 3 significant digits, so the histogram is reused every time");
    }

    [Fact]
    public void An_integer_histogram_to_recycle_is_not_used_for_a_DoubleHistogram_line()
    {
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(Log));
        var integer = new LongHistogram(3);
        var next = reader.NextIntervalHistogram(integer);
        next.Should().BeOfType<DoubleHistogram>();
        ((DoubleHistogram)next!).ShouldBeJavasInterval(LogFixtures.ExpectedIntervals(Log)[0], sameRange: true, "interval 0");
    }

    [Fact]
    public void Reads_every_interval_into_one_DoubleHistogram_target()
    {
        var expected = LogFixtures.ExpectedIntervals(Log);
        var target = new DoubleHistogram(3);
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(Log));
        for (int i = 0; i < expected.Count; i++)
        {
            reader.TryReadNextInto(target, out var entry).Should().BeTrue();
            entry.StartTimeStamp.Should().Be(expected[i].GetProperty("startTimeStamp").GetInt64());
            entry.EndTimeStamp.Should().Be(expected[i].GetProperty("endTimeStamp").GetInt64());
            entry.Tag.Should().BeNull();
            target.ShouldBeJavasInterval(expected[i], sameRange: false, "interval " + i);
        }

        reader.TryReadNextInto(target, out _).Should().BeFalse();
    }

    [Fact]
    public void Reading_a_DoubleHistogram_line_into_an_integer_target_is_a_clear_error_with_the_line_number()
    {
        int firstIntervalLine = File.ReadAllLines(LogFixtures.HlogPath(Log)).ToList().FindIndex(l => l.Length > 0 && char.IsDigit(l[0])) + 1;
        firstIntervalLine.Should().Be(6);
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(Log), new HistogramLogReaderOptions { SkipMalformedLines = true });
        var act = () => reader.TryReadNextInto(new LongHistogram(3), out _);
        act.Should().Throw<HistogramFormatException>()
            .Where(e => e.LineNumber == firstIntervalLine && e.Message.Contains("holds a DoubleHistogram") && e.Message.Contains("LongHistogram") && e.InnerException == null,
                "a kind mismatch is not a malformed line: it is reported even when malformed lines are skipped");
    }

    [Fact]
    public void Reading_an_integer_line_into_a_DoubleHistogram_target_is_a_clear_error_with_the_line_number()
    {
        const string integerLog = "logs/basic-untagged";
        var expected = LogFixtures.ExpectedIntervals(integerLog);
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(integerLog));
        var act = () => reader.TryReadNextInto(new DoubleHistogram(3), out _);
        act.Should().Throw<HistogramFormatException>()
            .Where(e => e.LineNumber > 0 && e.Message.Contains("holds an integer histogram") && e.Message.Contains("DoubleHistogram"));

        // A DoubleHistogram to recycle is simply not used for an integer line.
        using var recycling = new HistogramLogReader(LogFixtures.HlogPath(integerLog));
        var next = recycling.NextIntervalHistogram(new DoubleHistogram(3));
        next.Should().BeOfType<LongHistogram>();
        ((HistogramBase)next!).ShouldBeJavasInterval(expected[0], sameRange: true, "interval 0");
    }

    [Fact]
    public void A_DoubleHistogram_target_with_other_digits_is_a_clear_error()
    {
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(Log));
        var act = () => reader.TryReadNextInto(new DoubleHistogram(2), out _);
        act.Should().Throw<HistogramFormatException>()
            .Where(e => e.LineNumber == 6 && e.Message.Contains("3 significant digits") && e.Message.Contains("2 significant digits"));
    }

    [Fact]
    public void ReadHistograms_rejects_a_DoubleHistogram_interval_clearly()
    {
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(Log));
        var act = () => reader.ReadHistograms().ToList();
        act.Should().Throw<HistogramFormatException>().Where(e => e.LineNumber == 6 && e.Message.Contains("DoubleHistogram"));
    }

    [Fact]
    public void NextHistogram_rejects_a_DoubleHistogram_interval_clearly()
    {
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(Log));
        var act = () => reader.NextHistogram(new LongHistogram(3));
        act.Should().Throw<HistogramFormatException>()
            .Where(e => e.LineNumber == 6 && e.Message.Contains("DoubleHistogram") && e.Message.Contains("NextHistogram"));
    }

    [Fact]
    public void Replaying_Javas_writer_calls_reproduces_the_log()
    {
        string javaText = FixturePaths.ReadText(LogFixtures.HlogPath(Log));
        foreach (string culture in new[] { "en-US", "de-DE" })
        {
            using (new CultureScope(culture))
            {
                var (bytes, written) = LogWriterReplayTests.Replay<DoubleHistogram>(Log);
                string ourText = new UTF8Encoding(false, true).GetString(bytes);
                LogWriterReplayTests.MaskPayloads(ourText).Should().Be(LogWriterReplayTests.MaskPayloads(javaText), "under {0}", culture);
                var payloads = LogWriterReplayTests.Payloads(ourText);
                payloads.Should().HaveCount(20).And.HaveCount(written.Count);
                for (int i = 0; i < payloads.Count; i++)
                {
                    byte[] compressed = Convert.FromBase64String(payloads[i]);
                    compressed.Take(4).Should().Equal(new byte[] { 0x0c, 0x72, 0x12, 0x4f }, "Java's compressed DoubleHistogram cookie");
                    EncodingTestSupport.InflateStrictly(compressed.Skip(16).ToArray()).Should().Equal(written[i].JavaV2.Skip(16), "payload {0}", i);
                    HistogramEncoder.Encode(new HistogramDecoder().DecodeAny(compressed)).Should().Equal(written[i].JavaV2, "payload {0}", i);
                }
            }
        }
    }

    [Fact]
    public void A_written_DoubleHistogram_interval_reads_back_with_its_tag_and_timestamps()
    {
        var h = new DoubleHistogram(1_000_000, 2);
        h.RecordValue(0.25);
        h.RecordValueWithCount(1234.5, 7);
        h.Tag = "dbl";
        using var stream = new MemoryStream();
        using (var writer = new HistogramLogWriter(stream))
        {
            writer.OutputStartTime(1_700_000_000_000);
            writer.OutputIntervalHistogram(1.5, 2.75, h, 1.0);
        }

        string text = System.Text.Encoding.UTF8.GetString(stream.ToArray());
        text.Split('\n')[1].Should().StartWith("Tag=dbl,1.500,1.250,").And.Contain(",DHIST", "the compressed DoubleHistogram cookie 0c72124f in base64");
        stream.Position = 0;
        using var reader = new HistogramLogReader(stream);
        var read = reader.NextIntervalHistogram().Should().BeOfType<DoubleHistogram>().Subject;
        read.Tag.Should().Be("dbl");
        read.StartTimeStamp.Should().Be(1_700_000_001_500, "relative timestamps: the base time is the start time");
        read.EndTimeStamp.Should().Be(1_700_000_002_750);
        read.TotalCount.Should().Be(8);
        read.NumberOfSignificantValueDigits.Should().Be(2);
        read.GetHighestToLowestValueRatio().Should().Be(1_000_000);
        read.GetCountAtValue(1234.5).Should().Be(7);
        read.GetCountAtValue(0.25).Should().Be(1);
    }

    [Fact]
    public void The_processor_rejects_a_log_mixing_DoubleHistogram_and_integer_intervals()
    {
        string doubleInterval = File.ReadAllLines(LogFixtures.HlogPath(Log))[5];
        string integerInterval = File.ReadAllLines(LogFixtures.HlogPath("logs/basic-untagged")).First(l => l.Length > 0 && char.IsDigit(l[0]));
        string mixed = "#[StartTime: 1700000000.123 (seconds since epoch)]\n" + doubleInterval + "\n" + integerInterval + "\n";
        var options = JavaProcessorArguments.Parse(Array.Empty<string>());
        var act = () => new HistogramLogProcessor(options).Run(new MemoryStream(System.Text.Encoding.UTF8.GetBytes(mixed)), new StringWriter());
        act.Should().Throw<InvalidOperationException>().WithMessage("*Histogram line in a log of DoubleHistograms (line 3)*");
    }
}
