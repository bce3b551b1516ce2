using System;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Recording;

/// <summary>
/// What the concurrent histograms' derived total costs a reader: their <see cref="HistogramBase.TotalCount"/> is the
/// sum of the counts, cached until a count changes. One record then one read pays a whole sum (33,792 counts for the
/// recording benchmarks' 3,600,000,000,000 / 3-digit layout); a read with nothing recorded since returns the cache.
/// The baseline is the same record and read on a <see cref="LongHistogram"/>, whose total is a field.
/// </summary>
[MemoryDiagnoser]
public class ConcurrentTotalCountBenchmark : IValidatedBenchmark
{
    private const long Value = 1_000_000;
    private HistogramBase _long = null!;
    private HistogramBase _longConcurrent = null!;
    private HistogramBase _intConcurrent = null!;

    [GlobalSetup]
    public void Setup()
    {
        _long = new LongHistogram(1, LatencyValues.HourInNanoseconds, 3);
        _longConcurrent = new LongConcurrentHistogram(1, LatencyValues.HourInNanoseconds, 3);
        _intConcurrent = new IntConcurrentHistogram(1, LatencyValues.HourInNanoseconds, 3);
        BenchmarkValidation.Run(this);
    }

    [Benchmark(Baseline = true)]
    public long RecordThenRead_LongHistogram() => RecordThenRead(_long);

    [Benchmark]
    public long RecordThenRead_LongConcurrentHistogram() => RecordThenRead(_longConcurrent);

    [Benchmark]
    public long RecordThenRead_IntConcurrentHistogram() => RecordThenRead(_intConcurrent);

    [Benchmark]
    public long ReadAgain_LongConcurrentHistogram() => _longConcurrent.TotalCount;

    /// <inheritdoc />
    public void Validate(string benchmark, Func<object?> run)
    {
        HistogramBase histogram = benchmark switch
        {
            nameof(RecordThenRead_LongHistogram) => _long,
            nameof(RecordThenRead_LongConcurrentHistogram) or nameof(ReadAgain_LongConcurrentHistogram) => _longConcurrent,
            nameof(RecordThenRead_IntConcurrentHistogram) => _intConcurrent,
            _ => throw new InvalidOperationException("No check for " + benchmark + "."),
        };
        long before = histogram.GetCountAtValue(Value);
        long total = Check.Is<long>(run(), benchmark);
        long recorded = benchmark.StartsWith("RecordThenRead", StringComparison.Ordinal) ? 1 : 0;
        Check.Equal(before + recorded, histogram.GetCountAtValue(Value), benchmark + ": count at the value");
        Check.Equal(histogram.GetCountAtValue(Value), total, benchmark + ": the total is the one count recorded");
    }

    private static long RecordThenRead(HistogramBase histogram)
    {
        histogram.RecordValue(Value);
        return histogram.TotalCount;
    }
}
