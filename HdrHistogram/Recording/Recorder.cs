#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>
/// Records values from many threads at once and hands out stable interval histograms without stalling the writers
/// (Java's <c>Recorder</c>). Each interval histogram holds every value recorded since the previous one was taken.
/// </summary>
/// <remarks>
/// <para>
/// Recording is wait-free (except while an auto-resizing histogram grows) and allocation-free. Taking an interval
/// swaps the active histogram for an inactive one and waits only for writers already recording into the one swapped
/// out. Over histograms that are not thread-safe (<see cref="HistogramFactory.WithThreadSafeReads"/> without
/// <see cref="HistogramFactory.WithThreadSafeWrites"/>), a recorder is safe for one writer thread at a time only.
/// </para>
/// </remarks>
public class Recorder : RecorderBase
{
    /// <summary>Creates a recorder whose histograms auto-resize to fit whatever is recorded (lowest value 1).</summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">A parameter is outside its valid range.</exception>
    public Recorder(int numberOfSignificantValueDigits)
        : base(1, 2, numberOfSignificantValueDigits, autoResize: true, CreateConcurrentHistogram)
    {
    }

    /// <summary>Creates a recorder tracking values from 1 to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">A parameter is outside its valid range.</exception>
    public Recorder(long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(1, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a recorder tracking values from <paramref name="lowestDiscernibleValue"/> to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="lowestDiscernibleValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">A parameter is outside its valid range.</exception>
    public Recorder(long lowestDiscernibleValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits, CreateConcurrentHistogram)
    {
    }

    /// <summary>
    /// Creates a recorder whose histograms <paramref name="histogramFactory"/> creates (upstream HdrHistogram.NET's
    /// constructor; <see cref="HistogramFactory.WithThreadSafeReads"/> uses it). For many writer threads the
    /// histograms must be thread-safe: <see cref="LongConcurrentHistogram"/> or <see cref="IntConcurrentHistogram"/>.
    /// </summary>
    /// <param name="lowestDiscernibleValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <param name="histogramFactory">Creates each histogram; must return a new one on every call.</param>
    /// <exception cref="ArgumentNullException"><paramref name="histogramFactory"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">A parameter is outside its valid range.</exception>
    public Recorder(
        long lowestDiscernibleValue,
        long highestTrackableValue,
        int numberOfSignificantValueDigits,
        HistogramFactoryDelegate histogramFactory)
        : base(lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits, autoResize: false, histogramFactory)
    {
    }

    private static HistogramBase CreateConcurrentHistogram(long instanceId, long lowestDiscernibleValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        => new LongConcurrentHistogram(instanceId, lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits);
}
