using System.Threading;
using BenchmarkDotNet.Attributes;

namespace HdrHistogram.BenchmarkDotNet.Tests;

/// <summary>A benchmark short enough for a test run, with the default percentile columns.</summary>
[HdrHistogramDiagnoser]
public class TinyBenchmarks
{
    private int _value = 1;

    [Benchmark]
    public int Spin()
    {
        int x = _value;
        for (int i = 0; i < 200; i++)
        {
            x = (x * 31) + i;
        }

        return x;
    }

    [Benchmark]
    public void Sleep() => Thread.Sleep(1);

    [GlobalSetup]
    public void Setup() => _value = 7;
}

/// <summary>The same, with its own percentile list.</summary>
[HdrHistogramDiagnoser]
[HdrPercentiles(50, 99, 99.99)]
public class TinyBenchmarksWithPercentiles
{
    [Benchmark]
    public int Add()
    {
        int x = 0;
        for (int i = 0; i < 100; i++)
        {
            x += i;
        }

        return x;
    }
}

/// <summary>Two benchmarks without the attribute: the push tests add the columns and exporters by config, with their URL.</summary>
public class PushedBenchmarks
{
    [Benchmark]
    public int Multiply()
    {
        int x = 3;
        for (int i = 0; i < 100; i++)
        {
            x *= 7;
        }

        return x;
    }

    [Benchmark]
    public void Sleep() => Thread.Sleep(1);
}
