using System;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Versus250;

/// <summary>
/// One <c>RecordValue</c> (time per value, 1,024 latency-like values per call, highest 3.6e12, 3 digits) into each
/// histogram type and into the recorders 2.5.0's factory makes: <c>Recorder</c> (thread-safe writes and reads,
/// <c>LongConcurrentHistogram</c>) and <c>SingleWriterRecorder</c> (thread-safe reads). Written against 2.5.0's API.
/// </summary>
[MemoryDiagnoser]
public class RecordingVersus : IValidatedBenchmark
{
    private const int ValuesPerInvocation = 1024;
    private const long Highest = 3_600_000_000_000;
    private readonly long[] _values = new long[ValuesPerInvocation];
    private HistogramBase _long = null!;
    private HistogramBase _int = null!;
    private HistogramBase _short = null!;
    private HistogramBase _longConcurrent = null!;
    private HistogramBase _intConcurrent = null!;
    private Recorder _recorder = null!;
    private Recorder _singleWriterRecorder = null!;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        for (int i = 0; i < _values.Length; i++)
        {
            _values[i] = (long)Math.Exp(Math.Log(1_000_000) + (random.NextDouble() * 4) - 2);
        }

        _long = new LongHistogram(1, Highest, 3);
        _int = new IntHistogram(1, Highest, 3);
        _short = new ShortHistogram(1, Highest, 3);
        _longConcurrent = new LongConcurrentHistogram(1, Highest, 3);
        _intConcurrent = new IntConcurrentHistogram(1, Highest, 3);
        _recorder = HistogramFactory.With64BitBucketSize().WithValuesFrom(1).WithValuesUpTo(Highest).WithPrecisionOf(3)
            .WithThreadSafeWrites().WithThreadSafeReads().Create();
        _singleWriterRecorder = HistogramFactory.With64BitBucketSize().WithValuesFrom(1).WithValuesUpTo(Highest).WithPrecisionOf(3)
            .WithThreadSafeReads().Create();
        BenchmarkValidation.Run(this);
    }

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
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

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public int Recorder() => Record(_recorder);

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    public int SingleWriterRecorder() => Record(_singleWriterRecorder);

    /// <inheritdoc />
    public void Validate(string benchmark, Func<object?> run)
    {
        if (benchmark is nameof(Recorder) or nameof(SingleWriterRecorder))
        {
            Recorder recorder = benchmark == nameof(Recorder) ? _recorder : _singleWriterRecorder;
            recorder.GetIntervalHistogram(); // start a fresh interval
            int records = Check.Is<int>(run(), benchmark);
            HistogramBase interval = recorder.GetIntervalHistogram();
            Check.Equal((long)records, interval.TotalCount, benchmark + ": values in the interval");
            Check.True(interval.GetCountAtValue(_values[0]) > 0, benchmark + ": the first value was not recorded");
            return;
        }

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

    private int Record(Recorder recorder)
    {
        long[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            recorder.RecordValue(values[i]);
        }

        return values.Length;
    }
}
