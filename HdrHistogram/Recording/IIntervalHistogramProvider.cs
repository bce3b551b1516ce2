#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// Hands out interval histograms: each holds what was recorded since the previous one was taken (Java's
/// <c>IntervalHistogramProvider&lt;T&gt;</c>). Implemented by <see cref="Recorder"/> and
/// <see cref="SingleWriterRecorder"/> (<see cref="HistogramBase"/> intervals) and by <see cref="DoubleRecorder"/> and
/// <see cref="SingleWriterDoubleRecorder"/> (<see cref="DoubleHistogram"/> intervals).
/// </summary>
/// <typeparam name="T">The interval histograms' type.</typeparam>
public interface IIntervalHistogramProvider<T>
    where T : EncodableHistogram
{
    /// <summary>Returns a new histogram holding the current interval, and starts the next interval.</summary>
    /// <returns>The interval histogram; the caller owns it.</returns>
    T GetIntervalHistogram();

    /// <summary>
    /// Returns a histogram holding the current interval, and starts the next one, reusing
    /// <paramref name="histogramToRecycle"/> (a histogram this provider handed out earlier) when it is not null.
    /// </summary>
    /// <param name="histogramToRecycle">An interval histogram from this provider that the caller no longer needs, or null.</param>
    /// <returns>The interval histogram; the caller owns it until it recycles it.</returns>
    T GetIntervalHistogram(T? histogramToRecycle);

    /// <summary>Replaces the content of <paramref name="targetHistogram"/> with the current interval, and starts the next interval.</summary>
    /// <param name="targetHistogram">The histogram to overwrite.</param>
    void GetIntervalHistogramInto(T targetHistogram);
}
