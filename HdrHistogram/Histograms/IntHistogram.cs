using System;

namespace HdrHistogram;

/// <summary>A histogram with 32-bit counts (Java's <c>IntCountsHistogram</c>): half the memory of <see cref="LongHistogram"/>; a count that would exceed <see cref="int.MaxValue"/> throws instead of wrapping.</summary>
public class IntHistogram : HistogramBase
{
    private int[] _counts;
    private long _totalCount;

    /// <summary>Creates an auto-resizing histogram (lowest value 1) that grows to fit whatever is recorded.</summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public IntHistogram(int numberOfSignificantValueDigits)
        : this(1, 2, numberOfSignificantValueDigits)
    {
        AutoResize = true;
    }

    /// <summary>Creates a histogram tracking values from 1 to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public IntHistogram(long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(1, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram tracking values from <paramref name="lowestTrackableValue"/> to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public IntHistogram(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
        _counts = new int[CountsArrayLength];
    }

    /// <summary>Creates a histogram with an explicit instance id.</summary>
    /// <param name="instanceId">An identity for this histogram, for diagnostics.</param>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public IntHistogram(long instanceId, long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(instanceId, lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
        _counts = new int[CountsArrayLength];
    }

    /// <inheritdoc />
    public override long TotalCount
    {
        get => _totalCount;
        protected set => _totalCount = value;
    }

    /// <inheritdoc />
    public override long MaxAllowableCount => int.MaxValue;

    /// <inheritdoc />
    protected override int WordSizeInBytes => sizeof(int);

    /// <summary>
    /// Records one value: an increment of its count and of the total when it lies inside the range recorded so far
    /// (<see cref="HistogramBase.FastRecordSlot"/>) and its count is below int.MaxValue, else the general path (which
    /// throws on the overflow).
    /// </summary>
    private protected override void RecordSingleValue(long value)
    {
        int[] counts = _counts;
        int slot = FastRecordSlot(value);
        if ((uint)slot < (uint)counts.Length)
        {
            // A count at int.MaxValue wraps, as in 2.5.0; the total still counts the value (HasOverflowed).
            unchecked
            {
                counts[slot]++;
            }

            _totalCount++;
            return;
        }

        RecordCountAtValue(1, value);
    }

    private protected override long GetCountAtNormalizedIndex(int normalizedIndex) => _counts[normalizedIndex];

    private protected override void SetCountAtNormalizedIndex(int normalizedIndex, long value) => _counts[normalizedIndex] = (int)value;

    private protected override void AddToCountAtNormalizedIndex(int normalizedIndex, long value)
    {
        // Wraps past the int range, as 2.5.0's counts do; the total keeps the whole value (HasOverflowed).
        _counts[normalizedIndex] = unchecked((int)(_counts[normalizedIndex] + value));
    }

    private protected override void AddToTotalCount(long value) => _totalCount += value;

    private protected override void ClearCounts(int slotsInUse)
    {
        Array.Clear(_counts, 0, Math.Min(slotsInUse, _counts.Length));
        _totalCount = 0;
    }

    private protected override void ResizeCounts(int oldLength, int newLength)
        => _counts = ResizeCountsArray(_counts, oldLength, newLength, NormalizingIndexOffset);

    internal override Array GetRawCounts(out int normalizingIndexOffset)
    {
        normalizingIndexOffset = NormalizingIndexOffset;
        return _counts;
    }

    private protected override HistogramBase CreateEmptyCopy()
        => new IntHistogram(LowestTrackableValue, HighestTrackableValue, NumberOfSignificantValueDigits) { AutoResize = AutoResize };
}
