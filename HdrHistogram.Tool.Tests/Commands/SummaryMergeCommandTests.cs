using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using FluentAssertions;
using HdrHistogram.Tool.Tests.Infrastructure;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests.Commands;

/// <summary><c>hdr summary</c> totals per tag; <c>hdr merge</c> interleaves logs into one valid log.</summary>
public class SummaryMergeCommandTests
{
    [Theory]
    [InlineData("logs/tagged-interleaved")]
    [InlineData("real-logs/tagged-Log.logV2")]
    [InlineData("real-logs/jHiccup-2.0.1.logV0")]
    public void Summary_totals_every_tag(string log)
    {
        var expected = LogFixtures.ExpectedIntervals(log);
        // Every interval, also those before the StartTime (which the commands leave out by default, as Java's processor).
        var result = ToolRunner.Run("summary", LogFixtures.HlogPath(log), "--json", "--start", "-1e12", "--ratio", "1").ShouldSucceed();
        using var json = JsonDocument.Parse(result.Text);
        var root = json.RootElement;
        root.GetProperty("intervalCount").GetInt64().Should().Be(expected.Count);
        root.GetProperty("startTimeSec").GetDouble().Should().Be(LogFixtures.Expected(log).GetProperty("reader").GetProperty("startTimeSec").GetDouble());
        var byTag = expected.GroupBy(i => LogFixtures.Tag(i) ?? "\0").ToDictionary(g => g.Key, g => g.ToList());
        var tags = root.GetProperty("tags").EnumerateArray().ToList();
        tags.Should().HaveCount(byTag.Count);
        foreach (var tag in tags)
        {
            string key = tag.GetProperty("tag").ValueKind == JsonValueKind.Null ? "\0" : tag.GetProperty("tag").GetString()!;
            var intervals = byTag[key];
            tag.GetProperty("intervalCount").GetInt64().Should().Be(intervals.Count);
            tag.GetProperty("totalCount").GetInt64().Should().Be(intervals.Sum(i => i.GetProperty("totalCount").GetInt64()));
            tag.GetProperty("max").GetInt64().Should().Be(intervals.Max(i => i.GetProperty("maxValue").GetInt64()));
            tag.GetProperty("firstStartTimeStamp").GetInt64().Should().Be(intervals.Min(i => i.GetProperty("startTimeStamp").GetInt64()));
            tag.GetProperty("lastEndTimeStamp").GetInt64().Should().Be(intervals.Max(i => i.GetProperty("endTimeStamp").GetInt64()));
        }

        string text = ToolRunner.Run("summary", LogFixtures.HlogPath(log), "--ratio", "1e6", "--start", "-1e12").ShouldSucceed().Text;
        text.Should().Contain("Intervals:  " + expected.Count + " in ");
        text.Split('\n').Count(l => l.Length > 0 && !l.Contains(':', StringComparison.Ordinal)).Should().Be(byTag.Count + 1, "a header row and one row per tag");
    }

    [Fact]
    public void Merge_interleaves_logs_by_start_time()
    {
        string[] logs = { "logs/tagged-interleaved", "logs/basic-untagged", "logs/start-time-only-relative" };
        using var temp = new TempFolder();
        string output = temp.File("merged.hlog");
        var args = new List<string> { "merge", "-o", output };
        args.AddRange(logs.Select(LogFixtures.HlogPath));
        ToolRunner.Run(args.ToArray()).ShouldSucceed().Text.Should().BeEmpty();

        var expected = logs.SelectMany(LogFixtures.ExpectedIntervals).ToList();
        using var reader = new HistogramLogReader(output);
        var merged = reader.ReadHistograms().ToList();
        merged.Should().HaveCount(expected.Count);
        merged.Select(h => h.StartTimeStamp).Should().BeInAscendingOrder();
        reader.StartTimeSec.Should().Be(1_700_000_000.123);

        // Every input interval is in the merged log, with its tag and counts (timestamps may move by the 1 ms that
        // Java's seconds-to-milliseconds truncation can lose).
        var remaining = merged.ToList();
        foreach (var interval in expected)
        {
            var h = HistogramEncoding.Decode(LogFixtures.DecodedV2(interval));
            long start = interval.GetProperty("startTimeStamp").GetInt64();
            var match = remaining.FirstOrDefault(m => m.Tag == LogFixtures.Tag(interval) && Math.Abs(m.StartTimeStamp - start) <= 1 && m.Equals(h));
            match.Should().NotBeNull("interval at {0} ({1})", start, LogFixtures.Tag(interval));
            remaining.Remove(match!);
        }

        File.ReadAllText(output).Should().StartWith("#[Merged by hdr merge from: tagged-interleaved.hlog, basic-untagged.hlog, start-time-only-relative.hlog]\n#[Histogram log format version 1.3]\n");
        ToolRunner.Run("merge", "-o", output, output).ShouldFailWithOneLine("also an input", exitCode: 2);
    }
}
