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
/// <see cref="MaxAllowableCount"/> wraps, as in 2.5.0, and <see cref="HistogramBase.HasOverflowed"/> reports it.
/// </remarks>
public abstract class ArrayHistogramBase<TCount> : HistogramBase
    where TCount : unmanaged, IEquatable<TCount>
{
    private readonly ArrayCounts<TCount> _counts;
    private long _totalCount;

    /// <summary>Creates a histogram tracking values from <paramref name="lowestTrackableValue"/> to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    private protected ArrayHistogramBase(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
        Store = _counts = new ArrayCounts<TCount>(CountsArrayLength);
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

    /// <inheritdoc />
    public override long TotalCount
    {
        get => _totalCount;
        protected set => _totalCount = value;
    }

    /// <inheritdoc />
    public override long MaxAllowableCount => CountStorage.MaxValue<TCount>();

    /// <inheritdoc />
    protected override int WordSizeInBytes => Unsafe.SizeOf<TCount>();

    /// <summary>
    /// Records one value: an increment of its count and of the total when it lies inside the range recorded so far
    /// (<see cref="HistogramBase.FastRecordSlot"/>), else the general path.
    /// </summary>
    private protected override void RecordSingleValue(long value)
    {
        if (_counts.TryIncrement(FastRecordSlot(value)))
        {
            _totalCount++;
        }
        else
        {
            RecordCountAtValue(1, value);
        }
    }

    private protected override void AddToTotalCount(long value) => _totalCount += value;
}
