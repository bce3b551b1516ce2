using System;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.NativeHistograms;
using HdrHistogram.Prometheus.Registry;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.Registry;

// A recorder series keeps its running total as the recorded buckets and converts them itself: after any sequence of
// recordings and scrapes, what it exposes equals converting a histogram that recorded the same values.
public class RunningTotalTests
{
    [Theory]
    [InlineData(1, "array", null)]
    [InlineData(2, "packed", null)]
    [InlineData(3, "auto", null)]
    [InlineData(4, "array", 5)]
    [InlineData(5, "packed", -1)]
    public void The_exposed_histograms_equal_converting_the_same_values_recorded_at_once(int seed, string kind, int? schema)
    {
        var random = new Random(seed);
        int digits = 1 + (seed % 3);
        Recorder recorder = kind switch
        {
            "packed" => PrometheusHistogramOptions.CreatePackedRecorder(1, 3_600_000_000_000, digits),
            "auto" => new Recorder(digits),
            _ => new Recorder(1, 3_600_000_000_000, digits),
        };
        var expected = new LongHistogram(1, 3_600_000_000_000, digits) { AutoResize = true };
        var registry = new PrometheusHistogramRegistry();
        var family = registry.CreateHistogram("total_seconds", "h", new PrometheusHistogramOptions
        {
            ValueScale = 1e-9,
            Schema = schema,
            ClassicBucketBounds = new[] { 1e-6, 1e-4, 1e-2, 1.0 },
            MaxNativeBuckets = null, // compared with the unlimited conversion (the limit has its own tests)
        });

        void Record(int n)
        {
            for (int i = 0; i < n; i++)
            {
                long value = random.Next(20) == 0 ? 0 : (long)Math.Exp(random.NextDouble() * 28);
                long count = 1 + random.Next(3);
                recorder.RecordValueWithCount(value, count);
                expected.RecordValueWithCount(value, count);
            }
        }

        Record(500);
        var series = family.Add(recorder);
        for (int scrape = 0; scrape < 6; scrape++)
        {
            Record(scrape == 3 ? 0 : random.Next(1, 400));
            if (scrape % 2 == 0)
            {
                ProtobufScrapes.WriteBytes(registry);
            }
            else
            {
                TextScrapes.Write(registry);
            }
        }

        var exposed = ProtobufScrapes.Write(registry)[0].Metrics[0].Histogram!;
        var native = new NativeHistogram();
        NativeHistogramConverter.Convert(expected, 1e-9, native, schema);
        exposed.SampleCount.Should().Be((ulong)expected.TotalCount);
        exposed.SampleSum.Should().Be(native.Sum);
        exposed.Schema.Should().Be(native.Schema);
        exposed.ZeroCount.Should().Be((ulong)native.ZeroCount);
        exposed.ZeroThreshold.Should().Be(native.ZeroThreshold);
        exposed.PositiveSpans.Should().Equal(native.PositiveSpans.ToArray().Select(s => (s.Offset, s.Length)));
        exposed.PositiveDeltas.Should().Equal(native.PositiveDeltas.ToArray());

        var total = (HistogramBase)series.CopyTotal();
        total.TotalCount.Should().Be(expected.TotalCount);
        total.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo))
            .Should().Equal(expected.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo)));
        total.GetMaxValue().Should().Be(expected.GetMaxValue());

        string text = TextScrapes.Write(registry);
        foreach (double bound in new[] { 1e-6, 1e-4, 1e-2, 1.0 })
        {
            long below = expected.RecordedValues().Where(v => expected.LowestEquivalentValue(v.ValueIteratedTo) * 1e-9 <= bound).Sum(v => v.CountAtValueIteratedTo);
            text.Should().Contain(string.Create(System.Globalization.CultureInfo.InvariantCulture, $"total_seconds_bucket{{le=\"{TextNumbers.Format(bound)}\"}} {below}\n"));
        }

        text.Should().Contain(string.Create(System.Globalization.CultureInfo.InvariantCulture, $"total_seconds_count {expected.TotalCount}\n"));
    }
}
