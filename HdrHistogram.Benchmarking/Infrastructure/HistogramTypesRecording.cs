using System;
using BenchmarkDotNet.Attributes;

namespace HdrHistogram.Benchmarking.Infrastructure;

/// <summary>
/// What <c>Recording/RecordingBenchmark</c> and <c>Versus250/RecordingVersus</c> share: one <c>RecordValue</c> per value,
/// 1,024 latency-like values (<see cref="LatencyValues"/>) per call, into each histogram type of 1 to 3.6e12 at 3 digits,
/// and the check of what a call did. Written against 2.5.0's API, so both builds compile it.
/// </summary>
/// <remarks>
/// The <c>[Benchmark]</c> methods here run as methods of each suite. Each suite declares its <c>LongHistogram</c>
/// benchmark itself: it is the baseline of <c>RecordingBenchmark</c>'s table, while <c>RecordingVersus</c> has none
/// (its reference is the 2.5.0 job).
/// </remarks>
public abstract class HistogramTypesRecording : IValidatedBenchmark
{
    /// <summary>Values recorded per benchmark call; the reported time is per value (<c>OperationsPerInvoke</c>).</summary>
    protected const int ValuesPerInvocation = 1024;

    /// <summary>The histograms' highest trackable value: an hour in nanoseconds.</summary>
    protected const long Highest = LatencyValues.HourInNanoseconds;

    // Not private: each suite's own benchmarks record these (its LongHistogram, RecordingVersus's recorders).
    private protected readonly long[] _values = new long[ValuesPerInvocation];
    private protected HistogramBase _long = null!;
    private HistogramBase _int = null!;
    private HistogramBase _short = null!;
    private HistogramBase _longConcurrent = null!;
    private HistogramBase _intConcurrent = null!;

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

    /// <summary>
    /// Checks a histogram benchmark: the total it returns is the histogram's, grown by one call's values (or, for the
    /// short counts, started over), and the first value was recorded.
    /// </summary>
    public virtual void Validate(string benchmark, Func<object?> run)
    {
        HistogramBase histogram = benchmark switch
        {
            "LongHistogram" => _long, // declared by each suite
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

    /// <summary>Draws the values and creates the histograms: the first step of each suite's <c>[GlobalSetup]</c>.</summary>
    protected void CreateHistograms()
    {
        LatencyValues.Fill(_values, new Random(LatencyValues.Seed));
        _long = new LongHistogram(1, Highest, 3);
        _int = new IntHistogram(1, Highest, 3);
        _short = new ShortHistogram(1, Highest, 3);
        _longConcurrent = new LongConcurrentHistogram(1, Highest, 3);
        _intConcurrent = new IntConcurrentHistogram(1, Highest, 3);
    }

    private protected long Record(HistogramBase histogram)
    {
        long[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            histogram.RecordValue(values[i]);
        }

        return histogram.TotalCount;
    }
}
