using System;
using System.Buffers;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Prometheus.NativeHistograms;
using HdrHistogram.Prometheus.Registry;
using HdrHistogram.Prometheus.Tests.Protobuf;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.Registry;

/// <summary>
/// The operator's bound on a series' native buckets: a series that would populate more is exposed at the highest
/// lower schema that fits, exactly as a family of that schema would expose it; one that fits keeps its schema.
/// </summary>
public class ResolutionTests
{
    private static readonly long[] Values = Enumerable.Range(0, 4000).Select(i => 1_000L + (i * 2_503L)).ToArray();

    private static PbHistogram Exposed(PrometheusHistogramOptions options, bool doubleRecorder = false)
    {
        var registry = new PrometheusHistogramRegistry();
        var family = registry.CreateHistogram("latency_seconds", "help", options);
        if (doubleRecorder)
        {
            var recorder = new DoubleRecorder(1_000_000_000, 3);
            foreach (long value in Values)
            {
                recorder.RecordValue(value / 1e3);
            }

            family.Add(recorder);
        }
        else
        {
            var recorder = family.GetOrCreateRecorder();
            foreach (long value in Values)
            {
                recorder.RecordValue(value);
            }
        }

        return ProtobufScrapes.Write(registry).Single().Metrics.Single().Histogram!;
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_series_over_the_limit_is_exposed_at_the_highest_schema_that_fits(bool doubleRecorder)
    {
        var full = Exposed(new PrometheusHistogramOptions { MaxNativeBuckets = null }, doubleRecorder);
        full.PositiveBuckets().Count.Should().BeGreaterThan(100, "the values spread over many buckets at the full schema");

        var bounded = Exposed(new PrometheusHistogramOptions { MaxNativeBuckets = 100 }, doubleRecorder);
        bounded.PositiveBuckets().Count.Should().BeLessThanOrEqualTo(100);
        bounded.Schema.Should().BeLessThan(full.Schema);
        var oneHigher = Exposed(new PrometheusHistogramOptions { Schema = bounded.Schema + 1, MaxNativeBuckets = null }, doubleRecorder);
        oneHigher.PositiveBuckets().Count.Should().BeGreaterThan(100, "the schema chosen is the highest that fits");

        var same = Exposed(new PrometheusHistogramOptions { Schema = bounded.Schema, MaxNativeBuckets = null }, doubleRecorder);
        bounded.PositiveBuckets().Should().Equal(same.PositiveBuckets(), "lowering the schema merges buckets exactly as converting at that schema");
        bounded.SampleCount.Should().Be(full.SampleCount);
        bounded.SampleSum.Should().Be(full.SampleSum);
        bounded.ZeroCount.Should().Be(full.ZeroCount);
    }

    [Fact]
    public void A_series_that_outgrows_the_limit_scrape_by_scrape_ends_as_one_recorded_at_once_at_its_schema()
    {
        var registry = new PrometheusHistogramRegistry();
        var family = registry.CreateHistogram("grown_seconds", "help", new PrometheusHistogramOptions { ValueScale = 1e-9, MaxNativeBuckets = 40 });
        var recorder = family.GetOrCreateRecorder();
        var scrapes = new System.Collections.Generic.List<PbHistogram>();
        foreach (var batch in Values.Chunk(400))
        {
            foreach (long value in batch)
            {
                recorder.RecordValue(value);
            }

            scrapes.Add(ProtobufScrapes.Write(registry).Single().Metrics.Single().Histogram!);
        }

        scrapes.Should().OnlyContain(exposed => exposed.PositiveBuckets().Count <= 40);
        scrapes.Select(exposed => exposed.Schema).Should().BeInDescendingOrder().And.Subject.Distinct().Should().HaveCountGreaterThan(1, "the schema steps down as the buckets spread");
        var last = scrapes[^1];
        var atOnce = Exposed(new PrometheusHistogramOptions { Schema = last.Schema, MaxNativeBuckets = null, ValueScale = 1e-9 });
        last.PositiveBuckets().Should().Equal(atOnce.PositiveBuckets());
        last.SampleCount.Should().Be(atOnce.SampleCount);
        last.SampleSum.Should().Be(atOnce.SampleSum);
    }

    [Fact]
    public void A_series_within_the_limit_keeps_its_schema()
    {
        var full = Exposed(new PrometheusHistogramOptions { MaxNativeBuckets = null });
        var roomy = Exposed(new PrometheusHistogramOptions { MaxNativeBuckets = full.PositiveBuckets().Count });
        roomy.Schema.Should().Be(full.Schema);
        roomy.PositiveBuckets().Should().Equal(full.PositiveBuckets());
    }

    [Fact]
    public void By_default_a_series_exposes_at_most_160_buckets_and_null_lifts_the_limit()
    {
        new PrometheusHistogramOptions().MaxNativeBuckets.Should().Be(160);
        var full = Exposed(new PrometheusHistogramOptions { MaxNativeBuckets = null });
        full.PositiveBuckets().Count.Should().BeGreaterThan(160, "the values spread over more buckets at the full schema");

        var byDefault = Exposed(new PrometheusHistogramOptions());
        byDefault.PositiveBuckets().Count.Should().BeLessThanOrEqualTo(160);
        byDefault.Should().BeEquivalentTo(
            Exposed(new PrometheusHistogramOptions { MaxNativeBuckets = 160 }),
            o => o.Excluding(h => h.CreatedSeconds).Excluding(h => h.CreatedNanos));
        Exposed(new PrometheusHistogramOptions { Schema = byDefault.Schema + 1, MaxNativeBuckets = null }).PositiveBuckets().Count
            .Should().BeGreaterThan(160, "the default limit lowers the schema only as far as it must");
    }

    [Theory]
    [InlineData(1, 1)]
    [InlineData(2, 1)]
    [InlineData(3, 2)]
    [InlineData(0, 0)]
    [InlineData(-1, 0)]
    [InlineData(-2, -1)]
    [InlineData(-3, -1)]
    public void One_step_down_merges_buckets_2j_minus_1_and_2j_into_j(int index, int lower)
        => NativeHistogramSchema.LowerIndex(index, 1).Should().Be(lower);

    [Fact]
    public void A_limit_below_one_is_refused()
        => new PrometheusHistogramRegistry().Invoking(r => r.CreateHistogram("x", "h", new PrometheusHistogramOptions { MaxNativeBuckets = 0 }))
            .Should().Throw<ArgumentException>();
}
