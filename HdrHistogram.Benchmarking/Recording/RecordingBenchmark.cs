using System;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Recording;

/// <summary>Cost of one <see cref="HistogramBase.RecordValue"/> per histogram type (the values cycle through a latency-like spread).</summary>
[MemoryDiagnoser]
public class RecordingBenchmark : IValidatedBenchmark
{
    private const int ValuesPerInvocation = 1024;
    private readonly long[] _values = new long[ValuesPerInvocation];
    private HistogramBase _long = null!;
    private HistogramBase _int = null!;
    private HistogramBase _short = null!;
    private HistogramBase _longConcurrent = null!;
    private HistogramBase _intConcurrent = null!;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        for (int i = 0; i < _values.Length; i++)
        {
            _values[i] = (long)Math.Exp(Math.Log(1_000_000) + (random.NextDouble() * 4) - 2);
        }

        const long highest = 3_600_000_000_000;
        _long = new LongHistogram(1, highest, 3);
        _int = new IntHistogram(1, highest, 3);
        _short = new ShortHistogram(1, highest, 3);
        _longConcurrent = new LongConcurrentHistogram(1, highest, 3);
        _intConcurrent = new IntConcurrentHistogram(1, highest, 3);
        BenchmarkValidation.Run(this);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = ValuesPerInvocation)]
    public long LongHistogram() => Record(_long);

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public long IntHistogram() => Record(_int);

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public long ShortHistogram()
    {
        // Short counts overflow quickly: start over before a bucket can fill.
        if (_short.TotalCount > 1_000_000)
        {
            _short.Reset();
        }

        return Record(_short);
    }

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public long LongConcurrentHistogram() => Record(_longConcurrent);

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public long IntConcurrentHistogram() => Record(_intConcurrent);

    public void Validate(string benchmark, Func<object?> run)
    {
        HistogramBase histogram = benchmark switch
        {
            nameof(LongHistogram) => _long,
            nameof(IntHistogram) => _int,
            nameof(ShortHistogram) => _short,
            nameof(LongConcurrentHistogram) => _longConcurrent,
            nameof(IntConcurrentHistogram) => _intConcurrent,
            _ => throw new InvalidOperationException("No check for " + benchmark + "."),
        };
        long before = histogram.TotalCount;
        long total = Check.Is<long>(run(), benchmark);
        Check.Equal(histogram.TotalCount, total, "returned total count");
        Check.True(total == before + ValuesPerInvocation || (histogram == _short && total == ValuesPerInvocation), "total count " + total + " after " + before);
        Check.True(histogram.GetCountAtValue(_values[0]) > 0, "the first value was not recorded");
    }

    private long Record(HistogramBase histogram)
    {
        long[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            histogram.RecordValue(values[i]);
        }

        return histogram.TotalCount;
    }
}
