using System;
using System.Buffers;
using System.IO;
using System.IO.Compression;
using FluentAssertions;
using HdrHistogram.Encoding;
using HdrHistogram.Logging;
using Xunit;

namespace HdrHistogram.UnitTests.Documentation;

/// <summary>The csharp samples of docs/formats.md, run, with what they do asserted.</summary>
public class FormatsSamples
{
    [Fact]
    public void Encoding_sample_encodes_and_decodes_every_way()
    {
        var histogram = new LongHistogram(1, 3_600_000_000_000, 3);
        histogram.RecordValueWithCount(1_000, 3);
        histogram.RecordValue(2_000_000);
        var reused = new LongHistogram(1, 3_600_000_000_000, 3);
        reused.RecordValue(7);

        // doc-sample: formats-encoding
        // Encode straight into an IBufferWriter<byte> (a pipe, ArrayBufferWriter, a pooled writer): no allocation.
        var output = new ArrayBufferWriter<byte>();
        int written = HistogramEncoder.Encode(histogram, output);

        // ... or into a span you own; false (nothing written) if it does not fit.
        Span<byte> scratch = new byte[HistogramEncoder.GetMaxEncodedLength(histogram)];
        HistogramEncoder.TryEncode(histogram, scratch, out int length);

        // Compressed, with a reusable compressor (one per thread; keeps its pooled buffers between calls).
        using var compressor = new HistogramCompressor();
        var compressed = new ArrayBufferWriter<byte>();
        compressor.Encode(histogram, compressed, CompressionLevel.SmallestSize);
        string line = compressor.EncodeToBase64(histogram);       // the form histogram logs carry

        // Decoding: span, ReadOnlySequence<byte> (multi-segment), Stream or base64; into a new histogram or an existing one.
        using var decoder = new HistogramDecoder();                // reusable: keeps its inflater and buffers
        HistogramBase decoded = decoder.Decode(output.WrittenSpan); // LongHistogram (or HistogramCountType.Int/Short)
        decoder.DecodeInto(output.WrittenSpan, reused);            // reset + fill an existing histogram: no allocation
        EncodableHistogram any = decoder.DecodeAny(compressed.WrittenSpan); // integer or DoubleHistogram, by cookie
        // end-doc-sample

        written.Should().Be(output.WrittenCount);
        scratch.Slice(0, length).ToArray().Should().Equal(output.WrittenSpan.ToArray(), "the span form writes the same bytes");
        decoder.DecodeFromBase64(line).TotalCount.Should().Be(4);
        foreach (var h in new[] { decoded, reused, (HistogramBase)any, decoder.Decode(compressed.WrittenSpan) })
        {
            h.TotalCount.Should().Be(4);
            h.GetCountAtValue(1_000).Should().Be(3);
            h.GetCountAtValue(2_000_000).Should().Be(1);
            h.GetCountAtValue(7).Should().Be(0, "DecodeInto resets the target first");
        }
    }

    [Fact]
    public void Log_sample_writes_and_reads_every_way()
    {
        Console.TakeOutput();
        string dir = Path.Combine(Path.GetTempPath(), "hdr-doc-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(dir);
        string path = Path.Combine(dir, "latency.hlog");
        long startMsec = 1_700_000_000_000;
        const int intervals = 3;
        long latencyNs = 5_000;
        var recorder = new Recorder(1, 3_600_000_000_000, 3);
        try
        {
            // doc-sample: formats-log
            // Writing: Java's HistogramLogWriter calls, line for line (UTF-8, '\n', culture-invariant numbers).
            using (var writer = new HistogramLogWriter(path))           // or any Stream
            {
                writer.OutputLogFormatVersion();                        // #[Histogram log format version 1.3]
                writer.OutputStartTime(startMsec);                      // #[StartTime: 1700000000.000 (seconds since epoch), Tue Nov 14 ...]
                writer.OutputBaseTime(startMsec);
                writer.BaseTime = startMsec;                            // interval timestamps relative to it
                writer.OutputLegend();
                HistogramBase? interval = null;
                for (int i = 0; i < intervals; i++)
                {
                    recorder.RecordValue(latencyNs);
                    interval = recorder.GetIntervalHistogram(interval); // Tag, StartTimeStamp, EndTimeStamp set by you or the recorder
                    writer.OutputIntervalHistogram(interval);           // [Tag=t,]start,length,max,<base64 compressed V2>
                }
            }

            // Reading integer histograms: NextHistogram recycles the one you pass back (no allocation per line), or
            // ReadHistograms() for a new histogram per interval.
            using var reader = new HistogramLogReader(path);
            HistogramBase? h = null;
            while ((h = reader.NextHistogram(h)) is not null)
            {
                Console.WriteLine($"{h.Tag} {h.StartTimeStamp} {h.GetValueAtPercentile(99)}");
            }

            // Any kind (Java's nextIntervalHistogram): a LongHistogram or a DoubleHistogram, by each line's cookie.
            using var again = new HistogramLogReader(path);
            EncodableHistogram? any = again.NextIntervalHistogram();

            // Into a histogram you own, with the line's columns.
            var target = new LongHistogram(1, 3_600_000_000_000, 3);   // new DoubleHistogram(3) for a log of DoubleHistograms
            while (again.TryReadNextInto(target, out HistogramLogEntry entry)) { /* entry: tag, raw columns, timestamps, line */ }
            // end-doc-sample

            string[] text = File.ReadAllLines(path);
            text[0].Should().Be("#[Histogram log format version 1.3]");
            text[1].Should().StartWith("#[StartTime: 1700000000.000 (seconds since epoch), Tue Nov 14 22:13:20 ");
            text[2].Should().Be("#[BaseTime: 1700000000.000 (seconds since epoch)]");
            text.Should().HaveCount(4 + intervals);

            // 5,000 lies in the 4-wide unit 5,000..5,003.
            string[] printed = Console.TakeOutput().TrimEnd('\n').Split('\n');
            printed.Should().HaveCount(intervals).And.OnlyContain(l => l.EndsWith(" 5003", StringComparison.Ordinal));
            any.Should().BeOfType<LongHistogram>().Which.TotalCount.Should().Be(1);
            target.TotalCount.Should().Be(1, "the last interval, read into the target");
            again.LastInterval.LineNumber.Should().Be(4 + intervals);
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }
}
