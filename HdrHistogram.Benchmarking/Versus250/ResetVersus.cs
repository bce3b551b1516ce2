using System;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Versus250;

/// <summary>
/// A histogram reused interval after interval, as an interval recorder or a log reader recycling its histogram does:
/// 1,024 values recorded into a <c>LongHistogram</c> of 1 h in nanoseconds at 3 digits (33,792 counts, 264 KB), then
/// <c>Reset()</c> for the next interval. <c>Interval</c> records latency-like values around 1 ms (as
/// <see cref="RecordingVersus"/>, the largest 7.4 ms); <c>WideInterval</c> values spread over the whole range, up to
/// 3.2e12. Written against 2.5.0's API.
/// </summary>
[MemoryDiagnoser]
public class ResetVersus : IValidatedBenchmark
{
    private const int ValuesPerInterval = 1024;
    private readonly long[] _narrow = new long[ValuesPerInterval];
    private readonly long[] _wide = new long[ValuesPerInterval];
    private HistogramBase _histogram = null!;

    [GlobalSetup]
    public void Setup()
    {
        // One Random for both arrays, drawn alternately.
        var random = new Random(LatencyValues.Seed);
        for (int i = 0; i < ValuesPerInterval; i++)
        {
            _narrow[i] = LatencyValues.Next(random);
            _wide[i] = (long)Math.Exp(random.NextDouble() * Math.Log(LatencyValues.HourInNanoseconds * 0.9));
        }

        _histogram = new LongHistogram(1, LatencyValues.HourInNanoseconds, 3);
        BenchmarkValidation.Run(this);
    }

    [Benchmark]
    public long Interval() => RecordThenReset(_narrow);

    [Benchmark]
    public long WideInterval() => RecordThenReset(_wide);

    /// <inheritdoc />
    public void Validate(string benchmark, Func<object?> run)
    {
        long[] values = benchmark switch
        {
            nameof(Interval) => _narrow,
            nameof(WideInterval) => _wide,
            _ => throw new InvalidOperationException("No check for " + benchmark + "."),
        };

        long result = Check.Is<long>(run(), benchmark);
        Check.Equal((long)ValuesPerInterval, result, benchmark + ": values counted before the reset");
        Check.Equal(0L, _histogram.TotalCount, benchmark + ": total count after the reset");
        foreach (long value in values)
        {
            Check.Equal(0L, _histogram.GetCountAtValue(value), benchmark + ": count at " + value + " after the reset");
        }

        result = Check.Is<long>(run(), benchmark);
        Check.Equal((long)ValuesPerInterval, result, benchmark + ": values counted in the second interval");
    }

    private long RecordThenReset(long[] values)
    {
        HistogramBase histogram = _histogram;
        foreach (long value in values)
        {
            histogram.RecordValue(value);
        }

        long total = histogram.TotalCount;
        histogram.Reset();
        return total;
    }
}
