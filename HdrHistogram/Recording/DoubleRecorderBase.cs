using HdrHistogram.Recording;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// What <see cref="DoubleRecorder"/> and <see cref="SingleWriterDoubleRecorder"/> share: recording double values into
/// an active <see cref="DoubleHistogram"/> and handing out interval histograms that hold every value recorded since the
/// previous one was taken. The two differ only in the histograms they record into and so in how many threads may
/// record at once (see each class). Only this library derives from it.
/// </summary>
/// <remarks>
/// Every interval histogram carries its interval in <see cref="EncodableHistogram.StartTimeStamp"/> (when the previous
/// interval was taken, or the recorder created or reset) and <see cref="EncodableHistogram.EndTimeStamp"/> (when this
/// one was taken), in milliseconds since the Unix epoch.
/// </remarks>
public abstract class DoubleRecorderBase : IDoubleValueRecorder, IIntervalHistogramProvider<DoubleHistogram>
{
    private readonly DoubleIntervalRecorderCore _core;

    /// <summary>Creates the recorder and its first active histogram; the first interval begins now.</summary>
    /// <param name="highestToLowestValueRatio">The dynamic range (2 with <paramref name="autoResize"/>).</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <param name="autoResize">Whether the histograms' dynamic range grows to fit what is recorded.</param>
    /// <param name="concurrent">Records into <see cref="DoubleConcurrentHistogram"/>s (many writers) instead of <see cref="DoubleHistogram"/>s.</param>
    private protected DoubleRecorderBase(long highestToLowestValueRatio, int numberOfSignificantValueDigits, bool autoResize, bool concurrent)
    {
        _core = new DoubleIntervalRecorderCore(this, highestToLowestValueRatio, numberOfSignificantValueDigits, autoResize, concurrent);
    }

    /// <summary>Records one occurrence of <paramref name="value"/>.</summary>
    /// <param name="value">The value to record; must not be negative.</param>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative or not finite, or lies outside the dynamic range the histograms can cover.</exception>
    public void RecordValue(double value) => _core.RecordValue(value);

    /// <summary>Records <paramref name="count"/> occurrences of <paramref name="value"/>.</summary>
    /// <param name="value">The value to record; must not be negative.</param>
    /// <param name="count">How many occurrences; must not be negative.</param>
    /// <exception cref="ArgumentOutOfRangeException">The value or count is invalid, or the value lies outside the dynamic range the histograms can cover.</exception>
    public void RecordValueWithCount(double value, long count) => _core.RecordValueWithCount(value, count);

    /// <summary>
    /// Records <paramref name="value"/>, and corrects for coordinated omission by also recording the values a
    /// stalled measurement loop would have seen every <paramref name="expectedIntervalBetweenValueSamples"/>.
    /// </summary>
    /// <param name="value">The value to record; must not be negative.</param>
    /// <param name="expectedIntervalBetweenValueSamples">The expected interval between samples; 0 or less disables the correction.</param>
    /// <exception cref="ArgumentOutOfRangeException">The value is invalid, or lies outside the dynamic range the histograms can cover.</exception>
    public void RecordValueWithExpectedInterval(double value, double expectedIntervalBetweenValueSamples) => _core.RecordValueWithExpectedInterval(value, expectedIntervalBetweenValueSamples);

    /// <summary>
    /// Returns a new histogram holding every value recorded since the previous interval histogram was taken, and
    /// starts the next interval. Prefer <see cref="GetIntervalHistogram(DoubleHistogram)"/> to avoid an allocation
    /// per interval.
    /// </summary>
    /// <returns>The interval histogram; the caller owns it.</returns>
    public DoubleHistogram GetIntervalHistogram() => _core.GetIntervalHistogram(null);

    /// <summary>
    /// Returns a histogram holding every value recorded since the previous interval histogram was taken, and starts
    /// the next interval, reusing <paramref name="histogramToRecycle"/> (the histogram of an earlier interval) so
    /// that, once warmed up, taking an interval allocates nothing.
    /// </summary>
    /// <param name="histogramToRecycle">
    /// An interval histogram this recorder returned earlier and the caller no longer needs, or null to create a new
    /// one. Each returned histogram may be recycled once: after that the recorder records into it again.
    /// </param>
    /// <returns>The interval histogram; the caller owns it until it recycles it.</returns>
    /// <exception cref="InvalidOperationException"><paramref name="histogramToRecycle"/> was not handed out by this recorder, or was already recycled (the type 2.5.0 throws).</exception>
    public DoubleHistogram GetIntervalHistogram(DoubleHistogram? histogramToRecycle) => _core.GetIntervalHistogram(histogramToRecycle);

    /// <summary>
    /// Replaces the content of <paramref name="targetHistogram"/> with every value recorded since the previous
    /// interval histogram was taken (and the interval's timestamps), and starts the next interval.
    /// </summary>
    /// <param name="targetHistogram">The histogram to overwrite; its dynamic range must hold the interval's values (or it auto-resizes).</param>
    /// <exception cref="ArgumentNullException"><paramref name="targetHistogram"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The target cannot hold the interval's values.</exception>
    public void GetIntervalHistogramInto(DoubleHistogram targetHistogram) => _core.GetIntervalHistogramInto(targetHistogram);

    /// <summary>Discards every value recorded so far; the next interval starts now.</summary>
    public void Reset() => _core.Reset();
}
