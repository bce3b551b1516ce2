using System.Buffers;
using System.Globalization;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.Registry;

namespace HdrHistogram.Prometheus.Benchmarks;

/// <summary>
/// One scrape of 1,000 series (1 h / 3 digits, about 1,000 distinct values each) in each format, into a reused
/// buffer: every series' recorder interval is taken and added to its total, converted and written. The recorders
/// record into array (<see cref="LongConcurrentHistogram"/>) or packed (<see cref="PackedConcurrentHistogram"/>)
/// histograms; before each scrape every series records <see cref="NewValuesPerSeries"/> more of its values (0: idle
/// series), and that recording is part of the measured time.
/// </summary>
[MemoryDiagnoser]
public class ExpositionBenchmark
{
    private const int SeriesCount = 1000;
    private readonly ArrayBufferWriter<byte> _buffer = new(8 << 20);
    private PrometheusHistogramRegistry _registry = null!;
    private Recorder[] _recorders = null!;
    private long[][] _values = null!;
    private int _next;

    /// <summary>The histograms the recorders record into.</summary>
    [Params("array", "packed")]
    public string Recorders { get; set; } = "array";

    /// <summary>Values each series records between two scrapes.</summary>
    [Params(0, 10)]
    public int NewValuesPerSeries { get; set; }

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
        _recorders = new Recorder[SeriesCount];
        _values = new long[SeriesCount][];
        for (int s = 0; s < SeriesCount; s++)
        {
            var recorder = Recorders == "packed"
                ? new Recorder(1, Workload.OneHour, 3, static (id, low, high, digits) => new PackedConcurrentHistogram(id, low, high, digits))
                : new Recorder(1, Workload.OneHour, 3);
            _values[s] = Workload.DistinctValues(s, 1000);
            foreach (long v in _values[s])
            {
                recorder.RecordValue(v);
            }

            _recorders[s] = recorder;
            family.Add(recorder, s.ToString(CultureInfo.InvariantCulture));
        }

        // Grow every buffer once.
        ScrapeProtobuf();
        ScrapeText();
    }

    [Benchmark(Description = "Scrape 1,000 series, protobuf (native)")]
    public int ScrapeProtobuf()
    {
        RecordBetweenScrapes();
        _buffer.ResetWrittenCount();
        _registry.Write(_buffer, PrometheusExpositionFormat.Protobuf);
        return _buffer.WrittenCount;
    }

    [Benchmark(Description = "Scrape 1,000 series, text (classic)")]
    public int ScrapeText()
    {
        RecordBetweenScrapes();
        _buffer.ResetWrittenCount();
        _registry.Write(_buffer, PrometheusExpositionFormat.Text);
        return _buffer.WrittenCount;
    }

    private void RecordBetweenScrapes()
    {
        for (int i = 0; i < NewValuesPerSeries; i++)
        {
            int k = _next++ % 1000;
            for (int s = 0; s < SeriesCount; s++)
            {
                _recorders[s].RecordValue(_values[s][k]);
            }
        }
    }
}
