using System;
using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.Registry;

namespace HdrHistogram.Prometheus.Benchmarks;

/// <summary>
/// Scrapes outside BenchmarkDotNet and counts the bytes allocated by every thread of the process
/// (<c>GC.GetTotalAllocatedBytes(true)</c>) and by the scraping thread, around a run of scrapes and around the same
/// time spent spinning: what a scrape allocates, with nothing else in the process.
/// </summary>
internal static class AllocationProbe
{
    public static void Run(int seriesCount, int scrapes, bool packed)
    {
        var registry = new PrometheusHistogramRegistry();
        var family = registry.CreateHistogram("probe_seconds", "Probe.", new PrometheusHistogramOptions { LabelNames = new[] { "series" }, ValueScale = 1e-9 });
        var recorders = new Recorder[seriesCount];
        var values = new long[seriesCount][];
        for (int s = 0; s < seriesCount; s++)
        {
            recorders[s] = packed ? PrometheusHistogramOptions.CreatePackedRecorder(1, Workload.OneHour, 3) : new Recorder(1, Workload.OneHour, 3);
            values[s] = Workload.DistinctValues(s, 1000);
            foreach (long v in values[s])
            {
                recorders[s].RecordValue(v);
            }

            family.Add(recorders[s], s.ToString(CultureInfo.InvariantCulture));
        }

        var buffer = new ArrayBufferWriter<byte>(8 << 20);
        void Scrape(PrometheusExpositionFormat format, int round)
        {
            for (int s = 0; s < seriesCount; s++)
            {
                recorders[s].RecordValue(values[s][round % 1000]);
            }

            buffer.ResetWrittenCount();
            registry.Write(buffer, format);
        }

        for (int i = 0; i < 20; i++)
        {
            Scrape(PrometheusExpositionFormat.Protobuf, i);
            Scrape(PrometheusExpositionFormat.Text, i);
        }

        foreach (var format in new[] { PrometheusExpositionFormat.Protobuf, PrometheusExpositionFormat.Text })
        {
            long start = Stopwatch.GetTimestamp();
            long allBefore = GC.GetTotalAllocatedBytes(true);
            long threadBefore = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < scrapes; i++)
            {
                Scrape(format, i);
            }

            long threadAfter = GC.GetAllocatedBytesForCurrentThread();
            long allAfter = GC.GetTotalAllocatedBytes(true);
            long elapsed = Stopwatch.GetTimestamp() - start;

            long spinAllBefore = GC.GetTotalAllocatedBytes(true);
            long spinEnd = Stopwatch.GetTimestamp() + elapsed;
            while (Stopwatch.GetTimestamp() < spinEnd)
            {
            }

            long spinAllAfter = GC.GetTotalAllocatedBytes(true);
            Console.WriteLine(string.Create(
                CultureInfo.InvariantCulture,
                $"{format}, {(packed ? "packed" : "array")} recorders: {scrapes} scrapes of {seriesCount} series in {elapsed * 1000.0 / Stopwatch.Frequency:F0} ms; allocated: all threads {allAfter - allBefore} B, scraping thread {threadAfter - threadBefore} B; spinning as long: all threads {spinAllAfter - spinAllBefore} B"));
        }
    }
}
