using HdrHistogram.Iteration;

namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// <see cref="HistogramBase.EnumerateRecordedBuckets"/> skips empty runs with the store's non-zero walk (vectorized
/// over arrays, page-skipping over packed counts, index by index in a shifted layout): every histogram type reports the
/// buckets its <see cref="HistogramBase.RecordedValues"/> iteration reports, and a recorder's interval gets the minimum
/// and maximum of what was recorded into it.
/// </summary>
public class RecordedBucketWalkTests
{
    public static IEnumerable<object[]> Types()
        => new[] { "long", "int", "short", "long-concurrent", "int-concurrent", "packed", "packed-concurrent" }
            .SelectMany(t => new[] { 0, 1 }.Select(shift => new object[] { t, shift }));

    [Theory]
    [MemberData(nameof(Types))]
    public void The_walk_reports_exactly_the_recorded_buckets(string type, int shift)
    {
        var random = new Random(type.GetHashCode(StringComparison.Ordinal) ^ shift);
        var histogram = HistogramKinds.Create(type, 1, 1L << 40, 2 + ((type.Length + shift) % 3)); // 2 to 4 digits across the cases
        histogram.RecordValue(0);
        for (int i = 0; i < 2000; i++)
        {
            // Clusters of neighbouring slots and isolated ones, both sides of vector and page boundaries.
            long value = (long)Math.Exp(random.NextDouble() * 24);
            histogram.RecordValueWithCount(value, 1 + random.Next(3));
            histogram.RecordValue(value + 1);
        }

        if (shift != 0)
        {
            histogram.ShiftValuesLeft(shift);
            histogram.NormalizingIndexOffset.Should().NotBe(0);
        }

        var walked = new List<RecordedBucket>();
        foreach (var bucket in histogram.EnumerateRecordedBuckets())
        {
            walked.Add(bucket);
        }

        var expected = histogram.RecordedValues()
            .Select(v => new RecordedBucket(histogram.LowestEquivalentValue(v.ValueIteratedTo), v.ValueIteratedTo, v.CountAtValueIteratedTo))
            .ToList();
        walked.Should().Equal(expected);
        walked.Sum(b => b.Count).Should().Be(histogram.TotalCount);
        walked[0].LowestEquivalentValue.Should().Be(0);
    }

    [Fact]
    public void An_empty_histogram_has_no_buckets_and_a_double_histogram_walks_its_integer_buckets()
    {
        var empty = new LongHistogram(1, 1000, 3);
        empty.EnumerateRecordedBuckets().MoveNext().Should().BeFalse();
        var doubles = new DoubleHistogram(1_000_000, 3);
        doubles.RecordValue(0.5);
        doubles.RecordValue(250.0);
        var walked = new List<RecordedBucket>();
        foreach (var bucket in doubles.EnumerateRecordedBuckets())
        {
            walked.Add(bucket);
        }

        walked.Should().HaveCount(2);
        (walked[0].LowestEquivalentValue * doubles.IntegerToDoubleValueConversionRatio).Should().Be(doubles.LowestEquivalentValue(0.5));
        (walked[1].LowestEquivalentValue * doubles.IntegerToDoubleValueConversionRatio).Should().Be(doubles.LowestEquivalentValue(250.0));
    }

    [Theory]
    [InlineData("long-concurrent")]
    [InlineData("packed-concurrent")]
    public void A_recorder_interval_has_the_minimum_and_maximum_of_its_values(string type)
    {
        var recorder = new Recorder(1, 1L << 40, 3, (id, low, high, digits) => HistogramKinds.Create(type, id, low, high, digits));
        recorder.RecordValue(123_456);
        recorder.RecordValue(7);
        recorder.RecordValue(98_765_432_109);
        var interval = recorder.GetIntervalHistogram();
        interval.GetMinNonZeroValue().Should().Be(7);
        interval.GetMaxValue().Should().Be(interval.HighestEquivalentValue(98_765_432_109));
        interval.TotalCount.Should().Be(3);

        recorder.RecordValue(5_000);
        interval = recorder.GetIntervalHistogram(interval);
        interval.GetMinNonZeroValue().Should().Be(interval.LowestEquivalentValue(5_000));
        interval.GetMaxValue().Should().Be(interval.HighestEquivalentValue(5_000));
        interval.TotalCount.Should().Be(1);
    }
}
