using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using FluentAssertions;
using HdrHistogram.Encoding;
using HdrHistogram.Tool.Tests.Infrastructure;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests.Commands;

/// <summary>
/// <c>hdr encode</c> of every integer Java case's recorded pairs prints its V2 bytes; <c>hdr decode</c> of its V2 and
/// compressed V2 with <c>--ratio 1</c> prints its .hgrm, and with <c>--csv --ratio 1000</c> its .csv, byte for byte; decode also reads
/// binary histograms and logs, and summarizes as JSON.
/// </summary>
public class EncodeDecodeCommandTests
{
    /// <summary>Java's decode of this case reports a different maximum than the recorded histogram (quirk: an empty histogram with lowest 1000 decodes with max 511), so its .hgrm is not the decoded histogram's.</summary>
    private const string DecodedDiffersFromRecorded = "empty-lowest-1000-sd3";

    public static IEnumerable<object[]> Cases() => JavaCase.IntegerCaseNames();

    [Theory]
    [MemberData(nameof(Cases))]
    public void Encode_prints_the_cases_V2(string name)
    {
        var c = JavaCase.Load(name);
        var args = new List<string> { "encode" };
        var ctor = c.Root.GetProperty("constructor");
        var ctorArgs = ctor.GetProperty("args").EnumerateArray().Select(a => a.GetInt64().ToString(CultureInfo.InvariantCulture)).ToList();
        if (ctorArgs.Count == 1)
        {
            args.AddRange(new[] { "--digits", ctorArgs[0] });
        }
        else
        {
            args.AddRange(new[] { "--lowest", ctorArgs[0], "--highest", ctorArgs[1], "--digits", ctorArgs[2] });
        }

        args.AddRange(new[] { "--counts", c.HistogramType switch { "IntCountsHistogram" => "int", "ShortCountsHistogram" => "short", _ => "long" } });
        if (ctor.TryGetProperty("thenSetAutoResize", out var autoResize) && autoResize.GetBoolean())
        {
            args.Add("--auto-resize");
        }

        if (c.Root.GetProperty("recordMethod").GetString() == "recordValueWithExpectedInterval")
        {
            args.AddRange(new[] { "--expected-interval", c.Root.GetProperty("expectedIntervalBetweenValueSamples").GetInt64().ToString(CultureInfo.InvariantCulture) });
        }

        var input = new StringBuilder("# value count\n");
        foreach (var (value, count) in c.RecordedPairs())
        {
            input.Append(value.ToString(CultureInfo.InvariantCulture)).Append(' ').Append(count.ToString(CultureInfo.InvariantCulture)).Append('\n');
        }

        var result = ToolRunner.Run(ToolRunner.Utf8(input.ToString()), args.ToArray()).ShouldSucceed();
        result.Text.Should().Be(Convert.ToBase64String(c.V2) + "\n");

        // --compressed: inflates to the same V2 bytes.
        args.Add("--compressed");
        var compressed = ToolRunner.Run(ToolRunner.Utf8(input.ToString()), args.ToArray()).ShouldSucceed();
        HistogramEncoder.Encode(HistogramEncoding.DecodeFromBase64(compressed.Text.TrimEnd('\n'))).Should().Equal(
            HistogramEncoder.Encode(HistogramEncoding.Decode(c.V2)));
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Decode_prints_the_cases_distribution(string name)
    {
        if (name == DecodedDiffersFromRecorded)
        {
            return;
        }

        var c = JavaCase.Load(name);
        foreach (byte[] encoding in new[] { c.V2, c.V2Compressed })
        {
            byte[] stdin = ToolRunner.Utf8(Convert.ToBase64String(encoding) + "\n");
            ToolRunner.Run(stdin, "decode", "--ratio", "1").ShouldSucceed().Text.Should().Be(c.HgrmText);
            ToolRunner.Run(stdin, "decode", "--csv", "--ratio", "1000").ShouldSucceed().Text.Should().Be(c.CsvText);
        }
    }

    [Fact]
    public void Decode_reads_files_binary_histograms_and_several_lines()
    {
        var c = JavaCase.Load("latency-1h-sd3");
        var d = JavaCase.Load("sigdigits-2-latency");
        using var temp = new TempFolder();
        string binary = temp.File("two.hdr");
        File.WriteAllBytes(binary, c.V2.Concat(d.V2Compressed).ToArray());
        ToolRunner.Run("decode", binary, "--ratio", "1").ShouldSucceed().Text.Should().Be(c.HgrmText + "\n" + d.HgrmText);

        string lines = temp.File("two.txt");
        File.WriteAllText(lines, Convert.ToBase64String(c.V2) + "\r\n\n" + Convert.ToBase64String(d.V2) + "\n");
        ToolRunner.Run("decode", lines, "--ratio", "1").ShouldSucceed().Text.Should().Be(c.HgrmText + "\n" + d.HgrmText);
        ToolRunner.Run(File.ReadAllBytes(lines), "decode", "-", "--ticks", "5", "--ratio", "1").ShouldSucceed().Text.Should().Be(c.HgrmText + "\n" + d.HgrmText);
    }

    [Fact]
    public void Decode_json_summarizes_each_histogram()
    {
        var c = JavaCase.Load("latency-1h-sd3");
        var result = ToolRunner.Run(ToolRunner.Utf8(Convert.ToBase64String(c.V2)), "decode", "--json", "--ratio", "1").ShouldSucceed();
        var lines = result.Text.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        lines.Should().HaveCount(1);
        using var json = JsonDocument.Parse(lines[0]);
        var root = json.RootElement;
        var expected = c.Expected;
        root.GetProperty("totalCount").GetInt64().Should().Be(expected.GetProperty("totalCount").GetInt64());
        root.GetProperty("min").GetInt64().Should().Be(expected.GetProperty("minValue").GetInt64());
        root.GetProperty("max").GetInt64().Should().Be(expected.GetProperty("maxValue").GetInt64());
        root.GetProperty("mean").GetDouble().Should().Be(expected.GetProperty("mean").GetDouble());
        root.GetProperty("stdDeviation").GetDouble().Should().Be(expected.GetProperty("stdDeviation").GetDouble());
        root.GetProperty("percentiles").GetProperty("99.9").GetInt64().Should().Be(
            expected.GetProperty("valueAtPercentile").EnumerateArray().Single(p => p[0].GetDouble() == 99.9)[1].GetInt64());
        root.GetProperty("config").GetProperty("numberOfSignificantValueDigits").GetInt32().Should().Be(3);
        root.GetProperty("config").GetProperty("highestTrackableValue").GetInt64().Should().Be(3_600_000_000_000);

        var scaled = ToolRunner.Run(ToolRunner.Utf8(Convert.ToBase64String(c.V2)), "decode", "--json", "--ratio", "1e6").ShouldSucceed();
        using var scaledJson = JsonDocument.Parse(scaled.Text);
        scaledJson.RootElement.GetProperty("max").GetDouble().Should().Be(expected.GetProperty("maxValue").GetInt64() / 1e6);
    }

    [Fact]
    public void Decode_prints_every_interval_of_a_log()
    {
        const string log = "logs/tagged-interleaved";
        var intervals = LogFixtures.ExpectedIntervals(log);
        string all = ToolRunner.Run("decode", LogFixtures.HlogPath(log), "--ratio", "1").ShouldSucceed().Text;
        all.Split('\n').Count(l => l.StartsWith("#[Interval ", StringComparison.Ordinal)).Should().Be(intervals.Count);
        all.Should().StartWith("#[Interval 1 (line 6): 1700000000.123 to 1700000001.123 (seconds since epoch)]\n       Value     Percentile");
        // Java truncates (0.001 + 1700000000.123) * 1000.0 to ...123 ms.
        all.Should().Contain("#[Interval 2 (line 7): Tag=A, 1700000000.123 to 1700000001.123 (seconds since epoch)]\n");

        // The first interval's distribution is its histogram's.
        var first = HistogramEncoding.Decode(LogFixtures.DecodedV2(intervals[0]));
        var expectedText = new StringWriter { NewLine = "\n" };
        first.OutputPercentileDistribution(expectedText);
        all.Should().Contain("(seconds since epoch)]\n" + expectedText + "\n#[Interval 2 ");

        var json = ToolRunner.Run("decode", LogFixtures.HlogPath(log), "--json", "--ratio", "1", "--tag", "A").ShouldSucceed().Text.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        var expectedA = intervals.Where(i => LogFixtures.Tag(i) == "A").ToList();
        json.Should().HaveCount(expectedA.Count);
        for (int i = 0; i < json.Length; i++)
        {
            using var doc = JsonDocument.Parse(json[i]);
            doc.RootElement.GetProperty("tag").GetString().Should().Be("A");
            doc.RootElement.GetProperty("totalCount").GetInt64().Should().Be(expectedA[i].GetProperty("totalCount").GetInt64());
            doc.RootElement.GetProperty("startTimeStamp").GetInt64().Should().Be(expectedA[i].GetProperty("startTimeStamp").GetInt64());
        }

        // --tag '' selects the untagged intervals.
        ToolRunner.Run("decode", LogFixtures.HlogPath(log), "--json", "--ratio", "1", "--tag", string.Empty).ShouldSucceed().Text
            .Split('\n', StringSplitOptions.RemoveEmptyEntries).Should().HaveCount(intervals.Count(i => LogFixtures.Tag(i) is null));
    }

    [Fact]
    public void Help_is_printed_for_every_command()
    {
        foreach (string command in new[] { "decode", "encode", "process", "summary", "merge", "plot", "report" })
        {
            foreach (string help in new[] { "--help", "-h", "-help", "-?" })
            {
                var result = ToolRunner.Run(command, help).ShouldSucceed();
                result.Text.Should().StartWith("Description:\n").And.Contain("\nUsage:\n  hdr " + command + " ");
            }
        }

        ToolRunner.Run("help", "summary").ShouldSucceed().Text.Should().Contain("\nUsage:\n  hdr summary [<FILE>] [options]\n");

        ToolRunner.Run("--help").ShouldSucceed().Text.Should().Contain("Commands:");
        ToolRunner.Run("process", "-h").ShouldSucceed().Text.Should().Contain("-correctLogWithKnownCoordinatedOmission");
    }
}
