#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// Records values from one writer thread at a time and hands out stable interval histograms without stalling the
/// writer (Java's <c>SingleWriterRecorder</c>). Each interval histogram holds every value recorded since the
/// previous one was taken.
/// </summary>
/// <remarks>
/// <para>
/// The cheaper sibling of <see cref="Recorder"/>: it records into plain histograms, with no atomic instruction per
/// record (taking an interval runs a process-wide memory barrier instead; docs/design.md). Several threads may record
/// only if they never record at the same time (taking turns under a lock, say); use <see cref="Recorder"/> otherwise.
/// </para>
/// </remarks>
public class SingleWriterRecorder : RecorderBase
{
    /// <summary>Creates a recorder whose histograms auto-resize to fit whatever is recorded (lowest value 1).</summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">A parameter is outside its valid range.</exception>
    public SingleWriterRecorder(int numberOfSignificantValueDigits)
        : base(1, 2, numberOfSignificantValueDigits, autoResize: true, CreatePlainHistogram)
    {
    }

    /// <summary>Creates a recorder tracking values from 1 to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">A parameter is outside its valid range.</exception>
    public SingleWriterRecorder(long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(1, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a recorder tracking values from <paramref name="lowestDiscernibleValue"/> to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="lowestDiscernibleValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">A parameter is outside its valid range.</exception>
    public SingleWriterRecorder(long lowestDiscernibleValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits, CreatePlainHistogram)
    {
    }

    /// <summary>
    /// Creates a recorder whose histograms <paramref name="histogramFactory"/> creates, for example
    /// <see cref="IntHistogram"/>s or <see cref="ShortHistogram"/>s to save memory (see
    /// <see cref="HistogramFactory.RecorderFactory.CreateSingleWriter"/>).
    /// </summary>
    /// <param name="lowestDiscernibleValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <param name="histogramFactory">Creates each histogram; must return a new one on every call.</param>
    /// <exception cref="ArgumentNullException"><paramref name="histogramFactory"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">A parameter is outside its valid range.</exception>
    public SingleWriterRecorder(
        long lowestDiscernibleValue,
        long highestTrackableValue,
        int numberOfSignificantValueDigits,
        HistogramFactoryDelegate histogramFactory)
        : base(lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits, autoResize: false, histogramFactory)
    {
    }

    private static HistogramBase CreatePlainHistogram(long instanceId, long lowestDiscernibleValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        => new LongHistogram(instanceId, lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits);
}
