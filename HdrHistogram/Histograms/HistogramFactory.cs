#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>
/// A fluent builder for histograms, source-compatible with upstream HdrHistogram.NET:
/// <c>HistogramFactory.With64BitBucketSize().WithValuesFrom(1).WithValuesUpTo(max).WithPrecisionOf(3).Create()</c>.
/// </summary>
public class HistogramFactory
{
    private readonly int _wordSize;
    private long _lowestTrackableValue = 1;
    private long _highestTrackableValue = TimeStamp.Minutes(10);
    private int _numberOfSignificantValueDigits = 3;
    private bool _threadSafeWrites;
    private bool _autoResize;
    private bool _packedCounts;
    private bool _synchronized;

    private HistogramFactory(int wordSize)
    {
        _wordSize = wordSize;
    }

    /// <summary>Starts a factory for histograms with 64-bit counts.</summary>
    /// <returns>The factory.</returns>
    public static HistogramFactory With64BitBucketSize() => new(sizeof(long));

    /// <summary>Starts a factory for histograms with 32-bit counts.</summary>
    /// <returns>The factory.</returns>
    public static HistogramFactory With32BitBucketSize() => new(sizeof(int));

    /// <summary>Starts a factory for histograms with 16-bit counts.</summary>
    /// <returns>The factory.</returns>
    public static HistogramFactory With16BitBucketSize() => new(sizeof(short));

    /// <summary>Sets the lowest value that can be discerned from 0 (default 1).</summary>
    /// <param name="lowestDiscernibleValue">At least 1.</param>
    /// <returns>This factory.</returns>
    public HistogramFactory WithValuesFrom(long lowestDiscernibleValue)
    {
        _lowestTrackableValue = lowestDiscernibleValue;
        return this;
    }

    /// <summary>Sets the highest value to track (default: ten minutes of <see cref="System.Diagnostics.Stopwatch"/> ticks).</summary>
    /// <param name="highestTrackableValue">At least twice the lowest value.</param>
    /// <returns>This factory.</returns>
    public HistogramFactory WithValuesUpTo(long highestTrackableValue)
    {
        _highestTrackableValue = highestTrackableValue;
        return this;
    }

    /// <summary>Sets the number of significant decimal digits (default 3).</summary>
    /// <param name="numberOfSignificantValueDigits">0 to 5.</param>
    /// <returns>This factory.</returns>
    public HistogramFactory WithPrecisionOf(int numberOfSignificantValueDigits)
    {
        _numberOfSignificantValueDigits = numberOfSignificantValueDigits;
        return this;
    }

    /// <summary>Makes the histograms safe to record into from many threads at once.</summary>
    /// <returns>This factory.</returns>
    /// <exception cref="NotSupportedException">16-bit counts have no thread-safe variant.</exception>
    public virtual HistogramFactory WithThreadSafeWrites()
    {
        if (_wordSize == sizeof(short))
        {
            throw new NotSupportedException("16-bit histograms have no thread-safe variant; use 32- or 64-bit counts.");
        }

        _threadSafeWrites = true;
        return this;
    }

    /// <summary>
    /// Builds <see cref="SynchronizedHistogram"/>s: every operation under one lock, so that readers see a consistent
    /// histogram while other threads record (Java's <c>SynchronizedHistogram</c>). It takes precedence over
    /// <see cref="WithThreadSafeWrites"/>, whose guarantee it includes.
    /// </summary>
    /// <returns>This factory.</returns>
    /// <exception cref="NotSupportedException">The factory was started for 32- or 16-bit counts, or packed counts were chosen; synchronized histograms have 64-bit array counts.</exception>
    public HistogramFactory WithSynchronizedAccess()
    {
        if (_wordSize != sizeof(long) || _packedCounts)
        {
            throw new NotSupportedException("Synchronized histograms have 64-bit array counts; start the factory with With64BitBucketSize() and do not choose packed counts.");
        }

        _synchronized = true;
        return this;
    }

    /// <summary>
    /// Stores the counts packed (<see cref="PackedHistogram"/>, or <see cref="PackedConcurrentHistogram"/> with
    /// <see cref="WithThreadSafeWrites"/>): memory grows with the distinct values recorded, not with the range.
    /// Recorders built from this factory hand out packed interval histograms.
    /// </summary>
    /// <returns>This factory.</returns>
    /// <exception cref="NotSupportedException">The factory was started for 32- or 16-bit counts; packed counts are 64-bit.</exception>
    public HistogramFactory WithPackedCounts()
    {
        if (_wordSize != sizeof(long))
        {
            throw new NotSupportedException("Packed counts are 64-bit; start the factory with With64BitBucketSize().");
        }

        if (_synchronized)
        {
            throw new NotSupportedException("Synchronized histograms have array counts; packed counts cannot be combined with WithSynchronizedAccess().");
        }

        _packedCounts = true;
        return this;
    }

    /// <summary>Makes the histograms grow to fit values beyond the highest trackable value (Java's <c>setAutoResize</c>).</summary>
    /// <returns>This factory.</returns>
    public HistogramFactory WithAutoResize()
    {
        _autoResize = true;
        return this;
    }

    /// <summary>
    /// Switches to building <see cref="Recorder"/>s over histograms of the configured kind (upstream HdrHistogram.NET's
    /// API): recorders hand out stable interval histograms while other threads record.
    /// </summary>
    /// <returns>A recorder factory that reads this factory's settings when it creates a recorder.</returns>
    public virtual RecorderFactory WithThreadSafeReads() => new(this);

    /// <summary>Creates a histogram with the configured settings.</summary>
    /// <returns>The histogram.</returns>
    public HistogramBase Create() => Create(_lowestTrackableValue, _highestTrackableValue, _numberOfSignificantValueDigits);

    /// <summary>Creates a histogram of the configured kind with the given range and precision.</summary>
    /// <param name="lowestDiscernibleValue">At least 1.</param>
    /// <param name="highestTrackableValue">At least twice the lowest value.</param>
    /// <param name="numberOfSignificantValueDigits">0 to 5.</param>
    /// <returns>The histogram.</returns>
    public virtual HistogramBase Create(long lowestDiscernibleValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        => Create(HistogramBase.NextInstanceId(), lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits);

    /// <summary>Creates a histogram of the configured kind with the given instance id, range and precision.</summary>
    /// <param name="instanceId">An identity for the histogram, for diagnostics.</param>
    /// <param name="lowestDiscernibleValue">At least 1.</param>
    /// <param name="highestTrackableValue">At least twice the lowest value.</param>
    /// <param name="numberOfSignificantValueDigits">0 to 5.</param>
    /// <returns>The histogram.</returns>
    public virtual HistogramBase Create(long instanceId, long lowestDiscernibleValue, long highestTrackableValue, int numberOfSignificantValueDigits)
    {
        HistogramBase histogram = (_wordSize, _threadSafeWrites) switch
        {
            _ when _synchronized => new SynchronizedHistogram(instanceId, lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits),
            _ when _packedCounts && _threadSafeWrites => new PackedConcurrentHistogram(instanceId, lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits),
            _ when _packedCounts => new PackedHistogram(instanceId, lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits),
            (sizeof(long), true) => new LongConcurrentHistogram(instanceId, lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits),
            (sizeof(int), true) => new IntConcurrentHistogram(instanceId, lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits),
            (sizeof(long), false) => new LongHistogram(instanceId, lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits),
            (sizeof(int), false) => new IntHistogram(instanceId, lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits),
            _ => new ShortHistogram(instanceId, lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits),
        };
        histogram.AutoResize = _autoResize;
        return histogram;
    }

    /// <summary>
    /// Builds recorders over the histograms a <see cref="HistogramFactory"/> is configured for (upstream
    /// HdrHistogram.NET's <c>HistogramFactory.RecorderFactory</c>), from <see cref="WithThreadSafeReads"/>.
    /// </summary>
    /// <remarks>
    /// As upstream, <see cref="Create"/> always returns a <see cref="Recorder"/>, over whichever histogram kind the
    /// factory builds. Many threads may record into it only when the factory was configured with
    /// <see cref="WithThreadSafeWrites"/> (concurrent histograms); otherwise the histograms are plain and the
    /// recorder is safe for one writer thread at a time, which <see cref="CreateSingleWriter"/> states in its type.
    /// </remarks>
    public sealed class RecorderFactory
    {
        private readonly HistogramFactory _histogramFactory;

        internal RecorderFactory(HistogramFactory histogramFactory)
        {
            _histogramFactory = histogramFactory;
        }

        /// <summary>Creates a recorder over histograms of the configured kind, range and precision.</summary>
        /// <returns>The recorder.</returns>
        public Recorder Create()
            => new(
                _histogramFactory._lowestTrackableValue,
                _histogramFactory._highestTrackableValue,
                _histogramFactory._numberOfSignificantValueDigits,
                _histogramFactory.Create);

        /// <summary>
        /// Creates a single-writer recorder over histograms of the configured kind, range and precision: the way to a
        /// <see cref="SingleWriterRecorder"/> with 32- or 16-bit counts.
        /// </summary>
        /// <returns>The recorder.</returns>
        public SingleWriterRecorder CreateSingleWriter()
            => new(
                _histogramFactory._lowestTrackableValue,
                _histogramFactory._highestTrackableValue,
                _histogramFactory._numberOfSignificantValueDigits,
                _histogramFactory.Create);
    }
}
