using System;
using System.Globalization;
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
/// </summary>
internal static class PrometheusPushExample
{
    private static readonly double[] Quantiles = { 0.5, 0.9, 0.99, 0.999 };

    public static async Task<int> RunAsync(string[] args)
    {
        var url = new Uri(PrometheusEndToEndCheck.Option(args, "--url", "http://127.0.0.1:9090/api/v1/write"));
        string prometheus = PrometheusEndToEndCheck.Option(args, "--prometheus", "http://127.0.0.1:9090");
        int seconds = int.Parse(PrometheusEndToEndCheck.Option(args, "--seconds", "10"), CultureInfo.InvariantCulture);
        int rate = int.Parse(PrometheusEndToEndCheck.Option(args, "--rate", "20000"), CultureInfo.InvariantCulture);
        string runId = PrometheusEndToEndCheck.Option(args, "--run-id", Guid.NewGuid().ToString("N")[..12]);

        var registry = new PrometheusHistogramRegistry();
        var family = registry.CreateHistogram("push_example_seconds", "Latencies of a job that pushes.", new PrometheusHistogramOptions
        {
            LabelNames = new[] { "route" },
            Unit = "seconds",
            ValueScale = 1e-9,
            MaxNativeBuckets = null, // the check holds Prometheus to the full schema's bound
        });
        string[] routes = { "/a", "/b" };
        var recorders = Array.ConvertAll(routes, r => family.GetOrCreateRecorder(r));
        var mirrors = Array.ConvertAll(routes, _ => new LongHistogram(1, 3_600_000_000_000L, 3));

        var options = new PrometheusPusherOptions { Url = url, Interval = TimeSpan.FromSeconds(1), Log = Console.WriteLine };
        options.Labels["job"] = "push-example";
        options.Labels["run_id"] = runId;
        var pusher = new PrometheusPusher(registry, options);
        pusher.Start();

        var random = new Random(7);
        var clock = System.Diagnostics.Stopwatch.StartNew();
        long done = 0;
        while (clock.Elapsed.TotalSeconds < seconds)
        {
            for (long due = (long)(clock.Elapsed.TotalSeconds * rate); done < due; done++)
            {
                int route = random.Next(routes.Length);
                double ms = (route + 1) * Math.Exp((random.NextDouble() + random.NextDouble() + random.NextDouble() - 1.5) * 1.5);
                long value = (long)(ms * 1_000_000);
                recorders[route].RecordValue(value);
                mirrors[route].RecordValue(value);
            }

            Thread.Sleep(2);
        }

        await pusher.DisposeAsync().ConfigureAwait(false);
        Console.WriteLine($"pushed: {pusher.PushesSent} sent, {pusher.PushesRetried} retried, {pusher.PushesDropped} dropped, {pusher.PushesRefused} refused; run_id {runId}");

        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(10) };
        int failures = 0;
        void Check(bool ok, string line)
        {
            Console.WriteLine((ok ? "ok   " : "FAIL ") + line);
            failures += ok ? 0 : 1;
        }

        Check(pusher.PushesSent >= seconds - 1 && pusher.PushesRefused == 0, PrometheusEndToEndCheck.Line("{0} pushes taken, none refused", pusher.PushesSent));
        for (int r = 0; r < routes.Length; r++)
        {
            var mirror = mirrors[r];
            string series = $"push_example_seconds{{route=\"{routes[r]}\",run_id=\"{runId}\",job=\"push-example\"}}";
            double count = await PrometheusEndToEndCheck.Scalar(http, prometheus, $"histogram_count({series})").ConfigureAwait(false);
            Check(count == mirror.TotalCount, PrometheusEndToEndCheck.Line("{0}: histogram_count {1} (recorded {2})", routes[r], count, mirror.TotalCount));
            double sum = await PrometheusEndToEndCheck.Scalar(http, prometheus, $"histogram_sum({series})").ConfigureAwait(false);
            double expectedSum = mirror.GetMean() * mirror.TotalCount * 1e-9;
            Check(Math.Abs(sum - expectedSum) <= 1e-9 * expectedSum, PrometheusEndToEndCheck.Line("{0}: histogram_sum {1} (HDR mean times count {2})", routes[r], sum, expectedSum));
            double bound = NativeHistogramSchema.MaxRelativeQuantileError(NativeHistogramSchema.ForSubBucketCount(mirror.SubBucketCount), mirror.SubBucketCount);
            foreach (double q in Quantiles)
            {
                double answer = await PrometheusEndToEndCheck.Scalar(http, prometheus, string.Create(CultureInfo.InvariantCulture, $"histogram_quantile({q}, {series})")).ConfigureAwait(false);
                double slack = 1.0 / mirror.TotalCount;
                double low = mirror.GetValueAtPercentile(Math.Max(0, q - slack) * 100) * 1e-9;
                double high = mirror.GetValueAtPercentile(Math.Min(1, q + slack) * 100) * 1e-9;
                Check(PrometheusEndToEndCheck.Within(answer, low, high, bound), PrometheusEndToEndCheck.Line("{0}: q={1} prometheus {2}, recorded {3} to {4} (ranks q·n ± 1), bound {5:P3}", routes[r], q, answer, low, high, bound));
            }
        }

        Console.WriteLine(failures == 0 ? "PASS prometheus push" : $"FAIL prometheus push: {failures} comparisons");
        return failures == 0 ? 0 : 1;
    }
}
