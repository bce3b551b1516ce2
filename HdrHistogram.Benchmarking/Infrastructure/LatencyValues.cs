using System;

namespace HdrHistogram.Benchmarking.Infrastructure;

/// <summary>
/// The latency-like values the recording and query suites share: nanoseconds spread uniformly in logarithm between
/// 1 ms / e² and 1 ms × e² (about 0.14 ms to 7.4 ms), drawn from <see cref="Random"/> seeded with <see cref="Seed"/>
/// (Java's <c>JavaBench</c> draws the same spread with its own generator). Written against 2.5.0's API (the
/// <c>Versus250</c> suites use it).
/// </summary>
public static class LatencyValues
{
    /// <summary>
    /// The highest trackable value of the histograms the recording suites record these values into (at 3 digits): an
    /// hour in nanoseconds.
    /// </summary>
    public const long HourInNanoseconds = 3_600_000_000_000;

    /// <summary>The seed every suite starts its <see cref="Random"/> from, so that all of them record the same values.</summary>
    public const int Seed = 42;

    /// <summary>The next latency-like value from <paramref name="random"/> (one <see cref="Random.NextDouble"/>).</summary>
    public static long Next(Random random) => (long)Math.Exp(Math.Log(1_000_000) + (random.NextDouble() * 4) - 2);

    /// <summary>Fills <paramref name="values"/> with the next values of <paramref name="random"/>, in order.</summary>
    public static void Fill(long[] values, Random random)
    {
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = Next(random);
        }
    }

    /// <summary>The first <paramref name="count"/> values of a fresh <see cref="Random"/> seeded with <see cref="Seed"/>.</summary>
    public static long[] Create(int count)
    {
        var values = new long[count];
        Fill(values, new Random(Seed));
        return values;
    }

    /// <summary>
    /// A <c>LongHistogram</c> of 1 to 3,600,000,000 at 3 digits holding the first <paramref name="count"/> values of a
    /// fresh <see cref="Random"/> seeded with <see cref="Seed"/>: what the query suites ask.
    /// </summary>
    public static LongHistogram Histogram(int count)
    {
        var random = new Random(Seed);
        var histogram = new LongHistogram(1, 3_600_000_000L, 3);
        for (int i = 0; i < count; i++)
        {
            histogram.RecordValue(Next(random));
        }

        return histogram;
    }
}
