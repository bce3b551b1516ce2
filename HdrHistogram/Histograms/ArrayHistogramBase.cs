using HdrHistogram.Histograms.Counts;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// What <see cref="LongHistogram"/>, <see cref="IntHistogram"/> and <see cref="ShortHistogram"/> share: a histogram
/// for one writer thread at a time whose counts are one array of <typeparamref name="TCount"/>. Only this library
/// derives from it; use the three classes.
/// </summary>
/// <typeparam name="TCount">The count type: <see cref="long"/>, <see cref="int"/> or <see cref="short"/>.</typeparam>
/// <remarks>
/// A narrower count type takes less memory and holds smaller counts: a count that passes
/// <see cref="HistogramBase.MaxAllowableCount"/> wraps, as in 2.5.0, and <see cref="HistogramBase.HasOverflowed"/> reports it.
/// </remarks>
public abstract class ArrayHistogramBase<TCount> : HistogramBase
    where TCount : unmanaged, IEquatable<TCount>
{
    // The store, typed: the record path calls it directly, so that it inlines.
    private readonly ArrayCounts<TCount> _counts;

    /// <summary>
    /// Creates an auto-resizing histogram (lowest value 1) that grows to fit whatever is recorded: the one-argument
    /// constructor of every derived type, written once here.
    /// </summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    private protected ArrayHistogramBase(int numberOfSignificantValueDigits)
        : this(1, 2, numberOfSignificantValueDigits)
    {
        AutoResize = true;
    }

    /// <summary>Creates a histogram tracking values from 1 to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    private protected ArrayHistogramBase(long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(1, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram tracking values from <paramref name="lowestTrackableValue"/> to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    private protected ArrayHistogramBase(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(NextInstanceId(), lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram with an explicit instance id.</summary>
    /// <param name="instanceId">An identity for this histogram, for diagnostics.</param>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    private protected ArrayHistogramBase(long instanceId, long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(instanceId, lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
        Store = _counts = new ArrayCounts<TCount>(CountsArrayLength);
    }

    private protected override void RecordSingleValue(long value) => _counts.RecordValueSingleWriter(this, value);
}
