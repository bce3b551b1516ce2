using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using FluentAssertions;
using HdrHistogram.Encoding;

namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>
/// The Java histogram logs (Fixtures/java/logs and real-logs): each named "logs/&lt;name&gt;" or "real-logs/&lt;name&gt;",
/// with its .hlog, its expected.json (what Java's reader reports, and for logs/ the writer calls) and the processor
/// runs of processor-runs.json.
/// </summary>
internal static class LogFixtures
{
    private static readonly Dictionary<string, JsonElement> ExpectedCache = new();

    /// <summary>Every fixture log, optionally without the DoubleHistogram one.</summary>
    public static IEnumerable<string> Names(bool includeDouble = true)
        => Directory.GetFiles(FixturePaths.JavaLogs, "*.hlog")
            .Select(p => "logs/" + Path.GetFileNameWithoutExtension(p))
            .Concat(Directory.GetFiles(FixturePaths.JavaRealLogs, "*.hlog").Select(p => "real-logs/" + Path.GetFileNameWithoutExtension(p)))
            .Where(n => includeDouble || !IsDoubleLog(n))
            .OrderBy(n => n, StringComparer.Ordinal);

    public static IEnumerable<object[]> IntegerLogData() => Names(includeDouble: false).Select(n => new object[] { n });

    /// <summary>The logs written with HistogramLogWriter calls recorded in their expected.json (logs/ only).</summary>
    public static IEnumerable<object[]> WrittenIntegerLogData()
        => Names(includeDouble: false).Where(n => n.StartsWith("logs/", StringComparison.Ordinal)).Select(n => new object[] { n });

    public static string HlogPath(string name) => Path.Combine(FixturePaths.Root, "java", name + ".hlog");

    public static JsonElement Expected(string name)
    {
        lock (ExpectedCache)
        {
            if (!ExpectedCache.TryGetValue(name, out var root))
            {
                root = JsonDocument.Parse(File.ReadAllText(Path.Combine(FixturePaths.Root, "java", name + ".expected.json"))).RootElement;
                ExpectedCache[name] = root;
            }

            return root;
        }
    }

    public static bool IsDoubleLog(string name)
        => Expected(name).GetProperty("intervals").EnumerateArray().Any(i => i.GetProperty("histogramType").GetString() == "DoubleHistogram");

    public static IReadOnlyList<JsonElement> ExpectedIntervals(string name) => Expected(name).GetProperty("intervals").EnumerateArray().ToList();

    /// <summary>
    /// Reads every interval of a fixture log through <see cref="HistogramLogReader.NextIntervalHistogram(EncodableHistogram?)"/>,
    /// offering the previous interval for recycling, and hands each to <paramref name="check"/> with its index.
    /// </summary>
    /// <returns>The number of intervals read and how many of them came back in the recycled histogram.</returns>
    public static (int Count, int Reused) ReadRecycling(HistogramLogReader reader, Action<EncodableHistogram, int> check)
    {
        EncodableHistogram? previous = null;
        int count = 0;
        int reused = 0;
        EncodableHistogram? next;
        while ((next = reader.NextIntervalHistogram(previous)) is not null)
        {
            if (ReferenceEquals(next, previous))
            {
                reused++;
            }

            check(next, count);
            previous = next;
            count++;
        }

        return (count, reused);
    }

    public static string? Tag(JsonElement interval)
        => interval.GetProperty("tag").ValueKind == JsonValueKind.String ? interval.GetProperty("tag").GetString() : null;

    public static byte[] DecodedV2(JsonElement interval) => Convert.FromBase64String(interval.GetProperty("decodedV2").GetString()!);

    /// <summary>Asserts that <paramref name="h"/> is the interval Java's reader reported (statistics, configuration and, through its V2 re-encoding, every count).</summary>
    public static void ShouldBeJavasInterval(this HistogramBase h, JsonElement interval, bool sameRange, string because)
    {
        h.Tag.Should().Be(Tag(interval), because);
        h.StartTimeStamp.Should().Be(interval.GetProperty("startTimeStamp").GetInt64(), because);
        h.EndTimeStamp.Should().Be(interval.GetProperty("endTimeStamp").GetInt64(), because);
        h.TotalCount.Should().Be(interval.GetProperty("totalCount").GetInt64(), because);
        h.GetMinValue().Should().Be(interval.GetProperty("minValue").GetInt64(), because);
        h.GetMaxValue().Should().Be(interval.GetProperty("maxValue").GetInt64(), because);
        h.GetMaxValueAsDouble().Should().Be(interval.GetProperty("maxValueAsDouble").GetDouble(), because);
        h.GetMean().Should().Be(interval.GetProperty("mean").GetDouble(), because);
        foreach (var p in interval.GetProperty("valueAtPercentile").EnumerateArray())
        {
            h.GetValueAtPercentile(p[0].GetDouble()).Should().Be(p[1].GetInt64(), "{0}, percentile {1}", because, p[0].GetDouble());
        }

        h.LowestTrackableValue.Should().Be(interval.GetProperty("lowestDiscernibleValue").GetInt64(), because);
        h.NumberOfSignificantValueDigits.Should().Be(interval.GetProperty("numberOfSignificantValueDigits").GetInt32(), because);
        byte[] v2 = DecodedV2(interval);
        if (sameRange)
        {
            h.HighestTrackableValue.Should().Be(interval.GetProperty("highestTrackableValue").GetInt64(), because);
            HistogramEncoder.Encode(h).Should().Equal(v2, because);
        }
        else
        {
            h.Equals(HistogramEncoding.Decode(v2)).Should().BeTrue(because);
        }
    }

    /// <summary>
    /// Asserts that the DoubleHistogram <paramref name="h"/> is the interval Java's reader reported. A reused target
    /// keeps a wider dynamic range than the data's (<paramref name="sameRange"/> false): then its counts are compared,
    /// not its encoding.
    /// </summary>
    public static void ShouldBeJavasInterval(this DoubleHistogram h, JsonElement interval, bool sameRange, string because)
    {
        h.Tag.Should().Be(Tag(interval), because);
        h.StartTimeStamp.Should().Be(interval.GetProperty("startTimeStamp").GetInt64(), because);
        h.EndTimeStamp.Should().Be(interval.GetProperty("endTimeStamp").GetInt64(), because);
        h.TotalCount.Should().Be(interval.GetProperty("totalCount").GetInt64(), because);
        h.GetMinValue().Should().Be(interval.GetProperty("minValue").GetDouble(), because);
        h.GetMaxValue().Should().Be(interval.GetProperty("maxValue").GetDouble(), because);
        h.GetMaxValueAsDouble().Should().Be(interval.GetProperty("maxValueAsDouble").GetDouble(), because);
        h.GetMean().Should().Be(interval.GetProperty("mean").GetDouble(), because);
        foreach (var p in interval.GetProperty("valueAtPercentile").EnumerateArray())
        {
            h.GetValueAtPercentile(p[0].GetDouble()).Should().Be(p[1].GetDouble(), "{0}, percentile {1}", because, p[0].GetDouble());
        }

        h.NumberOfSignificantValueDigits.Should().Be(interval.GetProperty("numberOfSignificantValueDigits").GetInt32(), because);
        if (sameRange)
        {
            h.GetHighestToLowestValueRatio().Should().Be(interval.GetProperty("highestToLowestValueRatio").GetInt64(), because);
            HistogramEncoder.Encode(h).Should().Equal(DecodedV2(interval), because);
        }
        else
        {
            h.GetHighestToLowestValueRatio().Should().BeGreaterThanOrEqualTo(interval.GetProperty("highestToLowestValueRatio").GetInt64(), because);
            h.Equals(HistogramEncoding.DecodeDouble(DecodedV2(interval))).Should().BeTrue(because);
        }
    }

    /// <summary>A log line's payload: the compressed base64 of a histogram holding the value 1000 once.</summary>
    public static string Payload1000()
    {
        var h = new LongHistogram(3_600_000_000_000, 3);
        h.RecordValue(1000);
        return HistogramEncoder.EncodeCompressedToBase64(h);
    }
}
