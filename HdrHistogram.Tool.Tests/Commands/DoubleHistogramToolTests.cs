using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json;
using FluentAssertions;
using HdrHistogram.Tool.Tests.Infrastructure;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests.Commands;

/// <summary>
/// The tool on DoubleHistograms: <c>hdr decode</c> of every Java DoubleHistogram case (base64 and binary, plain and
/// compressed) prints its .hgrm and .csv byte for byte, and of the double-histogram log each interval as Java's reader
/// reported it; <c>hdr summary</c> sums DoubleHistogram intervals; <c>hdr merge</c> keeps them DoubleHistograms.
/// (<c>hdr process</c> of the double-histogram log: <see cref="ProcessCommandTests"/>.)
/// </summary>
public class DoubleHistogramToolTests
{
    private const string Log = "logs/double-histogram";

    public static IEnumerable<object[]> Cases() => JavaCase.DoubleCaseNames();

    [Theory]
    [MemberData(nameof(Cases))]
    public void Decode_prints_the_DoubleHistogram_cases_distribution(string name)
    {
        var c = JavaCase.Load(name);
        c.Root.GetProperty("decodedSummaryMatchesExpected").GetBoolean().Should().BeTrue();
        foreach (byte[] encoding in new[] { c.V2, c.V2Compressed })
        {
            byte[] stdin = ToolRunner.Utf8(Convert.ToBase64String(encoding) + "\n");
            ToolRunner.Run(stdin, "decode", "--ratio", "1").ShouldSucceed().Text.Should().Be(c.HgrmText);
            ToolRunner.Run(stdin, "decode", "--csv", "--ratio", "1000").ShouldSucceed().Text.Should().Be(c.CsvText);
            ToolRunner.Run(encoding, "decode", "--ratio", "1").ShouldSucceed().Text.Should().Be(c.HgrmText, "binary input");
        }
    }

    [Fact]
    public void Decode_json_of_the_DoubleHistogram_log_reports_every_interval_as_Java_did()
    {
        var expected = LogFixtures.ExpectedIntervals(Log);
        var result = ToolRunner.Run("decode", LogFixtures.HlogPath(Log), "--json", "--ratio", "1").ShouldSucceed();
        var lines = result.Text.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        lines.Should().HaveCount(expected.Count);
        for (int i = 0; i < lines.Length; i++)
        {
            using var json = JsonDocument.Parse(lines[i]);
            var root = json.RootElement;
            var interval = expected[i];
            root.GetProperty("line").GetInt32().Should().Be(6 + i);
            root.GetProperty("startTimeStamp").GetInt64().Should().Be(interval.GetProperty("startTimeStamp").GetInt64());
            root.GetProperty("endTimeStamp").GetInt64().Should().Be(interval.GetProperty("endTimeStamp").GetInt64());
            root.GetProperty("totalCount").GetInt64().Should().Be(interval.GetProperty("totalCount").GetInt64());
            root.GetProperty("min").GetDouble().Should().Be(interval.GetProperty("minValue").GetDouble());
            root.GetProperty("max").GetDouble().Should().Be(interval.GetProperty("maxValue").GetDouble());
            root.GetProperty("mean").GetDouble().Should().Be(interval.GetProperty("mean").GetDouble());
            foreach (var p in interval.GetProperty("valueAtPercentile").EnumerateArray())
            {
                string key = p[0].GetDouble().ToString("R", System.Globalization.CultureInfo.InvariantCulture);
                if (root.GetProperty("percentiles").TryGetProperty(key, out var value))
                {
                    value.GetDouble().Should().Be(p[1].GetDouble(), "interval {0} percentile {1}", i, key);
                }
            }

            var config = root.GetProperty("config");
            config.GetProperty("type").GetString().Should().Be("DoubleHistogram");
            config.GetProperty("numberOfSignificantValueDigits").GetInt32().Should().Be(interval.GetProperty("numberOfSignificantValueDigits").GetInt32());
            config.GetProperty("highestToLowestValueRatio").GetInt64().Should().Be(interval.GetProperty("highestToLowestValueRatio").GetInt64());
        }

        // The text form: a header per interval, then DoubleHistogram's percentile distribution.
        string text = ToolRunner.Run("decode", LogFixtures.HlogPath(Log), "--ratio", "1").ShouldSucceed().Text;
        text.Should().StartWith("#[Interval 1 (line 6): 1700000000.123 to 1700000001.123 (seconds since epoch)]\n       Value     Percentile TotalCount 1/(1-Percentile)\n");
        text.Split('\n').Count(l => l.StartsWith("#[Interval ", StringComparison.Ordinal)).Should().Be(20);
        text.Split('\n').Count(l => l.StartsWith("#[Max     =", StringComparison.Ordinal)).Should().Be(20);
    }

    [Fact]
    public void Summary_sums_DoubleHistogram_intervals()
    {
        var expected = LogFixtures.ExpectedIntervals(Log);
        var result = ToolRunner.Run("summary", LogFixtures.HlogPath(Log), "--json", "--ratio", "1").ShouldSucceed();
        using var json = JsonDocument.Parse(result.Text);
        var root = json.RootElement;
        root.GetProperty("intervalCount").GetInt64().Should().Be(20);
        var tag = root.GetProperty("tags").EnumerateArray().Should().ContainSingle().Subject;
        tag.GetProperty("tag").ValueKind.Should().Be(JsonValueKind.Null);
        tag.GetProperty("intervalCount").GetInt64().Should().Be(20);
        tag.GetProperty("totalCount").GetInt64().Should().Be(LogFixtures.Expected(Log).GetProperty("totalCountAllIntervals").GetInt64());
        tag.GetProperty("min").GetDouble().Should().Be(expected.Min(i => i.GetProperty("minValue").GetDouble()));
        tag.GetProperty("firstStartTimeStamp").GetInt64().Should().Be(expected.Min(i => i.GetProperty("startTimeStamp").GetInt64()));
        tag.GetProperty("lastEndTimeStamp").GetInt64().Should().Be(expected.Max(i => i.GetProperty("endTimeStamp").GetInt64()));
        tag.GetProperty("config").GetProperty("type").GetString().Should().Be("DoubleHistogram");

        string text = ToolRunner.Run("summary", LogFixtures.HlogPath(Log)).ShouldSucceed().Text;
        text.Should().Contain("Intervals:  20 in 25 lines").And.Contain("(untagged)");
    }

    [Fact]
    public void Merge_keeps_DoubleHistogram_intervals()
    {
        using var temp = new TempFolder();
        string output = temp.File("merged.hlog");
        // Integer and double histograms cannot share a tag: each input gets its own.
        // (Their values differ by far more than a unit step: merge says so.)
        var merge = ToolRunner.Run("merge", "-o", output, LogFixtures.HlogPath(Log), LogFixtures.HlogPath("logs/basic-untagged"), "--tag-inputs");
        merge.ExitCode.Should().Be(0);
        merge.Stderr.Should().StartWith("hdr merge: warning: the largest value of ");
        var doubles = LogFixtures.ExpectedIntervals(Log);
        var integers = LogFixtures.ExpectedIntervals("logs/basic-untagged");
        using var reader = new HistogramLogReader(output);
        var read = new List<EncodableHistogram>();
        EncodableHistogram? next;
        while ((next = reader.NextIntervalHistogram()) is not null)
        {
            read.Add(next);
        }

        read.Should().HaveCount(doubles.Count + integers.Count);
        var readDoubles = read.OfType<DoubleHistogram>().ToList();
        readDoubles.Should().HaveCount(doubles.Count);
        for (int i = 0; i < doubles.Count; i++)
        {
            readDoubles[i].Tag.Should().Be("double-histogram.hlog");
            readDoubles[i].Tag = null;
            readDoubles[i].ShouldBeJavasInterval(doubles[i], sameRange: true, "interval " + i);
        }

        read.OfType<HistogramBase>().Sum(h => h.TotalCount).Should().Be(integers.Sum(i => i.GetProperty("totalCount").GetInt64()));
    }
}
