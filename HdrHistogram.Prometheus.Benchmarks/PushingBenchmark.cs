using System;
using System.Linq;
using System.Net;
using System.Net.Sockets;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Prometheus.Registry;
using HdrHistogram.Prometheus.RemoteWrite;

namespace HdrHistogram.Prometheus.Benchmarks;

/// <summary>
/// Recording while a <see cref="PrometheusPusher"/> pushes the registry every 100 ms: to nobody (no pusher, the
/// baseline), to a dead receiver (a closed port: every push fails and is retried), and to a live one (a real
/// Prometheus with its remote-write receiver, started for the run from PATH; the benchmark fails without it). 100
/// series of the default packed recorder; each operation records 10,000 values spread over them. Needs prometheus on
/// PATH (or HDR_PROMETHEUS) for the live receiver.
/// </summary>
[MemoryDiagnoser]
public class PushingBenchmark
{
    private const int Series = 100;
    private const int ValuesPerOperation = 10_000;

    private readonly long[] _values = new long[ValuesPerOperation];
    private Recorder[] _recorders = null!;
    private PrometheusPusher? _pusher;
    private HdrHistogram.Prometheus.Tests.PrometheusServer? _prometheus;

    /// <summary>Where the pushes go.</summary>
    [Params("none", "dead", "live")]
    public string Receiver { get; set; } = "none";

    [GlobalSetup]
    public void Setup()
    {
        var registry = new PrometheusHistogramRegistry();
        var family = registry.CreateHistogram("bench_seconds", "h", new PrometheusHistogramOptions { LabelNames = new[] { "s" }, ValueScale = 1e-9 });
        _recorders = Enumerable.Range(0, Series).Select(s => family.GetOrCreateRecorder(s.ToString(System.Globalization.CultureInfo.InvariantCulture))).ToArray();
        var random = new Random(3);
        for (int i = 0; i < _values.Length; i++)
        {
            _values[i] = (long)(1_000_000 * Math.Exp(random.NextDouble() * 3));
        }

        Uri? url = Receiver switch
        {
            "dead" => new Uri($"http://127.0.0.1:{FreePort()}/api/v1/write"),
            "live" => new Uri((_prometheus = new HdrHistogram.Prometheus.Tests.PrometheusServer()).WriteUrl),
            _ => null,
        };
        if (url is not null)
        {
            var options = new PrometheusPusherOptions { Url = url, Interval = TimeSpan.FromMilliseconds(100), Timeout = TimeSpan.FromSeconds(2) };
            options.Labels["job"] = "pushing-benchmark";
            _pusher = new PrometheusPusher(registry, options);
            _pusher.Start();
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        if (_pusher is { } pusher)
        {
            Console.WriteLine($"// pushes: {pusher.PushesSent} sent, {pusher.PushesRetried} retried, {pusher.PushesDropped} dropped, {pusher.PushesRefused} refused");
            pusher.Dispose();
        }

        _prometheus?.Dispose();
    }

    [Benchmark(Description = "Record 10,000 values into 100 series")]
    public void Record()
    {
        var recorders = _recorders;
        var values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            recorders[i % Series].RecordValue(values[i]);
        }
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
