using HdrHistogram.Histograms.Counts;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// What <see cref="LongConcurrentHistogram"/> and <see cref="IntConcurrentHistogram"/> share: a histogram that many
/// threads may record into at once, over counts of type <typeparamref name="TCount"/>. Only this library derives from
/// it; use the two classes.
/// </summary>
/// <typeparam name="TCount">The count type: <see cref="long"/> or <see cref="int"/>.</typeparam>
/// <remarks>
/// <para>
/// Recording is wait-free unless it has to grow the histogram, and allocation-free; growing, shifting and resetting
/// while writers record lose no count.
/// </para>
/// <para>
/// Reads while writers are active see a recent, not necessarily consistent, state and never fail; take consistent
/// snapshots with a <see cref="Recorder"/>. How it works: docs/design.md. The total count is the sum of the counts,
/// cached until a count changes, so that a record makes one atomic operation.
/// </para>
/// </remarks>
public abstract class ConcurrentHistogramBase<TCount> : HistogramBase
    where TCount : unmanaged, IEquatable<TCount>
{
    // The store, typed: the record path calls it directly, so that it inlines.
    private readonly ConcurrentCounts<TCount, CountAtomics<TCount>> _counts;

    /// <summary>
    /// Creates an auto-resizing histogram (lowest value 1) that grows to fit whatever is recorded: the one-argument
    /// constructor of every derived type, written once here.
    /// </summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    private protected ConcurrentHistogramBase(int numberOfSignificantValueDigits)
        : this(1, 2, numberOfSignificantValueDigits)
    {
        AutoResize = true;
    }

    /// <summary>Creates a histogram tracking values from 1 to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    private protected ConcurrentHistogramBase(long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(1, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram tracking values from <paramref name="lowestTrackableValue"/> to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    private protected ConcurrentHistogramBase(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(NextInstanceId(), lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram with an explicit instance id.</summary>
    /// <param name="instanceId">An identity for this histogram, for diagnostics.</param>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    private protected ConcurrentHistogramBase(long instanceId, long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(instanceId, lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
        Store = _counts = new ConcurrentCounts<TCount, CountAtomics<TCount>>(this, CountsArrayLength);
    }

    private protected override void RecordSingleValue(long value) => _counts.RecordValue(this, value);
}
