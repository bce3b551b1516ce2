using System;
using System.Globalization;
using System.Threading;
using System.Threading.Tasks;
using HdrHistogram.Encoding;
using HdrHistogram.Prometheus.AspNetCore;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.Registry;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace HdrHistogram.Examples;

/// <summary>
/// A web service whose simulated request latencies (a latency mix: <c>fast</c>, or <c>slow</c> at five times the
/// latency) are recorded into a <see cref="Recorder"/> and scraped by Prometheus at <c>/metrics</c> (native
/// histograms when asked for protobuf) and <c>/metrics-text</c> (always the text format, classic buckets). The
/// simulated load starts once both endpoints have been scraped, so a scraper's first sample is empty, and stops after
/// <c>--values</c> values. <c>/debug/histogram</c> returns the running total as a compressed base64 HDR histogram and
/// <c>/debug/status</c> the load's state, for the end-to-end check.
/// </summary>
internal static class PrometheusExampleService
{
    public const string MetricName = "example_request_duration_seconds";

    public static async Task RunAsync(string[] args)
    {
        int port = int.Parse(Option(args, "--port", "9464"), CultureInfo.InvariantCulture);
        string mix = Option(args, "--mix", "fast");
        int values = int.Parse(Option(args, "--values", "20000"), CultureInfo.InvariantCulture);
        double seconds = double.Parse(Option(args, "--seconds", "15"), CultureInfo.InvariantCulture);
        double factor = mix switch
        {
            "fast" => 1.0,
            "slow" => 5.0,
            _ => throw new ArgumentException($"Unknown latency mix '{mix}' (fast or slow).", nameof(args)),
        };

        var recorder = PrometheusHistogramOptions.CreatePackedRecorder(1, 3_600_000_000_000L, 3);
        var family = PrometheusHistogramRegistry.Default.CreateHistogram(
            MetricName,
            "Simulated request latencies of the example service.",
            // No bucket limit: the end-to-end check holds Prometheus' quantiles to the full schema's bound (0.37 %). A
            // fleet of thousands of series keeps the default limit instead (docs/prometheus.md).
            new PrometheusHistogramOptions { Unit = "seconds", ValueScale = 1e-9, MaxNativeBuckets = null });
        var series = family.Add(recorder);

        var builder = WebApplication.CreateBuilder();
        builder.WebHost.UseUrls($"http://127.0.0.1:{port}");
        builder.Logging.ClearProviders();
        var app = builder.Build();

        var state = new LoadState();
        app.Use(async (context, next) =>
        {
            await next(context).ConfigureAwait(false);
            state.Scraped(context.Request.Path.Value);
        });

        // The two lines a service adds.
        app.UseHdrRequestDurations();
        app.MapHdrMetrics("/metrics");

        app.MapHdrMetrics("/metrics-text", format: PrometheusExpositionFormat.Text);
        app.MapGet("/debug/histogram", () => HistogramEncoder.EncodeCompressedToBase64(series.CopyTotal()));
        app.MapGet("/debug/status", () => state.Describe());

        await app.StartAsync().ConfigureAwait(false);
        Console.WriteLine($"Serving {MetricName} ({mix} mix) on http://127.0.0.1:{port}/metrics");

        var workload = new SimulatedLatencyWorkload(seed: mix == "fast" ? 1 : 2);
        await state.WaitForFirstScrapesAsync().ConfigureAwait(false);
        var pause = TimeSpan.FromSeconds(seconds / Math.Max(1, values / 100));
        for (int i = 0; i < values; i++)
        {
            recorder.RecordValue(Math.Min(3_600_000_000_000L, (long)(workload.NextLatencyNanoseconds() * factor)));
            if (i % 100 == 99)
            {
                await Task.Delay(pause).ConfigureAwait(false);
            }
        }

        state.Done(values);
        await app.WaitForShutdownAsync().ConfigureAwait(false);
    }

    private static string Option(string[] args, string name, string fallback)
    {
        int i = Array.IndexOf(args, name);
        return i >= 0 && i + 1 < args.Length ? args[i + 1] : fallback;
    }

    private sealed class LoadState
    {
        private readonly TaskCompletionSource _firstScrapes = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private int _nativeScrapes;
        private int _textScrapes;
        private int _nativeSinceDone = -1;
        private int _textSinceDone = -1;
        private int _recorded;

        public Task WaitForFirstScrapesAsync() => _firstScrapes.Task;

        public void Scraped(string? path)
        {
            if (path == "/metrics")
            {
                Interlocked.Increment(ref _nativeScrapes);
            }
            else if (path == "/metrics-text")
            {
                Interlocked.Increment(ref _textScrapes);
            }
            else
            {
                return;
            }

            if (Volatile.Read(ref _nativeScrapes) > 0 && Volatile.Read(ref _textScrapes) > 0)
            {
                _firstScrapes.TrySetResult();
            }

            if (Volatile.Read(ref _nativeSinceDone) >= 0)
            {
                Interlocked.Increment(ref path == "/metrics" ? ref _nativeSinceDone : ref _textSinceDone);
            }
        }

        public void Done(int recorded)
        {
            _recorded = recorded;
            Volatile.Write(ref _textSinceDone, 0);
            Volatile.Write(ref _nativeSinceDone, 0);
        }

        public string Describe() => string.Create(
            CultureInfo.InvariantCulture,
            $"done={Volatile.Read(ref _nativeSinceDone) >= 0} native_since_done={Math.Max(0, Volatile.Read(ref _nativeSinceDone))} text_since_done={Math.Max(0, Volatile.Read(ref _textSinceDone))} recorded={_recorded}");
    }
}
