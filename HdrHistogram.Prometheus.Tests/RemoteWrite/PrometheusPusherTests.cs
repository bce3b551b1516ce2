using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using FluentAssertions;
using HdrHistogram.Prometheus.Registry;
using HdrHistogram.Prometheus.RemoteWrite;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.RemoteWrite;

/// <summary>
/// The pusher against a scripted real HTTP server: failures retried or dropped for the next push with exact
/// counters, refusals not retried and logged once, a last push on dispose, one request at a time against a dead
/// receiver, recording never waiting for a push, and timestamps that only go forward. Every wait is bounded and fails
/// the test rather than hanging it; no test asserts a duration.
/// </summary>
public class PrometheusPusherTests
{
    private static (PrometheusHistogramRegistry Registry, Recorder Recorder) Registry(TimeProvider? time = null)
    {
        var registry = new PrometheusHistogramRegistry(time);
        var family = registry.CreateHistogram("job_seconds", "Job latencies.", new PrometheusHistogramOptions { LabelNames = new[] { "route" }, ValueScale = 1e-9 });
        return (registry, family.GetOrCreateRecorder("/a"));
    }

    private static PrometheusPusherOptions Options(Uri url, int intervalMilliseconds, ConcurrentQueue<string>? log = null)
    {
        var options = new PrometheusPusherOptions
        {
            Url = url,
            Interval = TimeSpan.FromMilliseconds(intervalMilliseconds),
            Timeout = TimeSpan.FromSeconds(10),
            Log = log is null ? null : log.Enqueue,
        };
        options.Labels["job"] = "pusher-test";
        return options;
    }

    private static void Record(Recorder recorder, int count)
    {
        for (int i = 1; i <= count; i++)
        {
            recorder.RecordValue(i * 1000L);
        }
    }

    private static PbRemoteHistogram Sample(ScriptedReceiver.Received received)
        => PbWriteRequest.Parse(Snappier.Snappy.DecompressToArray(received.Body)).TimeSeries.Single().Histograms.Single();

    [Fact]
    public async Task Failed_interval_pushes_are_dropped_for_the_next_one_which_is_sent()
    {
        // Retries start a second after a failure, past the next 200 ms interval: each failed push is dropped and the
        // next carries its totals.
        using var receiver = new ScriptedReceiver(new ScriptedReceiver.Answer(500, "down"), new ScriptedReceiver.Answer(500, "down"));
        var (registry, recorder) = Registry();
        Record(recorder, 1000);
        var pusher = new PrometheusPusher(registry, Options(receiver.Url, 200));

        pusher.Start();
        Patience.Until(() => pusher.PushesSent >= 1, "a push taken after the two failures");
        await pusher.DisposeAsync();

        pusher.PushesRetried.Should().Be(2);
        pusher.PushesDropped.Should().Be(2);
        pusher.PushesRefused.Should().Be(0);
        pusher.PushesSent.Should().BeGreaterThanOrEqualTo(2, "the third interval push and the last one");
        receiver.Requests.Count.Should().Be((int)(pusher.PushesSent + pusher.PushesRetried), "every attempt is counted once");
        pusher.LastResult.Should().Be(new RemoteWriteResult(204, null));
        receiver.Requests.Select(r => Sample(r).CountInt).Should().AllBeEquivalentTo(1000UL);
    }

    [Fact]
    public async Task A_failed_push_is_retried_with_the_same_samples_until_taken()
    {
        // The last push (on dispose) retries for up to MaxRetryDelay: waits of 1 s and 2 s fit in 5 s.
        using var receiver = new ScriptedReceiver(new ScriptedReceiver.Answer(503, "busy"), new ScriptedReceiver.Answer(500, "down"));
        var (registry, recorder) = Registry();
        Record(recorder, 700);
        var options = Options(receiver.Url, 3_600_000);
        options.MaxRetryDelay = TimeSpan.FromSeconds(5);
        var pusher = new PrometheusPusher(registry, options);

        await pusher.DisposeAsync().AsTask().WaitAsync(Patience.Limit);

        pusher.PushesRetried.Should().Be(2);
        pusher.PushesSent.Should().Be(1);
        pusher.PushesDropped.Should().Be(0);
        var bodies = receiver.Requests.Select(r => Snappier.Snappy.DecompressToArray(r.Body)).ToList();
        bodies.Should().HaveCount(3);
        bodies[1].Should().Equal(bodies[0], "a retry sends the same samples, with the same timestamp");
        bodies[2].Should().Equal(bodies[0]);
        Sample(receiver.Requests.First()).CountInt.Should().Be(700);
    }

    [Fact]
    public async Task Refusals_are_not_retried_and_each_message_is_logged_once()
    {
        var bad = new ScriptedReceiver.Answer(400, "bad sample");
        using var receiver = new ScriptedReceiver(bad, bad, bad, new ScriptedReceiver.Answer(400, "other problem"));
        var (registry, recorder) = Registry();
        Record(recorder, 10);
        var log = new ConcurrentQueue<string>();
        var pusher = new PrometheusPusher(registry, Options(receiver.Url, 100, log));

        pusher.Start();
        Patience.Until(() => pusher.PushesSent >= 1, "a push taken after the four refusals");
        await pusher.DisposeAsync();

        pusher.PushesRefused.Should().Be(4);
        pusher.PushesRetried.Should().Be(0);
        pusher.PushesDropped.Should().Be(0);
        receiver.Requests.Count.Should().Be((int)(pusher.PushesSent + 4), "no refused push is sent again");
        log.Where(l => l.Contains("refused", StringComparison.Ordinal)).Should().Equal(
            $"remote write to {receiver.Url} refused (400): bad sample",
            $"remote write to {receiver.Url} refused (400): other problem");
    }

    [Fact]
    public async Task Dispose_pushes_the_totals_a_last_time()
    {
        using var receiver = new ScriptedReceiver();
        var (registry, recorder) = Registry();
        var pusher = new PrometheusPusher(registry, Options(receiver.Url, 3_600_000));
        pusher.Start();
        Record(recorder, 321);

        await pusher.DisposeAsync().AsTask().WaitAsync(Patience.Limit);

        pusher.PushesSent.Should().Be(1);
        var series = PbWriteRequest.Parse(Snappier.Snappy.DecompressToArray(receiver.Requests.Single().Body)).TimeSeries.Single();
        series.Labels.Should().Equal(
            new KeyValuePair<string, string>("__name__", "job_seconds"),
            new KeyValuePair<string, string>("job", "pusher-test"),
            new KeyValuePair<string, string>("route", "/a"));
        series.Histograms.Single().CountInt.Should().Be(321);
    }

    [Fact]
    public async Task A_dead_receiver_gets_one_attempt_at_a_time_and_no_backlog_when_back()
    {
        int port = LoopbackPort.Free();
        var (registry, recorder) = Registry();
        var options = Options(new Uri($"http://127.0.0.1:{port}/api/v1/write"), 100);
        options.MaxRetryDelay = TimeSpan.FromMilliseconds(100);
        var pusher = new PrometheusPusher(registry, options);
        long most = 0;
        bool FailedAtLeast(long attempts)
        {
            // A consistent reading: the dropped count unchanged around the retried one. Each failed attempt is dropped
            // before the next is made, so at most one is ever pending.
            long dropped, retried;
            do
            {
                dropped = pusher.PushesDropped;
                retried = pusher.PushesRetried;
            }
            while (pusher.PushesDropped != dropped);
            most = Math.Max(most, retried - dropped);
            return retried >= attempts;
        }

        Record(recorder, 100);
        pusher.Start();
        Patience.Until(() => FailedAtLeast(10), "ten failed attempts");
        Record(recorder, 100);
        Patience.Until(() => FailedAtLeast(20), "twenty failed attempts");

        using var receiver = new ScriptedReceiver(port);
        Patience.Until(() => pusher.PushesSent >= 1, "a push taken once the receiver is back");
        await pusher.DisposeAsync();

        most.Should().BeLessThanOrEqualTo(1);
        pusher.PushesRetried.Should().BeGreaterThanOrEqualTo(20);
        pusher.PushesDropped.Should().Be(pusher.PushesRetried, "every failed attempt was given up for a newer push");
        pusher.PushesRefused.Should().Be(0);
        receiver.Requests.Count.Should().Be((int)pusher.PushesSent);
        Sample(receiver.Requests.First()).CountInt.Should().Be(200, "the first request after the outage holds every value recorded, none older");
    }

    [Fact]
    public async Task Recording_goes_on_while_a_push_waits_for_an_answer()
    {
        using var receiver = new ScriptedReceiver(ScriptedReceiver.Answer.None);
        var (registry, recorder) = Registry();
        var family = registry.CreateHistogram("other_seconds", "Other latencies.", new PrometheusHistogramOptions { LabelNames = new[] { "route" } });
        var options = Options(receiver.Url, 100);
        options.Timeout = TimeSpan.FromSeconds(60);
        var pusher = new PrometheusPusher(registry, options);
        pusher.Start();
        receiver.WaitForRequest(Patience.Limit).Should().BeTrue("the first push reached the receiver");

        var recording = Task.Run(() =>
        {
            Record(recorder, 10_000);
            for (int i = 0; i < 100; i++)
            {
                family.GetOrCreateRecorder("/r" + i.ToString(System.Globalization.CultureInfo.InvariantCulture)).RecordValue(i + 1);
            }
        });

        (await Task.WhenAny(recording, Task.Delay(Patience.Limit))).Should().BeSameAs(recording, "recording completes while the push waits");
        pusher.LastResult.Should().BeNull("the push is still waiting for its answer");
        receiver.Requests.Should().ContainSingle("no second request while the first is under way");

        receiver.Release();
        await pusher.DisposeAsync().AsTask().WaitAsync(Patience.Limit);
        var last = PbWriteRequest.Parse(Snappier.Snappy.DecompressToArray(receiver.Requests.Last().Body));
        last.TimeSeries.Should().HaveCount(101);
        last.TimeSeries.Single(t => t.Labels[0].Value == "job_seconds").Histograms.Single().CountInt.Should().Be(10_000);
        pusher.PushesRetried.Should().Be(0);
    }

    [Fact]
    public async Task Pushes_are_stamped_after_each_other_when_the_clock_does_not_move()
    {
        var time = new DateTimeOffset(2025, 6, 7, 8, 9, 10, 500, TimeSpan.Zero);
        using var receiver = new ScriptedReceiver();
        var (registry, recorder) = Registry(new FixedTimeProvider(time));
        Record(recorder, 5);
        var pusher = new PrometheusPusher(registry, Options(receiver.Url, 3_600_000));

        (await pusher.PushAsync().AsTask().WaitAsync(Patience.Limit)).Succeeded.Should().BeTrue();
        Record(recorder, 5);
        (await pusher.PushAsync().AsTask().WaitAsync(Patience.Limit)).Succeeded.Should().BeTrue();
        await pusher.DisposeAsync().AsTask().WaitAsync(Patience.Limit);

        long ms = time.ToUnixTimeMilliseconds();
        receiver.Requests.Select(r => Sample(r).Timestamp).Should().Equal(ms, ms + 1, ms + 2);
    }
}
