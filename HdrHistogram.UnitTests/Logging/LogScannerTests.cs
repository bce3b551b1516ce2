using System.Text;
using HdrHistogram.Logging;

namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// <see cref="HistogramLogScanner"/>: the events of each committed Java log are what Java saw and what
/// <see cref="HistogramLogReader"/> reads, histograms are decoded only on demand, and the input rules (malformed lines,
/// cut-off last line, UTF-16) are the reader's.
/// </summary>
public class LogScannerTests
{
    public static IEnumerable<object[]> AllLogs() => LogFixtures.Names().Select(n => new object[] { n });

    [Theory]
    [MemberData(nameof(AllLogs))]
    public void Events_are_what_Java_saw_and_what_the_reader_reads(string log)
    {
        var handler = new RecordingHandler { Decode = true };
        using (var scanner = new HistogramLogScanner(LogFixtures.HlogPath(log)))
        {
            scanner.Scan(handler).Should().BeFalse("the handler never stops the scan");
            scanner.LineNumber.Should().Be(File.ReadAllLines(LogFixtures.HlogPath(log)).Length);
        }

        // Java's header events and interval columns.
        var expected = LogFixtures.Expected(log);
        handler.Times.Should().Equal(expected.GetProperty("headerEvents").EnumerateArray()
            .Select(e => (e.GetProperty("event").GetString()!, e.GetProperty("secondsSinceEpoch").GetDouble())));
        var intervals = LogFixtures.ExpectedIntervals(log);
        handler.Entries.Should().HaveCount(intervals.Count);
        for (int i = 0; i < intervals.Count; i++)
        {
            handler.Entries[i].RawTimestampSec.Should().Be(intervals[i].GetProperty("rawTimestampSec").GetDouble());
            handler.Entries[i].RawIntervalLengthSec.Should().Be(intervals[i].GetProperty("rawIntervalLengthSec").GetDouble());
            handler.Entries[i].Tag.Should().Be(LogFixtures.Tag(intervals[i]));
            handler.Entries[i].StartTimeStamp.Should().Be(intervals[i].GetProperty("startTimeStamp").GetInt64());
            handler.Entries[i].EndTimeStamp.Should().Be(intervals[i].GetProperty("endTimeStamp").GetInt64());
            handler.Histograms[i].StartTimeStamp.Should().Be(handler.Entries[i].StartTimeStamp);
            TotalCount(handler.Histograms[i]).Should().Be(intervals[i].GetProperty("totalCount").GetInt64());
        }

        // The reader's entries and histograms.
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(log));
        int read = 0;
        EncodableHistogram? next;
        while ((next = reader.NextIntervalHistogram()) is not null)
        {
            var entry = handler.Entries[read];
            (entry.Tag, entry.StartTimeStamp, entry.EndTimeStamp, entry.LineNumber, entry.RawIntervalMax)
                .Should().Be((reader.LastInterval.Tag, reader.LastInterval.StartTimeStamp, reader.LastInterval.EndTimeStamp, reader.LastInterval.LineNumber, reader.LastInterval.RawIntervalMax));
            HistogramEncoder.Encode(handler.Histograms[read]).Should().Equal(HistogramEncoder.Encode(next));
            handler.Histograms[read].Tag.Should().Be(next.Tag);
            read++;
        }

        read.Should().Be(handler.Entries.Count);

        // Comments: every other '#' line, its text after the '#'; one legend per legend line.
        var lines = File.ReadAllLines(LogFixtures.HlogPath(log));
        handler.Comments.Should().Equal(lines
            .Where(l => l.StartsWith('#') && !l.StartsWith("#[StartTime:", StringComparison.Ordinal) && !l.StartsWith("#[BaseTime:", StringComparison.Ordinal))
            .Select(l => l.Substring(1)));
        handler.Legends.Should().Be(lines.Count(l => l.StartsWith("\"StartTimestamp\"", StringComparison.Ordinal)));
    }

    [Fact]
    public void Decoding_into_a_recycled_histogram_gives_the_readers_histograms()
    {
        const string Log = "real-logs/tagged-Log.logV2";
        HistogramBase? target = null;
        var encodings = new List<byte[]>();
        using (var scanner = new HistogramLogScanner(LogFixtures.HlogPath(Log)))
        {
            scanner.Scan(new DelegateHandler(interval =>
            {
                if (target is null)
                {
                    target = (HistogramBase)interval.Decode(); // the log's configuration (lowest 20000, 2 digits)
                }
                else
                {
                    interval.DecodeInto(target);
                }

                target.StartTimeStamp.Should().Be(interval.Entry.StartTimeStamp);
                target.Tag.Should().Be(interval.Entry.Tag);
                encodings.Add(HistogramEncoder.Encode(target));
                return false;
            }));
        }

        using var reader = new HistogramLogReader(LogFixtures.HlogPath(Log));
        encodings.Should().SatisfyRespectively(reader.ReadHistograms().Select(h => (Action<byte[]>)(bytes => bytes.Should().Equal(HistogramEncoder.Encode(h)))));
    }

    [Fact]
    public void Skipping_every_interval_allocates_far_less_than_decoding_every_one()
    {
        string path = LogFixtures.HlogPath("real-logs/jHiccup-2.0.6.logV1");
        long Scan(bool decode)
        {
            using var scanner = new HistogramLogScanner(path);
            var handler = new CountingHandler { Decode = decode };
            long before = GC.GetAllocatedBytesForCurrentThread();
            scanner.Scan(handler);
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            handler.Intervals.Should().BeGreaterThan(10);
            return allocated;
        }

        Scan(false);
        Scan(true); // warm up both paths
        long skipping = Scan(false);
        long decoding = Scan(true);
        skipping.Should().BeLessThan(decoding / 10, "skipped intervals are never decoded ({0} bytes scanning, {1} decoding)", skipping, decoding);
    }

    [Fact]
    public void A_handler_stops_the_scan_and_the_next_scan_goes_on_after_the_line_it_stopped_at()
    {
        using var scanner = new HistogramLogScanner(LogFixtures.HlogPath("logs/tagged-interleaved"));
        var all = new RecordingHandler();
        using (var full = new HistogramLogScanner(LogFixtures.HlogPath("logs/tagged-interleaved")))
        {
            full.Scan(all);
        }

        var seen = new List<int>();
        var stopAtSecondInterval = new DelegateHandler(interval =>
        {
            seen.Add(interval.Entry.LineNumber);
            return seen.Count % 2 == 0;
        });
        scanner.Scan(stopAtSecondInterval).Should().BeTrue();
        scanner.LineNumber.Should().Be(all.Entries[1].LineNumber);
        while (scanner.Scan(stopAtSecondInterval))
        {
        }

        seen.Should().Equal(all.Entries.Select(e => e.LineNumber));
        scanner.Scan(stopAtSecondInterval).Should().BeFalse("the end of the log stays the end");
    }

    [Fact]
    public void A_malformed_line_is_an_error_with_its_line_number_or_skipped_and_a_bad_payload_is_found_when_decoded()
    {
        string payload = Payload();
        string log = "#[StartTime: 1 (x)]\n1,1,1," + payload + "\n2,x,1," + payload + "\n3,1,1,!!notbase64\n4,1,1," + payload + "\n";
        var act = () => new HistogramLogScanner(new MemoryStream(System.Text.Encoding.UTF8.GetBytes(log))).Scan(new RecordingHandler());
        act.Should().Throw<HistogramFormatException>().Where(e => e.LineNumber == 3 && e.Message.Contains("Interval_Length"));

        var skipping = new RecordingHandler();
        using (var scanner = new HistogramLogScanner(new MemoryStream(System.Text.Encoding.UTF8.GetBytes(log)), new HistogramLogReaderOptions { SkipMalformedLines = true }))
        {
            scanner.Scan(skipping).Should().BeFalse();
        }

        skipping.Entries.Select(e => e.LineNumber).Should().Equal(new[] { 2, 4, 5 }, "the bad payload is not looked at unless decoded");

        var decoding = new RecordingHandler { Decode = true };
        var decodeAll = () => new HistogramLogScanner(new MemoryStream(System.Text.Encoding.UTF8.GetBytes(log)), new HistogramLogReaderOptions { SkipMalformedLines = true }).Scan(decoding);
        decodeAll.Should().Throw<HistogramFormatException>().Where(e => e.LineNumber == 4 && e.Message.Contains("base64"));
    }

    [Fact]
    public void A_cut_off_last_line_is_left_for_the_next_scan()
    {
        string payload = Payload();
        string complete = "#[StartTime: 1 (x)]\n1,1,1," + payload + "\n2,1,1," + payload + "\n";
        string cut = complete.Substring(0, complete.Length - 10);
        var stream = new LogReaderBehaviourTests.GrowingStream(System.Text.Encoding.UTF8.GetBytes(cut));
        using var scanner = new HistogramLogScanner(stream);
        var handler = new RecordingHandler { Decode = true };
        scanner.Scan(handler).Should().BeFalse();
        handler.Entries.Should().ContainSingle();
        scanner.LineNumber.Should().Be(2);

        stream.Append(System.Text.Encoding.UTF8.GetBytes(complete.Substring(cut.Length)));
        scanner.Scan(handler).Should().BeFalse();
        handler.Entries.Select(e => e.LineNumber).Should().Equal(2, 3);
        TotalCount(handler.Histograms[1]).Should().Be(1000);

        // An unterminated but complete last line is an interval like any other, decodable on demand.
        var unterminated = new RecordingHandler { Decode = true };
        new HistogramLogScanner(new MemoryStream(System.Text.Encoding.UTF8.GetBytes(complete.TrimEnd('\n')))).Scan(unterminated);
        unterminated.Histograms.Select(TotalCount).Should().Equal(1000, 1000);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_UTF16_log_with_a_byte_order_mark_gives_the_same_events(bool bigEndian)
    {
        byte[] utf8 = File.ReadAllBytes(LogFixtures.HlogPath("logs/tagged-interleaved"));
        var encoding = new UnicodeEncoding(bigEndian, byteOrderMark: true);
        byte[] utf16 = encoding.GetPreamble().Concat(encoding.GetBytes(System.Text.Encoding.UTF8.GetString(utf8))).ToArray();
        var fromUtf8 = new RecordingHandler { Decode = true };
        var fromUtf16 = new RecordingHandler { Decode = true };
        new HistogramLogScanner(new MemoryStream(utf8)).Scan(fromUtf8);
        new HistogramLogScanner(new MemoryStream(utf16)).Scan(fromUtf16);

        fromUtf16.Comments.Should().Equal(fromUtf8.Comments).And.NotBeEmpty();
        fromUtf16.Times.Should().Equal(fromUtf8.Times);
        fromUtf16.Entries.Should().Equal(fromUtf8.Entries);
        fromUtf16.Histograms.Select(h => HistogramEncoder.Encode(h)).Should().BeEquivalentTo(fromUtf8.Histograms.Select(h => HistogramEncoder.Encode(h)), o => o.WithStrictOrdering());
    }

    private static long TotalCount(EncodableHistogram h) => h switch
    {
        HistogramBase integer => integer.TotalCount,
        DoubleHistogram doubles => doubles.TotalCount,
        _ => throw new ArgumentOutOfRangeException(nameof(h)),
    };

    private static string Payload()
    {
        var h = new LongHistogram(1, 3_600_000_000_000, 3);
        h.RecordValueWithCount(1000, 1000);
        return HistogramEncoder.EncodeCompressedToBase64(h);
    }

    private sealed class RecordingHandler : HistogramLogScanHandler
    {
        public bool Decode { get; init; }

        public List<string> Comments { get; } = new();

        public List<(string Event, double Seconds)> Times { get; } = new();

        public int Legends { get; private set; }

        public List<HistogramLogEntry> Entries { get; } = new();

        public List<EncodableHistogram> Histograms { get; } = new();

        public override bool OnComment(string comment, int lineNumber)
        {
            Comments.Add(comment);
            return false;
        }

        public override bool OnStartTime(double secondsSinceEpoch, int lineNumber)
        {
            Times.Add(("StartTime", secondsSinceEpoch));
            return false;
        }

        public override bool OnBaseTime(double secondsSinceEpoch, int lineNumber)
        {
            Times.Add(("BaseTime", secondsSinceEpoch));
            return false;
        }

        public override bool OnLegend(int lineNumber)
        {
            Legends++;
            return false;
        }

        public override bool OnInterval(HistogramLogInterval interval)
        {
            Entries.Add(interval.Entry);
            if (Decode)
            {
                Histograms.Add(interval.Decode());
            }

            return false;
        }
    }

    private sealed class CountingHandler : HistogramLogScanHandler
    {
        public bool Decode { get; init; }

        public int Intervals { get; private set; }

        public override bool OnInterval(HistogramLogInterval interval)
        {
            Intervals++;
            if (Decode)
            {
                interval.Decode();
            }

            return false;
        }
    }

    private sealed class DelegateHandler : HistogramLogScanHandler
    {
        private readonly Func<HistogramLogInterval, bool> _onInterval;

        public DelegateHandler(Func<HistogramLogInterval, bool> onInterval)
        {
            _onInterval = onInterval;
        }

        public override bool OnInterval(HistogramLogInterval interval) => _onInterval(interval);
    }
}
