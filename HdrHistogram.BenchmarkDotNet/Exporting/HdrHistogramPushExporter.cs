using System;
using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using HdrHistogram.BenchmarkDotNet.Measurements;

namespace HdrHistogram.BenchmarkDotNet.Exporting;

/// <summary>
/// Pushes, after the run, each benchmark's whole workload histogram (every actual iteration, nanoseconds per operation,
/// exposed in seconds) as one Prometheus native-histogram sample of <see cref="MetricName"/>, at the time of the export,
/// labelled <c>benchmark</c> (<c>Type.Method(Param=value;...)</c>), <c>job</c> (the job's id) and, when
/// <see cref="RunIdVariable"/> is set, <c>run_id</c>; by remote write to <see cref="Url"/> or, when that is null, to
/// <see cref="UrlVariable"/> (nothing is pushed when neither is set). A failed push does not fail the run: the console
/// logger gets what the receiver answered. Needs .NET 8 or later: the netstandard2.0 build pushes nothing and says why.
/// </summary>
public sealed partial class HdrHistogramPushExporter : IExporter
{
    /// <summary>The metric every benchmark's sample is pushed as.</summary>
    public const string MetricName = "benchmark_operation_seconds";

    /// <summary>The environment variable holding the remote-write URL when none is configured.</summary>
    public const string UrlVariable = "HDR_PUSH_URL";

    /// <summary>The environment variable whose value, when set, labels every sample as <c>run_id</c> (e.g. a CI run's number).</summary>
    public const string RunIdVariable = "HDR_PUSH_RUN_ID";

    /// <summary>The exporter that pushes to <see cref="UrlVariable"/> when it is set (what <see cref="HdrHistogramConfigExtensions.AddHdrHistogram(global::BenchmarkDotNet.Configs.ManualConfig, double[])"/> adds).</summary>
    public static readonly HdrHistogramPushExporter FromEnvironment = new(null);

    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(10);

    /// <summary>An exporter pushing to <paramref name="url"/>, or to <see cref="UrlVariable"/> when it is null.</summary>
    /// <param name="url">The receiver's remote-write URL (e.g. <c>http://prometheus:9090/api/v1/write</c>), or null.</param>
    /// <exception cref="ArgumentException"><paramref name="url"/> is not an absolute http or https URL.</exception>
    public HdrHistogramPushExporter(string? url)
    {
        if (url is not null && ParseUrl(url) is null)
        {
            throw new ArgumentException("The push URL must be an absolute http or https URL (was '" + url + "').", nameof(url));
        }

        Url = url;
    }

    /// <summary>The remote-write URL; null for <see cref="UrlVariable"/>'s.</summary>
    public string? Url { get; }

    /// <summary>The exporter's name in BenchmarkDotNet's output.</summary>
    public string Name => "HdrHistogramPush";

    /// <summary>Writes nothing to the log (the push is reported by <see cref="ExportToFiles"/>).</summary>
    public void ExportToLog(Summary summary, ILogger logger)
    {
    }

    /// <summary>Pushes every measured benchmark's histogram when there is a URL, reporting to <paramref name="consoleLogger"/>; writes no file.</summary>
    public IEnumerable<string> ExportToFiles(Summary summary, ILogger consoleLogger)
    {
        if (summary is null)
        {
            throw new ArgumentNullException(nameof(summary));
        }

        string? text = Url ?? Environment.GetEnvironmentVariable(UrlVariable);
        if (string.IsNullOrWhiteSpace(text))
        {
            return Array.Empty<string>();
        }

        var url = ParseUrl(text!);
        if (url is null)
        {
            consoleLogger.WriteLineError("HdrHistogram push: nothing pushed: " + UrlVariable + " is '" + text + "', which is not an absolute http or https URL");
            return Array.Empty<string>();
        }

        string? runId = Environment.GetEnvironmentVariable(RunIdVariable);
        var benchmarks = new List<PushedBenchmark>();
        foreach (var report in summary.Reports)
        {
            if (BenchmarkLatency.Of(report) is { } latency)
            {
                var labels = Labels(report.BenchmarkCase, string.IsNullOrEmpty(runId) ? null : runId);
                benchmarks.Add(new PushedBenchmark(labels, Selector(labels), latency.Histogram));
            }
        }

        if (benchmarks.Count == 0)
        {
            consoleLogger.WriteLineInfo("HdrHistogram push: no benchmark has workload measurements: nothing pushed to " + url);
            return Array.Empty<string>();
        }

        Push(url, benchmarks, DateTimeOffset.UtcNow, consoleLogger);
        return Array.Empty<string>();
    }

    /// <summary>The labels of a benchmark's sample: <c>benchmark</c>, <c>job</c> and, when <paramref name="runId"/> is not null, <c>run_id</c>.</summary>
    internal static List<KeyValuePair<string, string>> Labels(BenchmarkCase benchmarkCase, string? runId)
    {
        var labels = new List<KeyValuePair<string, string>>
        {
            new("benchmark", HdrHistogramExporter.BenchmarkName(benchmarkCase)),
            new("job", benchmarkCase.Job.ResolvedId),
        };
        if (runId is not null)
        {
            labels.Add(new KeyValuePair<string, string>("run_id", runId));
        }

        return labels;
    }

    /// <summary>The series as PromQL selects it, e.g. <c>benchmark_operation_seconds{benchmark="T.M",job="Job"}</c>.</summary>
    internal static string Selector(IEnumerable<KeyValuePair<string, string>> labels)
        => MetricName + "{" + string.Join(",", labels.Select(l => l.Key + "=\"" + l.Value.Replace("\\", "\\\\").Replace("\"", "\\\"").Replace("\n", "\\n") + "\"")) + "}";

    private static Uri? ParseUrl(string text)
        => Uri.TryCreate(text.Trim(), UriKind.Absolute, out var url) && (url.Scheme == Uri.UriSchemeHttp || url.Scheme == Uri.UriSchemeHttps) ? url : null;

    /// <summary>Pushes one sample per benchmark at <paramref name="time"/>; reports each outcome to <paramref name="logger"/>; never throws for what the receiver does.</summary>
    private static partial void Push(Uri url, List<PushedBenchmark> benchmarks, DateTimeOffset time, ILogger logger);

    /// <summary>One benchmark's sample: its labels, its PromQL selector and its histogram (nanoseconds per operation).</summary>
    private sealed class PushedBenchmark
    {
        public PushedBenchmark(List<KeyValuePair<string, string>> labels, string selector, DoubleHistogram histogram)
        {
            Labels = labels;
            Selector = selector;
            Histogram = histogram;
        }

        public List<KeyValuePair<string, string>> Labels { get; }

        public string Selector { get; }

        public DoubleHistogram Histogram { get; }
    }
}
