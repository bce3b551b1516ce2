using System;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using FluentAssertions;
using HdrHistogram.Prometheus.AspNetCore;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.Hosting;
using HdrHistogram.Prometheus.NativeHistograms;
using HdrHistogram.Prometheus.Registry;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Logging;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.Docs;

// The C# samples of docs/prometheus.md, verbatim, run.
public class PrometheusDocSamples
{
    [Fact]
    public async Task Two_lines_in_a_service()
    {
        var builder = WebApplication.CreateBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        await using var app = builder.Build();
        // doc-sample: prometheus-two-lines
        app.UseHdrRequestDurations();
        app.MapHdrMetrics("/metrics");
        // end-doc-sample
        app.MapGet("/ping", () => "pong");
        await app.StartAsync();
        using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
        await client.GetStringAsync(new Uri("/ping", UriKind.Relative));
        string text = await client.GetStringAsync(new Uri("/metrics", UriKind.Relative));
        text.Should().Contain("http_server_request_duration_seconds_count{route=\"/ping\",status=\"200\"} 1\n");
        await app.StopAsync();
    }

    [Fact]
    public async Task Own_recorders_and_the_standalone_listener()
    {
        // doc-sample: prometheus-own-recorders
        var registry = new PrometheusHistogramRegistry();
        var family = registry.CreateHistogram(
            "checkout_duration_seconds",
            "Checkout latency.",
            new PrometheusHistogramOptions { Unit = "seconds", ValueScale = 1e-9, LabelNames = new[] { "region" } });
        var recorder = PrometheusHistogramOptions.CreatePackedRecorder(1, 3_600_000_000_000, 3);
        family.Add(recorder, "eu-west");
        recorder.RecordValue(1_250_000); // 1.25 ms, recorded in nanoseconds
        // end-doc-sample

        // doc-sample: prometheus-listener
        using var listener = new PrometheusMetricsListener("http://localhost:9464/metrics/", registry);
        listener.Start();
        // end-doc-sample

        using var client = new HttpClient();
        string text = await client.GetStringAsync(new Uri("http://localhost:9464/metrics/"));
        text.Should().Contain("checkout_duration_seconds_count{region=\"eu-west\"} 1\n").And.Contain("# UNIT checkout_duration_seconds seconds\n");
    }

    [Fact]
    public void Conversion_and_bound()
    {
        // doc-sample: prometheus-conversion
        var histogram = new LongHistogram(1, 3_600_000_000_000, 3);
        histogram.RecordValue(1_250_000);
        var native = new NativeHistogram();
        NativeHistogramConverter.Convert(histogram, 1e-9, native);
        double bound = NativeHistogramSchema.MaxRelativeQuantileError(native.Schema, histogram.SubBucketCount);
        // end-doc-sample
        native.Schema.Should().Be(8);
        native.Count.Should().Be(1);
        bound.Should().BeApproximately(0.00367, 0.00001);
        PrometheusContentNegotiation.Negotiate("text/plain").Should().Be(PrometheusExpositionFormat.Text);
    }
}
