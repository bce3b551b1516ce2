using HdrHistogram.Logging;

namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// Java's reader rules on hand-made logs (start and base time, the one-year rule, ranges, comments, legends, tags,
/// line ends), and what happens with malformed lines: an exception with the line number, skipping on request, and a
/// clean end at a partial last line.
/// </summary>
public class LogReaderBehaviourTests
{
    private static readonly string Payload = LogFixtures.Payload1000();

    [Fact]
    public void Start_and_base_time_follow_Javas_rules()
    {
        // StartTime and BaseTime given: relative timestamps.
        var r = Read("#[StartTime: 1000.5 (seconds since epoch), x]\n#[BaseTime: 900.25 (seconds since epoch)]\n1.5,2.0,0.001," + Payload + "\n");
        r.Reader.StartTimeSec.Should().Be(1000.5);
        r.Reader.BaseTimeSec.Should().Be(900.25);
        r.Entries.Single().StartTimeStamp.Should().Be(901_750);
        r.Entries.Single().EndTimeStamp.Should().Be(903_750);

        // No header: the first timestamp is the start time, base 0 (absolute timestamps).
        r = Read("1700000000.25,5,130.351," + Payload + "\n1700000005.25,5,0," + Payload + "\n");
        r.Reader.StartTimeSec.Should().Be(1_700_000_000.25);
        r.Reader.BaseTimeSec.Should().Be(0);
        r.Entries.Select(e => e.StartTimeStamp).Should().Equal(1_700_000_000_250, 1_700_000_005_250);

        // StartTime only, timestamps more than a year before it: relative to the start time.
        r = Read("#[StartTime: 1700000000.123 (seconds since epoch)]\n0.000,1.000,1," + Payload + "\n");
        r.Reader.BaseTimeSec.Should().Be(1_700_000_000.123);
        r.Entries.Single().StartTimeStamp.Should().Be(1_700_000_000_123);

        // ... but within a year (365 days exactly is not "more than"): absolute.
        double start = 1_700_000_000;
        r = Read("#[StartTime: 1700000000 (seconds since epoch)]\n" + (start - (365 * 24 * 3600.0)).ToString("R", System.Globalization.CultureInfo.InvariantCulture) + ",1,1," + Payload + "\n");
        r.Reader.BaseTimeSec.Should().Be(0);

        // Any number of decimals, and a StartTime comment without a number is an ordinary comment.
        r = Read("#[StartTime: 12.3456789 (x)]\n#[StartTime: soon]\n#[BaseTime: 2 (x)]\n#[BaseTime: 3]\n1,1,1," + Payload + "\n");
        r.Reader.StartTimeSec.Should().Be(12.3456789);
        r.Reader.BaseTimeSec.Should().Be(2);
        r.Reader.ObservedStartTime.Should().BeTrue();
        r.Reader.ObservedBaseTime.Should().BeTrue();
        r.Entries.Single().StartTimeStamp.Should().Be(3000);
    }

    [Fact]
    public void Legends_comments_blank_lines_tags_and_line_ends_are_handled()
    {
        string log = "\"StartTimestamp\",\"EndTimestamp\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\r\n"
            + "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n"
            + "# a comment, with commas\r\n"
            + "\n   \n"
            + "Tag=a=b,10.000,1.000,0.001," + Payload + "\r\n"
            + "11.000, 1.000 ,0.001," + Payload + ",ignored trailing fields\n"
            + "Tag=,12,1,0," + Payload;
        var r = Read(log);
        r.Entries.Select(e => e.Tag).Should().Equal("a=b", null, string.Empty);
        r.Entries.Select(e => e.LineNumber).Should().Equal(6, 7, 8);
        r.Entries.Select(e => e.RawTimestampSec).Should().Equal(10, 11, 12);
        r.Histograms.Should().OnlyContain(h => h.TotalCount == 1 && h.GetMaxValue() == 1000);
        r.Reader.LineNumber.Should().Be(8);
    }

    [Fact]
    public void Ranges_skip_earlier_intervals_and_stop_at_the_first_later_one()
    {
        string log = "#[StartTime: 100 (seconds since epoch)]\n#[BaseTime: 100 (seconds since epoch)]\n"
            + string.Concat(Enumerable.Range(0, 10).Select(i => i + ",1,0," + Payload + "\n"))
            + "3,1,0," + Payload + "\n";
        using var reader = new HistogramLogReader(new StringReader(log));
        var starts = new List<long>();
        EncodableHistogram? h;
        while ((h = reader.NextIntervalHistogram(2.0, 5.0)) is not null)
        {
            starts.Add(h.StartTimeStamp);
        }

        starts.Should().Equal(102_000, 103_000, 104_000, 105_000);
        reader.LineNumber.Should().Be(9, "the interval at 6 s ended the range and was consumed");

        // As in Java, the next call goes on from there.
        reader.NextIntervalHistogram(0.0, 100.0)!.StartTimeStamp.Should().Be(107_000);
        reader.NextAbsoluteIntervalHistogram(109.0, 109.5)!.StartTimeStamp.Should().Be(109_000);
        reader.NextAbsoluteIntervalHistogram(0, 102.0).Should().BeNull("103 s is past the end of the range");
        reader.NextIntervalHistogram().Should().BeNull();

        // Java's nextIntervalHistogram() covers absolute starts from 0 only: a negative one is skipped.
        Read("#[BaseTime: -10 (x)]\n5,1,0," + Payload + "\n10,1,0," + Payload + "\n").Entries.Select(e => e.StartTimeStamp).Should().Equal(0);
    }

    [Fact]
    public void Skipped_intervals_are_not_decoded()
    {
        string log = "#[StartTime: 0 (x)]\n#[BaseTime: 0 (x)]\n1,1,0,not-base64!\n2,1,0," + Payload + "\n";
        using var reader = new HistogramLogReader(new StringReader(log));
        reader.NextIntervalHistogram(1.5, 10)!.StartTimeStamp.Should().Be(2000);
    }

    [Theory]
    [InlineData("1.0,1.0,1.0\n", "payload is missing")]
    [InlineData("x,1.0,1.0,{P}\n", "StartTimestamp field is not a number: 'x'")]
    [InlineData("1.0,1.0e,1.0,{P}\n", "Interval_Length field is not a number")]
    [InlineData("1.0,1.0,,,\n", "ends after the Interval_Length")]
    [InlineData("Tag=A\n", "ends after the tag")]
    [InlineData("1.0,1.0,1.0,HIST*AAA\n", "not valid base64")]
    [InlineData("1.0,1.0,1.0,AAAAAAAA\n", "payload is invalid")]
    [InlineData("1.0,1.0,1.0,{U}\n", "payload is invalid")]
    public void A_malformed_line_raises_an_exception_with_its_line_number(string badLine, string message)
    {
        string uncompressed = Convert.ToBase64String(HistogramEncoder.Encode(new LongHistogram(1000, 3)));
        badLine = badLine.Replace("{P}", Payload, StringComparison.Ordinal).Replace("{U}", uncompressed, StringComparison.Ordinal);
        string log = "#[StartTime: 1 (x)]\n1,1,1," + Payload + "\n\n" + badLine + "2,1,1," + Payload + "\n";
        using var reader = new HistogramLogReader(new StringReader(log));
        reader.NextIntervalHistogram().Should().NotBeNull();
        var act = () => reader.NextIntervalHistogram();
        act.Should().Throw<HistogramFormatException>()
            .Where(e => e.LineNumber == 4 && e.Message.StartsWith("Line 4: Malformed interval line", StringComparison.Ordinal) && e.Message.Contains(message));

        // Skipped on request: the next good line follows.
        var skipping = Read(log, new HistogramLogReaderOptions { SkipMalformedLines = true });
        skipping.Entries.Select(e => e.LineNumber).Should().Equal(2, 5);
    }

    [Fact]
    public void A_field_of_binary_junk_is_shown_as_a_printable_and_hex_excerpt_naming_the_line()
    {
        // Control bytes, a UTF-8 'é', an invalid byte and a terminal escape sequence where a number belongs.
        var bytes = new List<byte>(System.Text.Encoding.ASCII.GetBytes("#[StartTime: 1 (x)]\n"));
        bytes.AddRange(new byte[] { 0x01, 0x02, 0xC3, 0xA9, 0xFF, 0x1B, (byte)'[', (byte)'2', (byte)'J' });
        bytes.AddRange(System.Text.Encoding.ASCII.GetBytes(",1.0,1.0," + Payload + "\n"));
        using var reader = new HistogramLogReader(new MemoryStream(bytes.ToArray()));
        reader.Invoking(r => r.NextIntervalHistogram()).Should().Throw<HistogramFormatException>()
            .Which.Message.Should().Be("Line 2: Malformed interval line: the StartTimestamp field is not a number: binary data '.....[2J' (bytes 01 02 C3 A9 FF 1B 5B 32 4A)");
    }

    [Fact]
    public void A_partial_last_line_ends_the_log_cleanly_and_is_read_once_complete()
    {
        string complete = "#[StartTime: 1 (x)]\n1,1,1," + Payload + "\n2,1,1," + Payload + "\n";
        string cut = complete.Substring(0, complete.Length - 10);
        var stream = new GrowingStream(System.Text.Encoding.UTF8.GetBytes(cut));
        using var reader = new HistogramLogReader(stream);
        reader.NextIntervalHistogram().Should().NotBeNull();
        reader.NextIntervalHistogram().Should().BeNull("the last line is still being written");
        reader.LineNumber.Should().Be(2);
        stream.Append(System.Text.Encoding.UTF8.GetBytes(complete.Substring(cut.Length)));
        var last = reader.NextIntervalHistogram();
        last.Should().NotBeNull();
        reader.LastInterval.LineNumber.Should().Be(3);
        reader.NextIntervalHistogram().Should().BeNull();

        // Cut just before its base64 padding, a payload would decode completely: an unterminated one must be padded.
        string padded = PaddedPayload(out _);
        stream = new GrowingStream(System.Text.Encoding.UTF8.GetBytes("1,1,1," + padded.TrimEnd('=')));
        using (var reader3 = new HistogramLogReader(stream))
        {
            reader3.NextIntervalHistogram().Should().BeNull();
            stream.Append(System.Text.Encoding.UTF8.GetBytes(string.Concat(padded.AsSpan(padded.TrimEnd('=').Length), "\n")));
            reader3.NextIntervalHistogram().Should().NotBeNull();
            reader3.LineNumber.Should().Be(1);
        }

        // A complete last line without a line end is an interval like any other.
        Read(complete.TrimEnd('\n')).Entries.Should().HaveCount(2);

        // An unterminated comment is left for later too (it may be a StartTime line being written).
        stream = new GrowingStream(System.Text.Encoding.UTF8.GetBytes("#[StartTi"));
        using var reader2 = new HistogramLogReader(stream);
        reader2.NextIntervalHistogram().Should().BeNull();
        stream.Append(System.Text.Encoding.UTF8.GetBytes("me: 5 (x)]\n6,1,1," + Payload + "\n"));
        reader2.NextIntervalHistogram()!.StartTimeStamp.Should().Be(6000);
        reader2.StartTimeSec.Should().Be(5);

        // Treated as malformed on request.
        var act = () => Read(cut, new HistogramLogReaderOptions { PartialLastLineIsMalformed = true });
        act.Should().Throw<HistogramFormatException>().Where(e => e.LineNumber == 3);
        Read(cut, new HistogramLogReaderOptions { PartialLastLineIsMalformed = true, SkipMalformedLines = true }).Entries.Should().HaveCount(1);
    }

    [Fact]
    public void A_line_longer_than_the_limit_is_an_error_with_its_line_number()
    {
        string log = "1,1,1," + Payload + "\n# " + new string('x', 5000) + "\n";
        var act = () => Read(log, new HistogramLogReaderOptions { MaxLineLength = 1024 });
        act.Should().Throw<HistogramFormatException>().Where(e => e.LineNumber == 2 && e.Message.Contains("MaxLineLength"));
        Read(log).Entries.Should().HaveCount(1);
    }

    [Fact]
    public void Payloads_without_base64_padding_are_accepted_as_by_Java()
    {
        string padded = PaddedPayload(out var h);
        Read("1,1,1," + padded.TrimEnd('=') + "\n").Histograms.Single().Equals(h).Should().BeTrue();
    }

    [Fact]
    public void Argument_and_state_errors()
    {
        var nullStream = () => new HistogramLogReader((Stream)null!);
        nullStream.Should().Throw<ArgumentNullException>();
        var missing = () => new HistogramLogReader(Path.Combine(Path.GetTempPath(), "no-such-" + Guid.NewGuid() + ".hlog"));
        missing.Should().Throw<FileNotFoundException>();
        var reader = new HistogramLogReader(new StringReader(string.Empty));
        reader.NextIntervalHistogram().Should().BeNull();
        var target = () => reader.TryReadNextInto(null!, out _);
        target.Should().Throw<ArgumentNullException>();
        reader.Dispose();
        var disposed = () => reader.NextIntervalHistogram();
        disposed.Should().Throw<ObjectDisposedException>();
        new HistogramLogReaderOptions().Invoking(o => o.MaxLineLength = 10).Should().Throw<ArgumentOutOfRangeException>();
    }

    /// <summary>The compressed base64 of a histogram whose text ends with '=' padding.</summary>
    internal static string PaddedPayload(out HistogramBase h)
    {
        h = new LongHistogram(3_600_000_000_000, 3);
        string padded;
        do
        {
            h.RecordValue(1000 + h.TotalCount);
            padded = HistogramEncoder.EncodeCompressedToBase64(h);
        }
        while (!padded.EndsWith('='));

        return padded;
    }

    private static (HistogramLogReader Reader, List<HistogramLogEntry> Entries, List<HistogramBase> Histograms) Read(string log, HistogramLogReaderOptions? options = null)
    {
        var reader = new HistogramLogReader(new MemoryStream(System.Text.Encoding.UTF8.GetBytes(log)), options);
        var entries = new List<HistogramLogEntry>();
        var histograms = new List<HistogramBase>();
        EncodableHistogram? h;
        while ((h = reader.NextIntervalHistogram()) is not null)
        {
            entries.Add(reader.LastInterval);
            histograms.Add((HistogramBase)h);
        }

        return (reader, entries, histograms);
    }

    /// <summary>A stream whose content grows, as a file being written: Read returns 0 at the current end.</summary>
    internal sealed class GrowingStream : ForwardOnlyReadStream
    {
        private readonly List<byte> _data;

        public GrowingStream(byte[] initial)
        {
            _data = new List<byte>(initial);
        }

        public override long Length => _data.Count;

        public void Append(byte[] bytes) => _data.AddRange(bytes);

        public override int Read(byte[] buffer, int offset, int count)
        {
            int n = Math.Min(count, _data.Count - ReadPosition);
            _data.CopyTo(ReadPosition, buffer, offset, n);
            ReadPosition += n;
            return n;
        }
    }
}
