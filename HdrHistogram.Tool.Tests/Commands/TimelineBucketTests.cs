using System;
using System.Globalization;
using System.IO;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Plotting.BrowserTests;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Tests.Infrastructure;
using HdrHistogram.Plotting.Timeline;
using HdrHistogram.Tool.Tests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests.Commands;

/// <summary>
/// The timeline's buckets: interval by interval for a short log, a bounded number of buckets for a long one, each
/// bucket's numbers those of its intervals added together (checked against <c>hdr summary --start --end</c> over the
/// same intervals), bounds shared by the tags, gaps marked.
/// </summary>
public sealed class TimelineBucketTests : TempDirectoryTests
{
    [Fact]
    public void A_log_of_up_to_2048_intervals_is_drawn_interval_by_interval()
    {
        string log = Log(TimelineBuilder.MaxDrawnBuckets);

        var timeline = PlotInputReader.Read(log, new PlotReadOptions()).Single().Timeline;

        timeline.Should().HaveCount(2048);
        timeline.Should().OnlyContain(b => b.Intervals == 1);
        timeline.Select(b => b.TimeSec).Should().Equal(Enumerable.Range(1, 2048).Select(i => (double)i), "each interval is drawn at its end");
        timeline.Select(b => b.FirstStartSec).Should().Equal(Enumerable.Range(0, 2048).Select(i => (double)i));
        timeline[1497].Max.Should().Be(new LongHistogram(1, 3_600_000_000_000, 3).HighestEquivalentValue(2_000_000 + 14_970), "interval 1497 records a stall of 2,014,970 ns");
        timeline[1497].Count.Should().Be(4);
        timeline[1498].Count.Should().Be(3);
    }

    [Fact]
    public void A_long_log_has_1024_to_2048_buckets_that_together_hold_every_interval_and_value()
    {
        string log = Log(10_000);

        var series = PlotInputReader.Read(log, new PlotReadOptions()).Single();

        series.Timeline.Count.Should().BeInRange(1024, 2048);
        series.Timeline.Sum(b => b.Intervals).Should().Be(10_000);
        series.Timeline.Sum(b => b.Count).Should().Be(series.Summary.Count).And.Be((3 * 10_000) + 10, "three values an interval and ten stalls");
        series.Timeline.Select(b => b.TimeSec).Should().BeInAscendingOrder();
        // Buckets of a regular log hold the same number of intervals: the width doubled from a small fraction of one.
        series.Timeline.Select(b => b.Intervals).Distinct().Should().ContainSingle().Which.Should().Be(8);
        series.Timeline.Max(b => b.Max).Should().Be(series.Summary.Max);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(62)]
    [InlineData(1249)]
    public void A_buckets_numbers_are_what_hdr_summary_prints_for_its_intervals(int index)
    {
        string log = Log(10_000);
        var bucket = PlotInputReader.Read(log, new PlotReadOptions()).Single().Timeline[index];

        string start = bucket.FirstStartSec.ToString("R", CultureInfo.InvariantCulture);
        string end = bucket.LastStartSec.ToString("R", CultureInfo.InvariantCulture);
        var result = ToolRunner.Run("summary", log, "--unit", "ns", "--start", start, "--end", end);
        result.ExitCode.Should().Be(0, result.Stderr);
        string summary = result.Text;

        // Tag  Intervals  Span (s)  Count  Min  p50  p90  p99  p99.9  p99.99  Max  Mean
        var row = summary.Split('\n').Single(l => l.StartsWith("(untagged)", StringComparison.Ordinal)).Split(' ', StringSplitOptions.RemoveEmptyEntries);
        row[1].Should().Be(bucket.Intervals.ToString(CultureInfo.InvariantCulture));
        row[3].Should().Be(bucket.Count.ToString(CultureInfo.InvariantCulture));
        new[] { row[5], row[6], row[7], row[8] }.Should().Equal(bucket.Values.Select(v => v.ToString(CultureInfo.InvariantCulture)));
        row[10].Should().Be(bucket.Max.ToString(CultureInfo.InvariantCulture));
    }

    [Fact]
    public void The_tags_of_a_log_share_the_bucket_bounds()
    {
        string log = TempFile("tagged.hlog");
        SyntheticLog.Write(log, 5_000, tags: new string?[] { null, "db" });

        var series = PlotInputReader.Read(log, new PlotReadOptions());

        series.Select(s => s.Tag).Should().Equal(null, "db");
        series[0].Timeline.Select(b => b.FirstStartSec).Should().Equal(series[1].Timeline.Select(b => b.FirstStartSec));
        series[1].Timeline.Select(b => b.Max).Should().Equal(series[0].Timeline.Select(b => b.Max * 2 + 1), "the db values are twice the untagged ones (a bucket's top is one below the next's)");
    }

    [Fact]
    public void A_gap_in_the_log_is_marked_on_the_bucket_after_it()
    {
        string log = TempFile("gap.hlog");
        SyntheticLog.Write(log, 100, skip: i => i is >= 40 and < 60);

        var timeline = PlotInputReader.Read(log, new PlotReadOptions()).Single().Timeline;

        timeline.Should().HaveCount(80);
        timeline.Where(b => b.AfterGap).Select(b => b.FirstStartSec).Should().Equal(60.0);
    }

    [Fact]
    public void An_interval_out_of_order_lands_in_its_own_bucket()
    {
        string log = Log(10);
        var lines = File.ReadAllLines(log).ToList();
        int first = lines.FindIndex(l => l.Length > 0 && char.IsDigit(l[0]));
        (lines[first + 3], lines[first + 6]) = (lines[first + 6], lines[first + 3]);
        File.WriteAllLines(log, lines);

        var timeline = PlotInputReader.Read(log, new PlotReadOptions()).Single().Timeline;

        timeline.Select(b => b.FirstStartSec).Should().Equal(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        timeline.Should().OnlyContain(b => b.Intervals == 1);
    }

    private string Log(int intervals) => SyntheticLog.In(TempDirectory, intervals);
}
