using System;
using FluentAssertions;
using HdrHistogram.Prometheus.NativeHistograms;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.NativeHistograms;

public class NativeHistogramSchemaTests
{
    [Theory]
    [InlineData(0, 0)]
    [InlineData(1, 3)]
    [InlineData(2, 6)]
    [InlineData(3, 8)]
    [InlineData(4, 8)]
    [InlineData(5, 8)]
    public void The_schema_is_the_finest_no_finer_than_the_hdr_buckets(int digits, int expectedSchema)
    {
        NativeHistogramSchema.ForSignificantDigits(digits).Should().Be(expectedSchema);
        int subBucketCount = new LongHistogram(1, 1000, digits).SubBucketCount;
        NativeHistogramSchema.ForSubBucketCount(subBucketCount).Should().Be(expectedSchema);
        if (expectedSchema < 8)
        {
            // One step finer would make native buckets narrower than the widest HDR bucket (relative 2/subBucketCount).
            NativeHistogramSchema.Growth(expectedSchema + 1).Should().BeLessThan(1 + (2.0 / subBucketCount));
        }
    }

    [Theory]
    [InlineData(1.0, 8, 0)]
    [InlineData(1024.0, 8, 2560)]
    [InlineData(1025.0, 8, 2561)]
    [InlineData(1000.0, 8, 2552)]
    [InlineData(1024.0, 0, 10)]
    [InlineData(1025.0, 0, 11)]
    [InlineData(1024.0, -2, 3)]
    [InlineData(4097.0, -2, 4)]
    [InlineData(0.75, 0, 0)]
    [InlineData(0.5, 0, -1)]
    [InlineData(1.5, 1, 2)]
    [InlineData(1.4, 1, 1)]
    [InlineData(0.001, 8, -2551)]
    public void Bucket_indexes_have_inclusive_upper_bounds(double value, int schema, int expectedIndex)
    {
        NativeHistogramSchema.BucketIndex(value, schema).Should().Be(expectedIndex);
    }

    [Fact]
    public void Every_value_lies_between_its_buckets_bounds()
    {
        var random = new Random(7);
        for (int schema = NativeHistogramSchema.MinSchema; schema <= NativeHistogramSchema.MaxSchema; schema++)
        {
            for (int i = 0; i < 2000; i++)
            {
                double value = Math.Exp((random.NextDouble() * 80) - 40);
                int index = NativeHistogramSchema.BucketIndex(value, schema);
                double upper = Math.Pow(2, index * Math.Pow(2, -schema));
                double lower = Math.Pow(2, (index - 1) * Math.Pow(2, -schema));
                value.Should().BeLessThanOrEqualTo(upper * (1 + 1e-15)).And.BeGreaterThan(lower * (1 - 1e-15), "schema {0}", schema);
            }
        }
    }

    [Fact]
    public void Upper_bounds_are_exactly_the_bounds_bucket_indexes_compare_with()
    {
        var random = new Random(11);
        for (int schema = NativeHistogramSchema.MinSchema; schema <= NativeHistogramSchema.MaxSchema; schema++)
        {
            for (int i = 0; i < 5000; i++)
            {
                double value = Math.Exp((random.NextDouble() * 1400) - 700);
                int index = NativeHistogramSchema.BucketIndex(value, schema);
                value.Should().BeLessThanOrEqualTo(NativeHistogramSchema.UpperBound(index, schema), "schema {0}", schema);
                value.Should().BeGreaterThan(NativeHistogramSchema.UpperBound(index - 1, schema), "schema {0}", schema);

                // The bound itself is the last value of its bucket; the next double up starts the next bucket.
                double bound = NativeHistogramSchema.UpperBound(index, schema);
                NativeHistogramSchema.BucketIndex(bound, schema).Should().Be(index);
                if (bound < double.MaxValue)
                {
                    NativeHistogramSchema.BucketIndex(Math.BitIncrement(bound), schema).Should().Be(index + 1);
                }
            }
        }
    }

    [Theory]
    [InlineData(8, 1)]
    [InlineData(8, -2551)]
    [InlineData(8, 2560)]
    [InlineData(3, 7)]
    [InlineData(1, -3)]
    [InlineData(0, 10)]
    [InlineData(-4, 3)]
    public void Upper_bounds_are_powers_of_two_to_the_nearest_double(int schema, int index)
    {
        // 2^(index / 2^schema) as Math.Pow computes it: the two agree within one unit in the last place.
        double exact = Math.Pow(2.0, index * Math.Pow(2.0, -schema));
        double bound = NativeHistogramSchema.UpperBound(index, schema);
        Math.Abs(bound - exact).Should().BeLessThanOrEqualTo(Math.BitIncrement(exact) - exact);
    }

    [Fact]
    public void The_last_buckets_bound_is_the_largest_double()
    {
        NativeHistogramSchema.UpperBound(1024, 0).Should().Be(double.MaxValue);
        NativeHistogramSchema.UpperBound(256, -2).Should().Be(double.MaxValue);
        NativeHistogramSchema.UpperBound(1024 * 256, 8).Should().Be(double.MaxValue);
        NativeHistogramSchema.UpperBound((1024 * 256) - 1, 8).Should().BeLessThan(double.MaxValue);
    }

    [Theory]
    [InlineData(8, 2048, 0.00367)]
    [InlineData(5, 2048, 0.02238)]
    [InlineData(6, 256, 0.01844)]
    public void The_stated_bound(int schema, int subBucketCount, double expected)
    {
        NativeHistogramSchema.MaxRelativeQuantileError(schema, subBucketCount).Should().BeApproximately(expected, 0.00001);
    }

    [Fact]
    public void Bad_arguments_throw()
    {
        FluentActions.Invoking(() => NativeHistogramSchema.BucketIndex(0, 3)).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => NativeHistogramSchema.BucketIndex(1, 9)).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => NativeHistogramSchema.ForSignificantDigits(6)).Should().Throw<ArgumentOutOfRangeException>();
    }
}
