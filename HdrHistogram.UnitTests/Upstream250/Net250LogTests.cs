using System.Text.Json;
using HdrHistogram.Logging;
using HdrHistogram.UnitTests.Encoding;

namespace HdrHistogram.UnitTests.Upstream250;

/// <summary>
/// Histogram logs written by the published HdrHistogram 2.5.0 package's <c>HistogramLogWriter</c> (UTF-16LE with a
/// byte order mark, zero-padded compressed payloads) read back, interval by interval, to what 2.5.0's histograms held
/// before they were written, through every way of reading a log; and so does the same text in UTF-16BE and UTF-8 (with
/// and without a byte order mark), as other tools (Windows PowerShell, editors) re-save it. <c>log-large</c> is a log
/// 2.5.0 cannot read back itself.
/// </summary>
public class Net250LogTests
{
    public static TheoryData<string, string> LogsAndEncodings()
    {
        var data = new TheoryData<string, string>();
        foreach (var log in Net250Fixture.LogNames())
        {
            foreach (var encoding in new[] { "utf-16le-bom", "utf-16be-bom", "utf-8-bom", "utf-8" })
            {
                data.Add((string)log[0], encoding);
            }
        }

        return data;
    }

    [Fact]
    public void The_2_5_0_logs_are_UTF_16LE_with_a_byte_order_mark_and_log_large_is_one_2_5_0_cannot_read()
    {
        foreach (var name in Net250Fixture.LogNames().Select(n => (string)n[0]))
        {
            byte[] bytes = File.ReadAllBytes(Net250Fixture.LogPath(name));
            bytes.Take(4).Should().Equal(new byte[] { 0xFF, 0xFE, (byte)'#', 0 }, name);
        }

        var large = Net250Fixture.Expected("log-large");
        large.GetProperty("readBackBy250").GetBoolean().Should().BeFalse();
        large.GetProperty("readBackBy250Error").GetString().Should().Contain("indicated payload amount");
        Net250Fixture.Expected("log-small").GetProperty("readBackBy250").GetBoolean().Should().BeTrue();
    }

    [Theory]
    [MemberData(nameof(LogsAndEncodings))]
    public void The_2_5_0_API_reads_every_interval_as_2_5_0_wrote_it(string name, string encoding)
    {
        var expected = Net250Fixture.Expected(name);
        byte[] log = Net250Fixture.EncodedLog(name, encoding);

        ShouldMatch(HistogramLogReader.Read(new MemoryStream(log)).ToList(), expected, "static Read");
        using (var reader = new HistogramLogReader(new MemoryStream(log)))
        {
            ShouldMatch(reader.ReadHistograms().ToList(), expected, "ReadHistograms");
            reader.GetStartTime().Should().Be(DateTime.Parse(expected.GetProperty("startTime").GetString()!, null, System.Globalization.DateTimeStyles.RoundtripKind));
        }

        // A byte (or three) at a time: the byte order mark, UTF-16 code units and lines split across reads.
        ShouldMatch(HistogramLogReader.Read(new TrickleStream(log, 1)).ToList(), expected, "static Read, one byte per read");
        ShouldMatch(HistogramLogReader.Read(new TrickleStream(log, 3)).ToList(), expected, "static Read, three bytes per read");
    }

    [Theory]
    [MemberData(nameof(LogsAndEncodings))]
    public void The_reader_reads_every_interval_from_a_stream_a_file_and_a_TextReader(string name, string encoding)
    {
        var expected = Net250Fixture.Expected(name);
        byte[] log = Net250Fixture.EncodedLog(name, encoding);

        using (var reader = new HistogramLogReader(new MemoryStream(log), new HistogramLogReaderOptions()))
        {
            ShouldMatch(ReadAll(reader), expected, "NextIntervalHistogram (stream)");
            reader.StartTimeSec.Should().Be(1714979289.0);
        }

        using var temp = new TempFolder();
        string path = temp.File(name + "." + encoding + ".hlog");
        File.WriteAllBytes(path, log);
        using (var reader = new HistogramLogReader(path))
        {
            ShouldMatch(ReadAll(reader), expected, "NextIntervalHistogram (path)");
        }

        // A TextReader decodes the text itself (here detecting the byte order mark).
        using (var reader = new HistogramLogReader(new StreamReader(new MemoryStream(log), detectEncodingFromByteOrderMarks: true)))
        {
            ShouldMatch(ReadAll(reader), expected, "NextIntervalHistogram (TextReader)");
        }

        // Recycling one histogram per interval (the allocation-free way of reading).
        using (var reader = new HistogramLogReader(new MemoryStream(log), new HistogramLogReaderOptions()))
        {
            var intervals = expected.GetProperty("intervals").EnumerateArray().ToList();
            var target = new LongHistogram(1, 3_600_000_000_000, 3);
            foreach (var interval in intervals)
            {
                reader.TryReadNextInto(target, out var entry).Should().BeTrue();
                entry.Tag.Should().Be(interval.GetProperty("tag").GetString());
                Net250Fixture.ShouldMatch(target, interval, "TryReadNextInto");
            }

            reader.TryReadNextInto(target, out _).Should().BeFalse();
        }
    }

    private static List<HistogramBase> ReadAll(HistogramLogReader reader)
    {
        var all = new List<HistogramBase>();
        while (reader.NextIntervalHistogram() is { } next)
        {
            all.Add((HistogramBase)next);
        }

        return all;
    }

    internal static void ShouldMatch(List<HistogramBase> read, JsonElement expected, string how)
    {
        var intervals = expected.GetProperty("intervals").EnumerateArray().ToList();
        read.Should().HaveCount(intervals.Count, how);
        for (int i = 0; i < intervals.Count; i++)
        {
            string because = how + ", interval " + i;
            read[i].Tag.Should().Be(intervals[i].GetProperty("tag").GetString(), because);
            read[i].StartTimeStamp.Should().Be(intervals[i].GetProperty("startTimeStamp").GetInt64(), because);
            read[i].EndTimeStamp.Should().Be(intervals[i].GetProperty("endTimeStamp").GetInt64(), because);
            Net250Fixture.ShouldMatch(read[i], intervals[i], because);
        }
    }
}
