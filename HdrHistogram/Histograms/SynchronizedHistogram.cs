using HdrHistogram.Histograms.Counts;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// A histogram with 64-bit counts whose every operation runs under one lock (Java: <c>SynchronizedHistogram</c>):
/// any number of threads may record while others read, and every read (a percentile, the mean, an encoding, a copy,
/// an <see cref="HistogramBase.Add"/> from or into it, a log line) sees the histogram between two records, never in
/// the middle of one.
/// </summary>
/// <remarks>
/// <para>
/// The lock is a private object, exposed as <see cref="SyncRoot"/> so that callers can make several operations one
/// (<c>lock (histogram.SyncRoot) { p99 = histogram.GetValueAtPercentile(99); histogram.Reset(); }</c>); Java
/// synchronizes on the histogram itself. Each public operation takes it at its start and holds it to its end; the
/// counts store takes it for every record and every total count it reads or writes, also inside such an operation
/// (a <c>lock</c> may be entered again by its holder). An operation on two synchronized histograms
/// (<c>a.Add(b)</c>) takes both locks in one global order, so it cannot deadlock whatever the threads do; an
/// operation of another histogram with this one as its operand (<c>plain.Add(synchronized)</c>,
/// <c>plain.CopyInto(synchronized)</c>) holds this one's lock for its whole run. An encoding and a histogram log line
/// hold the lock for the whole encoding, taken once; a decode into it holds it for the whole decode.
/// <see cref="HistogramBase.GetMaxValue"/>, <see cref="HistogramBase.GetMinNonZeroValue"/> and the configuration
/// properties read one field each and take no lock.
/// </para>
/// <para>
/// Iteration (<see cref="HistogramBase.RecordedValues"/>, <see cref="HistogramBase.Percentiles"/> and the others that
/// return an <c>IEnumerable</c>) and the percentile distribution output walk a copy taken under the lock when the
/// enumeration starts: consistent, at the cost of the copy (Java's iterators walk the live counts unsynchronized).
/// <see cref="HistogramBase.EnumerateRecordedBuckets"/>, the allocation-free walk, reads the live counts without the
/// lock: take <see cref="HistogramBase.Copy"/> first when writers are active.
/// </para>
/// <para>
/// Every record takes the lock, so writers contend with each other and with readers. For many writers and a reader
/// that takes periodic snapshots, a <see cref="Recorder"/> is faster; for writers only, a
/// <see cref="LongConcurrentHistogram"/> (docs/usage.md compares them).
/// </para>
/// </remarks>
public partial class SynchronizedHistogram : HistogramBase
{
    // Initialized before the base constructor runs, so that every override can take it from the start.
    private readonly HistogramLock _lock = new();

    // Typed, so that a record is one direct call into the store, as in the array histograms.
    private readonly ArrayCounts<long> _counts;

    /// <summary>Creates an auto-resizing histogram (lowest value 1) that grows to fit whatever is recorded.</summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public SynchronizedHistogram(int numberOfSignificantValueDigits)
        : this(1, 2, numberOfSignificantValueDigits)
    {
        AutoResize = true;
    }

    /// <summary>Creates a histogram tracking values from 1 to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public SynchronizedHistogram(long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(1, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram tracking values from <paramref name="lowestTrackableValue"/> to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public SynchronizedHistogram(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(NextInstanceId(), lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram with an explicit instance id.</summary>
    /// <param name="instanceId">An identity for this histogram, for diagnostics.</param>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public SynchronizedHistogram(long instanceId, long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(instanceId, lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
        Store = _counts = new ArrayCounts<long>(CountsArrayLength, _lock);
    }

    /// <summary>
    /// The lock every operation of this histogram holds. Hold it (<c>lock</c>) to make several operations one; the
    /// histogram's own operations inside such a block take it again, which a <c>lock</c> allows.
    /// </summary>
    public object SyncRoot => _lock;

    /// <summary>Records one value under the lock, through the store directly.</summary>
    private protected override void RecordSingleValue(long value) => _counts.RecordValueLocked(this, value);

    /// <summary>Every writer records under the lock (the counts store takes it), so any number may record at once.</summary>
    internal override bool IsThreadSafeForWriters => true;

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

    private protected override HistogramBase CreateEmptyCopy()
        => new SynchronizedHistogram(LowestTrackableValue, HighestTrackableValue, NumberOfSignificantValueDigits) { AutoResize = AutoResize };
}
