using System;
using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using System.Runtime;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.Registry;

namespace HdrHistogram.Prometheus.Benchmarks;

/// <summary>
/// What series cost at a fleet's size: <c>series</c> series of the default recorder (values 1 ns to one hour, 3
/// digits, packed), each fed 100 to 1,000 latencies a round between scrapes, optionally after a burst of 20,000
/// distinct values a series; then the live heap after a compacting collection, per series, and each format's payload
/// and scrape time.
/// </summary>
internal static class MemoryProbe
{
    public static void Run(int seriesCount, int rounds, bool burst, int? maxBuckets)
    {
        var registry = new PrometheusHistogramRegistry();
        var family = registry.CreateHistogram("route_latency_seconds", "Latency by route.", new PrometheusHistogramOptions
        {
            LabelNames = new[] { "route" },
            Unit = "seconds",
            ValueScale = 1e-9,
            MaxNativeBuckets = maxBuckets,
        });
        var recorders = new Recorder[seriesCount];
        for (int s = 0; s < seriesCount; s++)
        {
            recorders[s] = family.GetOrCreateRecorder("/route/" + s.ToString(CultureInfo.InvariantCulture));
        }

        long baseline = LiveHeap();
        var buffer = new ArrayBufferWriter<byte>(64 << 20);
        var random = new Random(42);
        if (burst)
        {
            for (int s = 0; s < seriesCount; s++)
            {
                for (int i = 0; i < 20_000; i++)
                {
                    recorders[s].RecordValue(1_000 + (long)(random.NextDouble() * 10_000_000_000L));
                }
            }

            Scrape(registry, buffer, PrometheusExpositionFormat.Protobuf);
        }

        double protobufMs = 0, textMs = 0;
        int protobufBytes = 0, textBytes = 0;
        for (int round = 0; round < rounds; round++)
        {
            for (int s = 0; s < seriesCount; s++)
            {
                int count = 100 + random.Next(901);
                for (int i = 0; i < count; i++)
                {
                    // Log-normal around 2 ms: a body of a few hundred distinct buckets a series.
                    double ms = Math.Exp(Math.Log(2) + (random.NextDouble() + random.NextDouble() + random.NextDouble() - 1.5));
                    recorders[s].RecordValue((long)(ms * 1_000_000));
                }
            }

            (protobufMs, protobufBytes) = Scrape(registry, buffer, PrometheusExpositionFormat.Protobuf);
            (textMs, textBytes) = Scrape(registry, buffer, PrometheusExpositionFormat.Text);
        }

        long live = LiveHeap() - baseline;
        Console.WriteLine(string.Create(
            CultureInfo.InvariantCulture,
            $"{seriesCount} series, {rounds} rounds, burst {(burst ? "yes" : "no")}, max native buckets {(maxBuckets?.ToString(CultureInfo.InvariantCulture) ?? "none")}: live heap {live / 1048576.0:F1} MB ({live / seriesCount} B a series); protobuf scrape {protobufBytes / 1048576.0:F2} MB in {protobufMs:F0} ms; text scrape {textBytes / 1048576.0:F2} MB in {textMs:F0} ms"));
        GC.KeepAlive(recorders);
        GC.KeepAlive(registry);
    }

    private static (double Ms, int Bytes) Scrape(PrometheusHistogramRegistry registry, ArrayBufferWriter<byte> buffer, PrometheusExpositionFormat format)
    {
        buffer.ResetWrittenCount();
        long start = Stopwatch.GetTimestamp();
        registry.Write(buffer, format);
        return ((Stopwatch.GetTimestamp() - start) * 1000.0 / Stopwatch.Frequency, buffer.WrittenCount);
    }

    private static long LiveHeap()
    {
        GCSettings.LargeObjectHeapCompactionMode = GCLargeObjectHeapCompactionMode.CompactOnce;
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        GC.WaitForPendingFinalizers();
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        return GC.GetTotalMemory(false);
    }
}
