using System.Numerics;

namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>
/// Java's recordValueWithCountAndExpectedInterval written out as its loop over every missing value, in the value type of
/// the histogram (long for integer histograms, double for DoubleHistogram, where <c>m -= interval</c> rounds as Java's
/// does): the reference the coordinated-omission corrections are checked against.
/// </summary>
internal static class JavaCoordinatedOmissionLoop
{
    /// <summary>Records <paramref name="value"/> <paramref name="count"/> times, then the missing values below it.</summary>
    public static void Record<T>(Action<T, long> recordValueWithCount, T value, long count, T interval)
        where T : INumber<T>
    {
        recordValueWithCount(value, count);
        RecordMissing(recordValueWithCount, value, count, interval);
    }

    /// <summary>
    /// Records, <paramref name="count"/> times each, the values a sample of <paramref name="value"/> stands for when
    /// samples were expected every <paramref name="interval"/>: value - interval, value - 2 * interval, ... down to interval.
    /// </summary>
    public static void RecordMissing<T>(Action<T, long> recordValueWithCount, T value, long count, T interval)
        where T : INumber<T>
    {
        if (interval <= T.Zero)
        {
            return;
        }

        for (T missing = value - interval; missing >= interval; missing -= interval)
        {
            recordValueWithCount(missing, count);
        }
    }
}
