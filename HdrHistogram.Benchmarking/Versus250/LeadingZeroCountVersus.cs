using System;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;
using HdrHistogram.Utilities;

namespace HdrHistogram.Benchmarking.Versus250;

/// <summary>
/// <c>Bitwise.NumberOfLeadingZeros</c> (2.5.0's public leading-zero count) over 1,024 values of every bit length;
/// time per value.
/// </summary>
public class LeadingZeroCountVersus : IValidatedBenchmark
{
    private const int Count = 1024;
    private readonly long[] _values = new long[Count];
    private long _expected;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(7);
        _expected = 0;
        for (int i = 0; i < Count; i++)
        {
            // 1 to 63 significant bits (the histograms never ask about 0, and 2.5.0 counts 0 wrong).
            int bits = 1 + random.Next(63);
            _values[i] = (long)(((ulong)random.NextInt64() | 1UL << 62) >> (63 - bits));
            // The count by definition: zero bits above the highest set one.
            int zeros = 64;
            for (ulong v = (ulong)_values[i]; v != 0; v >>= 1)
            {
                zeros--;
            }

            _expected += zeros;
        }

        BenchmarkValidation.Run(this);
    }

    [Benchmark(OperationsPerInvoke = Count)]
    public long NumberOfLeadingZeros()
    {
        long[] values = _values;
        long sum = 0;
        for (int i = 0; i < values.Length; i++)
        {
            sum += Bitwise.NumberOfLeadingZeros(values[i]);
        }

        return sum;
    }

    /// <inheritdoc />
    public void Validate(string benchmark, Func<object?> run)
    {
        Check.Equal(nameof(NumberOfLeadingZeros), benchmark, "benchmark");
        Check.Equal(_expected, Check.Is<long>(run(), benchmark), "sum of the leading-zero counts");
    }
}
