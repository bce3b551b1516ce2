using System;

namespace HdrHistogram.Prometheus.Benchmarks;

/// <summary>Recorders of nanosecond latencies (1 ns to one hour, 3 digits) holding about 1,000 distinct values each.</summary>
internal static class Workload
{
    public const long OneHour = 3_600_000_000_000L;

    public static long[] DistinctValues(int seed, int count)
    {
        var random = new Random(seed);
        var values = new long[count];
        for (int i = 0; i < count; i++)
        {
            // Log-uniform from 10 µs to 10 s: about 1,000 distinct HDR buckets for 1,000 values.
            values[i] = (long)Math.Exp(Math.Log(10_000) + (random.NextDouble() * Math.Log(1_000_000)));
        }

        return values;
    }

    public static LongHistogram Histogram(int seed)
    {
        var histogram = new LongHistogram(1, OneHour, 3);
        foreach (long v in DistinctValues(seed, 1000))
        {
            histogram.RecordValue(v);
        }

        return histogram;
    }
}
