using HdrHistogram.DoubleValued;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

public partial class DoubleHistogram
{
    /// <summary>
    /// Creates a copy holding the same counts at the same scale, with the same tag and timestamps. As in Java, the
    /// copy is a plain, non-auto-resizing <see cref="DoubleHistogram"/> with this one's current dynamic range,
    /// whatever this histogram's type and <see cref="AutoResize"/> setting.
    /// </summary>
    /// <returns>The copy.</returns>
    public virtual DoubleHistogram Copy()
    {
        var targetHistogram = new DoubleHistogram(_configuredHighestToLowestValueRatio, NumberOfSignificantValueDigits);
        targetHistogram.SetTrackableValueRange(_currentLowestValueInAutoRange, _currentHighestValueLimitInAutoRange);
        _integerValuesHistogram.CopyInto(targetHistogram._integerValuesHistogram);
        return targetHistogram;
    }

    /// <summary>
    /// Replaces the content of <paramref name="targetHistogram"/> with this histogram's values, tag and timestamps:
    /// the target is reset (which moves its range back to the start) and every value is recorded into it anew.
    /// </summary>
    /// <param name="targetHistogram">The histogram to overwrite.</param>
    /// <exception cref="ArgumentNullException"><paramref name="targetHistogram"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The target's dynamic range cannot hold this histogram's values.</exception>
    public virtual void CopyInto(DoubleHistogram targetHistogram)
    {
        OperandGuard.NotNull(targetHistogram, nameof(targetHistogram)).AsOperandOf(this, 0, static (source, target, _) => source.CopyIntoCore(target));
    }

    /// <summary>What <see cref="CopyInto"/> does, with both histograms held still.</summary>
    private protected bool CopyIntoCore(DoubleHistogram targetHistogram)
    {
        targetHistogram.ResetCore();
        targetHistogram.AddCore(this);
        targetHistogram.CopyMetadataFrom(this);
        return true;
    }

    /// <summary>
    /// Creates a copy corrected for coordinated omission: every recorded value also records the values a stalled
    /// measurement loop would have missed every <paramref name="expectedIntervalBetweenValueSamples"/>. As in Java,
    /// the copy is a non-auto-resizing <see cref="DoubleHistogram"/> starting from this one's current range; the tag
    /// and timestamps are copied.
    /// </summary>
    /// <param name="expectedIntervalBetweenValueSamples">The expected interval between samples; 0 or less copies unchanged.</param>
    /// <returns>The corrected copy.</returns>
    /// <exception cref="ArgumentOutOfRangeException">A corrective value does not fit the copy's dynamic range.</exception>
    public virtual DoubleHistogram CopyCorrectedForCoordinatedOmission(double expectedIntervalBetweenValueSamples)
    {
        var targetHistogram = new DoubleHistogram(_configuredHighestToLowestValueRatio, NumberOfSignificantValueDigits);
        targetHistogram.SetTrackableValueRange(_currentLowestValueInAutoRange, _currentHighestValueLimitInAutoRange);
        targetHistogram.AddWhileCorrectingForCoordinatedOmissionCore(this, expectedIntervalBetweenValueSamples);
        targetHistogram.CopyMetadataFrom(this);
        return targetHistogram;
    }

    /// <summary>
    /// Adds every count of <paramref name="fromHistogram"/> to this histogram: each bucket is recorded at its lowest
    /// value, moving (or extending) this histogram's range as needed. Timestamps are left unchanged, as in Java.
    /// </summary>
    /// <param name="fromHistogram">The histogram to add.</param>
    /// <exception cref="ArgumentNullException"><paramref name="fromHistogram"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">
    /// A value of the other histogram cannot be covered by this histogram's range; the values added before it stay added.
    /// </exception>
    public virtual void Add(DoubleHistogram fromHistogram)
    {
        OperandGuard.NotNull(fromHistogram, nameof(fromHistogram)).AsOperandOf(this, 0, static (target, source, _) => target.AddCore(source));
    }

    /// <summary>What <see cref="Add"/> does, with both histograms held still.</summary>
    private protected bool AddCore(DoubleHistogram fromHistogram)
    {
        foreach ((double value, long count) in PositiveCountsOf(fromHistogram))
        {
            RecordCountAtValue(count, value);
        }

        return true;
    }

    /// <summary>
    /// Adds <paramref name="fromHistogram"/> to this one while correcting for coordinated omission (see
    /// <see cref="RecordValueWithExpectedInterval"/>). Each bucket is taken at its highest equivalent value.
    /// </summary>
    /// <remarks>
    /// Java 2.2.2 scales the other histogram's integer values by <em>this</em> histogram's conversion ratio, read
    /// anew for every bucket. That gives the same result while both ratios are equal (as in
    /// <see cref="CopyCorrectedForCoordinatedOmission"/>, whose copy starts at this histogram's range, as long as no
    /// corrective value moves it), and otherwise mis-scales the values, or never returns when the target's scale is
    /// far larger (subtracting the interval from a huge value changes nothing). Here the other histogram's own ratio
    /// is used, which is what Java's <c>add</c> and <c>subtract</c> do.
    /// </remarks>
    /// <param name="fromHistogram">The histogram to add.</param>
    /// <param name="expectedIntervalBetweenValueSamples">The expected interval between samples; 0 or less adds unchanged.</param>
    /// <exception cref="ArgumentNullException"><paramref name="fromHistogram"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">A value cannot be covered by this histogram's range.</exception>
    public virtual void AddWhileCorrectingForCoordinatedOmission(DoubleHistogram fromHistogram, double expectedIntervalBetweenValueSamples)
    {
        OperandGuard.NotNull(fromHistogram, nameof(fromHistogram)).AsOperandOf(this, expectedIntervalBetweenValueSamples, static (target, source, interval) => target.AddWhileCorrectingForCoordinatedOmissionCore(source, interval));
    }

    /// <summary>What <see cref="AddWhileCorrectingForCoordinatedOmission"/> does, with both histograms held still.</summary>
    private protected bool AddWhileCorrectingForCoordinatedOmissionCore(DoubleHistogram fromHistogram, double expectedIntervalBetweenValueSamples)
    {
        foreach (var step in fromHistogram._integerValuesHistogram.RecordedValues())
        {
            RecordValueWithCountAndExpectedInterval(
                step.ValueIteratedTo * fromHistogram.IntegerToDoubleValueConversionRatio,
                step.CountAtValueIteratedTo,
                expectedIntervalBetweenValueSamples);
        }

        return true;
    }

    /// <summary>
    /// Subtracts every count of <paramref name="otherHistogram"/> from this histogram, each bucket at its lowest
    /// value. Every count is checked before anything changes: a count that would go below zero is an error and leaves
    /// this histogram unchanged. As in Java, the tracked minimum and maximum are not recomputed.
    /// </summary>
    /// <param name="otherHistogram">The histogram to subtract.</param>
    /// <exception cref="ArgumentNullException"><paramref name="otherHistogram"/> is null.</exception>
    /// <exception cref="ArgumentException">The other histogram has a count larger than this one's at some value.</exception>
    public virtual void Subtract(DoubleHistogram otherHistogram)
    {
        OperandGuard.NotNull(otherHistogram, nameof(otherHistogram)).AsOperandOf(this, 0, static (target, operand, _) => target.SubtractCore(operand));
    }

    /// <summary>What <see cref="Subtract"/> does, with both histograms held still.</summary>
    private protected bool SubtractCore(DoubleHistogram otherHistogram)
    {
        CheckSubtractionFits(otherHistogram);

        // Java's loop, which checks every count again just before subtracting it.
        foreach ((double otherValue, long otherCount) in PositiveCountsOf(otherHistogram))
        {
            long thisCount = CountAtValue(otherValue);
            if (thisCount < otherCount)
            {
                ThrowSubtractedCountTooLarge(nameof(otherHistogram), otherCount, otherValue, thisCount);
            }

            RecordCountAtValue(-otherCount, otherValue);
        }

        return true;
    }

    /// <summary>
    /// Java checks each count just before subtracting it; several buckets of the other histogram may fall into one
    /// of this histogram's, so the check up front sums them per bucket (the other histogram's buckets map onto this
    /// one's in ascending order, so equal targets are adjacent).
    /// </summary>
    private void CheckSubtractionFits(DoubleHistogram otherHistogram)
    {
        int lastIndex = _integerValuesHistogram.CountsArrayLength - 1;
        int previousTargetIndex = -1;
        long subtractedFromTarget = 0;
        foreach ((double otherValue, long otherCount) in PositiveCountsOf(otherHistogram))
        {
            int targetIndex = Math.Min(Math.Max(0, _integerValuesHistogram.CountsArrayIndex(ToIntegerValue(otherValue))), lastIndex);
            if (targetIndex != previousTargetIndex)
            {
                previousTargetIndex = targetIndex;
                subtractedFromTarget = 0;
            }

            long thisCount = _integerValuesHistogram.GetCountAtIndex(targetIndex) - subtractedFromTarget;
            if (thisCount < otherCount)
            {
                ThrowSubtractedCountTooLarge(nameof(otherHistogram), otherCount, otherValue, thisCount);
            }

            subtractedFromTarget += otherCount;
        }
    }

    /// <summary>The walk over <paramref name="histogram"/>'s positive counts that add and subtract share.</summary>
    private static PositiveCountEnumerator PositiveCountsOf(DoubleHistogram histogram) => new(histogram._integerValuesHistogram);

    private static void ThrowSubtractedCountTooLarge(string parameterName, long otherCount, double otherValue, long thisCount)
        => throw new ArgumentException(
            "The other histogram's count (" + otherCount.ToString(CultureInfo.InvariantCulture) + ") at value "
            + FormatDouble(otherValue) + " is larger than this one's (" + thisCount.ToString(CultureInfo.InvariantCulture) + ").",
            parameterName);

    /// <summary>Copies the tag and timestamps of <paramref name="source"/> (both kept by the internal histograms).</summary>
    private void CopyMetadataFrom(DoubleHistogram source)
    {
        _integerValuesHistogram.StartTimeStampValue = source._integerValuesHistogram.StartTimeStampValue;
        _integerValuesHistogram.EndTimeStampValue = source._integerValuesHistogram.EndTimeStampValue;
        _integerValuesHistogram.TagValue = source._integerValuesHistogram.TagValue;
    }
}
