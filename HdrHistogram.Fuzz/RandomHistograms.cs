using System;

namespace HdrHistogram.Fuzz;

/// <summary>
/// Random histograms of every kind (long, int, short, concurrent, auto-resizing, double), kept to counts arrays of at
/// most a few hundred thousand entries so that thousands fit in a run, and to counts that fit their type.
/// </summary>
internal static class RandomHistograms
{
    public static EncodableHistogram Next(Random random) => random.Next(4) == 0 ? NextDouble(random) : NextInteger(random);

    public static HistogramBase NextInteger(Random random)
    {
        int kind = random.Next(5);
        bool autoResize = random.Next(5) == 0;
        int digits = random.Next(autoResize ? 4 : 6);
        long lowest = random.Next(3) switch
        {
            0 => 1,
            1 => random.Next(1, 1000),
            _ => 1L << random.Next(0, 24),
        };
        int lowestBits = 64 - System.Numerics.BitOperations.LeadingZeroCount((ulong)lowest);
        int maxSpanBits = Math.Min(62 - lowestBits, digits >= 4 ? 20 : 62);
        int spanBits = random.Next(1, Math.Max(2, maxSpanBits + 1));
        long highest = Math.Max(2 * lowest, lowest << spanBits);
        HistogramBase histogram = autoResize
            ? kind switch
            {
                0 => new LongHistogram(digits),
                1 => new IntHistogram(digits),
                2 => new ShortHistogram(digits),
                3 => new LongConcurrentHistogram(digits),
                _ => new IntConcurrentHistogram(digits),
            }
            : kind switch
            {
                0 => new LongHistogram(lowest, highest, digits),
                1 => new IntHistogram(lowest, highest, digits),
                2 => new ShortHistogram(lowest, highest, digits),
                3 => new LongConcurrentHistogram(lowest, highest, digits),
                _ => new IntConcurrentHistogram(lowest, highest, digits),
            };
        long top = autoResize ? 1L << random.Next(1, 36) : histogram.HighestTrackableValue;
        long bottom = autoResize ? 1 : lowest;
        int values = random.Next(4) == 0 ? 0 : random.Next(1, 200);
        long maxCount = kind switch
        {
            2 => 100,
            1 or 4 => 1_000_000,
            _ => random.Next(2) == 0 ? 1_000_000_000_000 : 10,
        };
        for (int i = 0; i < values; i++)
        {
            long value = random.Next(6) switch
            {
                0 => 0,
                1 => top,
                2 => bottom + random.NextInt64(Math.Min(top - bottom + 1, 1000)),
                _ => (long)Math.Min(top, bottom * Math.Pow((double)top / bottom, random.NextDouble())),
            };
            long count = random.Next(3) == 0 ? 1 + random.NextInt64(maxCount) : 1;
            histogram.RecordValueWithCount(value, count);
        }

        return histogram;
    }

    public static DoubleHistogram NextDouble(Random random)
    {
        int digits = random.Next(4);
        bool concurrent = random.Next(4) == 0;
        bool autoRange = random.Next(3) == 0;
        long ratio = 2L << random.Next(0, 30);
        DoubleHistogram histogram = (autoRange, concurrent) switch
        {
            (true, true) => new DoubleConcurrentHistogram(digits),
            (true, false) => new DoubleHistogram(digits),
            (false, true) => new DoubleConcurrentHistogram(ratio, digits),
            _ => new DoubleHistogram(ratio, digits),
        };

        // Values within a quarter of the dynamic range from a random base, so every one fits.
        double lowest = Math.Pow(10, random.Next(-9, 10)) * (1 + random.NextDouble());
        double span = autoRange ? Math.Pow(2, random.Next(1, 20)) : ratio / 4.0;
        int values = random.Next(4) == 0 ? 0 : random.Next(1, 200);
        for (int i = 0; i < values; i++)
        {
            double value = random.Next(8) == 0 ? 0.0 : lowest * Math.Pow(span, random.NextDouble());
            histogram.RecordValueWithCount(value, random.Next(3) == 0 ? 1 + random.Next(1_000_000) : 1);
        }

        return histogram;
    }
}
