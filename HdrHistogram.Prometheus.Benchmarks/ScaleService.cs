using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Runtime;
using System.Threading;
using HdrHistogram.Prometheus.Hosting;
using HdrHistogram.Prometheus.Registry;

namespace HdrHistogram.Prometheus.Benchmarks;

/// <summary>
/// The service side of eng/prometheus-scale-check.sh: <c>series</c> series of one family (a <c>route</c> label, the
/// default packed recorders, nanoseconds exposed as seconds) served by a <see cref="PrometheusMetricsListener"/>, while
/// <c>writers</c> threads record <c>rate</c> values a second in all, spread over the series, for <c>seconds</c>
/// seconds (optionally after a burst of 20,000 values from 1 µs to 10 s into every series, taken into the totals by one
/// scrape before the listener starts, whose duration is reported). Then the writers stop and
/// the service keeps serving while it writes its report: what the writers recorded (count and sum, counted by the
/// writers themselves), the live heap after a compacting collection, the peak resident set, and the listener's
/// counters. The check compares the report with what Prometheus stored.
/// </summary>
internal static class ScaleService
{
    public static void Run(string[] args)
    {
        int port = Option(args, "--port", 0);
        int seriesCount = Option(args, "--series", 10_000);
        int writers = Option(args, "--writers", 4);
        int rate = Option(args, "--rate", 50_000);
        int seconds = Option(args, "--seconds", 180);
        int maxBuckets = Option(args, "--max-buckets", 0);
        bool burst = Array.IndexOf(args, "--burst") >= 0;
        string report = OptionText(args, "--report") ?? "scale-report.txt";
        string ready = OptionText(args, "--ready") ?? "scale-ready.txt";

        var registry = new PrometheusHistogramRegistry();
        var options = new PrometheusHistogramOptions
        {
            LabelNames = new[] { "route" },
            Unit = "seconds",
            ValueScale = 1e-9,
        };
        if (maxBuckets > 0)
        {
            options.MaxNativeBuckets = maxBuckets;
        }
        else if (maxBuckets < 0)
        {
            options.MaxNativeBuckets = null;
        }

        var family = registry.CreateHistogram("route_latency_seconds", "Latency by route.", options);
        var recorders = new Recorder[seriesCount];
        for (int s = 0; s < seriesCount; s++)
        {
            recorders[s] = family.GetOrCreateRecorder("/route/" + s.ToString(CultureInfo.InvariantCulture));
        }

        long recorded = 0;
        long sum = 0;
        double burstScrapeMs = 0;
        if (burst)
        {
            var random = new Random(1);
            for (int s = 0; s < seriesCount; s++)
            {
                for (int i = 0; i < 20_000; i++)
                {
                    long value = 1_000 + (long)(random.NextDouble() * 10_000_000_000L);
                    recorders[s].RecordValue(value);
                    sum += value;
                }
            }

            recorded += 20_000L * seriesCount;

            // The burst goes into the totals in one scrape before Prometheus comes: it is the only one that has 200
            // million values to take (recording them took the writer far longer than a scrape interval).
            var clock = Stopwatch.StartNew();
            registry.Write(new System.Buffers.ArrayBufferWriter<byte>(), HdrHistogram.Prometheus.Exposition.PrometheusExpositionFormat.Protobuf);
            burstScrapeMs = clock.Elapsed.TotalMilliseconds;
        }

        using var listener = new PrometheusMetricsListener($"http://127.0.0.1:{port}/metrics", registry);
        listener.Start();
        File.WriteAllText(ready, listener.Port.ToString(CultureInfo.InvariantCulture));
        Console.WriteLine($"scale-service: {seriesCount} series on port {listener.Port}, {writers} writers at {rate} values/s for {seconds} s{(burst ? " after a burst" : string.Empty)}");

        var counts = new long[writers];
        var sums = new long[writers];
        var stop = new ManualResetEventSlim();
        var threads = new Thread[writers];
        for (int w = 0; w < writers; w++)
        {
            int writer = w;
            threads[w] = new Thread(() => Write(writer, recorders, rate / writers, stop, ref counts[writer], ref sums[writer])) { IsBackground = true };
            threads[w].Start();
        }

        Thread.Sleep(TimeSpan.FromSeconds(seconds));
        stop.Set();
        foreach (var thread in threads)
        {
            thread.Join();
        }

        for (int w = 0; w < writers; w++)
        {
            recorded += counts[w];
            sum += sums[w];
        }

        GCSettings.LargeObjectHeapCompactionMode = GCLargeObjectHeapCompactionMode.CompactOnce;
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        long liveHeap = GC.GetTotalMemory(forceFullCollection: true);
        File.WriteAllText(report, string.Create(CultureInfo.InvariantCulture, $"""
            series {seriesCount}
            recorded_count {recorded}
            recorded_sum_seconds {sum * 1e-9:R}
            live_heap_bytes {liveHeap}
            peak_rss_bytes {PeakResidentBytes()}
            scrapes_served {listener.ScrapesServed}
            requests_abandoned {listener.RequestsAbandoned}
            write_timeouts {listener.WriteTimeouts}
            burst_scrape_ms {burstScrapeMs:F0}

            """));
        Console.WriteLine("scale-service: writers stopped; report written; serving until killed");
        Thread.Sleep(Timeout.Infinite);
    }

    /// <summary>One writer: values around 2 ms (log-normal, each route its own median), paced to its share of the rate.</summary>
    private static void Write(int writer, Recorder[] recorders, int ratePerWriter, ManualResetEventSlim stop, ref long count, ref long sum)
    {
        var random = new Random(100 + writer);
        var clock = Stopwatch.StartNew();
        long done = 0;
        while (!stop.IsSet)
        {
            long due = (long)(clock.Elapsed.TotalSeconds * ratePerWriter);
            for (; done < due; done++)
            {
                int s = random.Next(recorders.Length);
                double median = 0.5 + (4.0 * (s % 97) / 97);
                double ms = median * Math.Exp((random.NextDouble() + random.NextDouble() + random.NextDouble() - 1.5) * 1.2);
                long value = (long)(ms * 1_000_000);
                recorders[s].RecordValue(value);
                count++;
                sum += value;
            }

            Thread.Sleep(1);
        }
    }

    private static long PeakResidentBytes()
    {
        foreach (string line in File.ReadLines("/proc/self/status"))
        {
            if (line.StartsWith("VmHWM:", StringComparison.Ordinal))
            {
                return long.Parse(line[6..].Trim().Split(' ')[0], CultureInfo.InvariantCulture) * 1024;
            }
        }

        return -1;
    }

    private static int Option(string[] args, string name, int fallback)
        => OptionText(args, name) is string text ? int.Parse(text, CultureInfo.InvariantCulture) : fallback;

    private static string? OptionText(string[] args, string name)
    {
        int at = Array.IndexOf(args, name);
        return at >= 0 && at + 1 < args.Length ? args[at + 1] : null;
    }
}
