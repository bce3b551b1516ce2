using System;
using System.Globalization;
using System.IO;
using System.Linq;
using HdrHistogram;
using HdrHistogram.Utilities;

namespace Compat250;

/// <summary>
/// A program written only against the public API of the published HdrHistogram 2.5.0 package. It is compiled against
/// this library (Compat250.Sample) and against the real 2.5.0 package (Compat250.Sample.On250); eng/check-compat.sh
/// runs the latter with this library's HdrHistogram.dll in place of 2.5.0's and compares the output. Everything it
/// prints is deterministic (no clock readings).
/// <para>
/// Arguments: the folder of what 2.5.0 wrote (checked), then optionally an exchange file and <c>write</c> or <c>read</c>:
/// <c>write</c> also saves the log and two compressed payloads this program made (<c>FILE</c>, <c>FILE.small</c>,
/// <c>FILE.large</c>); <c>read</c> only reads those back and prints what they hold. eng/check-compat.sh writes them with
/// this library and reads them with the real 2.5.0 package: users on 2.5.0 read what this library writes.
/// </para>
/// </summary>
public static class Program
{
    private static readonly int[] Pair = { 1, 2 };

    public static int Main(string[] args)
    {
        CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
        var output = Console.Out;
        string? exchange = args.Length > 2 ? args[1] : null;

        // Which HdrHistogram.dll this runs on (eng/check-compat.sh requires version 3 or later for the drop-in run, and
        // 2.5.0's own for reading what this library wrote).
        output.WriteLine("running on HdrHistogram " + typeof(HistogramBase).Assembly.GetName().Version);
        if (exchange is not null && args[2] == "read")
        {
            ReadExchange(exchange, output);
            return 0;
        }

        // Histograms from the factory and the constructors; record, query, copy.
        HistogramBase latency = HistogramFactory.With64BitBucketSize()
            .WithValuesFrom(1)
            .WithValuesUpTo(TimeStamp.Hours(1))
            .WithPrecisionOf(3)
            .Create();
        for (long i = 1; i <= 10000; i++)
        {
            latency.RecordValue((i * 7919) % 100000);
        }

        latency.RecordValueWithCount(250000, 3);
        latency.RecordValueWithExpectedInterval(500000, 100000);
        output.WriteLine("total " + latency.TotalCount + ", mean " + latency.GetMean().ToString("F3", CultureInfo.InvariantCulture)
            + ", stddev " + latency.GetStdDeviation().ToString("F3", CultureInfo.InvariantCulture) + ", max " + latency.GetMaxValue());
        output.WriteLine("p50 " + latency.GetValueAtPercentile(50) + ", p99 " + latency.GetValueAtPercentile(99) + ", p99.9 " + latency.GetValueAtPercentile(99.9));
        output.WriteLine("count at 7919: " + latency.GetCountAtValue(7919) + ", equivalent range " + latency.SizeOfEquivalentValueRange(7919)
            + ", lowest equivalent " + latency.LowestEquivalentValue(7919) + ", highest equivalent " + latency.HighestEquivalentValue(7919));

        var copy = latency.Copy();
        var target = new LongHistogram(TimeStamp.Hours(1), 3);
        latency.CopyInto(target);
        output.WriteLine("copy equal: " + (copy.TotalCount == latency.TotalCount && target.GetMean() == latency.GetMean()));

        var ints = new IntHistogram(1, 1000000, 2);
        var shorts = new ShortHistogram(1000000, 2);
        var concurrent = new LongConcurrentHistogram(1, 1000000, 3);
        var intConcurrent = new IntConcurrentHistogram(1, 1000000, 3);
        foreach (var h in new HistogramBase[] { ints, shorts, concurrent, intConcurrent })
        {
            h.RecordValue(42);
            h.RecordValueWithCount(4200, 2);
            output.WriteLine(h.GetType().Name + ": total " + h.TotalCount + ", max " + h.GetMaxValue() + ", buckets " + h.BucketCount + "/" + h.SubBucketCount);
        }

        ints.Add(shorts);
        output.WriteLine("after Add: " + ints.TotalCount);

        // Iteration.
        foreach (var step in latency.Percentiles(1).Take(6))
        {
            output.WriteLine("percentile " + step.PercentileLevelIteratedTo.ToString("F4", CultureInfo.InvariantCulture) + " -> " + step.ValueIteratedTo
                + " (last: " + step.IsLastValue() + ")");
        }

        output.WriteLine("recorded values: " + latency.RecordedValues().Count() + ", last value " + latency.RecordedValues().Last().ValueIteratedTo);

        // Percentile distribution, text and CSV.
        latency.OutputPercentileDistribution(output, outputValueUnitScalingRatio: OutputScalingFactor.TimeStampToMicroseconds);
        shorts.OutputPercentileDistribution(output, 2, OutputScalingFactor.None, useCsvFormat: true);

        // Compressed and uncompressed encoding round trips.
        var buffer = ByteBuffer.Allocate(latency.GetNeededByteBufferCapacity());
        int compressedLength = latency.EncodeIntoCompressedByteBuffer(buffer);
        buffer.Position = 0;
        var decoded = HistogramEncoding.DecodeFromCompressedByteBuffer(buffer, 0);
        output.WriteLine("compressed " + compressedLength + " bytes; decoded total " + decoded.TotalCount + ", max " + decoded.GetMaxValue()
            + ", p99 " + decoded.GetValueAtPercentile(99));

        var plain = ByteBuffer.Allocate(latency.GetNeededByteBufferCapacity());
        int plainLength = latency.Encode(plain, HdrHistogram.Encoding.HistogramEncoderV2.Instance);
        plain.Position = 0;
        var decodedPlain = HistogramEncoding.DecodeFromByteBuffer(plain, 0);
        output.WriteLine("uncompressed " + plainLength + " bytes, cookie 0x" + latency.GetEncodingCookie().ToString("x8", CultureInfo.InvariantCulture)
            + "; decoded total " + decodedPlain.TotalCount);

        // A recorder from the factory: interval histograms.
        var recorder = HistogramFactory.With32BitBucketSize()
            .WithValuesUpTo(1000000)
            .WithPrecisionOf(2)
            .WithThreadSafeWrites()
            .WithThreadSafeReads()
            .Create();
        recorder.RecordValue(10);
        recorder.RecordValueWithCount(20, 5);
        var interval = recorder.GetIntervalHistogram();
        long firstTotal = interval.TotalCount;
        recorder.RecordValue(30);
        var second = recorder.GetIntervalHistogram(interval); // recycles (resets) the first interval's histogram
        output.WriteLine("intervals: " + firstTotal + " then " + second.TotalCount + " (" + second.GetType().Name + ")");
        // Timed recordings are in Stopwatch ticks: the timer's range (an hour) covers any duration this can take.
        var timer = HistogramFactory.With64BitBucketSize()
            .WithValuesUpTo(TimeStamp.Hours(1))
            .WithPrecisionOf(2)
            .WithThreadSafeReads()
            .Create();
        timer.Record(() => { });
        using (timer.RecordScope())
        {
        }

        var into = new LongHistogram(TimeStamp.Hours(1), 2);
        timer.GetIntervalHistogramInto(into);
        output.WriteLine("timed recordings: " + into.TotalCount);

        // A histogram log written and read back.
        var start = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc);
        latency.StartTimeStamp = start.MillisecondsSinceUnixEpoch();
        latency.EndTimeStamp = start.AddSeconds(10).MillisecondsSinceUnixEpoch();
        latency.Tag = "latency";
        concurrent.StartTimeStamp = start.AddSeconds(10).MillisecondsSinceUnixEpoch();
        concurrent.EndTimeStamp = start.AddSeconds(20).MillisecondsSinceUnixEpoch();
        using var log = new MemoryStream();
        using (var writer = new HistogramLogWriter(log))
        {
            writer.Write(start, latency, concurrent);
        }

        using (var reader = new HistogramLogReader(new MemoryStream(log.ToArray())))
        {
            var read = reader.ReadHistograms().ToList();
            output.WriteLine("log start " + reader.GetStartTime().ToString("o", CultureInfo.InvariantCulture) + ", " + read.Count + " intervals");
            foreach (var h in read)
            {
                output.WriteLine("  " + (h.Tag ?? "(no tag)") + ": total " + h.TotalCount + ", max " + h.GetMaxValue() + ", "
                    + h.StartTimeStamp.ToDateFromMillisecondsSinceEpoch().ToString("o", CultureInfo.InvariantCulture));
            }
        }

        if (exchange is not null && args[2] == "write")
        {
            File.WriteAllBytes(exchange, log.ToArray());
            WritePayload(ints, exchange + ".small");
            WritePayload(latency, exchange + ".large");
        }

        // 2.5.0's own static Read disposes its reader before the enumeration runs; this library's does not.
        var statically = HistogramLogReader.Read(new MemoryStream(log.ToArray())).Sum(h => h.TotalCount);
        output.WriteLine("static Read total " + statically);

        // Utilities.
        var zigzag = ByteBuffer.Allocate(16);
        ZigZagEncoding.PutLong(zigzag, -123456789);
        zigzag.Position = 0;
        output.WriteLine("zigzag " + ZigZagEncoding.GetLong(zigzag) + ", leading zeros " + Bitwise.NumberOfLeadingZeros(1024)
            + ", arrays equal " + Pair.IsSequenceEqual((int[])Pair.Clone()));
        var phaser = new WriterReaderPhaser();
        long phase = phaser.WriterCriticalSectionEnter();
        phaser.WriterCriticalSectionExit(phase);
        phaser.ReaderLock();
        phaser.FlipPhase();
        phaser.ReaderUnlock();
        output.WriteLine("epoch seconds " + start.SecondsSinceUnixEpoch().ToString(CultureInfo.InvariantCulture) + ", back "
            + 1704164645.0.ToDateFromSecondsSinceEpoch().ToString("o", CultureInfo.InvariantCulture));

        // What 2.5.0 wrote (eng/check-compat.sh passes the fixtures folder): read with 2.5.0's API, checked against
        // what 2.5.0 recorded.
        if (args.Length > 0 && !Written250.Check(args[0], output))
        {
            output.WriteLine("a 2.5.0-written histogram did not read back as 2.5.0 recorded it");
            return 1;
        }

        return 0;
    }

    private static void WritePayload(HistogramBase histogram, string path)
    {
        var buffer = ByteBuffer.Allocate(histogram.GetNeededByteBufferCapacity());
        int length = histogram.EncodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.Position = 0;
        for (int i = 0; i < length; i++)
        {
            bytes[i] = buffer.Get(); // 2.5.0's ByteBuffer has no public bulk read
        }

        File.WriteAllBytes(path, bytes);
    }

    /// <summary>Prints what the exchange files hold: every interval of the log, then each payload.</summary>
    private static void ReadExchange(string exchange, TextWriter output)
    {
        using (var reader = new HistogramLogReader(File.OpenRead(exchange)))
        {
            foreach (var h in reader.ReadHistograms())
            {
                output.WriteLine("log interval " + (h.Tag ?? "(no tag)") + ": total " + h.TotalCount + ", max " + h.GetMaxValue()
                    + ", p50 " + h.GetValueAtPercentile(50) + ", p99 " + h.GetValueAtPercentile(99));
            }
        }

        foreach (string part in new[] { ".small", ".large" })
        {
            var buffer = ByteBuffer.Allocate(File.ReadAllBytes(exchange + part));
            var h = HistogramEncoding.DecodeFromCompressedByteBuffer(buffer, 0);
            output.WriteLine("payload" + part + ": total " + h.TotalCount + ", max " + h.GetMaxValue() + ", p50 " + h.GetValueAtPercentile(50));
        }
    }
}
