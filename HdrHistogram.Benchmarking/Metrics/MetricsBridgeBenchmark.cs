using System;
using System.Diagnostics.Metrics;
using System.IO;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;
using HdrHistogram.Metrics;

namespace HdrHistogram.Benchmarking.Metrics;

/// <summary>
/// Cost per measurement of <see cref="Histogram{T}.Record(T)"/> with the HdrHistogram metrics bridge listening,
/// against the same instrument with no listener (the baseline: what System.Diagnostics.Metrics costs by itself).
/// </summary>
[MemoryDiagnoser]
public class MetricsBridgeBenchmark
{
    private const int MeasurementsPerInvocation = 1024;
    private readonly long[] _values = LatencyValues.Create(MeasurementsPerInvocation);
    private Meter _meter = null!;
    private Histogram<long> _bridged = null!;
    private Histogram<double> _bridgedDouble = null!;
    private Histogram<long> _unobserved = null!;
    private HistogramLogWriter _writer = null!;
    private HistogramMetricsBridge _bridge = null!;

    [GlobalSetup]
    public void Setup()
    {
        string meterName = "hdr.benchmark." + Guid.NewGuid().ToString("N");
        _writer = new HistogramLogWriter(Stream.Null);
        _bridge = new HistogramMetricsBridge(_writer, new HistogramMetricsBridgeOptions { Interval = TimeSpan.FromSeconds(1) })
            .Subscribe(meterName, "latency")
            .Subscribe(meterName, "latency.ms", unitScale: 1_000_000.0);
        _meter = new Meter(meterName);
        _bridged = _meter.CreateHistogram<long>("latency");
        _bridgedDouble = _meter.CreateHistogram<double>("latency.ms");
        _unobserved = _meter.CreateHistogram<long>("unobserved");
        _bridge.Start();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _bridge.Dispose();
        _meter.Dispose();
        _writer.Dispose();
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = MeasurementsPerInvocation)]
    public int NoListener()
    {
        foreach (long value in _values)
        {
            _unobserved.Record(value);
        }

        return _values.Length;
    }

    [Benchmark(OperationsPerInvoke = MeasurementsPerInvocation)]
    public long BridgedLong()
    {
        foreach (long value in _values)
        {
            _bridged.Record(value);
        }

        return _bridge.DroppedMeasurements;
    }

    [Benchmark(OperationsPerInvoke = MeasurementsPerInvocation)]
    public long BridgedDoubleMilliseconds()
    {
        foreach (long value in _values)
        {
            _bridgedDouble.Record(value / 1e6);
        }

        return _bridge.DroppedMeasurements;
    }
}
