using System;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Versus250;

/// <summary>
/// Queries and arithmetic on a 1,000,000-value <c>LongHistogram</c> (highest 3.6e9, 3 digits, latency-like values
/// around 1 ms), written against 2.5.0's API: <c>Percentiles</c> asks p50, p90, p99, p99.9, p99.99 and p100 one
/// <c>GetValueAtPercentile</c> at a time (time per six queries); <c>PercentilesBest</c> asks the same six the fastest
/// way each library offers (<see cref="LibraryAdapter.ValuesAtPercentiles"/>: one pass here, six queries in 2.5.0);
/// <c>CopyAdd</c> copies the histogram and adds it to the copy.
/// </summary>
[MemoryDiagnoser]
public class QueryVersus : IValidatedBenchmark
{
    private static readonly double[] Levels = { 50.0, 90.0, 99.0, 99.9, 99.99, 100.0 };

    private readonly long[] _values = new long[Levels.Length];
    private HistogramBase _histogram = null!;
    private long _expectedSum;

    [GlobalSetup]
    public void Setup()
    {
        _histogram = LatencyValues.Histogram(1_000_000);

        // The definition, walked value by value over the recorded values: the highest equivalent value of the first
        // recorded value whose cumulative count reaches ceil(p / 100 * total) (at least 1).
        _expectedSum = 0;
        foreach (double p in Levels)
        {
            long countAtPercentile = Math.Max((long)Math.Ceiling(p / 100.0 * _histogram.TotalCount), 1);
            long cumulative = 0;
            foreach (var v in _histogram.RecordedValues())
            {
                cumulative += v.CountAtValueIteratedTo;
                if (cumulative >= countAtPercentile)
                {
                    _expectedSum += _histogram.HighestEquivalentValue(v.ValueIteratedTo);
                    break;
                }
            }
        }

        BenchmarkValidation.Run(this);
    }

    [Benchmark]
    public long Percentiles()
    {
        long sum = 0;
        foreach (double p in Levels)
        {
            sum += _histogram.GetValueAtPercentile(p);
        }

        return sum;
    }

    [Benchmark]
    public long PercentilesBest()
    {
        LibraryAdapter.ValuesAtPercentiles(_histogram, Levels, _values);
        long sum = 0;
        foreach (long v in _values)
        {
            sum += v;
        }

        return sum;
    }

    [Benchmark]
    public long CopyAdd()
    {
        HistogramBase copy = _histogram.Copy();
        copy.Add(_histogram);
        return copy.TotalCount;
    }

    /// <inheritdoc />
    public void Validate(string benchmark, Func<object?> run)
    {
        long result = Check.Is<long>(run(), benchmark);
        switch (benchmark)
        {
            case nameof(CopyAdd):
                Check.Equal(2_000_000L, result, benchmark + ": total count of the copy plus the histogram");
                break;
            case nameof(Percentiles):
            case nameof(PercentilesBest):
                Check.Equal(_expectedSum, result, benchmark + ": sum of the six percentile values");
                break;
            default:
                throw new InvalidOperationException("No check for " + benchmark + ".");
        }
    }
}
