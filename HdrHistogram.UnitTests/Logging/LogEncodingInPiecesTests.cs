using HdrHistogram.UnitTests.Encoding;
using HdrHistogram.UnitTests.Upstream250;

namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// The logs 2.5.0 wrote, in every encoding the reader reads (UTF-16 LE and BE with their byte order mark, UTF-8 with and
/// without one), handed to the reader one, two or three bytes per read, and through a stream that has nothing for now
/// on every other read (a log followed while it is written, flushed a few bytes at a time): every interval is
/// recovered, however the byte order mark is split.
/// </summary>
public class LogEncodingInPiecesTests
{
    public static TheoryData<string, string, int> LogsEncodingsAndReadSizes()
    {
        var data = new TheoryData<string, string, int>();
        foreach (string log in new[] { "log-small", "log-large" })
        {
            foreach (string encoding in new[] { "utf-16le-bom", "utf-16be-bom", "utf-8-bom", "utf-8" })
            {
                for (int readSize = 1; readSize <= 3; readSize++)
                {
                    data.Add(log, encoding, readSize);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(LogsEncodingsAndReadSizes))]
    public void A_stream_that_returns_a_few_bytes_per_read_gives_every_interval(string name, string encoding, int readSize)
    {
        byte[] log = Net250Fixture.EncodedLog(name, encoding);
        using var reader = new HistogramLogReader(new TrickleStream(log, readSize, nothingEveryOtherRead: false));

        var read = new List<HistogramBase>();
        while (reader.NextIntervalHistogram() is { } next)
        {
            read.Add((HistogramBase)next);
        }

        Net250LogTests.ShouldMatch(read, Net250Fixture.Expected(name), encoding + ", " + readSize + " byte(s) per read");
    }

    [Trait("Category", "Heavy")]
    [Theory]
    [MemberData(nameof(LogsEncodingsAndReadSizes))]
    public void A_log_followed_while_it_arrives_a_few_bytes_at_a_time_gives_every_interval(string name, string encoding, int readSize)
    {
        byte[] log = Net250Fixture.EncodedLog(name, encoding);
        var stream = new TrickleStream(log, readSize, nothingEveryOtherRead: true);
        using var reader = new HistogramLogReader(stream);

        // Follow the log: a null is "nothing more for now"; call again until all of it has arrived and been read.
        var read = new List<HistogramBase>();
        int limit = (log.Length * 4) + 100;
        int nothingAfterTheEnd = 0;
        for (int call = 0; call < limit && nothingAfterTheEnd < 2; call++)
        {
            if (reader.NextIntervalHistogram() is { } next)
            {
                read.Add((HistogramBase)next);
            }
            else if (stream.AllRead)
            {
                nothingAfterTheEnd++;
            }
        }

        stream.AllRead.Should().BeTrue();
        Net250LogTests.ShouldMatch(read, Net250Fixture.Expected(name), encoding + ", followed, " + readSize + " byte(s) per read");
    }

    [Theory]
    [InlineData(new byte[] { 0xFF })]
    [InlineData(new byte[] { 0xFE })]
    [InlineData(new byte[] { 0xEF })]
    [InlineData(new byte[] { 0xEF, 0xBB })]
    public void Part_of_a_byte_order_mark_with_nothing_after_it_yet_is_no_line_and_decides_nothing(byte[] firstBytes)
    {
        var histogram = new LongHistogram(1_000_000, 3);
        histogram.RecordValue(42);
        using var utf8 = new MemoryStream();
        using (var logWriter = new HistogramLogWriter(utf8, leaveOpen: true))
        {
            logWriter.OutputIntervalHistogram(1.0, 2.0, histogram);
        }

        string text = System.Text.Encoding.UTF8.GetString(utf8.ToArray());

        System.Text.Encoding encoding = firstBytes[0] switch
        {
            0xFF => new System.Text.UnicodeEncoding(bigEndian: false, byteOrderMark: true),
            0xFE => new System.Text.UnicodeEncoding(bigEndian: true, byteOrderMark: true),
            _ => new System.Text.UTF8Encoding(encoderShouldEmitUTF8Identifier: true),
        };
        byte[] preamble = encoding.GetPreamble();
        byte[] body = encoding.GetBytes(text);
        var stream = new LogReaderBehaviourTests.GrowingStream(firstBytes);
        using var reader = new HistogramLogReader(stream);

        reader.NextIntervalHistogram().Should().BeNull();
        stream.Append(preamble.AsSpan(firstBytes.Length).ToArray());
        reader.NextIntervalHistogram().Should().BeNull();
        stream.Append(body);

        var read = reader.NextIntervalHistogram().Should().BeOfType<LongHistogram>().Subject;
        read.GetCountAtValue(42).Should().Be(1);
        read.TotalCount.Should().Be(1);
        reader.NextIntervalHistogram().Should().BeNull();
    }
}
