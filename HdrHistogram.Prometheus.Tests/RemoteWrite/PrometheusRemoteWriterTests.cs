using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using FluentAssertions;
using HdrHistogram.Prometheus.NativeHistograms;
using HdrHistogram.Prometheus.RemoteWrite;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.RemoteWrite;

/// <summary>
/// The writer against a real local HTTP server: the protocol's headers, a body that decompresses to exactly the
/// request's, and what each kind of answer (or none) becomes.
/// </summary>
public class PrometheusRemoteWriterTests
{
    private static RemoteWriteRequest Request()
    {
        var histogram = new LongHistogram(1, 3_600_000_000_000, 3);
        for (int i = 1; i <= 1000; i++)
        {
            histogram.RecordValue(i * 12_345L);
        }

        var native = new NativeHistogram();
        NativeHistogramConverter.Convert(histogram, 1e-9, native);
        var request = new RemoteWriteRequest();
        request.AddHistogram("job_seconds", new[] { new KeyValuePair<string, string>("job", "test") }, native, new DateTimeOffset(2025, 3, 4, 5, 6, 7, TimeSpan.Zero));
        return request;
    }

    private static async Task<RemoteWriteResult> Bounded(ValueTask<RemoteWriteResult> sending)
    {
        var send = sending.AsTask();
        // Fails the test rather than hanging it: the writer must return on its own (its timeout), long before this.
        (await Task.WhenAny(send, Task.Delay(Patience.Limit))).Should().BeSameAs(send, "the writer returns on its own");
        return await send;
    }

    [Fact]
    public async Task A_request_carries_the_protocol_headers_and_decompresses_to_the_body()
    {
        using var receiver = new ScriptedReceiver();
        using var writer = new PrometheusRemoteWriter(receiver.Url, TimeSpan.FromSeconds(10));
        var request = Request();

        var result = await Bounded(writer.SendAsync(request));

        result.Should().Be(new RemoteWriteResult(204, null));
        result.Succeeded.Should().BeTrue();
        var received = receiver.Requests.Should().ContainSingle().Subject;
        received.Method.Should().Be("POST");
        received.Path.Should().Be("/api/v1/write");
        received.Headers["Content-Encoding"].Should().Be("snappy");
        received.Headers["Content-Type"].Should().Be("application/x-protobuf");
        received.Headers["X-Prometheus-Remote-Write-Version"].Should().Be("0.1.0");
        Snappier.Snappy.DecompressToArray(received.Body).Should().Equal(request.Body.ToArray());
        PbWriteRequest.Parse(Snappier.Snappy.DecompressToArray(received.Body)).TimeSeries.Single().Histograms.Single().CountInt.Should().Be(1000);
    }

    [Theory]
    [InlineData(500, "storage is down", "storage is down", true)]
    [InlineData(429, "slow down", "slow down", true)]
    [InlineData(400, "out of order sample\n", "out of order sample", false)]
    public async Task An_error_answer_gives_its_status_and_message_and_whether_to_retry(int status, string body, string message, bool retryable)
    {
        using var receiver = new ScriptedReceiver(new ScriptedReceiver.Answer(status, body));
        using var writer = new PrometheusRemoteWriter(receiver.Url, TimeSpan.FromSeconds(10));

        var result = await Bounded(writer.SendAsync(Request()));

        result.Should().Be(new RemoteWriteResult(status, message));
        result.Succeeded.Should().BeFalse();
        result.Retryable.Should().Be(retryable);
    }

    [Fact]
    public async Task A_receiver_that_never_answers_gives_status_0_at_the_timeout()
    {
        using var receiver = new ScriptedReceiver(ScriptedReceiver.Answer.None);
        using var writer = new PrometheusRemoteWriter(receiver.Url, TimeSpan.FromMilliseconds(300));

        var result = await Bounded(writer.SendAsync(Request()));

        result.StatusCode.Should().Be(0);
        result.Retryable.Should().BeTrue();
        result.Message.Should().Be("no answer within 0.3 s");
    }

    [Fact]
    public async Task A_closed_port_gives_status_0()
    {
        var url = new Uri($"http://127.0.0.1:{LoopbackPort.Free()}/api/v1/write");
        using var writer = new PrometheusRemoteWriter(url, TimeSpan.FromSeconds(10));

        var result = await Bounded(writer.SendAsync(Request()));

        result.StatusCode.Should().Be(0);
        result.Retryable.Should().BeTrue();
        result.Message.Should().NotBeNullOrEmpty();
    }

    [Fact]
    public async Task Cancelling_gives_status_0_without_throwing()
    {
        using var receiver = new ScriptedReceiver(ScriptedReceiver.Answer.None);
        using var writer = new PrometheusRemoteWriter(receiver.Url, TimeSpan.FromSeconds(60));
        using var cancel = new System.Threading.CancellationTokenSource();

        var send = writer.SendAsync(Request(), cancel.Token);
        receiver.WaitForRequest(Patience.Limit).Should().BeTrue();
        cancel.Cancel();
        var result = await Bounded(send);

        result.Should().Be(new RemoteWriteResult(0, "cancelled"));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Requests_share_one_kept_alive_connection_and_each_answer_is_read_whole(bool chunked)
    {
        using var receiver = new ScriptedReceiver(
            new ScriptedReceiver.Answer(204, ""),
            new ScriptedReceiver.Answer(400, "out of order sample\n"),
            new ScriptedReceiver.Answer(500, "storage is down"),
            new ScriptedReceiver.Answer(200, "fine"))
        { KeepAlive = true, Chunked = chunked };
        using var writer = new PrometheusRemoteWriter(receiver.Url, TimeSpan.FromSeconds(10));
        var request = Request();

        var results = new List<RemoteWriteResult>();
        for (int i = 0; i < 5; i++)
        {
            results.Add(await Bounded(writer.SendAsync(request)));
        }

        results.Should().Equal(
            new RemoteWriteResult(204, null),
            new RemoteWriteResult(400, "out of order sample"),
            new RemoteWriteResult(500, "storage is down"),
            new RemoteWriteResult(200, null),
            new RemoteWriteResult(204, null));
        receiver.Connections.Should().Be(1);
        receiver.Requests.Should().HaveCount(5).And.OnlyContain(r => Snappier.Snappy.DecompressToArray(r.Body).SequenceEqual(request.Body.ToArray()));
    }

    [Fact]
    public async Task An_answer_saying_connection_close_closes_it_and_the_next_request_opens_another()
    {
        using var receiver = new ScriptedReceiver();
        using var writer = new PrometheusRemoteWriter(receiver.Url, TimeSpan.FromSeconds(10));

        for (int i = 0; i < 3; i++)
        {
            (await Bounded(writer.SendAsync(Request()))).Should().Be(new RemoteWriteResult(204, null));
        }

        receiver.Connections.Should().Be(3);
        receiver.Requests.Should().HaveCount(3);
    }

    [Fact]
    public async Task A_kept_alive_connection_the_receiver_closed_is_replaced_and_the_request_sent_again()
    {
        // The receiver closes each connection after its answer without saying so: the writer finds out only when it
        // sends the next request on it, and sends that on a new connection.
        using var receiver = new ScriptedReceiver { KeepAlive = true, CloseSilently = true };
        using var writer = new PrometheusRemoteWriter(receiver.Url, TimeSpan.FromSeconds(10));

        for (int i = 0; i < 3; i++)
        {
            (await Bounded(writer.SendAsync(Request()))).Should().Be(new RemoteWriteResult(204, null));
        }

        receiver.Requests.Should().HaveCount(3);
        receiver.Connections.Should().Be(3);
    }
}
