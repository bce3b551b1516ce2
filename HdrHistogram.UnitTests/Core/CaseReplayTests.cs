using System.Collections.Generic;
using System.IO;
using System.Linq;
using FluentAssertions;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.UnitTests.Core;

/// <summary>
/// Replays every integer-histogram case of the Java reference vectors and compares what the histogram reports
/// with what Java reported for the same recordings.
/// </summary>
public class CaseReplayTests
{
    public static IEnumerable<object[]> Cases => JavaCase.IntegerCaseNames();

    [Theory]
    [MemberData(nameof(Cases))]
    public void Replay_gives_Javas_summary_statistics(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.Replay();
        var e = c.Expected;

        h.TotalCount.Should().Be(e.GetProperty("totalCount").GetInt64());
        h.GetMinValue().Should().Be(e.GetProperty("minValue").GetInt64());
        h.GetMaxValue().Should().Be(e.GetProperty("maxValue").GetInt64());
        h.GetMinNonZeroValue().Should().Be(e.GetProperty("minNonZeroValue").GetInt64());
        h.GetMaxValueAsDouble().Should().Be(e.GetProperty("maxValueAsDouble").GetDouble());
        h.GetMean().Should().Be(e.GetProperty("mean").GetDouble(), "Java sums bucket by bucket in index order");
        h.GetStdDeviation().Should().Be(e.GetProperty("stdDeviation").GetDouble());
        h.GetNeededByteBufferCapacity().Should().Be(e.GetProperty("neededByteBufferCapacity").GetInt32());
        h.HighestTrackableValue.Should().Be(c.Root.GetProperty("configAfterRecording").GetProperty("highestTrackableValue").GetInt64());
        if (c.HistogramType != "ConcurrentHistogram")
        {
            // Java's concurrent histogram keeps two count arrays; ours keeps one, so only the others share the formula.
            h.GetEstimatedFootprintInBytes().Should().Be(e.GetProperty("estimatedFootprintInBytes").GetInt32());
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Replay_gives_Javas_value_queries(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.Replay();
        var e = c.Expected;

        foreach (var p in e.GetProperty("valueAtPercentile").EnumerateArray())
        {
            h.GetValueAtPercentile(p[0].GetDouble()).Should().Be(p[1].GetInt64(), "percentile {0}", p[0].GetDouble());
        }

        foreach (var p in e.GetProperty("countAtValue").EnumerateArray())
        {
            h.GetCountAtValue(p[0].GetInt64()).Should().Be(p[1].GetInt64(), "count at {0}", p[0].GetInt64());
        }

        foreach (var p in e.GetProperty("percentileAtOrBelowValue").EnumerateArray())
        {
            h.GetPercentileAtOrBelowValue(p[0].GetInt64()).Should().Be(p[1].GetDouble(), "percentile at or below {0}", p[0].GetInt64());
        }

        foreach (var p in e.GetProperty("countBetweenValues").EnumerateArray())
        {
            h.GetCountBetweenValues(p[0].GetInt64(), p[1].GetInt64()).Should().Be(p[2].GetInt64());
        }

        foreach (var v in e.GetProperty("equivalentValues").EnumerateArray())
        {
            long value = v.GetProperty("value").GetInt64();
            h.LowestEquivalentValue(value).Should().Be(v.GetProperty("lowestEquivalentValue").GetInt64(), "lowest equivalent of {0}", value);
            h.HighestEquivalentValue(value).Should().Be(v.GetProperty("highestEquivalentValue").GetInt64(), "highest equivalent of {0}", value);
            h.SizeOfEquivalentValueRange(value).Should().Be(v.GetProperty("sizeOfEquivalentValueRange").GetInt64(), "range size of {0}", value);
            h.MedianEquivalentValue(value).Should().Be(v.GetProperty("medianEquivalentValue").GetInt64(), "median equivalent of {0}", value);
            h.NextNonEquivalentValue(value).Should().Be(v.GetProperty("nextNonEquivalentValue").GetInt64(), "next non-equivalent of {0}", value);
            h.ValuesAreEquivalent(value, v.GetProperty("lowestEquivalentValue").GetInt64()).Should().BeTrue();
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Recorded_values_iteration_gives_Javas_buckets(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.Replay();
        var expected = ReadBuckets(c);

        var actual = h.RecordedValues()
            .Select(v => (h.LowestEquivalentValue(v.ValueIteratedTo), v.ValueIteratedTo, v.CountAtValueIteratedTo))
            .ToList();

        actual.ShouldEqualSequence(expected);
        c.Root.GetProperty("bucketCount").GetInt32().Should().Be(actual.Count);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Percentile_distribution_text_matches_Java_byte_for_byte(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.Replay();

        Render(h, csv: false).Should().Be(c.HgrmText);
        using (new CultureScope("de-DE"))
        {
            Render(h, csv: false).Should().Be(c.HgrmText);
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Percentile_distribution_csv_matches_Java_byte_for_byte(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.Replay();

        Render(h, csv: true).Should().Be(c.CsvText);
        using (new CultureScope("de-DE"))
        {
            Render(h, csv: true).Should().Be(c.CsvText);
        }
    }

    internal static string Render(HistogramBase h, bool csv)
    {
        var writer = new StringWriter();
        if (csv)
        {
            h.OutputPercentileDistribution(writer, 5, 1000.0, useCsvFormat: true);
        }
        else
        {
            h.OutputPercentileDistribution(writer, 5, 1.0);
        }

        return writer.ToString();
    }

    private static List<(long, long, long)> ReadBuckets(JavaCase c)
    {
        if (c.Root.TryGetProperty("buckets", out var inline))
        {
            return inline.EnumerateArray().Select(b => (b[0].GetInt64(), b[1].GetInt64(), b[2].GetInt64())).ToList();
        }

        string file = Path.Combine(FixturePaths.JavaCases, Path.GetFileName(c.Root.GetProperty("bucketsFile").GetString()!));
        return File.ReadLines(file)
            .Where(l => l.Length > 0)
            .Select(l => l.Split(' '))
            .Select(p => (long.Parse(p[0], System.Globalization.CultureInfo.InvariantCulture), long.Parse(p[1], System.Globalization.CultureInfo.InvariantCulture), long.Parse(p[2], System.Globalization.CultureInfo.InvariantCulture)))
            .ToList();
    }
}
