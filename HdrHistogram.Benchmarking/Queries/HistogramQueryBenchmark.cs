using System;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Queries;

/// <summary>
/// Percentile queries and copy-plus-add of a 1,000,000-value <see cref="LongHistogram"/> (highest 3.6e9, 3 digits,
/// latency-like values around 1 ms), each against a replica of the code before the vectorized paths as the baseline
/// of its category: <c>Percentiles</c> asks p50, p90, p99, p99.9, p99.99 and p100 (times are per six queries);
/// <c>CopyAdd</c> copies the histogram and adds it to the copy.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class HistogramQueryBenchmark : IValidatedBenchmark
{
    private static readonly double[] Percentiles = { 50.0, 90.0, 99.0, 99.9, 99.99, 100.0 };

    private readonly long[] _values = new long[Percentiles.Length];
    private LongHistogram _histogram = null!;
    private LongHistogram _target = null!;

    [GlobalSetup]
    public void Setup()
    {
        _histogram = LatencyValues.Histogram(1_000_000);
        _target = new LongHistogram(1, 3_600_000_000L, 3);
        BenchmarkValidation.Run(this);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Percentiles")]
    public long Percentiles_CountByCount()
    {
        long sum = 0;
        foreach (double p in Percentiles)
        {
            sum += WalkToPercentile(_histogram, p);
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("Percentiles")]
    public long Percentiles_EachQuery()
    {
        long sum = 0;
        foreach (double p in Percentiles)
        {
            sum += _histogram.GetValueAtPercentile(p);
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("Percentiles")]
    public long Percentiles_OnePass()
    {
        _histogram.GetValuesAtPercentiles(Percentiles, _values);
        long sum = 0;
        foreach (long v in _values)
        {
            sum += v;
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("CopyAdd")]
    public long CopyAdd_SlotBySlot()
    {
        // The previous same-layout path: a fresh histogram, then every non-zero count added through the slot accessors.
        LongHistogram source = _histogram;
        var copy = new LongHistogram(source.LowestTrackableValue, source.HighestTrackableValue, source.NumberOfSignificantValueDigits);
        for (int pass = 0; pass < 2; pass++)
        {
            for (int i = 0; i < source.CountsArrayLength; i++)
            {
                long count = source.GetCountAtIndex(i);
                if (count > 0)
                {
                    copy.SetCountAtIndex(i, copy.GetCountAtIndex(i) + count);
                }
            }
        }

        copy.EstablishInternalTrackingValues();
        return copy.TotalCount;
    }

    [Benchmark]
    [BenchmarkCategory("CopyAdd")]
    public long CopyAdd()
    {
        HistogramBase copy = _histogram.Copy();
        copy.Add(_histogram);
        return copy.TotalCount;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Add")]
    public long Add_SlotBySlot()
    {
        LongHistogram source = _histogram;
        LongHistogram target = _target;
        long before = target.TotalCount;
        for (int i = 0; i < source.CountsArrayLength; i++)
        {
            long count = source.GetCountAtIndex(i);
            if (count > 0)
            {
                target.SetCountAtIndex(i, target.GetCountAtIndex(i) + count);
            }
        }

        target.EstablishInternalTrackingValues();
        return target.TotalCount - before;
    }

    [Benchmark]
    [BenchmarkCategory("Add")]
    public long Add()
    {
        long before = _target.TotalCount;
        _target.Add(_histogram);
        return _target.TotalCount - before;
    }

    [Benchmark]
    [BenchmarkCategory("Add")]
    public long CopyInto()
    {
        _histogram.CopyInto(_target);
        return _target.TotalCount;
    }

    /// <inheritdoc />
    public void Validate(string benchmark, Func<object?> run)
    {
        object? result = run();
        if (benchmark is "Add" or "Add_SlotBySlot" or "CopyInto")
        {
            Check.Equal(_histogram.TotalCount, (long)result!, benchmark + ": counts added to (or copied into) the target");
            return;
        }

        if (benchmark.StartsWith("CopyAdd", StringComparison.Ordinal))
        {
            Check.Equal(2 * _histogram.TotalCount, (long)result!, benchmark + ": total count of the copy plus the histogram");
            return;
        }

        long expected = 0;
        foreach (double p in Percentiles)
        {
            expected += WalkToPercentile(_histogram, p);
        }

        Check.Equal(expected, (long)result!, benchmark + ": sum of the six percentile values");
    }

    /// <summary>The previous <see cref="HistogramBase.GetValueAtPercentile"/>: Java's loop, one count at a time.</summary>
    private static long WalkToPercentile(HistogramBase h, double percentile)
    {
        double below = BitConverter.Int64BitsToDouble(BitConverter.DoubleToInt64Bits(percentile) - 1);
        double requested = Math.Min(Math.Max(below, 0.0), 100.0);
        long countAtPercentile = Math.Max((long)Math.Ceiling(requested / 100.0 * h.TotalCount), 1);
        long total = 0;
        for (int i = 0; i < h.CountsArrayLength; i++)
        {
            total += h.GetCountAtIndex(i);
            if (total >= countAtPercentile)
            {
                return h.HighestEquivalentValue(h.ValueFromIndex(i));
            }
        }

        return 0;
    }
}
