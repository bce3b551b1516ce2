using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using HdrHistogram;
using HdrHistogram.Utilities;

namespace Net250FixtureGenerator;

/// <summary>
/// Writes test fixtures with the published HdrHistogram 2.5.0 package: compressed (and plain) V2 payloads of every
/// 2.5.0 histogram type, small and large, and histogram logs from 2.5.0's HistogramLogWriter, each with a side file
/// (<c>&lt;name&gt;.expected.json</c>) of what the histograms held before they were encoded, as 2.5.0 reports it, and
/// whether 2.5.0 can read its own output back. Deterministic: seeded random values, fixed timestamps.
/// </summary>
/// <remarks>Usage: <c>dotnet run --project eng/Net250FixtureGenerator -- [output directory]</c> (default
/// <c>HdrHistogram.UnitTests/Fixtures/Net250</c> from the repository root).</remarks>
public static class Program
{
    private const long Hour = 3_600_000_000_000;

    public static int Main(string[] args)
    {
        // 2.5.0's log writer formats numbers in the current culture: pin it, as a user in an en/invariant culture.
        CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
        CultureInfo.CurrentUICulture = CultureInfo.InvariantCulture;
        string output = args.Length > 0 ? args[0] : Path.Combine("HdrHistogram.UnitTests", "Fixtures", "Net250");
        Directory.CreateDirectory(output);

        string version = typeof(HistogramBase).Assembly.GetName().Version!.ToString();
        if (!version.StartsWith("2.5.0", StringComparison.Ordinal))
        {
            Console.Error.WriteLine("expected to run on HdrHistogram 2.5.0, got " + version);
            return 1;
        }

        var payloads = new List<string>();
        foreach (var (name, histogram) in Histograms())
        {
            WritePayload(output, name, histogram);
            payloads.Add(name);
        }

        var logs = new List<string>();
        foreach (var (name, intervals) in Logs())
        {
            WriteLog(output, name, intervals);
            logs.Add(name);
        }

        var index = new JsonText();
        index.Open();
        index.Field("generator", "eng/Net250FixtureGenerator");
        index.Field("package", "HdrHistogram " + version);
        index.Field("runtime", Environment.Version.ToString());
        index.Array("payloads", payloads.Select(JsonText.Quote));
        index.Array("logs", logs.Select(JsonText.Quote), last: true);
        index.Close();
        File.WriteAllText(Path.Combine(output, "index.json"), index.ToString());
        Console.WriteLine("wrote " + payloads.Count + " payloads and " + logs.Count + " logs to " + output);
        return 0;
    }

    /// <summary>Every histogram type of 2.5.0, small (2.5.0 reads it back) and large (many buckets: it cannot).</summary>
    private static IEnumerable<(string Name, HistogramBase Histogram)> Histograms()
    {
        yield return ("long-small", Small(new LongHistogram(1, Hour, 3), 1));
        yield return ("long-large", Large(new LongHistogram(1, Hour, 3), 2, 3));
        yield return ("int-small", Small(new IntHistogram(1, Hour, 3), 3));
        yield return ("int-large", Large(new IntHistogram(1, Hour, 3), 4, 3));
        yield return ("short-small", Small(new ShortHistogram(1, Hour, 3), 5));
        yield return ("short-large", Large(new ShortHistogram(1, Hour, 3), 6, 3));
        yield return ("long-concurrent-small", Small(new LongConcurrentHistogram(1, Hour, 3), 7));
        yield return ("long-concurrent-large", Large(new LongConcurrentHistogram(1, Hour, 3), 8, 3));
        yield return ("int-concurrent-small", Small(new IntConcurrentHistogram(1, Hour, 3), 9));
        yield return ("int-concurrent-large", Large(new IntConcurrentHistogram(1, Hour, 3), 10, 3));

        // Other ranges and precisions: a microsecond histogram with 2 digits, a 5-digit one from 1000.
        // Counts near each count type's maximum.
        // (Long: past int.MaxValue, but small enough that 2.5.0's GetMean, which sums value x count in a long, does not overflow.)
        yield return ("long-big-counts", BigCounts(new LongHistogram(1, Hour, 3), 5_000_000_000L));
        yield return ("int-big-counts", BigCounts(new IntHistogram(1, Hour, 3), int.MaxValue));
        yield return ("short-big-counts", BigCounts(new ShortHistogram(1, Hour, 3), short.MaxValue));

        yield return ("long-sd2-small", Small(new LongHistogram(1, 10_000_000, 2), 11));
        yield return ("long-sd5-large", Large(new LongHistogram(1, 100_000_000_000, 5), 12, 2));

        // Empty: 2.5.0 still pads its (header-only) payload.
        yield return ("long-empty", new LongHistogram(1, Hour, 3));
    }

    /// <summary>A few hundred latency-like values with counts from 1 to 50.</summary>
    private static HistogramBase Small(HistogramBase histogram, int seed)
    {
        var random = new Random(seed);
        long highest = histogram.HighestTrackableValue;
        for (int i = 0; i < 400; i++)
        {
            double latency = Math.Exp(random.NextDouble() * 4) * 10_000; // 10 µs .. 0.5 ms in ns
            histogram.RecordValueWithCount(Math.Min(highest, (long)latency), 1 + random.Next(50));
        }

        histogram.RecordValue(Math.Min(highest, 987_654_321));
        return histogram;
    }

    /// <summary>A few values whose counts are near the largest the count type holds (multi-byte V2 entries).</summary>
    private static HistogramBase BigCounts(HistogramBase histogram, long bigCount)
    {
        histogram.RecordValueWithCount(1, 1);
        histogram.RecordValueWithCount(123_456, bigCount);
        histogram.RecordValueWithCount(123_456_789, bigCount - 1);
        histogram.RecordValueWithCount(987_654_321, bigCount / 3);
        return histogram;
    }

    /// <summary>
    /// Log-uniform values up to 10^12: thousands of distinct buckets, counts 1 to <paramref name="maxRepeat"/>. (Not
    /// higher: 2.5.0's 32-bit shift in SizeOfEquivalentValueRange makes its encoder drop the top counts of a histogram
    /// whose maximum lies between 2^41 and 2^42 at 3 digits, so such a payload would not hold what was recorded.)
    /// </summary>
    private static HistogramBase Large(HistogramBase histogram, int seed, int maxRepeat)
    {
        var random = new Random(seed);
        long lowest = Math.Max(1, histogram.LowestTrackableValue);
        long highest = Math.Min(histogram.HighestTrackableValue, 1_000_000_000_000);
        double logRange = Math.Log(highest) - Math.Log(lowest);
        for (int i = 0; i < 20_000; i++)
        {
            long value = (long)(lowest * Math.Exp(random.NextDouble() * logRange));
            histogram.RecordValueWithCount(Math.Min(value, highest), 1 + random.Next(maxRepeat));
        }

        return histogram;
    }

    private static IEnumerable<(string Name, HistogramBase[] Intervals)> Logs()
    {
        var start = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc);
        long startMs = start.MillisecondsSinceUnixEpoch();

        // Small intervals (2.5.0 reads this log back): untagged and tagged, three histogram types.
        var a = Small(new LongHistogram(1, Hour, 3), 21);
        var b = Small(new IntHistogram(1, Hour, 3), 22);
        b.Tag = "db";
        var c = Small(new LongConcurrentHistogram(1, Hour, 3), 23);
        var d = Small(new ShortHistogram(1, Hour, 3), 24);
        d.Tag = "db";
        yield return ("log-small", Timed(startMs, a, b, c, d));

        // A large interval among small ones (2.5.0 cannot read this log back).
        var e = Small(new LongHistogram(1, Hour, 3), 25);
        var f = Large(new LongHistogram(1, Hour, 3), 26, 3);
        var g = Small(new LongHistogram(1, Hour, 3), 27);
        g.Tag = "gc";
        yield return ("log-large", Timed(startMs, e, f, g));
    }

    /// <summary>Gives the intervals consecutive 1-second (and a bit) timestamps from <paramref name="startMs"/>.</summary>
    private static HistogramBase[] Timed(long startMs, params HistogramBase[] intervals)
    {
        for (int i = 0; i < intervals.Length; i++)
        {
            intervals[i].StartTimeStamp = startMs + (i * 1000) + 17;
            intervals[i].EndTimeStamp = startMs + ((i + 1) * 1000) + 3;
        }

        return intervals;
    }

    private static void WritePayload(string output, string name, HistogramBase histogram)
    {
        // Compressed, as 2.5.0's EncodeIntoCompressedByteBuffer writes it (the bytes it says it wrote).
        var buffer = ByteBuffer.Allocate(histogram.GetNeededByteBufferCapacity());
        int compressedLength = histogram.EncodeIntoCompressedByteBuffer(buffer);
        byte[] compressed = Bytes(buffer, compressedLength);
        File.WriteAllBytes(Path.Combine(output, name + ".compressed.bin"), compressed);

        // Plain V2, as Encode(buffer, HistogramEncoderV2.Instance) writes it, then the whole buffer (zeros after it).
        var plainBuffer = ByteBuffer.Allocate(histogram.GetNeededByteBufferCapacity());
        int plainLength = histogram.Encode(plainBuffer, HdrHistogram.Encoding.HistogramEncoderV2.Instance);
        File.WriteAllBytes(Path.Combine(output, name + ".v2.bin"), Bytes(plainBuffer, plainLength));

        string? compressedReadBack = ReadBackCompressed(compressed, histogram);
        string? plainReadBack = ReadBackPlain(Bytes(plainBuffer, plainBuffer.Capacity()), histogram);

        var json = new JsonText();
        json.Open();
        json.Field("name", name);
        json.Field("compressedFile", name + ".compressed.bin");
        json.Field("compressedLength", compressedLength);
        json.Field("plainFile", name + ".v2.bin");
        json.Field("plainLength", plainLength);
        json.Field("bufferCapacity", histogram.GetNeededByteBufferCapacity());
        json.Field("readBackBy250Compressed", compressedReadBack is null);
        json.Field("readBackBy250CompressedError", compressedReadBack);
        json.Field("readBackBy250Plain", plainReadBack is null);
        json.Field("readBackBy250PlainError", plainReadBack);
        WriteHistogram(json, histogram, last: true);
        json.Close();
        File.WriteAllText(Path.Combine(output, name + ".expected.json"), json.ToString());
        Console.WriteLine(name + ": compressed " + compressedLength + " B, plain " + plainLength + " B, 2.5.0 reads back: compressed "
            + (compressedReadBack ?? "yes") + ", plain " + (plainReadBack ?? "yes"));
    }

    private static void WriteLog(string output, string name, HistogramBase[] intervals)
    {
        var start = DateTimeOffset.FromUnixTimeMilliseconds(intervals[0].StartTimeStamp - 17).UtcDateTime;
        byte[] log;
        using (var stream = new MemoryStream())
        {
            using (var writer = new HistogramLogWriter(stream))
            {
                writer.Write(start, intervals);
            }

            log = stream.ToArray();
        }

        File.WriteAllBytes(Path.Combine(output, name + ".hlog"), log);
        string? readBack = ReadBackLog(log, intervals);

        var json = new JsonText();
        json.Open();
        json.Field("name", name);
        json.Field("file", name + ".hlog");
        json.Field("startTime", start.ToString("o", CultureInfo.InvariantCulture));
        json.Field("readBackBy250", readBack is null);
        json.Field("readBackBy250Error", readBack);
        json.Key("intervals");
        json.OpenArray();
        for (int i = 0; i < intervals.Length; i++)
        {
            var h = intervals[i];
            json.Open();
            json.Field("tag", h.Tag);
            json.Field("startTimeStamp", h.StartTimeStamp);
            json.Field("endTimeStamp", h.EndTimeStamp);
            WriteHistogram(json, h, last: true);
            json.Close(comma: i < intervals.Length - 1);
        }

        json.CloseArray();
        json.Close();
        File.WriteAllText(Path.Combine(output, name + ".expected.json"), json.ToString());
        Console.WriteLine(name + ": " + intervals.Length + " intervals, " + log.Length + " B, 2.5.0 reads back: " + (readBack ?? "yes"));
    }

    /// <summary>What 2.5.0 reports about the histogram (before it is encoded).</summary>
    private static void WriteHistogram(JsonText json, HistogramBase h, bool last)
    {
        var buckets = h.RecordedValues().Select(v => (Value: v.ValueIteratedTo, Count: v.CountAtValueIteratedTo)).ToList();
        json.Field("type", h.GetType().Name);
        json.Field("lowestTrackableValue", h.LowestTrackableValue);
        json.Field("highestTrackableValue", h.HighestTrackableValue);
        json.Field("significantDigits", h.NumberOfSignificantValueDigits);
        json.Field("totalCount", h.TotalCount);
        json.Field("maxValue", h.GetMaxValue());
        json.Field("minValue", buckets.Count == 0 ? 0 : h.LowestEquivalentValue(buckets[0].Value));
        json.Field("mean", h.GetMean()); // NaN (written null) when empty: 2.5.0 divides by the zero count
        json.Field("stdDeviation", h.GetStdDeviation());

        // Percentiles as Java HdrHistogram defines them (and this library computes them), over the buckets 2.5.0 holds;
        // then what 2.5.0's own GetValueAtPercentile says, for reference: it rounds the count to the nearest instead of
        // up, and its value arithmetic wraps above 2^31, so it differs in places.
        double[] percentiles = h.TotalCount == 0 ? System.Array.Empty<double>() : new double[] { 25, 50, 90, 99, 99.9, 100 };
        json.Key("percentiles");
        json.OpenArray();
        for (int i = 0; i < percentiles.Length; i++)
        {
            json.Item("[" + JsonText.Number(percentiles[i]) + ", " + JsonText.Number(JavaValueAtPercentile(buckets, h.TotalCount, percentiles[i])) + "]", i < percentiles.Length - 1);
        }

        json.CloseArray(comma: true);
        json.Key("percentiles250");
        json.OpenArray();
        for (int i = 0; i < percentiles.Length; i++)
        {
            json.Item("[" + JsonText.Number(percentiles[i]) + ", " + JsonText.Number(h.GetValueAtPercentile(percentiles[i])) + "]", i < percentiles.Length - 1);
        }

        json.CloseArray(comma: true);
        json.Key("buckets");
        json.OpenArray();
        for (int i = 0; i < buckets.Count; i++)
        {
            json.Item("[" + JsonText.Number(buckets[i].Value) + ", " + JsonText.Number(buckets[i].Count) + "]", i < buckets.Count - 1);
        }

        json.CloseArray(comma: !last);
    }

    /// <summary>
    /// Java's <c>getValueAtPercentile</c> (HdrHistogram 2.2.2) over the recorded buckets: the highest equivalent value of
    /// the first bucket at which the cumulative count reaches ceil(percentile (one ulp less) / 100 x total), at least 1.
    /// </summary>
    private static long JavaValueAtPercentile(List<(long Value, long Count)> buckets, long totalCount, double percentile)
    {
        double requested = Math.Min(Math.Max(Math.BitDecrement(percentile), 0), 100);
        long countAtPercentile = Math.Max((long)Math.Ceiling(requested / 100 * totalCount), 1);
        long cumulative = 0;
        foreach (var (value, count) in buckets)
        {
            cumulative += count;
            if (cumulative >= countAtPercentile)
            {
                return value;
            }
        }

        return 0;
    }

    /// <summary>Null when 2.5.0 decodes the payload to the same histogram; else what went wrong.</summary>
    private static string? ReadBackCompressed(byte[] compressed, HistogramBase original)
        => ReadBack(() => Same(HistogramEncoding.DecodeFromCompressedByteBuffer(ByteBuffer.Allocate(compressed), 0), original));

    private static string? ReadBackPlain(byte[] plain, HistogramBase original)
        => ReadBack(() => Same(HistogramEncoding.DecodeFromByteBuffer(ByteBuffer.Allocate(plain), 0), original));

    private static string? ReadBackLog(byte[] log, HistogramBase[] intervals) => ReadBack(() =>
    {
        using var reader = new HistogramLogReader(new MemoryStream(log));
        var read = reader.ReadHistograms().ToList();
        if (read.Count != intervals.Length)
        {
            return "read " + read.Count + " intervals of " + intervals.Length;
        }

        for (int i = 0; i < read.Count; i++)
        {
            string? problem = Same(read[i], intervals[i]);
            if (problem is not null)
            {
                return "interval " + i + ": " + problem;
            }
        }

        return null;
    });

    /// <summary>What <paramref name="readBack"/> says went wrong reading 2.5.0's output back, or the exception it threw.</summary>
    private static string? ReadBack(Func<string?> readBack)
    {
        try
        {
            return readBack();
        }
        catch (Exception e)
        {
            return e.GetType().Name + ": " + e.Message;
        }
    }

    private static string? Same(HistogramBase decoded, HistogramBase original)
    {
        var a = decoded.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo)).ToList();
        var b = original.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo)).ToList();
        return decoded.TotalCount == original.TotalCount && a.SequenceEqual(b) ? null : "decoded to a different histogram (total " + decoded.TotalCount + ")";
    }

    private static byte[] Bytes(ByteBuffer buffer, int length)
    {
        buffer.Position = 0;
        var bytes = new byte[length];
        for (int i = 0; i < length; i++)
        {
            bytes[i] = buffer.Get();
        }

        return bytes;
    }
}
