using HdrHistogram.UnitTests.Encoding;
using Xunit.Abstractions;

namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// Steady-state allocation of reading and writing logs, measured with <see cref="GC.GetAllocatedBytesForCurrentThread"/>
/// after a warm-up (in the allocation tests' collection, which runs alone; each figure is the least of three runs).
/// Reading into a reused or recycled histogram (integer or DoubleHistogram) allocates nothing per line, tags included (interleaved tags are cached);
/// writing an interval allocates nothing when its encoding is small enough for the library's own deflater (a log
/// interval of a few hundred bytes), otherwise what the platform's deflater allocates per call (DeflateStream's managed
/// wrapper, the figure <see cref="HistogramCompressor"/> documents), on the netstandard2.0 build too (it runs on .NET 10
/// here, where it formats numbers without strings).
/// </summary>
[Collection(AllocationMeter.Collection)]
public class LogAllocationTests
{
    private const int WarmUpLines = 60;
    private const int MeasuredLines = 100;

    private readonly ITestOutputHelper _output;

    public LogAllocationTests(ITestOutputHelper output)
    {
        _output = output;
    }

    [Fact]
    public void Reading_into_a_reused_histogram_allocates_nothing_per_line()
    {
        byte[] log = LogRoundTripTests.WriteLog(LogRoundTripTests.Intervals(WarmUpLines + (3 * MeasuredLines) + 10, new string?[] { null, "A", "svc-42", "B" }));
        var target = new LongHistogram(1, 2, 3);
        long least = long.MaxValue;
        for (int attempt = 0; attempt < 3; attempt++)
        {
            using var reader = new HistogramLogReader(new MemoryStream(log));
            for (int i = 0; i < WarmUpLines; i++)
            {
                reader.TryReadNextInto(target, out _).Should().BeTrue();
            }

            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < MeasuredLines; i++)
            {
                reader.TryReadNextInto(target, out _);
            }

            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        _output.WriteLine("TryReadNextInto: " + least + " B in " + MeasuredLines + " lines");
        least.Should().Be(0);
    }

    [Fact]
    public void Reading_with_recycled_histograms_allocates_nothing_per_line()
    {
        byte[] log = LogRoundTripTests.WriteLog(LogRoundTripTests.Intervals(WarmUpLines + MeasuredLines + 10, new string?[] { "A", "B" }));
        long least = long.MaxValue;
        for (int attempt = 0; attempt < 3; attempt++)
        {
            using var reader = new HistogramLogReader(new MemoryStream(log));
            EncodableHistogram? h = null;
            for (int i = 0; i < WarmUpLines; i++)
            {
                h = reader.NextIntervalHistogram(h);
            }

            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < MeasuredLines; i++)
            {
                h = reader.NextIntervalHistogram(h);
            }

            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
            h.Should().NotBeNull();
        }

        _output.WriteLine("NextIntervalHistogram(recycle): " + least + " B in " + MeasuredLines + " lines");
        least.Should().Be(0);
    }

    [Fact]
    public void Reading_DoubleHistogram_lines_into_a_reused_or_recycled_DoubleHistogram_allocates_nothing_per_line()
    {
        var random = new Random(42);
        using var stream = new MemoryStream();
        using (var writer = new HistogramLogWriter(stream))
        {
            writer.OutputStartTime(1_700_000_000_000);
            for (int line = 0; line < WarmUpLines + (4 * MeasuredLines) + 10; line++)
            {
                var h = new DoubleHistogram(3) { Tag = line % 3 == 0 ? null : "t" + (line % 3) };
                for (int v = 0; v < 50; v++)
                {
                    h.RecordValue(Math.Exp((random.NextDouble() * 6) - 2));
                }

                writer.OutputIntervalHistogram(line, line + 1, h, 1.0);
            }
        }

        byte[] log = stream.ToArray();
        long leastInto = long.MaxValue;
        long leastRecycled = long.MaxValue;
        for (int attempt = 0; attempt < 3; attempt++)
        {
            using var reader = new HistogramLogReader(new MemoryStream(log));
            var target = new DoubleHistogram(3);
            EncodableHistogram? recycled = null;
            for (int i = 0; i < WarmUpLines; i++)
            {
                reader.TryReadNextInto(target, out _).Should().BeTrue();
                recycled = reader.NextIntervalHistogram(recycled);
            }

            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < MeasuredLines; i++)
            {
                reader.TryReadNextInto(target, out _);
            }

            leastInto = Math.Min(leastInto, GC.GetAllocatedBytesForCurrentThread() - before);
            before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < MeasuredLines; i++)
            {
                recycled = reader.NextIntervalHistogram(recycled);
            }

            leastRecycled = Math.Min(leastRecycled, GC.GetAllocatedBytesForCurrentThread() - before);
            recycled.Should().BeOfType<DoubleHistogram>();
        }

        _output.WriteLine("DoubleHistogram TryReadNextInto: " + leastInto + " B, recycled: " + leastRecycled + " B in " + MeasuredLines + " lines");
        leastInto.Should().Be(0);
        leastRecycled.Should().Be(0);
    }

    [Fact]
    public void Writing_an_interval_allocates_only_the_compression_engines_constant()
    {
        var decoder = new HistogramDecoder();
        var h = decoder.Decode(EncodingTestSupport.WorkloadBytes("latency-1h-3sd"));
        h.Tag = "svc-42";

        using var compressor = new HistogramCompressor();
        var buffer = new FixedBufferWriter(HistogramEncoder.GetMaxEncodedLength(h) * 2);
        long compressorPerCall = PerCall(() =>
        {
            buffer.Clear();
            compressor.EncodeToBase64Utf8(h, buffer, System.IO.Compression.CompressionLevel.SmallestSize);
        });

        // Interleaved tags: each is encoded to UTF-8 once.
        using var writer = new HistogramLogWriter(Stream.Null);
        string?[] tags = { "svc-42", "db", null, "ünïcödé" };
        int line = 0;
        long writerPerLine = PerCall(() =>
        {
            h.Tag = tags[line++ % tags.Length];
            writer.OutputIntervalHistogram(1.5, 2.5, h);
        });
        long headerPerCall = PerCall(() =>
        {
            writer.OutputLegend();
            writer.OutputBaseTime(1_700_000_000_123);
        });

        _output.WriteLine("HistogramCompressor per call: " + compressorPerCall + " B; writer per interval line: " + writerPerLine + " B; legend + base time lines: " + headerPerCall + " B");
        compressorPerCall.Should().BeLessThan(1024, "HistogramCompressor's documented small constant");

        // The netstandard2.0 build formats numbers without strings too when it runs on .NET Core 3.0+ (as here).
        writerPerLine.Should().BeLessThanOrEqualTo(compressorPerCall);
        headerPerCall.Should().Be(0);
    }

    [Fact]
    public void Writing_a_real_logs_intervals_allocates_nothing()
    {
        HistogramBase[] intervals;
        using (var reader = new HistogramLogReader(File.OpenRead(Path.Combine(AppContext.BaseDirectory, "Fixtures", "java", "real-logs", "jHiccup-2.0.6.logV1.hlog"))))
        {
            intervals = System.Linq.Enumerable.ToArray(reader.ReadHistograms());
        }

        using var writer = new HistogramLogWriter(Stream.Null);
        int next = 0;
        long perLine = PerCall(() => writer.OutputIntervalHistogram(intervals[next++ % intervals.Length]));

        _output.WriteLine("writer per jHiccup interval line: " + perLine + " B");
        // The intervals' encodings (a few hundred bytes at most) are deflated by the library itself, not by DeflateStream.
        perLine.Should().Be(0);
    }

    [Fact]
    public void Following_a_log_whose_last_interval_is_still_being_written_allocates_nothing_per_read()
    {
        var intervals = LogRoundTripTests.Intervals(WarmUpLines + 1, new string?[] { null, "A" });
        byte[] log = LogRoundTripTests.WriteLog(intervals);
        int lastLineStart = Array.LastIndexOf(log, (byte)'\n', log.Length - 2) + 1;
        var stream = new LogReaderBehaviourTests.GrowingStream(log.AsSpan(0, lastLineStart).ToArray());
        using var reader = new HistogramLogReader(stream);
        var target = new LongHistogram(1, 2, 3);
        for (int i = 0; i < WarmUpLines; i++)
        {
            reader.TryReadNextInto(target, out _).Should().BeTrue();
        }

        // The last line arrives a byte at a time, as a followed log does; every read before its last byte finds no interval.
        long allocated = 0;
        for (int end = lastLineStart; end < log.Length - 2; end++)
        {
            stream.Append(new[] { log[end] });
            long before = GC.GetAllocatedBytesForCurrentThread();
            bool read = reader.TryReadNextInto(target, out _);
            allocated += GC.GetAllocatedBytesForCurrentThread() - before;
            read.Should().BeFalse("the line is cut after " + (end + 1 - lastLineStart) + " bytes");
        }

        stream.Append(log.AsSpan(log.Length - 2).ToArray());
        reader.TryReadNextInto(target, out _).Should().BeTrue();
        target.Should().Be(intervals[WarmUpLines]);
        _output.WriteLine("reads of a line still being written (" + (log.Length - 2 - lastLineStart) + " reads): " + allocated + " B");
        allocated.Should().Be(0);
    }

    private static long PerCall(Action action)
    {
        const int Calls = 20;
        return AllocationMeter.Measure(action, Calls) / Calls;
    }
}
