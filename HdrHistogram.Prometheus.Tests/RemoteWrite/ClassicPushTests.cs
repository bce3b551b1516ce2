using System;
using System.Linq;
using System.Threading.Tasks;
using FluentAssertions;
using HdrHistogram.Prometheus.Registry;
using HdrHistogram.Prometheus.RemoteWrite;

namespace HdrHistogram.Prometheus.Tests.RemoteWrite;

/// <summary>Pushing a series' classic form as well (<see cref="PrometheusPusherOptions.IncludeClassic"/>), into a real Prometheus.</summary>
public sealed class ClassicPushTests
{
    [PrometheusFact]
    public async Task Classic_buckets_sum_and_count_arrive_as_float_samples_with_the_text_formats_values()
    {
        using var prometheus = new PrometheusServer();
        var registry = new PrometheusHistogramRegistry();
        var bounds = new[] { 0.001, 0.005, 0.01 };
        var recorder = registry.CreateHistogram("classic_push_seconds", "h", new PrometheusHistogramOptions
        {
            ValueScale = 1e-9,
            LabelNames = new[] { "route" },
            ClassicBucketBounds = bounds,
        }).GetOrCreateRecorder("/x");
        var expected = new LongHistogram(1, 3_600_000_000_000L, 3);
        for (long i = 1; i <= 2000; i++)
        {
            long value = i * 7_919; // 7.9 us to 15.8 ms
            recorder.RecordValue(value);
            expected.RecordValue(value);
        }

        var options = new PrometheusPusherOptions { Url = new Uri(prometheus.WriteUrl), IncludeClassic = true };
        options.Labels["job"] = "classic";
        await using (var pusher = new PrometheusPusher(registry, options))
        {
            (await pusher.PushAsync()).Succeeded.Should().BeTrue();
        }

        const string labels = "job=\"classic\",route=\"/x\"";
        foreach (double bound in bounds)
        {
            // An HDR bucket counts toward le when its lowest value is at most le (the text format's rule).
            long below = expected.RecordedValues().Where(v => expected.LowestEquivalentValue(v.ValueIteratedTo) * 1e-9 <= bound).Sum(v => v.CountAtValueIteratedTo);
            string le = bound.ToString(System.Globalization.CultureInfo.InvariantCulture);
            prometheus.Scalar($"classic_push_seconds_bucket{{{labels},le=\"{le}\"}}").Should().Be(below, "le {0}", le);
        }

        prometheus.Scalar($"classic_push_seconds_bucket{{{labels},le=\"+Inf\"}}").Should().Be(2000);
        prometheus.Scalar($"classic_push_seconds_count{{{labels}}}").Should().Be(2000);
        prometheus.Scalar($"classic_push_seconds_sum{{{labels}}}").Should().BeApproximately(expected.GetMean() * 2000 * 1e-9, 1e-9 * expected.GetMean() * 2000 * 1e-9);
        prometheus.Scalar($"histogram_count(classic_push_seconds{{{labels}}})").Should().Be(2000);
    }
}
