using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using HdrHistogram;
using HdrHistogram.Encoding;
using HdrHistogram.Persistence;
using HdrHistogram.Utilities;

namespace Compat250.Behaviour;

/// <summary>
/// A failing call on each public member of 2.5.0 that can fail: bad arguments, misuse and malformed input. The test
/// compares only whether each throws and what type.
/// </summary>
internal static class ThrowingCalls
{
    private static readonly int[] One = { 1 };
    private static readonly byte[] Unterminated = { 0x80, 0x80 };
    private static readonly DateTime Start = new(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc);

    public static IEnumerable<KeyValuePair<string, Func<string>>> All()
    {
        // Constructors of every histogram type.
        foreach (var ctor in Constructors())
        {
            var create = ctor.Value;
            yield return Call(ctor.Key + " lowest 0", () => create(0, 1000, 3));
            yield return Call(ctor.Key + " lowest negative", () => create(-5, 1000, 3));
            yield return Call(ctor.Key + " highest below twice lowest", () => create(100, 150, 3));
            yield return Call(ctor.Key + " digits 6", () => create(1, 1000, 6));
            yield return Call(ctor.Key + " digits -1", () => create(1, 1000, -1));
        }

        yield return Call("new LongHistogram(highest, digits) highest 1", () => new LongHistogram(1, 3));
        yield return Call("new IntHistogram(highest, digits) digits 7", () => new IntHistogram(1000, 7));
        yield return Call("new ShortHistogram(id, lowest, highest, digits) lowest 0", () => new ShortHistogram(7, 0, 1000, 3));
        yield return Call("new Recorder lowest 0", () => new Recorder(0, 1000, 3, (id, low, high, digits) => new LongHistogram(id, low, high, digits)));
        yield return Call("new Recorder digits 6", () => new Recorder(1, 1000, 6, (id, low, high, digits) => new LongHistogram(id, low, high, digits)));
        yield return Call("new Recorder null factory", () => new Recorder(1, 1000, 3, null!));

        // HistogramFactory.
        yield return Call("HistogramFactory WithValuesFrom(0).Create()", () => HistogramFactory.With64BitBucketSize().WithValuesFrom(0).Create());
        yield return Call("HistogramFactory WithValuesUpTo(1).Create()", () => HistogramFactory.With64BitBucketSize().WithValuesUpTo(1).Create());
        yield return Call("HistogramFactory WithPrecisionOf(6).Create()", () => HistogramFactory.With32BitBucketSize().WithPrecisionOf(6).Create());
        yield return Call("HistogramFactory WithPrecisionOf(-1).Create()", () => HistogramFactory.With16BitBucketSize().WithPrecisionOf(-1).Create());
        yield return Call("HistogramFactory Create(lowest 0)", () => HistogramFactory.With64BitBucketSize().Create(0, 1000, 3));
        yield return Call("HistogramFactory Create(id, digits 9)", () => HistogramFactory.With64BitBucketSize().Create(1, 1, 1000, 9));
        yield return Call("HistogramFactory WithThreadSafeReads digits 6", () => HistogramFactory.With64BitBucketSize().WithPrecisionOf(6).WithThreadSafeReads().Create());

        // Queries.
        yield return Call("GetCountAtValue negative", () => Filled().GetCountAtValue(-1));
        yield return Call("GetCountAtValue beyond range", () => Filled().GetCountAtValue(Histograms.BeyondRange));
        yield return Call("GetValueAtPercentile -1", () => Filled().GetValueAtPercentile(-1));
        yield return Call("GetValueAtPercentile 101", () => Filled().GetValueAtPercentile(101));
        yield return Call("GetValueAtPercentile NaN", () => Filled().GetValueAtPercentile(double.NaN));
        yield return Call("GetValueAtPercentile empty", () => new LongHistogram(1000, 3).GetValueAtPercentile(50));
        yield return Call("LowestEquivalentValue negative", () => Filled().LowestEquivalentValue(-1));
        yield return Call("MedianEquivalentValue negative", () => Filled().MedianEquivalentValue(-1));
        yield return Call("NextNonEquivalentValue negative", () => Filled().NextNonEquivalentValue(-1));
        yield return Call("SizeOfEquivalentValueRange negative", () => Filled().SizeOfEquivalentValueRange(-1));
        yield return Call("HighestEquivalentValue negative", () => Filled().HighestEquivalentValue(-1));
        yield return Call("GetMaxValue empty", () => new LongHistogram(1000, 3).GetMaxValue());
        yield return Call("GetMean empty", () => new LongHistogram(1000, 3).GetMean());
        yield return Call("GetStdDeviation empty", () => new LongHistogram(1000, 3).GetStdDeviation());
        yield return Call("Percentiles ticks 0", () => Filled().Percentiles(0).Count());
        yield return Call("Percentiles ticks -1", () => Filled().Percentiles(-1).Count());
        yield return Call("Percentiles null histogram", () => ((HistogramBase)null!).Percentiles(5).Count());
        yield return Call("RecordedValues empty", () => new LongHistogram(1000, 3).RecordedValues().Count());
        yield return Call("AllValues empty", () => new LongHistogram(1000, 3).AllValues().Count());

        // Arithmetic and copies.
        yield return Call("Add null", () => Filled().Add(null!));
        yield return Call("Add values beyond range", () =>
        {
            var wide = new LongHistogram(1, Histograms.Highest * 100, 3);
            wide.RecordValue(Histograms.Highest * 50);
            Filled().Add(wide);
        });
        yield return Call("Add different precision", () =>
        {
            var other = new LongHistogram(1, Histograms.Highest, 2);
            other.RecordValue(5);
            Filled().Add(other);
        });
        yield return Call("CopyInto null", () => Filled().CopyInto(null!));
        yield return Call("CopyInto narrower", () => Filled().CopyInto(new LongHistogram(1, 1000, 3)));

        // Recording with a negative count or interval.
        yield return Call("RecordValueWithCount negative count", () => Filled().RecordValueWithCount(5, -1));
        yield return Call("RecordValueWithExpectedInterval negative interval", () => Filled().RecordValueWithExpectedInterval(5000, -1));
        yield return Call("Recorder RecordValueWithCount negative count", () => Recorder().RecordValueWithCount(5, -1));
        yield return Call("Recorder GetIntervalHistogramInto null", () => Recorder().GetIntervalHistogramInto(null!));
        yield return Call("Recorder GetIntervalHistogramInto narrower", () =>
        {
            var recorder = Recorder();
            recorder.RecordValue(1_000_000);
            recorder.GetIntervalHistogramInto(new LongHistogram(1, 1000, 3));
        });
        yield return Call("Record null action", () => Recorder().Record(null!));
        yield return Call("Record null recorder", () => ((IRecorder)null!).Record(() => { }));
        yield return Call("RecordScope null recorder", () => ((IRecorder)null!).RecordScope().Dispose());

        // Output.
        yield return Call("OutputPercentileDistribution null writer", () => Filled().OutputPercentileDistribution(null!));
        yield return Call("OutputPercentileDistribution ticks 0", () => Filled().OutputPercentileDistribution(new StringWriter(), 0));
        yield return Call("OutputPercentileDistribution scaling 0", () => Filled().OutputPercentileDistribution(new StringWriter(), 5, 0));

        // Encoding.
        yield return Call("Encode null buffer", () => Filled().Encode(null!, HistogramEncoderV2.Instance));
        yield return Call("Encode null encoder", () => Filled().Encode(ByteBuffer.Allocate(Filled().GetNeededByteBufferCapacity()), null!));
        yield return Call("Encode buffer too small", () => Filled().Encode(ByteBuffer.Allocate(8), HistogramEncoderV2.Instance));
        yield return Call("EncodeIntoCompressedByteBuffer null buffer", () => Filled().EncodeIntoCompressedByteBuffer(null!));
        yield return Call("EncodeIntoCompressedByteBuffer buffer too small", () => Filled().EncodeIntoCompressedByteBuffer(ByteBuffer.Allocate(8)));
        yield return Call("HistogramEncoderV2 Encode null data", () => HistogramEncoderV2.Instance.Encode((IRecordedData)null!, ByteBuffer.Allocate(100)));
        yield return Call("GetEncodingCookie null", () => ((HistogramBase)null!).GetEncodingCookie());
        yield return Call("DecodeFromCompressedByteBuffer null", () => HistogramEncoding.DecodeFromCompressedByteBuffer(null!, 0));
        yield return Call("DecodeFromCompressedByteBuffer empty", () => HistogramEncoding.DecodeFromCompressedByteBuffer(ByteBuffer.Allocate(0), 0));
        yield return Call("DecodeFromCompressedByteBuffer bad cookie", () => HistogramEncoding.DecodeFromCompressedByteBuffer(ByteBuffer.Allocate(new byte[] { 1, 2, 3, 4, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0 }), 0));
        yield return Call("DecodeFromCompressedByteBuffer uncompressed payload", () => HistogramEncoding.DecodeFromCompressedByteBuffer(Uncompressed(), 0));
        yield return Call("DecodeFromCompressedByteBuffer truncated", () => HistogramEncoding.DecodeFromCompressedByteBuffer(ByteBuffer.Allocate(Compressed().Take(20).ToArray()), 0));
        yield return Call("DecodeFromCompressedByteBuffer corrupt deflate", () =>
        {
            byte[] bytes = Compressed();
            for (int i = 10; i < bytes.Length; i++)
            {
                bytes[i] = 0xFF;
            }

            return HistogramEncoding.DecodeFromCompressedByteBuffer(ByteBuffer.Allocate(bytes), 0);
        });
        yield return Call("DecodeFromByteBuffer null", () => HistogramEncoding.DecodeFromByteBuffer(null!, 0, null!));
        yield return Call("DecodeFromByteBuffer bad cookie", () => HistogramEncoding.DecodeFromByteBuffer(ByteBuffer.Allocate(new byte[40]), 0, null!));
        yield return Call("DecodeFromByteBuffer truncated", () => HistogramEncoding.DecodeFromByteBuffer(ByteBuffer.Allocate(Bytes(Uncompressed(), 20)), 0, null!));
        yield return Call("DecodeFromByteBuffer compressed payload", () => HistogramEncoding.DecodeFromByteBuffer(ByteBuffer.Allocate(Compressed()), 0, null!));
        yield return Call("CountsDecoder word size 3", () => CountsDecoder.GetDecoderForWordSize(3));
        yield return Call("CountsDecoder word size 0", () => CountsDecoder.GetDecoderForWordSize(0));

        // ByteBuffer and ZigZagEncoding.
        yield return Call("ByteBuffer.Allocate negative", () => ByteBuffer.Allocate(-1));
        yield return Call("ByteBuffer.Allocate null array", () => ByteBuffer.Allocate((byte[])null!));
        yield return Call("ByteBuffer.Get past the end", () => ByteBuffer.Allocate(0).Get());
        yield return Call("ByteBuffer.GetShort past the end", () => ByteBuffer.Allocate(1).GetShort());
        yield return Call("ByteBuffer.GetInt past the end", () => ByteBuffer.Allocate(3).GetInt());
        yield return Call("ByteBuffer.GetLong past the end", () => ByteBuffer.Allocate(7).GetLong());
        yield return Call("ByteBuffer.GetDouble past the end", () => ByteBuffer.Allocate(7).GetDouble());
        yield return Call("ByteBuffer.Put past the end", () => ByteBuffer.Allocate(0).Put(1));
        yield return Call("ByteBuffer.PutInt past the end", () => ByteBuffer.Allocate(3).PutInt(1));
        yield return Call("ByteBuffer.PutInt(index) past the end", () => ByteBuffer.Allocate(4).PutInt(2, 1));
        yield return Call("ByteBuffer.PutInt(index) negative", () => ByteBuffer.Allocate(4).PutInt(-1, 1));
        yield return Call("ByteBuffer.PutLong past the end", () => ByteBuffer.Allocate(7).PutLong(1));
        yield return Call("ByteBuffer.PutDouble past the end", () => ByteBuffer.Allocate(7).PutDouble(1));
        yield return Call("ByteBuffer.Position negative", () => ByteBuffer.Allocate(8).Position = -1);
        yield return Call("ByteBuffer.Position past the end", () => ByteBuffer.Allocate(8).Position = 9);
        yield return Call("ByteBuffer.ReadFrom null stream", () => ByteBuffer.Allocate(8).ReadFrom(null!, 4));
        yield return Call("ByteBuffer.ReadFrom more than capacity", () => ByteBuffer.Allocate(8).ReadFrom(new MemoryStream(new byte[16]), 16));
        yield return Call("ByteBuffer.ReadFrom past the stream's end", () => ByteBuffer.Allocate(8).ReadFrom(new MemoryStream(new byte[2]), 4));
        yield return Call("ZigZagEncoding.GetLong empty", () => ZigZagEncoding.GetLong(ByteBuffer.Allocate(0)));
        yield return Call("ZigZagEncoding.GetLong truncated", () => ZigZagEncoding.GetLong(ByteBuffer.Allocate((byte[])Unterminated.Clone())));
        yield return Call("ZigZagEncoding.PutLong full", () => ZigZagEncoding.PutLong(ByteBuffer.Allocate(2), long.MaxValue));
        yield return Call("ZigZagEncoding.GetLong null", () => ZigZagEncoding.GetLong(null!));

        // Logs.
        yield return Call("new HistogramLogReader null", () => new HistogramLogReader((Stream)null!));
        yield return Call("new HistogramLogWriter null", () => new HistogramLogWriter((Stream)null!));
        yield return Call("HistogramLogReader.Read null", () => HistogramLogReader.Read(null!).Count());
        yield return Call("HistogramLogReader.GetStartTime no start time", () => new HistogramLogReader(Text("#[Histogram log format version 1.2]\n")).GetStartTime());
        yield return Call("HistogramLogReader.GetStartTime before reading", () => new HistogramLogReader(Log()).GetStartTime());
        yield return Call("HistogramLogReader.ReadHistograms empty stream", () => new HistogramLogReader(new MemoryStream()).ReadHistograms().Count());
        yield return Call("HistogramLogReader.ReadHistograms malformed line", () => new HistogramLogReader(Text("not,a,log,line\n")).ReadHistograms().Count());
        yield return Call("HistogramLogReader.ReadHistograms bad payload", () => new HistogramLogReader(Text("0.000,1.000,1.000,HISTFAAAACh4nJNpmSzMwMDAxQABzFCaEUzOmNZg\n")).ReadHistograms().Count());
        yield return Call("HistogramLogReader.ReadHistograms bad base64", () => new HistogramLogReader(Text("0.000,1.000,1.000,!!!!\n")).ReadHistograms().Count());
        yield return Call("HistogramLogReader.ReadHistograms bad start time", () => new HistogramLogReader(Text("#[StartTime: x (seconds since epoch), x]\n")).ReadHistograms().Count());
        yield return Call("HistogramLogReader.ReadHistograms blank line", () => new HistogramLogReader(Text("\n\n")).ReadHistograms().Count());
        yield return Call("HistogramLogWriter.Write null histograms", () => new HistogramLogWriter(new MemoryStream()).Write(Start, null!));
        yield return Call("HistogramLogWriter.Write a null histogram", () => new HistogramLogWriter(new MemoryStream()).Write(Start, Filled(), null!));
        yield return Call("HistogramLogWriter.Append null", () =>
        {
            var writer = new HistogramLogWriter(new MemoryStream());
            writer.Write(Start);
            writer.Append(null!);
        });
        yield return Call("HistogramLogWriter.Write read-only stream", () => new HistogramLogWriter(new MemoryStream(new byte[10], false)).Write(Start, Filled()));
        yield return Call("HistogramLogWriter.Write after Dispose", () =>
        {
            var writer = new HistogramLogWriter(new MemoryStream());
            writer.Dispose();
            writer.Write(Start, Filled());
        });
        yield return Call("HistogramLogWriter static Write null stream", () => HistogramLogWriter.Write(null!, Start, Filled()));

        // Time conversions.
        yield return Call("ToDateFromMillisecondsSinceEpoch too large", () => long.MaxValue.ToDateFromMillisecondsSinceEpoch());
        yield return Call("ToDateFromMillisecondsSinceEpoch too small", () => long.MinValue.ToDateFromMillisecondsSinceEpoch());
        yield return Call("ToDateFromSecondsSinceEpoch too large", () => 1e300.ToDateFromSecondsSinceEpoch());
        yield return Call("ToDateFromSecondsSinceEpoch NaN", () => double.NaN.ToDateFromSecondsSinceEpoch());
        yield return Call("MillisecondsSinceUnixEpoch unspecified kind", () => new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Unspecified).MillisecondsSinceUnixEpoch());
        yield return Call("SecondsSinceUnixEpoch unspecified kind", () => new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Unspecified).SecondsSinceUnixEpoch());
        yield return Call("HistogramLogWriter.Write unspecified kind", () => HistogramLogWriter.Write(new MemoryStream(), new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Unspecified), Filled()));
        yield return Call("TimeStamp.Hours overflow", () => TimeStamp.Hours(int.MaxValue));
        yield return Call("TimeStamp.Seconds overflow", () => TimeStamp.Seconds(long.MaxValue));

        // Phaser and utilities.
        yield return Call("WriterReaderPhaser.ReaderUnlock without lock", () => new WriterReaderPhaser().ReaderUnlock());
        yield return Call("WriterReaderPhaser.FlipPhase without lock", () => new WriterReaderPhaser().FlipPhase());
        yield return Call("WriterReaderPhaser.FlipPhase(TimeSpan) without lock", () => new WriterReaderPhaser().FlipPhase(TimeSpan.FromMilliseconds(1)));
        yield return Call("ArrayExtensions.IsSequenceEqual null", () => ((int[])null!).IsSequenceEqual(One));
        yield return Call("ArrayExtensions.IsSequenceEqual null other", () => One.IsSequenceEqual(null!));
    }

    private static IEnumerable<KeyValuePair<string, Func<long, long, int, HistogramBase>>> Constructors()
    {
        yield return Histograms.Pair<Func<long, long, int, HistogramBase>>("new LongHistogram", (l, h, d) => new LongHistogram(l, h, d));
        yield return Histograms.Pair<Func<long, long, int, HistogramBase>>("new IntHistogram", (l, h, d) => new IntHistogram(l, h, d));
        yield return Histograms.Pair<Func<long, long, int, HistogramBase>>("new ShortHistogram", (l, h, d) => new ShortHistogram(l, h, d));
        yield return Histograms.Pair<Func<long, long, int, HistogramBase>>("new LongConcurrentHistogram", (l, h, d) => new LongConcurrentHistogram(l, h, d));
        yield return Histograms.Pair<Func<long, long, int, HistogramBase>>("new IntConcurrentHistogram", (l, h, d) => new IntConcurrentHistogram(l, h, d));
    }

    private static LongHistogram Filled()
    {
        var histogram = new LongHistogram(1, Histograms.Highest, 3);
        for (long value = 1; value < 100_000; value += 997)
        {
            histogram.RecordValue(value);
        }

        return histogram;
    }

    private static Recorder Recorder() => new(1, Histograms.Highest, 3, (id, low, high, digits) => new LongHistogram(id, low, high, digits));

    private static ByteBuffer Uncompressed()
    {
        var histogram = Filled();
        var buffer = ByteBuffer.Allocate(histogram.GetNeededByteBufferCapacity());
        histogram.Encode(buffer, HistogramEncoderV2.Instance);
        buffer.Position = 0;
        return buffer;
    }

    private static byte[] Compressed()
    {
        var histogram = Filled();
        var buffer = ByteBuffer.Allocate(histogram.GetNeededByteBufferCapacity());
        int length = histogram.EncodeIntoCompressedByteBuffer(buffer);
        buffer.Position = 0;
        return Bytes(buffer, length);
    }

    private static byte[] Bytes(ByteBuffer buffer, int length)
    {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++)
        {
            bytes[i] = buffer.Get();
        }

        return bytes;
    }

    private static MemoryStream Log()
    {
        var stream = new MemoryStream();
        HistogramLogWriter.Write(stream, Start, Filled());
        return new MemoryStream(stream.ToArray());
    }

    private static MemoryStream Text(string text) => new MemoryStream(System.Text.Encoding.UTF8.GetBytes(text));

    private static KeyValuePair<string, Func<string>> Call(string name, Action call)
        => Histograms.Pair<Func<string>>("call " + name, () =>
        {
            call();
            return "returned";
        });

    private static KeyValuePair<string, Func<string>> Call<T>(string name, Func<T> call)
        => Histograms.Pair<Func<string>>("call " + name, () => "returned " + call());
}
