using System;
using System.Net.Http;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using FluentAssertions;
using HdrHistogram.Prometheus.Registry;
using HdrHistogram.Prometheus.RemoteWrite;
using Xunit;
using Xunit.Abstractions;

namespace HdrHistogram.Prometheus.Tests.RemoteWrite;

/// <summary>
/// Steady-state pushing to a real Prometheus (out of this process, so its work is not counted) allocates nothing:
/// building the request, compressing it, the HTTP exchange over the writer's own kept-alive connection, the pusher's
/// counters. Runs alone (<see cref="PushAllocationTests.Collection"/>): the count is the whole process's.
/// </summary>
[Collection(Collection)]
public sealed class PushAllocationTests
{
    public const string Collection = "Push allocation";

    private const int Series = 100;
    private const int Pushes = 5;

    private readonly ITestOutputHelper _output;

    public PushAllocationTests(ITestOutputHelper output) => _output = output;

    [PrometheusFact]
    public async Task Steady_state_pushes_to_an_http_receiver_allocate_nothing()
    {
        using var prometheus = new PrometheusServer();
        var url = new Uri(prometheus.WriteUrl);

        long own = await Task.Run(() => MeasureAsync(url, null));
        using var handler = new SocketsHttpHandler();
        long client = await Task.Run(() => MeasureAsync(url, handler));
        _output.WriteLine($"{Pushes} pushes of {Series} series: {own} bytes over the writer's own connection, {client} bytes through HttpClient (a handler given)");

        own.Should().Be(0, "a push the receiver takes allocates nothing once the connection and buffers exist");
    }

    /// <summary>
    /// The bytes allocated by <see cref="Pushes"/> pushes after a warm-up: the least of up to forty runs (ending at the
    /// first that allocates nothing). Counted over the whole process (GC.GetTotalAllocatedBytes), because a push's
    /// continuations run on whichever pool thread the socket completes on; so the process's other allocations count
    /// too, and the least of several runs leaves out one-off work (tier-up bookkeeping, a pool trimmed by a collection)
    /// as the project's other allocation tests do with three. Short runs, and forty of them: the test host itself
    /// allocates 168 bytes about every 100 ms on a thread of its own (a test that only sleeps sees them), and on a
    /// loaded machine (the CI run's other steps) a run of twenty pushes lasted long enough to meet one every time.
    /// Anything a push allocates every time still shows in every run.
    /// </summary>
    private static async Task<long> MeasureAsync(Uri url, HttpMessageHandler? handler)
    {
        var registry = new PrometheusHistogramRegistry();
        var family = registry.CreateHistogram("push_allocation_seconds", "Latencies.", new PrometheusHistogramOptions { LabelNames = new[] { "route" }, ValueScale = 1e-9 });
        for (int s = 0; s < Series; s++)
        {
            var recorder = family.GetOrCreateRecorder("/r" + s.ToString(System.Globalization.CultureInfo.InvariantCulture));
            for (int i = 1; i <= 100; i++)
            {
                recorder.RecordValue(i * 12_345L * (s + 1));
            }
        }

        var options = new PrometheusPusherOptions { Url = url, Interval = TimeSpan.FromHours(1), HttpHandler = handler };
        options.Labels["job"] = "push-allocation";
        using var pusher = new PrometheusPusher(registry, options);
        for (int i = 0; i < 20; i++)
        {
            await PushAsync(pusher).ConfigureAwait(false);
        }

        long least = long.MaxValue;
        int runs = 0;
        for (; runs < 40 && least > 0; runs++)
        {
            long before = GC.GetTotalAllocatedBytes(true);
            for (int i = 0; i < Pushes; i++)
            {
                await PushAsync(pusher).ConfigureAwait(false);
            }

            least = Math.Min(least, GC.GetTotalAllocatedBytes(true) - before);
        }

        pusher.PushesSent.Should().Be(20 + (runs * Pushes), "every push was taken");
        return least;
    }

    // Pooled as the pusher's own methods are: an async method's state machine is otherwise boxed at each await that
    // waits, which would count here as the push's allocation.
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private static async ValueTask PushAsync(PrometheusPusher pusher)
    {
        var result = await pusher.PushAsync().ConfigureAwait(false);
        if (!result.Succeeded)
        {
            throw new InvalidOperationException($"push failed: {result}");
        }
    }
}

[CollectionDefinition(PushAllocationTests.Collection, DisableParallelization = true)]
public sealed class PushAllocationDefinition
{
}
