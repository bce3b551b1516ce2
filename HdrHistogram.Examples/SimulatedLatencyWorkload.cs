using System;

namespace HdrHistogram.Examples;

/// <summary>
/// A deterministic stand-in for a service's request latencies, in nanoseconds: a log-normal body around 1 ms,
/// a slower mode around 20 ms (cache misses, retries) and rare pauses around 1 s (GC, failover).
/// </summary>
internal sealed class SimulatedLatencyWorkload
{
    private readonly Random _random;

    public SimulatedLatencyWorkload(int seed)
    {
        _random = new Random(seed);
    }

    public long NextLatencyNanoseconds()
    {
        double u = _random.NextDouble();
        (double median, double sigma) = u switch
        {
            < 0.96 => (1_000_000.0, 0.5),
            < 0.995 => (20_000_000.0, 0.8),
            _ => (1_000_000_000.0, 1.2),
        };
        double latency = Math.Exp(Math.Log(median) + (sigma * NextGaussian()));
        return Math.Max(1, (long)latency);
    }

    // Box-Muller: the standard library has no normal distribution.
    private double NextGaussian()
    {
        double u1 = 1.0 - _random.NextDouble();
        double u2 = _random.NextDouble();
        return Math.Sqrt(-2.0 * Math.Log(u1)) * Math.Cos(2.0 * Math.PI * u2);
    }
}
