using System;
using System.Collections.Generic;
using System.Diagnostics.Metrics;
using System.Globalization;
using System.Threading;
using System.Threading.Tasks;
using HdrHistogram.Metrics;

namespace HdrHistogram.Examples;

/// <summary>
/// End to end: a service publishes request latencies through System.Diagnostics.Metrics; the HdrHistogram bridge
/// records them and writes an interval histogram log; the log is read back and summarised per instrument.
/// </summary>
internal static class MetricsBridgeExample
{
    public static void Run(string logPath)
    {
        using (var writer = new HistogramLogWriter(logPath))
        using (var bridge = new HistogramMetricsBridge(writer, new HistogramMetricsBridgeOptions { Interval = TimeSpan.FromMilliseconds(250) }))
        using (var meter = new Meter("Example.Service"))
        {
            bridge.Subscribe("Example.Service", "http.server.request.duration", unitScale: 1e9) // seconds → nanoseconds
                  .Subscribe("Example.Service", "db.query.latency.ns");
            var requestDuration = meter.CreateHistogram<double>("http.server.request.duration", unit: "s");
            var queryLatency = meter.CreateHistogram<long>("db.query.latency.ns", unit: "ns");
            bridge.Start();

            // Four "request threads" for about a second and a half.
            Parallel.For(0, 4, worker =>
            {
                var workload = new SimulatedLatencyWorkload(seed: 100 + worker);
                for (int i = 0; i < 15_000; i++)
                {
                    long latency = workload.NextLatencyNanoseconds();
                    requestDuration.Record(latency / 1e9);
                    queryLatency.Record(latency / 4);
                    if (i % 1000 == 0)
                    {
                        Thread.Sleep(100);
                    }
                }
            });
        }

        // Read the log back: one accumulated histogram per tag.
        var totals = new SortedDictionary<string, LongHistogram>(StringComparer.Ordinal);
        int intervals = 0;
        using (var reader = new HistogramLogReader(logPath))
        {
            EncodableHistogram? interval;
            while ((interval = reader.NextIntervalHistogram()) != null)
            {
                intervals++;
                string tag = interval.Tag ?? "(untagged)";
                if (!totals.TryGetValue(tag, out var total))
                {
                    totals[tag] = total = new LongHistogram(3);
                }

                total.Add((HistogramBase)interval);
            }
        }

        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"Wrote {intervals} interval histograms to {logPath}."));
        foreach (var (tag, histogram) in totals)
        {
            Console.WriteLine(string.Create(
                CultureInfo.InvariantCulture,
                $"{tag}: {histogram.TotalCount} measurements, p50 {histogram.GetValueAtPercentile(50) / 1e6:F3} ms, p99 {histogram.GetValueAtPercentile(99) / 1e6:F3} ms, max {histogram.GetMaxValue() / 1e6:F3} ms"));
        }
    }
}
