using System;
using System.Collections.Generic;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Iteration;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.NativeHistograms;

// The core library's allocation-free bucket walk the conversion is built on, against its RecordedValues iteration.
public class RecordedBucketEnumeratorTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void The_walk_reports_the_buckets_recorded_values_reports(int seed)
    {
        var random = new Random(seed);
        var histogram = new LongHistogram(1, 3_600_000_000_000, 1 + seed);
        for (int i = 0; i < 3000; i++)
        {
            histogram.RecordValue((long)Math.Exp(random.NextDouble() * 28));
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
}
