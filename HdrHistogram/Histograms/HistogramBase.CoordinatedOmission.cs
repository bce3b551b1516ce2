#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

public abstract partial class HistogramBase
{
    /// <summary>
    /// Records <paramref name="count"/> at <paramref name="value"/> and, for coordinated omission, the same count at
    /// every value <c>value - k * interval</c> (k = 1, 2, ...) that is at least the interval: Java's loop over the
    /// missing values, computed per bucket instead (time proportional to the buckets, not to value / interval), with
    /// identical counts, total, minimum and maximum.
    /// </summary>
    internal void RecordValueWithCountAndExpectedInterval(long value, long count, long expectedIntervalBetweenValueSamples)
    {
        RecordCountAtValue(count, value);
        long interval = expectedIntervalBetweenValueSamples;
        if (interval <= 0 || value - interval < interval)
        {
            return;
        }

        // The missing values run from value - interval down to the lowest one that is still >= interval.
        long lowestMissing = interval + (value % interval);
        long top = value - interval;
        while (true)
        {
            // Every missing value from top down to this bucket's lowest value (or the last missing value) lands here.
            long floor = System.Math.Max(LowestEquivalentValue(top), lowestMissing);
            long inBucket = ((top - floor) / interval) + 1;
            long bottom = top - ((inBucket - 1) * interval);
            RecordCountAtValue(MultiplyCount(count, inBucket), top);

            // The loop's minimum is its lowest recorded value (the maximum was set by the top one).
            UpdateMinAndMax(bottom);
            if (bottom == lowestMissing)
            {
                return;
            }

            top = bottom - interval;
        }
    }

    /// <summary>
    /// <paramref name="count"/> x <paramref name="times"/>, wrapping: adding the product once leaves every count type
    /// (which wraps too) and the total where <paramref name="times"/> separate adds would, as in 2.5.0 and Java.
    /// </summary>
    private static long MultiplyCount(long count, long times) => unchecked(count * times);
}
