using HdrHistogram.Logging;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// A <see cref="DoubleHistogram"/> that many threads may record into at once (Java's
/// <c>ConcurrentDoubleHistogram</c>), including while recordings move or extend the covered range.
/// </summary>
/// <remarks>
/// <para>
/// Recording a value inside the covered range is wait-free; a value outside it moves the range while writers are
/// excluded briefly. No recorded count is ever lost or recorded at the wrong scale, and <see cref="DoubleHistogram.Reset"/> also
/// excludes writers: a concurrent recording is either cleared or kept whole.
/// </para>
/// <para>
/// Only recording (and <see cref="DoubleHistogram.Reset"/>) is thread-safe, as in Java: queries, iteration, copies and text output
/// while writers are active see a recent state that need not be consistent; take consistent snapshots with a
/// <see cref="DoubleRecorder"/>. <see cref="DoubleHistogram.Copy"/> returns a plain <see cref="DoubleHistogram"/>, as
/// Java's does. How it works: docs/design.md.
/// </para>
/// </remarks>
public class DoubleConcurrentHistogram : DoubleHistogram
{
    private readonly WriterReaderPhaser _phaser = new();
    private readonly object _rangeChangeLock = new();
    private volatile bool _rangeChangeInProgress;

    /// <summary>Creates an auto-resizing histogram: the dynamic range starts at 2 and grows to cover whatever is recorded.</summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="numberOfSignificantValueDigits"/> is outside 0 to 5.</exception>
    public DoubleConcurrentHistogram(int numberOfSignificantValueDigits)
        : this(2, numberOfSignificantValueDigits)
    {
        AutoResize = true;
    }

    /// <summary>Creates a histogram covering a fixed dynamic range, in any unit.</summary>
    /// <param name="highestToLowestValueRatio">The dynamic range; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">
    /// A parameter is outside its valid range, or <paramref name="highestToLowestValueRatio"/> × 10^digits is 2^61 or more.
    /// </exception>
    public DoubleConcurrentHistogram(long highestToLowestValueRatio, int numberOfSignificantValueDigits)
        : this(highestToLowestValueRatio, numberOfSignificantValueDigits, CreateLongConcurrentHistogram)
    {
    }

    /// <summary>Creates a histogram whose integer counts histogram (thread-safe for writers) comes from <paramref name="createIntegerValuesHistogram"/>.</summary>
    /// <param name="highestToLowestValueRatio">The dynamic range; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <param name="createIntegerValuesHistogram">Creates the integer histogram from its highest value and precision.</param>
    private protected DoubleConcurrentHistogram(long highestToLowestValueRatio, int numberOfSignificantValueDigits, Func<long, int, HistogramBase> createIntegerValuesHistogram)
        : base(highestToLowestValueRatio, numberOfSignificantValueDigits, createIntegerValuesHistogram, null)
    {
    }

    /// <summary>
    /// Clears every count, the tracked minimum and maximum, the tag and the timestamps, and moves the covered range
    /// back to its start. Concurrent recordings wait for it: each is either cleared or kept whole.
    /// </summary>
    private protected override void ResetCore()
    {
        lock (_rangeChangeLock)
        {
            BlockWriters();
            try
            {
                base.ResetCore();
            }
            finally
            {
                _rangeChangeInProgress = false;
            }
        }
    }

    /// <summary>Encodes under the range change lock (as Java's synchronized encoding does), so that the wrapper matches the internal histogram.</summary>
    internal override int EncodeUncompressed(Span<byte> destination, out LogLineFields fields)
    {
        lock (_rangeChangeLock)
        {
            return base.EncodeUncompressed(destination, out fields);
        }
    }

    private protected override void RecordCountAtValue(long count, double value)
    {
        while (true)
        {
            long criticalValue = _phaser.WriterCriticalSectionEnter();
            try
            {
                // The range and scale read here stay valid until this critical section ends: a range change marks
                // itself first and then waits for every writer already inside.
                if (!_rangeChangeInProgress && IsInCoveredRange(value))
                {
                    RecordInRangeValue(count, value);
                    return;
                }
            }
            finally
            {
                _phaser.WriterCriticalSectionExit(criticalValue);
            }

            // Outside the range, or a range change is under way: move the range and record (or wait for the change
            // and retry).
            if (TryRecordMovingRange(count, value))
            {
                return;
            }
        }
    }

    /// <summary>
    /// Moves the covered range over <paramref name="value"/> with the writers stopped, and records the value before
    /// they resume; returns false without recording when another writer's change already covers the value.
    /// </summary>
    /// <remarks>
    /// Recording before the writers resume keeps what every single-threaded history guarantees: a move down is
    /// always followed by the value that caused it, so the lowest recorded value stays below twice the range's
    /// lowest. Java 2.2.2's move up relies on that (it scales the range twice when the values could be shifted,
    /// which that bound rules out); had another writer moved the range up in between, every recorded value would
    /// have doubled.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining)] // The cold path: kept out of the recording loop's code.
    private bool TryRecordMovingRange(long count, double value)
    {
        if (double.IsNaN(value) || value < 0)
        {
            AdjustRangeForValue(value); // Throws without touching anything: no need to stop the writers.
            return false;
        }

        lock (_rangeChangeLock)
        {
            // Another writer may have moved the range over this value while we waited for the lock.
            if (IsInCoveredRange(value))
            {
                return false;
            }

            BlockWriters();
            try
            {
                AdjustRangeForValue(value);
                RecordInRangeValue(count, value);
                return true;
            }
            finally
            {
                _rangeChangeInProgress = false;
            }
        }
    }

    private static HistogramBase CreateLongConcurrentHistogram(long highestTrackableValue, int numberOfSignificantValueDigits)
        => new LongConcurrentHistogram(1, highestTrackableValue, numberOfSignificantValueDigits);

    /// <summary>
    /// Marks a range change as under way and waits until no writer can still be using the current range and scale.
    /// The caller holds the range change lock and clears the mark when done.
    /// </summary>
    private void BlockWriters()
    {
        _rangeChangeInProgress = true;
        _phaser.ReaderLock();
        try
        {
            _phaser.FlipPhase();
        }
        finally
        {
            _phaser.ReaderUnlock();
        }
    }
}
