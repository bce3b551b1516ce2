using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Text;
using System.Text.Json;
using FluentAssertions;

namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>
/// The fixtures written by the published HdrHistogram 2.5.0 package (Fixtures/Net250/, made by
/// eng/Net250FixtureGenerator): the payload and log files, and what 2.5.0 reported about each histogram before it was
/// encoded (<c>&lt;name&gt;.expected.json</c>).
/// </summary>
internal static class Net250Fixture
{
    public static string Directory => Path.Combine(FixturePaths.Root, "Net250");

    public static IEnumerable<object[]> PayloadNames() => Index("payloads").Select(n => new object[] { n });

    public static IEnumerable<object[]> LogNames() => Index("logs").Select(n => new object[] { n });

    public static JsonElement Expected(string name)
    {
        using var document = JsonDocument.Parse(File.ReadAllText(Path.Combine(Directory, name + ".expected.json")));
        return document.RootElement.Clone();
    }

    public static byte[] Bytes(string fileName) => File.ReadAllBytes(Path.Combine(Directory, fileName));

    public static byte[] Compressed(string name) => Bytes(name + ".compressed.bin");

    public static byte[] Plain(string name) => Bytes(name + ".v2.bin");

    public static string LogPath(string name) => Path.Combine(Directory, name + ".hlog");

    /// <summary>The 2.5.0 log text re-encoded (its content is 2.5.0's; only the text encoding changes).</summary>
    public static byte[] EncodedLog(string name, string encoding)
    {
        byte[] original = File.ReadAllBytes(LogPath(name));
        if (encoding == "utf-16le-bom")
        {
            return original;
        }

        string text = new UnicodeEncoding(bigEndian: false, byteOrderMark: true).GetString(original, 2, original.Length - 2);
        System.Text.Encoding target = encoding switch
        {
            "utf-16be-bom" => new UnicodeEncoding(bigEndian: true, byteOrderMark: true),
            "utf-8-bom" => new UTF8Encoding(encoderShouldEmitUTF8Identifier: true),
            "utf-8" => new UTF8Encoding(encoderShouldEmitUTF8Identifier: false),
            _ => throw new ArgumentOutOfRangeException(nameof(encoding), encoding, null),
        };

        return target.GetPreamble().Concat(target.GetBytes(text)).ToArray();
    }

    /// <summary>
    /// Inflates a 2.5.0 compressed payload with the platform's <see cref="DeflateStream"/> (not this library's
    /// inflater): 2.5.0 writes an 8-byte cookie and length, the zlib header <c>58 85</c>, then raw deflate data.
    /// </summary>
    public static byte[] InflateIndependently(byte[] compressed)
    {
        compressed[8].Should().Be(0x58, "2.5.0's zlib header");
        compressed[9].Should().Be(0x85);
        using var deflate = new DeflateStream(new MemoryStream(compressed, 10, compressed.Length - 10), CompressionMode.Decompress);
        using var output = new MemoryStream();
        deflate.CopyTo(output);
        return output.ToArray();
    }

    /// <summary>
    /// Asserts that <paramref name="actual"/> holds what 2.5.0 reported before encoding: every recorded bucket, the
    /// total count, maximum, minimum, mean, standard deviation and percentiles, exactly. (The percentiles are Java's
    /// definition over 2.5.0's buckets, which this library follows; 2.5.0's own GetValueAtPercentile rounds differently,
    /// see eng/Net250FixtureGenerator/README.md.)
    /// </summary>
    public static void ShouldMatch(HistogramBase actual, JsonElement expected, string because)
    {
        actual.LowestTrackableValue.Should().Be(expected.GetProperty("lowestTrackableValue").GetInt64(), because);
        actual.NumberOfSignificantValueDigits.Should().Be(expected.GetProperty("significantDigits").GetInt32(), because);
        actual.HighestTrackableValue.Should().BeGreaterOrEqualTo(expected.GetProperty("highestTrackableValue").GetInt64(), because);
        actual.TotalCount.Should().Be(expected.GetProperty("totalCount").GetInt64(), because);

        var buckets = actual.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo)).ToList();
        var expectedBuckets = expected.GetProperty("buckets").EnumerateArray().Select(b => (b[0].GetInt64(), b[1].GetInt64())).ToList();
        buckets.ShouldEqualSequence(expectedBuckets, because);

        actual.GetMaxValue().Should().Be(expected.GetProperty("maxValue").GetInt64(), because);
        if (actual.TotalCount > 0)
        {
            actual.GetMinValue().Should().Be(expected.GetProperty("minValue").GetInt64(), because);
        }

        if (expected.GetProperty("mean").ValueKind == JsonValueKind.Null)
        {
            // 2.5.0 divides by the zero count of an empty histogram (NaN); this library answers 0 there, as Java does.
            actual.TotalCount.Should().Be(0, because);
            actual.GetMean().Should().Be(0, because);
            actual.GetStdDeviation().Should().Be(0, because);
        }
        else
        {
            actual.GetMean().Should().Be(expected.GetProperty("mean").GetDouble(), because);
            actual.GetStdDeviation().Should().Be(expected.GetProperty("stdDeviation").GetDouble(), because);
        }

        foreach (var p in expected.GetProperty("percentiles").EnumerateArray())
        {
            actual.GetValueAtPercentile(p[0].GetDouble()).Should().Be(p[1].GetInt64(), because + " (percentile " + p[0].GetDouble() + ")");
        }
    }

    private static List<string> Index(string list)
    {
        using var document = JsonDocument.Parse(File.ReadAllText(Path.Combine(Directory, "index.json")));
        return document.RootElement.GetProperty(list).EnumerateArray().Select(e => e.GetString()!).ToList();
    }
}
