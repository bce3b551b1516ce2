using System;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Threading.Tasks;
using FluentAssertions;
using HdrHistogram.Prometheus.AspNetCore;
using HdrHistogram.Prometheus.Hosting;
using HdrHistogram.Prometheus.Registry;
using HdrHistogram.Prometheus.Tests.Protobuf;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.Serving;

public class ServingTests
{
    private const string PrometheusAccept =
        "application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;encoding=delimited;q=0.7,text/plain;version=0.0.4;q=0.3,*/*;q=0.1";

    [Fact]
    public async Task The_middleware_records_per_route_and_status_and_the_endpoint_serves_both_formats()
    {
        var registry = new PrometheusHistogramRegistry();
        var builder = WebApplication.CreateBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        await using var app = builder.Build();
        app.UseHdrRequestDurations(registry.RequestDurations);
        app.MapGet("/hello", () => "hi");
        app.MapGet("/items/{id}", (int id) => id < 0 ? Results.BadRequest() : Results.Ok(id));
        app.MapHdrMetrics("/metrics", registry);
        await app.StartAsync();
        using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
        for (int i = 0; i < 3; i++)
        {
            (await client.GetAsync("/hello")).StatusCode.Should().Be(HttpStatusCode.OK);
        }

        (await client.GetAsync("/items/5")).StatusCode.Should().Be(HttpStatusCode.OK);
        (await client.GetAsync("/items/-1")).StatusCode.Should().Be(HttpStatusCode.BadRequest);
        (await client.GetAsync("/missing")).StatusCode.Should().Be(HttpStatusCode.NotFound);

        var textResponse = await client.GetAsync("/metrics");
        textResponse.Content.Headers.ContentType!.ToString().Should().Be("text/plain; version=0.0.4; charset=utf-8");
        string text = TextScrapes.Check(await textResponse.Content.ReadAsStringAsync());
        text.Should().Contain("http_server_request_duration_seconds_count{route=\"/hello\",status=\"200\"} 3\n");
        text.Should().Contain("http_server_request_duration_seconds_count{route=\"/items/{id}\",status=\"200\"} 1\n");
        text.Should().Contain("http_server_request_duration_seconds_count{route=\"/items/{id}\",status=\"400\"} 1\n");
        text.Should().Contain("http_server_request_duration_seconds_count{route=\"unmatched\",status=\"404\"} 1\n");

        using var request = new HttpRequestMessage(HttpMethod.Get, "/metrics");
        request.Headers.TryAddWithoutValidation("Accept", PrometheusAccept);
        var protoResponse = await client.SendAsync(request);
        protoResponse.Content.Headers.ContentType!.MediaType.Should().Be("application/vnd.google.protobuf");
        var families = PbMetricFamily.ParseDelimited(await protoResponse.Content.ReadAsByteArrayAsync());
        var family = families.Single();
        family.Name.Should().Be("http_server_request_duration_seconds");
        family.Unit.Should().Be("seconds");
        var hello = family.Metrics.Single(m => m.Labels[0].Value == "/hello");
        hello.Histogram!.SampleCount.Should().Be(3);
        hello.Histogram.Schema.Should().Be(8);
        family.Metrics.Single(m => m.Labels[0].Value == "/metrics").Histogram!.SampleCount.Should().Be(1, "the text scrape before was recorded after it answered");
        await app.StopAsync();
    }

    [Fact]
    public async Task The_standalone_listener_serves_a_registry()
    {
        var registry = new PrometheusHistogramRegistry();
        var recorder = new Recorder(1, 1_000_000, 3);
        recorder.RecordValueWithCount(42, 5);
        registry.CreateHistogram("job_items", "Items per job.").Add(recorder);
        int port = LoopbackPort.Free();
        using var listener = new PrometheusMetricsListener($"http://127.0.0.1:{port}/metrics/", registry);
        listener.Start();
        using var client = new HttpClient();
        string text = TextScrapes.Check(await client.GetStringAsync(new Uri($"http://127.0.0.1:{port}/metrics/")));
        text.Should().Contain("job_items_count 5\n").And.Contain("job_items_sum 210\n");
        using var request = new HttpRequestMessage(HttpMethod.Get, $"http://127.0.0.1:{port}/metrics/");
        request.Headers.TryAddWithoutValidation("Accept", PrometheusAccept);
        var response = await client.SendAsync(request);
        var family = PbMetricFamily.ParseDelimited(await response.Content.ReadAsByteArrayAsync()).Single();
        family.Metrics.Single().Histogram!.SampleCount.Should().Be(5);
    }
}
