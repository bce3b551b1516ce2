using BenchmarkDotNet.Attributes;
using HdrHistogram.Prometheus.NativeHistograms;

namespace HdrHistogram.Prometheus.Benchmarks;

/// <summary>
/// Converting one histogram (1 h / 3 digits, about 1,000 distinct values) to a native histogram, against the
/// histogram's own percentile iteration (the steps of its percentile output) and its recorded-bucket walk.
/// </summary>
[MemoryDiagnoser]
public class ConversionBenchmark
{
    private readonly NativeHistogram _native = new();
    private LongHistogram _histogram = null!;

    [GlobalSetup]
    public void Setup()
    {
        _histogram = Workload.Histogram(42);
        NativeHistogramConverter.Convert(_histogram, 1e-9, _native);
    }

    [Benchmark(Baseline = true, Description = "Percentiles(5) iteration")]
    public long PercentileIteration()
    {
        long sum = 0;
        foreach (var step in _histogram.Percentiles(5))
        {
            sum += step.ValueIteratedTo;
        }

        return sum;
    }

    [Benchmark(Description = "EnumerateRecordedBuckets walk")]
    public long RecordedBucketWalk()
    {
        long sum = 0;
        foreach (var bucket in _histogram.EnumerateRecordedBuckets())
        {
            sum += bucket.Count;
        }

        return sum;
    }

    [Benchmark(Description = "Convert to native histogram")]
    public long Convert()
    {
        NativeHistogramConverter.Convert(_histogram, 1e-9, _native);
        return _native.Count;
    }
}
