using System.Text;
using HdrHistogram.UnitTests.Encoding;

namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// Logs this library writes read back to the histograms written (also under a comma-decimal culture, from a trickling
/// stream and from a TextReader), their payloads inflate with a strict zlib, and logs written by upstream
/// HdrHistogram.NET (UTF-16 with a byte order mark, ISO start-time dates) are read.
/// </summary>
public class LogRoundTripTests
{
    internal const long StartMsec = 1_700_000_000_123;

    [Theory]
    [InlineData("en-US")]
    [InlineData("de-DE")]
    public void A_written_log_reads_back_equal(string culture)
    {
        using var scope = new CultureScope(culture);
        var histograms = Intervals(40, tags: new string?[] { null, "A", "svc=42", "ünïcödé" });
        byte[] log = WriteLog(histograms);
        string text = System.Text.Encoding.UTF8.GetString(log);
        text.Should().NotContain("\r").And.StartWith("#[Logged by the round-trip test]\n#[Histogram log format version 1.3]\n");
        text.Should().Contain("#[StartTime: 1700000000.123 (seconds since epoch), Tue Nov 14 22:13:20 UTC 2023]\n");
        text.Should().Contain("#[BaseTime: 1700000000.123 (seconds since epoch)]\n");
        text.Should().Contain("\n0.000,1.000,");
        text.Should().Contain("\nTag=svc=42,");

        foreach (var payload in LogWriterReplayTests.Payloads(text))
        {
            byte[] compressed = Convert.FromBase64String(payload);
            EncodingTestSupport.InflateStrictly(compressed).Should().Equal(HistogramEncoder.Encode(HistogramEncoding.Decode(compressed)));
        }

        ReadAll(new MemoryStream(log)).Should().SatisfyRespectively(histograms.Select(Same).ToArray());
        ReadAll(new TrickleStream(log, 7)).Should().SatisfyRespectively(histograms.Select(Same).ToArray());
        using var textReader = new HistogramLogReader(new StringReader(text));
        var fromText = new List<HistogramBase>();
        EncodableHistogram? next;
        while ((next = textReader.NextIntervalHistogram()) is not null)
        {
            fromText.Add((HistogramBase)next);
        }

        fromText.Should().SatisfyRespectively(histograms.Select(Same).ToArray());
        textReader.StartTimeSec.Should().Be(1_700_000_000.123);
        textReader.BaseTimeSec.Should().Be(1_700_000_000.123);
    }

    [Fact]
    public void Upstream_Write_and_Append_write_absolute_timestamps_that_read_back()
    {
        var histograms = Intervals(5, tags: new string?[] { null });
        using var stream = new MemoryStream();
        HistogramLogWriter.Write(stream, new DateTime(2023, 11, 14, 22, 13, 20, 123, DateTimeKind.Utc), histograms.Take(3).ToArray());
        stream.CanWrite.Should().BeTrue("upstream's writer leaves the stream open");
        using (var writer = new HistogramLogWriter(stream))
        {
            writer.Append(histograms[3]);
            writer.Append(histograms[4]);
        }

        string text = System.Text.Encoding.UTF8.GetString(stream.ToArray());
        text.Split('\n')[0].Should().Be("#[Histogram log format version 1.3]");
        text.Split('\n')[1].Should().Be("#[StartTime: 1700000000.123 (seconds since epoch), Tue Nov 14 22:13:20 UTC 2023]");
        text.Split('\n')[2].Should().Be(HistogramLogWriter.Legend);
        text.Split('\n')[3].Should().StartWith("1700000000.123,1.000,");
        HistogramLogReader.Read(new MemoryStream(stream.ToArray())).ToList().Should().SatisfyRespectively(histograms.Select(Same).ToArray());

        // Append on a fresh writer writes the header first, with the histogram's start time.
        using var fresh = new MemoryStream();
        using (var writer = new HistogramLogWriter(fresh))
        {
            writer.Append(histograms[0]);
        }

        System.Text.Encoding.UTF8.GetString(fresh.ToArray()).Split('\n').Take(3).Should().Equal(text.Split('\n').Take(3));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Reads_upstream_UTF16_logs_with_a_byte_order_mark(bool bigEndian)
    {
        // What upstream HdrHistogram.NET's writer produced: UTF-16 with a BOM, an ISO date, absolute timestamps.
        var histograms = Intervals(6, tags: new string?[] { null, "A" });
        var text = new StringBuilder();
        text.Append("#[Histogram log format version 1.3]\n");
        text.Append("#[StartTime: 1700000000.123 (seconds since epoch), 2023-11-14T22:13:20.1230000Z]\n");
        text.Append(HistogramLogWriter.Legend).Append('\n');
        foreach (var h in histograms)
        {
            string line = JavaFormat(h.StartTimeStamp / 1000.0) + "," + JavaFormat((h.EndTimeStamp - h.StartTimeStamp) / 1000.0) + ","
                + JavaFormat(h.GetMaxValue() / 1e6) + "," + HistogramEncoder.EncodeCompressedToBase64(h);
            text.Append(h.Tag is null ? line : "Tag=" + h.Tag + "," + line).Append('\n');
        }

        var encoding = new UnicodeEncoding(bigEndian, byteOrderMark: true);
        byte[] bytes = encoding.GetPreamble().Concat(encoding.GetBytes(text.ToString())).ToArray();
        bytes[0].Should().Be(bigEndian ? (byte)0xFE : (byte)0xFF);

        ReadAll(new MemoryStream(bytes)).Should().SatisfyRespectively(histograms.Select(Same).ToArray());
        ReadAll(new TrickleStream(bytes, 1)).Should().SatisfyRespectively(histograms.Select(Same).ToArray());
        ReadAll(new TrickleStream(bytes, 3)).Should().SatisfyRespectively(histograms.Select(Same).ToArray());
    }

    [Fact]
    public void A_UTF8_byte_order_mark_is_skipped()
    {
        var histograms = Intervals(3, tags: new string?[] { "A" });
        byte[] log = new byte[] { 0xEF, 0xBB, 0xBF }.Concat(WriteLog(histograms)).ToArray();
        ReadAll(new MemoryStream(log)).Should().SatisfyRespectively(histograms.Select(Same).ToArray());
        ReadAll(new TrickleStream(log, 1)).Should().SatisfyRespectively(histograms.Select(Same).ToArray());
    }

    [Fact]
    public void The_writer_rejects_what_would_corrupt_the_log()
    {
        using var stream = new MemoryStream();
        using var writer = new HistogramLogWriter(stream);
        var h = new LongHistogram(3_600_000_000_000, 3);
        h.RecordValue(1000);
        foreach (string bad in new[] { "a,b", "a b", "a\rb", "a\nb", "x,", " " })
        {
            var set = () => h.Tag = bad;
            set.Should().Throw<ArgumentException>().WithMessage("The tag holds * at index *");
        }

        var source = new LongHistogram(3_600_000_000_000, 3);
        source.RecordValue(1000);
        using var valid = new MemoryStream();
        using (var validWriter = new HistogramLogWriter(valid, leaveOpen: true))
        {
            validWriter.OutputIntervalHistogram(source);
        }

        // A tag holding NEL arrives from a log (our reader ends tags only at field delimiters).
        string line = System.Text.Encoding.UTF8.GetString(valid.ToArray());
        var decoded = HistogramLogReader.Read(new MemoryStream(System.Text.Encoding.UTF8.GetBytes("Tag=a\u0085b," + line))).Single();
        var act = () => writer.OutputIntervalHistogram(decoded);
        act.Should().Throw<ArgumentException>().WithMessage("The tag holds U+0085 at index 1 (of 3 characters)*");

        h.Tag = "ok=fine;-_/";
        writer.OutputIntervalHistogram(h);
        var comment = () => writer.OutputComment("two\nlines");
        comment.Should().Throw<ArgumentException>();
        var doubleHistogram = new DoubleHistogram(3);
        var d = () => doubleHistogram.Tag = "bad,tag";
        d.Should().Throw<ArgumentException>().WithMessage("The tag holds a comma at index 3*");
        System.Text.Encoding.UTF8.GetString(stream.ToArray()).Should().StartWith("Tag=ok=fine;-_/,").And.EndWith("\n").And.Subject.Count(c => c == '\n').Should().Be(1);

        writer.Dispose();
        var disposed = () => writer.OutputLegend();
        disposed.Should().Throw<ObjectDisposedException>();
    }

    [Fact]
    public void Writer_calls_produce_Javas_lines()
    {
        using var stream = new MemoryStream();
        using (var writer = new HistogramLogWriter(stream) { TimeZone = TimeZoneInfo.CreateCustomTimeZone("plus5", TimeSpan.FromHours(5.5), "plus5", "plus5") })
        {
            writer.OutputComment("[héllo]");
            writer.OutputStartTime(0);
            writer.OutputBaseTime(-1);
            var h = new LongHistogram(3);
            writer.OutputIntervalHistogram(-0.0004, 0.0006, h, 1.0);
            writer.BaseTime = 1000;
            h.StartTimeStamp = 500;
            h.EndTimeStamp = 2000;
            writer.OutputIntervalHistogram(h);
        }

        var lines = System.Text.Encoding.UTF8.GetString(stream.ToArray()).Split('\n');
        lines[0].Should().Be("#[héllo]");
        lines[1].Should().Be("#[StartTime: 0.000 (seconds since epoch), Thu Jan 01 05:30:00 GMT+05:30 1970]");
        lines[2].Should().Be("#[BaseTime: -0.001 (seconds since epoch)]");
        lines[3].Should().StartWith("-0.000,0.001,0.000,HISTFAAAA");
        lines[4].Should().StartWith("-0.500,1.500,0.000,HISTFAAAA");
        lines[5].Should().BeEmpty();
    }

    internal static List<HistogramBase> Intervals(int count, string?[] tags, int seed = 42)
    {
        var random = new Random(seed);
        var result = new List<HistogramBase>();
        for (int i = 0; i < count; i++)
        {
            var h = new LongHistogram(3_600_000_000_000, 3);
            int n = random.Next(0, 300);
            for (int j = 0; j < n; j++)
            {
                h.RecordValue((long)Math.Exp(random.NextDouble() * 20));
            }

            h.StartTimeStamp = StartMsec + (i * 1000L);
            h.EndTimeStamp = h.StartTimeStamp + 1000;
            h.Tag = tags[i % tags.Length];
            result.Add(h);
        }

        return result;
    }

    internal static byte[] WriteLog(IEnumerable<HistogramBase> histograms)
    {
        using var stream = new MemoryStream();
        using (var writer = new HistogramLogWriter(stream))
        {
            writer.OutputComment("[Logged by the round-trip test]");
            writer.OutputLogFormatVersion();
            writer.OutputStartTime(StartMsec);
            writer.OutputBaseTime(StartMsec);
            writer.BaseTime = StartMsec;
            writer.OutputLegend();
            foreach (var h in histograms)
            {
                writer.OutputIntervalHistogram(h);
            }
        }

        return stream.ToArray();
    }

    internal static List<HistogramBase> ReadAll(Stream stream)
    {
        using var reader = new HistogramLogReader(stream, null, leaveOpen: false);
        return reader.ReadHistograms().ToList();
    }

    internal static Action<HistogramBase> Same(HistogramBase expected) => actual =>
    {
        actual.Equals(expected).Should().BeTrue();
        actual.Tag.Should().Be(expected.Tag);
        actual.StartTimeStamp.Should().Be(expected.StartTimeStamp);
        actual.EndTimeStamp.Should().Be(expected.EndTimeStamp);
    };

    private static string JavaFormat(double value) => HdrHistogram.Text.JavaFormat.Format(value, 3);
}
