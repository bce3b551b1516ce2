using System;
using System.Collections.Generic;
using System.Globalization;
using BenchmarkDotNet.Loggers;
using HdrHistogram.Prometheus.NativeHistograms;
using HdrHistogram.Prometheus.RemoteWrite;

namespace HdrHistogram.BenchmarkDotNet.Exporting;

public sealed partial class HdrHistogramPushExporter
{
    /// <summary>
    /// One request per benchmark, so that a refused sample costs only its own (Prometheus refuses a whole request for
    /// one sample it cannot take) and each gets its own answer; the first that cannot reach the receiver stops the push.
    /// </summary>
    private static partial void Push(Uri url, List<PushedBenchmark> benchmarks, DateTimeOffset time, ILogger logger)
    {
        var request = new RemoteWriteRequest();
        var native = new NativeHistogram();
        int pushed = 0;
        using (var writer = new PrometheusRemoteWriter(url, Timeout))
        {
            foreach (var benchmark in benchmarks)
            {
                // Nanoseconds per operation, exposed in seconds, at the finest schema the histogram's precision gives.
                NativeHistogramConverter.Convert(benchmark.Histogram, 1e-9, native);
                request.Clear();
                request.AddHistogram(MetricName, benchmark.Labels, native, time);
                var result = writer.SendAsync(request).AsTask().GetAwaiter().GetResult();
                if (result.Succeeded)
                {
                    pushed++;
                    logger.WriteLineInfo("HdrHistogram push: " + benchmark.Selector + ": count " + native.Count.ToString(CultureInfo.InvariantCulture) + " pushed");
                    continue;
                }

                string message = string.IsNullOrWhiteSpace(result.Message) ? "(no message)" : result.Message!.Trim();
                if (result.StatusCode == 0)
                {
                    logger.WriteLineError("HdrHistogram push: cannot push to " + url + ": " + message + "; " + Count(benchmarks.Count - pushed, "benchmark") + " not pushed");
                    break;
                }

                logger.WriteLineError("HdrHistogram push: " + benchmark.Selector + ": " + url + " answered " + result.StatusCode.ToString(CultureInfo.InvariantCulture) + ": " + message + Hint(message));
            }
        }

        logger.WriteLineInfo("HdrHistogram push: " + pushed.ToString(CultureInfo.InvariantCulture) + " of " + Count(benchmarks.Count, "benchmark") + " pushed to " + url
            + " as " + MetricName + " at " + time.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture));
    }

    /// <summary>What the usual refusals mean.</summary>
    private static string Hint(string message)
        => message.Contains("native histograms are disabled", StringComparison.OrdinalIgnoreCase)
            ? " (Prometheus takes native histograms when started with --enable-feature=native-histograms)"
            : message.Contains("out of order", StringComparison.OrdinalIgnoreCase) || message.Contains("duplicate sample", StringComparison.OrdinalIgnoreCase)
                ? " (the series already has a sample at this time or later: " + RunIdVariable + " labels each run's samples as a series of their own)"
                : string.Empty;

    private static string Count(int n, string noun) => n.ToString(CultureInfo.InvariantCulture) + " " + noun + (n == 1 ? string.Empty : "s");
}
