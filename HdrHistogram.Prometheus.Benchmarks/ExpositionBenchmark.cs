using System.Buffers;
using System.Globalization;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.Registry;

namespace HdrHistogram.Prometheus.Benchmarks;

/// <summary>
/// One scrape of 1,000 series (1 h / 3 digits, about 1,000 distinct values each) in each format, into a reused
/// buffer: every series' recorder interval is taken and added to its total, converted and written.
/// </summary>
[MemoryDiagnoser]
public class ExpositionBenchmark
{
    private readonly ArrayBufferWriter<byte> _buffer = new(8 << 20);
    private PrometheusHistogramRegistry _registry = null!;

    [GlobalSetup]
    public void Setup()
    {
        _registry = new PrometheusHistogramRegistry();
        var family = _registry.CreateHistogram("bench_request_duration_seconds", "Benchmark.", new PrometheusHistogramOptions
        {
            LabelNames = new[] { "series" },
            Unit = "seconds",
            ValueScale = 1e-9,
        });
        for (int s = 0; s < 1000; s++)
        {
            var recorder = new Recorder(1, Workload.OneHour, 3);
            foreach (long v in Workload.DistinctValues(s, 1000))
            {
                recorder.RecordValue(v);
            }

            family.Add(recorder, s.ToString(CultureInfo.InvariantCulture));
        }

        // Grow every buffer once.
        ScrapeProtobuf();
        ScrapeText();
    }

    [Benchmark(Description = "Scrape 1,000 series, protobuf (native)")]
    public int ScrapeProtobuf()
    {
        _buffer.ResetWrittenCount();
        _registry.Write(_buffer, PrometheusExpositionFormat.Protobuf);
        return _buffer.WrittenCount;
    }

    [Benchmark(Description = "Scrape 1,000 series, text (classic)")]
    public int ScrapeText()
    {
        _buffer.ResetWrittenCount();
        _registry.Write(_buffer, PrometheusExpositionFormat.Text);
        return _buffer.WrittenCount;
    }
}
