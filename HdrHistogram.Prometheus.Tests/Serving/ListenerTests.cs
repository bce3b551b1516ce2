using System;
using System.Net;
using System.Net.Http;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;
using FluentAssertions;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.Hosting;
using HdrHistogram.Prometheus.Registry;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.Serving;

/// <summary>
/// The standalone listener as an operator meets it: what it answers (GET and HEAD on its path, 405 and 404 otherwise,
/// fixed-format paths, any host name), and that no client can stall it: a client that never reads delays no other
/// scrape and is cut off at the write timeout, requests whose client has gone are not scraped, and connections past
/// the limit are answered 503.
/// </summary>
public class ListenerTests
{
    private static PrometheusHistogramRegistry Registry(int series = 1)
    {
        var registry = new PrometheusHistogramRegistry();
        var family = registry.CreateHistogram("job_items", "Items per job.", new PrometheusHistogramOptions { LabelNames = new[] { "job" } });
        for (int i = 0; i < series; i++)
        {
            var recorder = family.GetOrCreateRecorder("job-" + i.ToString(System.Globalization.CultureInfo.InvariantCulture));
            recorder.RecordValueWithCount(42, 5);
            recorder.RecordValue(1_000_000 + i);
        }

        return registry;
    }

    [Fact]
    public async Task Get_and_head_on_the_path_are_answered_and_everything_else_is_refused()
    {
        using var listener = new PrometheusMetricsListener("http://127.0.0.1:0/metrics/", Registry(), new PrometheusMetricsListenerOptions
        {
            FixedFormatPaths = { ["/metrics-text"] = PrometheusExpositionFormat.Text },
        });
        listener.Start();
        using var client = new HttpClient { BaseAddress = new Uri($"http://127.0.0.1:{listener.Port}") };

        foreach (string path in new[] { "/metrics", "/metrics/", "/metrics?x=1" })
        {
            var response = await client.GetAsync(path);
            response.StatusCode.Should().Be(HttpStatusCode.OK, path);
            TextScrapes.Check(await response.Content.ReadAsStringAsync()).Should().Contain("job_items_count{job=\"job-0\"} 6\n");
        }

        foreach (string path in new[] { "/metricsX", "/", "/metrics/sub", "/other" })
        {
            (await client.GetAsync(path)).StatusCode.Should().Be(HttpStatusCode.NotFound, path);
        }

        foreach (var method in new[] { HttpMethod.Post, HttpMethod.Put, HttpMethod.Delete, HttpMethod.Patch })
        {
            using var request = new HttpRequestMessage(method, "/metrics") { Content = new StringContent("x") };
            var response = await client.SendAsync(request);
            response.StatusCode.Should().Be(HttpStatusCode.MethodNotAllowed, method.Method);
            response.Content.Headers.Allow.Should().Equal("GET", "HEAD");
        }

        using (var head = new HttpRequestMessage(HttpMethod.Head, "/metrics"))
        {
            var response = await client.SendAsync(head);
            response.StatusCode.Should().Be(HttpStatusCode.OK);
            response.Content.Headers.ContentType!.ToString().Should().Be(PrometheusContentNegotiation.TextContentType);
            (await response.Content.ReadAsByteArrayAsync()).Should().BeEmpty();
        }

        using (var fixedText = new HttpRequestMessage(HttpMethod.Get, "/metrics-text/"))
        {
            fixedText.Headers.TryAddWithoutValidation("Accept", "application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;encoding=delimited");
            var response = await client.SendAsync(fixedText);
            response.Content.Headers.ContentType!.MediaType.Should().Be("text/plain", "the path serves the text format whatever is accepted");
            TextScrapes.Check(await response.Content.ReadAsStringAsync()).Should().Contain("job_items_bucket{job=\"job-0\",le=\"+Inf\"} 6\n");
        }

        listener.ScrapesServed.Should().Be(4, "three GETs of the path and one of the text path; HEAD and refusals scrape nothing");
    }

    [Fact]
    public async Task A_localhost_listener_answers_a_target_written_as_127_0_0_1()
    {
        using var listener = new PrometheusMetricsListener("http://localhost:0/metrics", Registry());
        listener.Start();
        using var client = new HttpClient();
        TextScrapes.Check(await client.GetStringAsync(new Uri($"http://127.0.0.1:{listener.Port}/metrics"))).Should().Contain("job_items_count{job=\"job-0\"} 6\n");
    }

    [Fact]
    public async Task A_client_that_never_reads_delays_no_other_scrape_and_is_cut_off_at_the_write_timeout()
    {
        using var listener = new PrometheusMetricsListener("http://127.0.0.1:0/metrics", Registry(series: 500), new PrometheusMetricsListenerOptions
        {
            // Long enough that the other scrape below cannot lose a race with it on a loaded machine.
            WriteTimeout = TimeSpan.FromSeconds(5),
        });
        listener.Start();

        // Fifty pipelined scrapes of about half a megabyte each, never read: far more than the sockets' buffers hold.
        using var stalled = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { ReceiveBufferSize = 4096 };
        await stalled.ConnectAsync(IPAddress.Loopback, listener.Port);
        var pipelined = new System.Text.StringBuilder();
        for (int i = 0; i < 50; i++)
        {
            pipelined.Append("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
        }

        await stalled.SendAsync(System.Text.Encoding.ASCII.GetBytes(pipelined.ToString()), SocketFlags.None);
        // Whether the kernel's buffers hold one response or several, the connection is stalled once one was written.
        await Patience.UntilAsync(() => listener.ScrapesServed >= 1, "the stalled connection's first response was written");

        using var client = new HttpClient();
        string text = TextScrapes.Check(await client.GetStringAsync(new Uri($"http://127.0.0.1:{listener.Port}/metrics")));
        text.Should().Contain("job_items_count{job=\"job-499\"} 6\n");
        listener.WriteTimeouts.Should().Be(0, "the other scrape was answered while the stalled client still held its connection");

        await Patience.UntilAsync(() => listener.WriteTimeouts == 1, "the stalled connection was closed at the write timeout");
        TextScrapes.Check(await client.GetStringAsync(new Uri($"http://127.0.0.1:{listener.Port}/metrics"))).Should().Contain("job_items_count{job=\"job-0\"} 6\n");
    }

    [Fact]
    public async Task Requests_whose_client_has_gone_are_not_scraped()
    {
        using var listener = new PrometheusMetricsListener("http://127.0.0.1:0/metrics", Registry());
        listener.Start();

        // Hold the scrapes' turn while five clients ask and give up, as a scraper past its timeout does.
        await listener.ScrapeTurn.WaitAsync();
        for (int i = 0; i < 5; i++)
        {
            using var gone = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
            await gone.ConnectAsync(IPAddress.Loopback, listener.Port);
            await gone.SendAsync("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"u8.ToArray(), SocketFlags.None);
        }

        await Patience.UntilAsync(() => listener.WaitingForTurn == 5, "the five requests were read");
        listener.ScrapeTurn.Release();
        await Patience.UntilAsync(() => listener.RequestsAbandoned == 5, "the five requests were dropped");

        using var client = new HttpClient();
        TextScrapes.Check(await client.GetStringAsync(new Uri($"http://127.0.0.1:{listener.Port}/metrics"))).Should().Contain("job_items_count{job=\"job-0\"} 6\n");
        listener.ScrapesServed.Should().Be(1, "only the client that waited was scraped");
    }

    [Fact]
    public async Task Connections_past_the_limit_are_answered_503_and_closed()
    {
        using var listener = new PrometheusMetricsListener("http://127.0.0.1:0/metrics", Registry(), new PrometheusMetricsListenerOptions { MaxConnections = 2 });
        listener.Start();
        using var first = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        using var second = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        using var third = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        await first.ConnectAsync(IPAddress.Loopback, listener.Port);
        await second.ConnectAsync(IPAddress.Loopback, listener.Port);
        await third.ConnectAsync(IPAddress.Loopback, listener.Port);

        var reply = new byte[256];
        using var timeout = new CancellationTokenSource(Patience.Limit);
        int length = await third.ReceiveAsync(reply, SocketFlags.None, timeout.Token);
        System.Text.Encoding.ASCII.GetString(reply, 0, length).Should().StartWith("HTTP/1.1 503 Service Unavailable\r\n");
        (await third.ReceiveAsync(reply, SocketFlags.None, timeout.Token)).Should().Be(0, "the connection is closed");
        listener.ConnectionsRejected.Should().Be(1);
    }

    [Theory]
    [InlineData("https://localhost:9464/metrics")]
    [InlineData("http://localhost/metrics")]
    [InlineData("localhost:9464")]
    [InlineData("http://localhost:9464/metrics?x")]
    public void Prefixes_that_name_no_http_port_and_path_are_refused(string prefix)
        => FluentActions.Invoking(() => new PrometheusMetricsListener(prefix)).Should().Throw<ArgumentException>().Which.ParamName.Should().Be("prefix");
}
