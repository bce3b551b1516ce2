using System;
using System.Globalization;
using System.IO;
using HdrHistogram.BenchmarkDotNet.Measurements;

namespace HdrHistogram.BenchmarkDotNet.Exporting;

/// <summary>
/// The histogram log of one benchmark: a header naming it, then one interval per actual workload iteration holding that
/// iteration's time per operation (nanoseconds, one count), tagged. BenchmarkDotNet does not report when each
/// iteration ran, so the intervals are the iterations' measured durations laid end to end, the last ending at the
/// export time.
/// </summary>
internal static class BenchmarkLogWriter
{
    public static void Write(Stream stream, BenchmarkLatency latency, string tag, string displayInfo, DateTime endUtc)
    {
        double totalSec = 0;
        foreach (var sample in latency.Samples)
        {
            totalSec += sample.Nanoseconds / 1e9;
        }

        double startEpochSec = ((endUtc - new DateTime(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc)).Ticks / (double)TimeSpan.TicksPerSecond) - totalSec;
        using var writer = new HistogramLogWriter(stream, leaveOpen: true);
        writer.OutputLogFormatVersion();
        writer.OutputComment("[BenchmarkDotNet: " + displayInfo.Replace('\n', ' ').Replace('\r', ' ') + "]");
        writer.OutputComment("[Values: nanoseconds per operation, one per actual workload iteration ("
            + latency.Samples.Count.ToString(CultureInfo.InvariantCulture) + "); intervals: the iterations' measured durations end to end]");
        writer.OutputStartTime((long)Math.Round(startEpochSec * 1000));
        writer.OutputLegend();
        double at = 0;
        foreach (var sample in latency.Samples)
        {
            var interval = new DoubleHistogram(BenchmarkLatency.SignificantDigits) { Tag = tag };
            interval.RecordValue(sample.NanosecondsPerOperation);
            double length = sample.Nanoseconds / 1e9;
            writer.OutputIntervalHistogram(at, at + length, interval);
            at += length;
        }
    }
}
