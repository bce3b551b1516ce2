#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// A <see cref="DoubleHistogram"/> whose every operation runs under one lock (Java: <c>SynchronizedDoubleHistogram</c>):
/// any number of threads may record, including values that move or extend the covered range, while others read a
/// consistent histogram (percentiles, encodings, copies, log lines).
/// </summary>
/// <remarks>
/// <para>
/// The lock is a private object exposed as <see cref="SyncRoot"/>, as for <see cref="SynchronizedHistogram"/> (whose
/// type the internal integer histogram is); Java synchronizes on the histogram itself. Iteration and the percentile
/// distribution output walk a plain copy taken under the lock when they start; <see cref="DoubleHistogram.Copy"/>
/// returns a plain <see cref="DoubleHistogram"/>, as Java's does.
/// </para>
/// <para>
/// Every record takes the lock. For many writers and periodic snapshots a <see cref="DoubleRecorder"/> is faster; for
/// writers only, a <see cref="DoubleConcurrentHistogram"/>.
/// </para>
/// </remarks>
public class SynchronizedDoubleHistogram : DoubleHistogram
{
    /// <summary>Creates an auto-resizing histogram: the dynamic range starts at 2 and grows to cover whatever is recorded.</summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="numberOfSignificantValueDigits"/> is outside 0 to 5.</exception>
    public SynchronizedDoubleHistogram(int numberOfSignificantValueDigits)
        : this(2, numberOfSignificantValueDigits)
    {
        AutoResize = true;
    }

    /// <summary>Creates a histogram covering a fixed dynamic range, in any unit.</summary>
    /// <param name="highestToLowestValueRatio">The dynamic range; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">A parameter is outside its valid range.</exception>
    public SynchronizedDoubleHistogram(long highestToLowestValueRatio, int numberOfSignificantValueDigits)
        : base(highestToLowestValueRatio, numberOfSignificantValueDigits, CreateSynchronizedHistogram, null)
    {
    }

    /// <summary>
    /// The lock every operation of this histogram holds. Hold it (<c>lock</c>) to make several operations one.
    /// </summary>
    public object SyncRoot => IntegerValuesHistogram.SyncLock!;

    private protected override object? RangeChangeLock => IntegerValuesHistogram.SyncLock;

    /// <summary>
    /// Clears every count, the tracked minimum and maximum, the tag and the timestamps, and moves the covered range
    /// back to its initial position, under the lock.
    /// </summary>
    public override void Reset()
    {
        lock (SyncRoot)
        {
            base.Reset();
        }
    }

    private protected override void RecordCountAtValue(long count, double value)
    {
        lock (SyncRoot)
        {
            base.RecordCountAtValue(count, value);
        }
    }

    private static HistogramBase CreateSynchronizedHistogram(long highestTrackableValue, int numberOfSignificantValueDigits)
        => new SynchronizedHistogram(1, highestTrackableValue, numberOfSignificantValueDigits);
}
