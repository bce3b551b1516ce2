using System;

namespace HdrHistogram;

/// <summary>
/// Records double values from any number of threads concurrently and hands out stable interval histograms without
/// stalling them (Java's <c>DoubleRecorder</c>). Each interval histogram holds every value recorded since the previous
/// one was taken.
/// </summary>
/// <remarks>
/// <para>
/// Writers record wait-free (except while an auto-resizing histogram changes its range) into
/// <see cref="DoubleConcurrentHistogram"/>s; taking an interval waits only for writers still inside the old one. Each
/// interval starts from a reset range, and a <see cref="DoubleConcurrentHistogram"/> moves its range into a new counts
/// array, so the first values of each interval allocate that array even when histograms are recycled. With a single
/// writer thread, <see cref="SingleWriterDoubleRecorder"/> is cheaper.
/// </para>
/// <para>
/// Every interval histogram carries its interval in <see cref="EncodableHistogram.StartTimeStamp"/> (when the previous
/// interval was taken, or the recorder created or reset) and <see cref="EncodableHistogram.EndTimeStamp"/> (when this
/// one was taken), in milliseconds since the Unix epoch.
/// </para>
/// </remarks>
public class DoubleRecorder : IDoubleValueRecorder, IIntervalHistogramProvider<DoubleHistogram>
{
    private readonly DoubleIntervalRecorderCore _core;

    /// <summary>
    /// Creates a recorder whose histograms auto-resize: their dynamic range starts at 2 and grows to cover whatever is
    /// recorded (Java's <c>DoubleRecorder(int)</c>).
    /// </summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="numberOfSignificantValueDigits"/> is outside 0 to 5.</exception>
    public DoubleRecorder(int numberOfSignificantValueDigits)
    {
        _core = new DoubleIntervalRecorderCore(this, 2, numberOfSignificantValueDigits, autoResize: true, concurrent: true);
    }

    /// <summary>Creates a recorder whose histograms cover a fixed dynamic range, in any unit (Java's <c>DoubleRecorder(long, int)</c>).</summary>
    /// <param name="highestToLowestValueRatio">The dynamic range: the ratio of the highest to the lowest non-zero value in an interval; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">
    /// A parameter is outside its valid range, or <paramref name="highestToLowestValueRatio"/> × 10^digits is 2^61 or more.
    /// </exception>
    public DoubleRecorder(long highestToLowestValueRatio, int numberOfSignificantValueDigits)
    {
        _core = new DoubleIntervalRecorderCore(this, highestToLowestValueRatio, numberOfSignificantValueDigits, autoResize: false, concurrent: true);
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
