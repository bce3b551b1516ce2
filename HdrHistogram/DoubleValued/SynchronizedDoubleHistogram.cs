using HdrHistogram.Histograms.Counts;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// A <see cref="DoubleHistogram"/> whose every operation runs under one lock (Java: <c>SynchronizedDoubleHistogram</c>):
/// any number of threads may record, including values that move or extend the covered range, while others read a
/// consistent histogram (percentiles, encodings, copies, log lines).
/// </summary>
/// <remarks>
/// <para>
/// The lock is a private object exposed as <see cref="SyncRoot"/>, as for <see cref="SynchronizedHistogram"/>; Java
/// synchronizes on the histogram itself. Each public operation takes it at its start and holds it to its end; every
/// record, and the internal histogram's counts store for every total count it reads or writes, take it too, also
/// inside such an operation (a <c>lock</c> may be entered again by its holder). An operation on two synchronized
/// histograms (<c>a.Add(b)</c>) takes both locks in one global order, and an operation of another histogram with this
/// one as its operand (<c>plain.Add(synchronized)</c>) reads it under its lock. Encoding it and writing it to a
/// histogram log hold the lock for the whole encoding, taken once; decoding into it holds it for the whole decode.
/// </para>
/// <para>
/// Iteration and the percentile distribution output walk a plain copy taken under the lock when they start;
/// <see cref="DoubleHistogram.Copy"/> returns a plain <see cref="DoubleHistogram"/>, as Java's does.
/// <see cref="DoubleHistogram.EnumerateRecordedBuckets"/>, the allocation-free walk, reads the live counts without the
/// lock: take <see cref="DoubleHistogram.Copy"/> first when writers are active.
/// </para>
/// <para>
/// Every record takes the lock. For many writers and periodic snapshots a <see cref="DoubleRecorder"/> is faster; for
/// writers only, a <see cref="DoubleConcurrentHistogram"/>.
/// </para>
/// </remarks>
public partial class SynchronizedDoubleHistogram : DoubleHistogram
{
    private readonly HistogramLock _lock;

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
        : this(highestToLowestValueRatio, numberOfSignificantValueDigits, new HistogramLock())
    {
    }

    private SynchronizedDoubleHistogram(long highestToLowestValueRatio, int numberOfSignificantValueDigits, HistogramLock gate)
        : base(highestToLowestValueRatio, numberOfSignificantValueDigits, (highest, digits) => new InternalCounts(highest, digits, gate), null)
    {
        _lock = gate;
    }

    /// <summary>
    /// The lock every operation of this histogram holds. Hold it (<c>lock</c>) to make several operations one; the
    /// histogram's own operations inside such a block take it again, which a <c>lock</c> allows.
    /// </summary>
    public object SyncRoot => _lock;

    /// <summary>Start of the interval the histogram covers, in milliseconds since the Unix epoch (0 when not set); read and set under the lock.</summary>
    public override long StartTimeStamp
    {
        get
        {
            lock (_lock)
            {
                return base.StartTimeStamp;
            }
        }

        set
        {
            lock (_lock)
            {
                base.StartTimeStamp = value;
            }
        }
    }

    /// <summary>End of the interval the histogram covers, in milliseconds since the Unix epoch (0 when not set); read and set under the lock.</summary>
    public override long EndTimeStamp
    {
        get
        {
            lock (_lock)
            {
                return base.EndTimeStamp;
            }
        }

        set
        {
            lock (_lock)
            {
                base.EndTimeStamp = value;
            }
        }
    }

    /// <summary>An optional tag, carried into histogram logs as <c>Tag=</c>; read and set under the lock.</summary>
    /// <exception cref="System.ArgumentException">The tag holds a space, a comma, CR or LF.</exception>
    public override string? Tag
    {
        get
        {
            lock (_lock)
            {
                return base.Tag;
            }
        }

        set
        {
            lock (_lock)
            {
                base.Tag = value;
            }
        }
    }

    /// <summary>
    /// Clears every count, the tracked minimum and maximum, the tag and the timestamps, and moves the covered range
    /// back to its initial position, under the lock.
    /// </summary>
    public override void Reset()
    {
        lock (_lock)
        {
            base.Reset();
        }
    }

    /// <summary>The record path: every record, and every bucket a bulk operation records, takes the lock here.</summary>
    private protected override void RecordCountAtValue(long count, double value)
    {
        lock (_lock)
        {
            base.RecordCountAtValue(count, value);
        }
    }

    /// <summary>
    /// The internal histogram: 64-bit counts whose store takes this histogram's lock for every record, total count and
    /// resize (the store decides how it is updated, as a <see cref="SynchronizedHistogram"/>'s does), and no
    /// synchronized operations of its own: the double histogram takes the lock at its public boundary.
    /// </summary>
    private sealed class InternalCounts : HistogramBase
    {
        public InternalCounts(long highestTrackableValue, int numberOfSignificantValueDigits, HistogramLock storeLock)
            : base(1, highestTrackableValue, numberOfSignificantValueDigits)
        {
            Store = new ArrayCounts<long>(CountsArrayLength, storeLock);
        }

        private protected override HistogramBase CreateEmptyCopy()
            => new LongHistogram(LowestTrackableValue, HighestTrackableValue, NumberOfSignificantValueDigits) { AutoResize = AutoResize };
    }
}
