using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using HdrHistogram.Prometheus.NativeHistograms;
using HdrHistogram.Prometheus.Registry;
using HdrHistogram.Prometheus.RemoteWrite;

namespace HdrHistogram.Examples;

/// <summary>
/// A job nobody scrapes, pushing its latencies by remote write (eng/prometheus-push-check.sh runs it against a real
/// Prometheus): two routes recorded for a few seconds at a steady rate while a <see cref="PrometheusPusher"/> pushes
/// every second, then the pusher's last push on dispose. Then it asks Prometheus for what it stored and compares with
/// a plain histogram of the same values: <c>histogram_count</c> exactly, <c>histogram_sum</c> as the HDR mean times
/// the count, <c>histogram_quantile</c> within the conversion's bound. Exit code 0 when every comparison holds.
/// With <c>--faults</c>, four pushers of the same values (their own registries, a <c>scenario</c> label each) push every
/// 2 s through a <see cref="RemoteWriteFaultProxy"/> each, which fails in its own way for a while: the receiver
/// unreachable (connections refused, then accepted and never answered), 500s, answers held back past the pusher's
/// timeout, one request refused with a 400. Each must end with exact counts in Prometheus, its counters as the fault
/// dictates, and Prometheus having taken every request that reached it (none out of order).
/// </summary>
internal static class PrometheusPushExample
{
    public static async Task<int> RunAsync(string[] args)
    {
        var url = new Uri(PrometheusEndToEndCheck.Option(args, "--url", "http://127.0.0.1:9090/api/v1/write"));
        string prometheus = PrometheusEndToEndCheck.Option(args, "--prometheus", "http://127.0.0.1:9090");
        bool faults = Array.IndexOf(args, "--faults") >= 0;
        int seconds = int.Parse(PrometheusEndToEndCheck.Option(args, "--seconds", faults ? "11" : "10"), CultureInfo.InvariantCulture);
        int rate = int.Parse(PrometheusEndToEndCheck.Option(args, "--rate", "20000"), CultureInfo.InvariantCulture);
        string runId = PrometheusEndToEndCheck.Option(args, "--run-id", Guid.NewGuid().ToString("N")[..12]);

        string[] routes = { "/a", "/b" };
        var scenarios = faults ? FaultScenarios() : new[] { Baseline(seconds) };
        foreach (var scenario in scenarios)
        {
            scenario.Start(url, routes, runId);
        }

        var mirrors = Array.ConvertAll(routes, _ => new LongHistogram(1, 3_600_000_000_000L, 3));
        var random = new Random(7);
        var clock = System.Diagnostics.Stopwatch.StartNew();
        long done = 0;
        while (clock.Elapsed.TotalSeconds < seconds)
        {
            foreach (var scenario in scenarios)
            {
                scenario.ApplyDueFaults(clock.Elapsed.TotalSeconds);
            }

            for (long due = (long)(clock.Elapsed.TotalSeconds * rate); done < due; done++)
            {
                int route = random.Next(routes.Length);
                double ms = (route + 1) * Math.Exp((random.NextDouble() + random.NextDouble() + random.NextDouble() - 1.5) * 1.5);
                long value = (long)(ms * 1_000_000);
                foreach (var scenario in scenarios)
                {
                    scenario.Recorders[route].RecordValue(value);
                }

                mirrors[route].RecordValue(value);
            }

            Thread.Sleep(2);
        }

        await Task.WhenAll(scenarios.Select(s => s.Pusher.DisposeAsync().AsTask())).ConfigureAwait(false);

        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(10) };
        int failures = 0;
        void Check(bool ok, string line)
        {
            Console.WriteLine((ok ? "ok   " : "FAIL ") + line);
            failures += ok ? 0 : 1;
        }

        foreach (var scenario in scenarios)
        {
            var pusher = scenario.Pusher;
            Console.WriteLine($"scenario {scenario.Name} ({scenario.Description}): pushes {pusher.PushesSent} sent, {pusher.PushesRetried} retried, {pusher.PushesDropped} dropped, {pusher.PushesRefused} refused; run_id {runId}");
            if (scenario.Proxy is { } proxy)
            {
                Console.WriteLine($"  proxy: {proxy.Received} requests received, {proxy.Injected} failed by the proxy, {proxy.Forwarded} passed on, {proxy.ReceiverRefusals.Count} of them refused by Prometheus");
                Check(proxy.ReceiverRefusals.IsEmpty, PrometheusEndToEndCheck.Line("{0}: Prometheus took every request passed on (none out of order){1}", scenario.Name, string.Concat(proxy.ReceiverRefusals.Select(r => "; " + r))));
            }

            foreach (var (ok, line) in scenario.CountersHold(scenario))
            {
                Check(ok, scenario.Name + ": " + line);
            }

            for (int r = 0; r < routes.Length; r++)
            {
                await CheckSeriesAsync(http, prometheus, scenario, routes[r], runId, mirrors[r], Check).ConfigureAwait(false);
            }

            scenario.Proxy?.Dispose();
        }

        Console.WriteLine(failures == 0 ? $"PASS prometheus push{(faults ? " faults" : "")}" : $"FAIL prometheus push{(faults ? " faults" : "")}: {failures} comparisons");
        return failures == 0 ? 0 : 1;
    }

    private static Scenario Baseline(int seconds) => new(
        "none",
        "pushes every second straight to Prometheus",
        TimeSpan.FromSeconds(1),
        TimeSpan.FromSeconds(10),
        Array.Empty<(double, Action<RemoteWriteFaultProxy>)>(),
        s => new[] { (s.Pusher.PushesSent >= seconds - 1 && s.Pusher.PushesRefused == 0, PrometheusEndToEndCheck.Line("{0} pushes taken, none refused", s.Pusher.PushesSent)) });

    // Pushes every 2 s (at about 2, 4, 6, 8 and 10 s), retries after 1 s (a second wait would pass the next push): the
    // faults below cover two pushes each, with their retries. The timeout is 0.7 s where the fault is a missing answer;
    // 5 s elsewhere, so that a slow moment of a busy machine cannot pass for a failure the scenario did not script.
    private static Scenario[] FaultScenarios() => new[]
    {
        new Scenario(
            "unreachable",
            "connections refused from 3 s, accepted and never answered from 5.5 s, passed on again from 8 s",
            TimeSpan.FromSeconds(2),
            TimeSpan.FromSeconds(0.7),
            new (double, Action<RemoteWriteFaultProxy>)[] { (3, p => p.Mode = ProxyMode.Refuse), (5.5, p => p.Mode = ProxyMode.Silent), (8, p => p.Mode = ProxyMode.Forward) },
            s => new[]
            {
                (s.Pusher.PushesRetried >= 2 && s.Pusher.PushesDropped >= 1, PrometheusEndToEndCheck.Line("{0} failed attempts, {1} pushes dropped for newer totals", s.Pusher.PushesRetried, s.Pusher.PushesDropped)),
                (s.Proxy!.Injected >= 1, PrometheusEndToEndCheck.Line("{0} requests taken and never answered", s.Proxy!.Injected)),
                (s.Pusher.PushesRefused == 0, "none refused"),
            }),
        new Scenario(
            "error-500",
            "500 from 3 s, passed on again from 6.5 s",
            TimeSpan.FromSeconds(2),
            TimeSpan.FromSeconds(5),
            new (double, Action<RemoteWriteFaultProxy>)[] { (3, p => p.Mode = ProxyMode.Error500), (6.5, p => p.Mode = ProxyMode.Forward) },
            s => new[]
            {
                (s.Proxy!.Injected > 0 && s.Pusher.PushesRetried == s.Proxy!.Injected, PrometheusEndToEndCheck.Line("{0} attempts answered 500, each counted a failed attempt ({1})", s.Proxy!.Injected, s.Pusher.PushesRetried)),
                (s.Pusher.PushesRetried > s.Pusher.PushesDropped, PrometheusEndToEndCheck.Line("{0} failed attempts retried rather than dropped", s.Pusher.PushesRetried - s.Pusher.PushesDropped)),
                (s.Pusher.PushesRefused == 0, "none refused"),
            }),
        new Scenario(
            "slow",
            "answers held back 1.5 s (past the 0.7 s timeout) from 3 s to 7 s; Prometheus takes the requests meanwhile",
            TimeSpan.FromSeconds(2),
            TimeSpan.FromSeconds(0.7),
            new (double, Action<RemoteWriteFaultProxy>)[] { (3, p => p.Mode = ProxyMode.Slow), (7, p => p.Mode = ProxyMode.Forward) },
            s => new[]
            {
                (s.Pusher.PushesRetried >= 2, PrometheusEndToEndCheck.Line("{0} attempts timed out", s.Pusher.PushesRetried)),
                (s.Pusher.PushesRefused == 0, "none refused: a retry of a sample Prometheus took already is the same sample"),
            }),
        new Scenario(
            "refusal",
            "the first request after 3 s answered 400 with a message",
            TimeSpan.FromSeconds(2),
            TimeSpan.FromSeconds(5),
            new (double, Action<RemoteWriteFaultProxy>)[] { (3, p => p.RejectNext(1, "fault proxy: scripted refusal of this sample")) },
            s => new[]
            {
                (s.Pusher.PushesRefused == 1, PrometheusEndToEndCheck.Line("{0} push refused (scripted: 1)", s.Pusher.PushesRefused)),
                (s.Pusher.PushesRetried == 0 && s.Proxy!.Received == s.Pusher.PushesSent + s.Pusher.PushesRefused, PrometheusEndToEndCheck.Line("not retried: {0} requests = {1} sent + {2} refused", s.Proxy!.Received, s.Pusher.PushesSent, s.Pusher.PushesRefused)),
                (s.Log.Count(l => l.Contains("refused (400): fault proxy: scripted refusal", StringComparison.Ordinal)) == 1, PrometheusEndToEndCheck.Line("the refusal logged {0} time(s)", s.Log.Count(l => l.Contains("refused", StringComparison.Ordinal)))),
            }),
    };

    private static async Task CheckSeriesAsync(HttpClient http, string prometheus, Scenario scenario, string route, string runId, LongHistogram mirror, Action<bool, string> check)
    {
        string series = $"push_example_seconds{{route=\"{route}\",run_id=\"{runId}\",job=\"push-example\",scenario=\"{scenario.Name}\"}}";
        string name = scenario.Name + " " + route;
        double count = await PrometheusEndToEndCheck.Scalar(http, prometheus, $"histogram_count({series})").ConfigureAwait(false);
        check(count == mirror.TotalCount, PrometheusEndToEndCheck.Line("{0}: histogram_count {1} (recorded {2})", name, count, mirror.TotalCount));
        double sum = await PrometheusEndToEndCheck.Scalar(http, prometheus, $"histogram_sum({series})").ConfigureAwait(false);
        double expectedSum = mirror.GetMean() * mirror.TotalCount * 1e-9;
        check(Math.Abs(sum - expectedSum) <= 1e-9 * expectedSum, PrometheusEndToEndCheck.Line("{0}: histogram_sum {1} (HDR mean times count {2})", name, sum, expectedSum));
        double bound = NativeHistogramSchema.MaxRelativeQuantileError(NativeHistogramSchema.ForSubBucketCount(mirror.SubBucketCount), mirror.SubBucketCount);
        foreach (double q in PrometheusEndToEndCheck.Quantiles)
        {
            double answer = await PrometheusEndToEndCheck.Scalar(http, prometheus, string.Create(CultureInfo.InvariantCulture, $"histogram_quantile({q}, {series})")).ConfigureAwait(false);
            double slack = 1.0 / mirror.TotalCount;
            double low = mirror.GetValueAtPercentile(Math.Max(0, q - slack) * 100) * 1e-9;
            double high = mirror.GetValueAtPercentile(Math.Min(1, q + slack) * 100) * 1e-9;
            check(PrometheusEndToEndCheck.Within(answer, low, high, bound), PrometheusEndToEndCheck.Line("{0}: q={1} prometheus {2}, recorded {3} to {4} (ranks q·n ± 1), bound {5:P3}", name, q, answer, low, high, bound));
        }
    }

    /// <summary>One pusher of the recorded values: its registry, its schedule of faults (through its own proxy) and the counters it must end with.</summary>
    private sealed class Scenario
    {
        private readonly TimeSpan _interval;
        private readonly TimeSpan _timeout;
        private readonly Queue<(double At, Action<RemoteWriteFaultProxy> Do)> _faults;

        public Scenario(string name, string description, TimeSpan interval, TimeSpan timeout, (double At, Action<RemoteWriteFaultProxy> Do)[] faults, Func<Scenario, IEnumerable<(bool, string)>> countersHold)
        {
            Name = name;
            Description = description;
            _interval = interval;
            _timeout = timeout;
            _faults = new Queue<(double, Action<RemoteWriteFaultProxy>)>(faults);
            CountersHold = countersHold;
        }

        public string Name { get; }

        public string Description { get; }

        public Func<Scenario, IEnumerable<(bool, string)>> CountersHold { get; }

        public RemoteWriteFaultProxy? Proxy { get; private set; }

        public Recorder[] Recorders { get; private set; } = Array.Empty<Recorder>();

        public PrometheusPusher Pusher { get; private set; } = null!;

        public ConcurrentQueue<string> Log { get; } = new();

        public void Start(Uri receiver, string[] routes, string runId)
        {
            var registry = new PrometheusHistogramRegistry();
            var family = registry.CreateHistogram("push_example_seconds", "Latencies of a job that pushes.", new PrometheusHistogramOptions
            {
                LabelNames = new[] { "route" },
                Unit = "seconds",
                ValueScale = 1e-9,
                MaxNativeBuckets = null, // the check holds Prometheus to the full schema's bound
            });
            Recorders = Array.ConvertAll(routes, r => family.GetOrCreateRecorder(r));

            bool faulty = _faults.Count > 0;
            Proxy = faulty ? new RemoteWriteFaultProxy(receiver) : null;
            var options = new PrometheusPusherOptions
            {
                Url = Proxy?.Url ?? receiver,
                Interval = _interval,
                Timeout = _timeout,
                Log = line =>
                {
                    Log.Enqueue(line);
                    Console.WriteLine($"[{Name}] {line}");
                },
            };
            if (faulty)
            {
                options.MaxRetryDelay = _interval;
            }

            options.Labels["job"] = "push-example";
            options.Labels["run_id"] = runId;
            options.Labels["scenario"] = Name;
            Pusher = new PrometheusPusher(registry, options);
            Pusher.Start();
        }

        public void ApplyDueFaults(double elapsedSeconds)
        {
            while (_faults.Count > 0 && _faults.Peek().At <= elapsedSeconds)
            {
                _faults.Dequeue().Do(Proxy!);
            }
        }
    }
}
