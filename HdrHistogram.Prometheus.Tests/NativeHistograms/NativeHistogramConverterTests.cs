using System;
using System.Collections.Generic;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Prometheus.NativeHistograms;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.NativeHistograms;

public class NativeHistogramConverterTests
{
    [Fact]
    public void A_small_histogram_converts_to_the_hand_computed_native_histogram()
    {
        var histogram = new LongHistogram(1, 1_000_000, 3);
        histogram.RecordValueWithCount(0, 2);
        histogram.RecordValueWithCount(1, 3);
        histogram.RecordValueWithCount(1000, 5);
        histogram.RecordValueWithCount(1001, 1);
        histogram.RecordValueWithCount(3000, 4); // HDR bucket [3000, 3001], middle 3001

        var native = new NativeHistogram();
        NativeHistogramConverter.Convert(histogram, 1.0, native);

        native.Schema.Should().Be(8);
        native.ZeroCount.Should().Be(2);
        native.ZeroThreshold.Should().Be(NativeHistogramSchema.DefaultZeroThreshold);
        native.Count.Should().Be(15);
        native.Sum.Should().Be(0 + 3 + 5000 + 1001 + (4 * 3001));
        native.PositiveSpans.ToArray().Should().Equal(new NativeBucketSpan(0, 1), new NativeBucketSpan(2551, 1), new NativeBucketSpan(404, 1));
        native.PositiveDeltas.ToArray().Should().Equal(3, 3, -2);
        var indexes = new int[3];
        var counts = new long[3];
        native.GetPositiveBuckets(indexes, counts).Should().Be(3);
        indexes.Should().Equal(0, 2552, 2957);
        counts.Should().Equal(3, 6, 4);
    }

    [Fact]
    public void Adjacent_buckets_share_a_span_and_a_set_schema_is_used()
    {
        var histogram = new LongHistogram(1, 1_000_000, 3);
        histogram.RecordValue(1); // schema 0: index 0
        histogram.RecordValue(2); // index 1
        histogram.RecordValue(3); // index 2 (2, 4]
        histogram.RecordValue(4); // index 2
        histogram.RecordValue(100); // index 7 (64, 128]
        var native = new NativeHistogram();
        NativeHistogramConverter.Convert(histogram, 1.0, native, schema: 0);
        native.Schema.Should().Be(0);
        native.PositiveSpans.ToArray().Should().Equal(new NativeBucketSpan(0, 3), new NativeBucketSpan(4, 1));
        native.PositiveDeltas.ToArray().Should().Equal(1, 0, 1, -1);
    }

    [Fact]
    public void A_coarse_lowest_discernible_value_becomes_the_zero_bucket()
    {
        var histogram = new LongHistogram(1000, 1_000_000_000, 2); // unit 512: [0, 511] is one HDR bucket
        histogram.RecordValue(300);
        histogram.RecordValue(1_000_000);
        var native = new NativeHistogram();
        NativeHistogramConverter.Convert(histogram, 1e-9, native);
        native.ZeroCount.Should().Be(1);
        native.ZeroThreshold.Should().Be(511 * 1e-9);
        native.Count.Should().Be(2);
    }

    [Fact]
    public void Values_in_nanoseconds_are_exposed_in_seconds()
    {
        var histogram = new LongHistogram(1, 3_600_000_000_000, 3);
        histogram.RecordValue(1_000_000); // 1 ms: HDR bucket [999936, 1000447] (width 512), lowest 0.000999936 s
        var native = new NativeHistogram();
        NativeHistogramConverter.Convert(histogram, 1e-9, native);
        int expected = (int)Math.Ceiling(Math.Log2(999936e-9) * 256);
        native.PositiveSpans.ToArray().Should().Equal(new NativeBucketSpan(expected, 1));
        native.Sum.Should().BeApproximately((999936 + 256) * 1e-9, 1e-18);
    }

    [Fact]
    public void Converting_again_allocates_nothing()
    {
        var histogram = new LongHistogram(1, 3_600_000_000_000, 3);
        var random = new Random(3);
        for (int i = 0; i < 5000; i++)
        {
            histogram.RecordValue((long)Math.Exp(random.NextDouble() * 25));
        }

        var native = new NativeHistogram();
        NativeHistogramConverter.Convert(histogram, 1e-9, native);

        // The least of three runs: the runtime's own work on a loaded machine (a 2,344-byte allocation once, in a CI
        // run beside other processes) must not read as the converter's; an allocation of its own shows in every run.
        long least = long.MaxValue;
        for (int run = 0; run < 3; run++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 10; i++)
            {
                NativeHistogramConverter.Convert(histogram, 1e-9, native);
            }

            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        least.Should().Be(0);
    }

    public static IEnumerable<object[]> RandomCases()
    {
        // kind, digits, schema (null = derived), seed
        foreach (int digits in new[] { 1, 2, 3 })
        {
            foreach (int? schema in new int?[] { null, 5, 2, 0, -3 })
            {
                foreach (int seed in new[] { 1, 2, 3 })
                {
                    yield return new object[] { "long", digits, schema!, seed };
                    yield return new object[] { "double", digits, schema!, seed };
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(RandomCases))]
    public void Quantiles_computed_the_way_prometheus_does_stay_within_the_stated_bound(string kind, int digits, int? schema, int seed)
    {
        var random = new Random(seed);
        int n = 1 + random.Next(20_000);
        var values = new double[n];
        var native = new NativeHistogram();
        int subBucketCount;
        if (kind == "long")
        {
            var histogram = new LongHistogram(1, 3_600_000_000_000, digits);
            for (int i = 0; i < n; i++)
            {
                long v = 1 + (long)Math.Exp(random.NextDouble() * random.NextDouble() * 28);
                histogram.RecordValue(v);
                values[i] = v * 1e-9;
            }

            subBucketCount = histogram.SubBucketCount;
            NativeHistogramConverter.Convert(histogram, 1e-9, native, schema);
        }
        else
        {
            var histogram = new DoubleHistogram(1_000_000_000, digits);
            for (int i = 0; i < n; i++)
            {
                double v = Math.Exp((random.NextDouble() * 12) - 4);
                histogram.RecordValue(v);
                values[i] = v * 1e3;
            }

            subBucketCount = new LongHistogram(1, 1000, digits).SubBucketCount;
            NativeHistogramConverter.Convert(histogram, 1e3, native, schema);
        }

        native.Count.Should().Be(n);
        Array.Sort(values);
        int usedSchema = schema ?? NativeHistogramSchema.ForSubBucketCount(subBucketCount);
        native.Schema.Should().Be(usedSchema);
        double bound = NativeHistogramSchema.MaxRelativeQuantileError(usedSchema, subBucketCount);
        foreach (double q in new[] { 0.0001, 0.01, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 0.9999, 1.0 })
        {
            double exact = values[(int)Math.Ceiling(q * n) - 1];
            double estimated = PrometheusStyleQuantile(q, native);
            Math.Abs(estimated - exact).Should().BeLessThanOrEqualTo(exact * bound * (1 + 1e-9), "q={0}, n={1}", q, n);
        }
    }

    // Prometheus' histogram_quantile for a native histogram with positive buckets only: rank q·count, the first bucket
    // whose cumulative count reaches it, linear interpolation between that bucket's bounds (the zero bucket from 0).
    private static double PrometheusStyleQuantile(double q, NativeHistogram h)
    {
        double rank = q * h.Count;
        if (h.ZeroCount >= rank && h.ZeroCount > 0)
        {
            return h.ZeroThreshold * rank / h.ZeroCount;
        }

        double cumulative = h.ZeroCount;
        var indexes = new int[h.PositiveDeltas.Length];
        var counts = new long[indexes.Length];
        h.GetPositiveBuckets(indexes, counts);
        for (int i = 0; i < indexes.Length; i++)
        {
            if (cumulative + counts[i] >= rank)
            {
                double lower = Math.Pow(2, (indexes[i] - 1) * Math.Pow(2, -h.Schema));
                double upper = Math.Pow(2, indexes[i] * Math.Pow(2, -h.Schema));
                return lower + ((upper - lower) * (rank - cumulative) / counts[i]);
            }

            cumulative += counts[i];
        }

        return Math.Pow(2, indexes.Last() * Math.Pow(2, -h.Schema));
    }
}
