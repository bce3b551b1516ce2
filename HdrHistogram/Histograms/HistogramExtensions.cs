using System;
using System.Diagnostics;
using System.IO;
using HdrHistogram.Output;

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

    /// <summary>Runs <paramref name="action"/> and records how long it took, in <see cref="Stopwatch"/> ticks.</summary>
    /// <param name="recorder">Where to record.</param>
    /// <param name="action">The work to time.</param>
    /// <returns>The elapsed time in <see cref="Stopwatch"/> ticks.</returns>
    public static long Record(this IRecorder recorder, Action action)
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
    /// Starts timing a scope; disposing the result records the elapsed <see cref="Stopwatch"/> ticks.
    /// Use it with <c>using</c>: the scope is a struct, so timing allocates nothing.
    /// </summary>
    /// <param name="recorder">Where to record.</param>
    /// <returns>The running scope.</returns>
    public static RecordingScope RecordScope(this IRecorder recorder)
    {
        if (recorder is null)
        {
            throw new ArgumentNullException(nameof(recorder));
        }

        return new RecordingScope(recorder, Stopwatch.GetTimestamp());
    }
}
