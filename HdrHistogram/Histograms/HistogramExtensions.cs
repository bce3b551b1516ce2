using System.Collections.Generic;
using System.Diagnostics;
using HdrHistogram.Iteration;
using HdrHistogram.Text;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>Extension methods kept source-compatible with upstream HdrHistogram.NET.</summary>
public static class HistogramExtensions
{
    /// <summary>
    /// Writes the percentile distribution exactly as Java's <c>outputPercentileDistribution</c> does: a header, one
    /// line per percentile step, and (in text form) a footer with mean, standard deviation, maximum and totals.
    /// The output is culture-invariant.
    /// </summary>
    /// <param name="histogram">The histogram to describe.</param>
    /// <param name="writer">Where to write.</param>
    /// <param name="percentileTicksPerHalfDistance">Percentile steps per half distance to 100%; at least 1.</param>
    /// <param name="outputValueUnitScalingRatio">Divides every printed value (for example 1000.0 prints nanoseconds as microseconds).</param>
    /// <param name="useCsvFormat">Writes CSV instead of the aligned text table.</param>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> or <paramref name="writer"/> is null.</exception>
    public static void OutputPercentileDistribution(
        this HistogramBase histogram,
        TextWriter writer,
        int percentileTicksPerHalfDistance = 5,
        double outputValueUnitScalingRatio = OutputScalingFactor.None,
        bool useCsvFormat = false)
    {
        if (histogram is null)
        {
            throw new ArgumentNullException(nameof(histogram));
        }

        PercentileDistributionWriter.Write(histogram, writer, percentileTicksPerHalfDistance, outputValueUnitScalingRatio, useCsvFormat);
    }

    /// <summary>
    /// Runs <paramref name="action"/> and records how long it took, in <see cref="Stopwatch"/> ticks (HdrHistogram
    /// 2.5.0's signature; <see cref="RecordElapsed"/> also returns the elapsed ticks).
    /// </summary>
    /// <param name="recorder">Where to record.</param>
    /// <param name="action">The work to time.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    public static void Record(this IRecorder recorder, Action action) => RecordElapsed(recorder, action);

    /// <summary>Runs <paramref name="action"/> and records how long it took, in <see cref="Stopwatch"/> ticks.</summary>
    /// <param name="recorder">Where to record.</param>
    /// <param name="action">The work to time.</param>
    /// <returns>The elapsed time in <see cref="Stopwatch"/> ticks.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    public static long RecordElapsed(this IRecorder recorder, Action action)
    {
        if (recorder is null)
        {
            throw new ArgumentNullException(nameof(recorder));
        }

        if (action is null)
        {
            throw new ArgumentNullException(nameof(action));
        }

        long start = Stopwatch.GetTimestamp();
        action();
        long elapsed = Stopwatch.GetTimestamp() - start;
        recorder.RecordValue(elapsed);
        return elapsed;
    }

    /// <summary>
    /// Starts timing a scope; disposing the result records the elapsed <see cref="Stopwatch"/> ticks (HdrHistogram
    /// 2.5.0's signature). The scope is boxed into the <see cref="IDisposable"/>; <see cref="StartRecordingScope"/>
    /// returns it unboxed and so allocates nothing.
    /// </summary>
    /// <param name="recorder">Where to record.</param>
    /// <returns>The running scope.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="recorder"/> is null.</exception>
    public static IDisposable RecordScope(this IRecorder recorder) => StartRecordingScope(recorder);

    /// <summary>
    /// Starts timing a scope; disposing the result records the elapsed <see cref="Stopwatch"/> ticks.
    /// Use it with <c>using</c>: the scope is a struct, so timing allocates nothing.
    /// </summary>
    /// <param name="recorder">Where to record.</param>
    /// <returns>The running scope.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="recorder"/> is null.</exception>
    public static RecordingScope StartRecordingScope(this IRecorder recorder)
    {
        if (recorder is null)
        {
            throw new ArgumentNullException(nameof(recorder));
        }

        return new RecordingScope(recorder, Stopwatch.GetTimestamp());
    }

    /// <summary>The highest recorded value (HdrHistogram 2.5.0's static form of <see cref="HistogramBase.GetMaxValue"/>).</summary>
    /// <param name="histogram">The histogram.</param>
    /// <returns>The highest recorded value, 0 when empty.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    public static long GetMaxValue(this HistogramBase histogram) => NotNull(histogram).GetMaxValue();

    /// <summary>The mean of the recorded values (HdrHistogram 2.5.0's static form of <see cref="HistogramBase.GetMean"/>).</summary>
    /// <param name="histogram">The histogram.</param>
    /// <returns>The mean, 0 when empty.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    public static double GetMean(this HistogramBase histogram) => NotNull(histogram).GetMean();

    /// <summary>The standard deviation of the recorded values (HdrHistogram 2.5.0's static form of <see cref="HistogramBase.GetStdDeviation"/>).</summary>
    /// <param name="histogram">The histogram.</param>
    /// <returns>The standard deviation, 0 when empty.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    public static double GetStdDeviation(this HistogramBase histogram) => NotNull(histogram).GetStdDeviation();

    /// <summary>
    /// The highest value equivalent to <paramref name="value"/> (HdrHistogram 2.5.0's static form of
    /// <see cref="HistogramBase.HighestEquivalentValue"/>).
    /// </summary>
    /// <param name="histogram">The histogram.</param>
    /// <param name="value">The value.</param>
    /// <returns>The highest value counted in the same bucket.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    public static long HighestEquivalentValue(this HistogramBase histogram, long value) => NotNull(histogram).HighestEquivalentValue(value);

    /// <summary>
    /// Replaces the content of <paramref name="target"/> with <paramref name="source"/>'s (HdrHistogram 2.5.0's
    /// static form of <see cref="HistogramBase.CopyInto"/>).
    /// </summary>
    /// <param name="source">The histogram to copy.</param>
    /// <param name="target">The histogram to overwrite.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The target cannot hold the source's values.</exception>
    public static void CopyInto(this HistogramBase source, HistogramBase target) => NotNull(source).CopyInto(target);

    /// <summary>
    /// The percentile steps of the histogram (HdrHistogram 2.5.0's static form of <see cref="HistogramBase.Percentiles"/>).
    /// </summary>
    /// <param name="histogram">The histogram.</param>
    /// <param name="percentileTicksPerHalfDistance">Percentile steps per half distance to 100%; at least 1.</param>
    /// <returns>The steps, lazily.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    public static IEnumerable<HistogramIterationValue> Percentiles(this HistogramBase histogram, int percentileTicksPerHalfDistance)
        => NotNull(histogram).Percentiles(percentileTicksPerHalfDistance);

    private static HistogramBase NotNull(HistogramBase histogram)
        => histogram ?? throw new ArgumentNullException(nameof(histogram));
}
