using HdrHistogram.Histograms.Counts;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

public abstract partial class HistogramBase
{
    /// <summary>
    /// Creates a histogram of the same type and configuration holding the same counts, tag and timestamps.
    /// </summary>
    /// <returns>The copy.</returns>
    /// <remarks>
    /// Each copy is a new counts array; one of 85,000 bytes or more (3 digits over an hour in nanoseconds) is a large
    /// object, whose fresh memory pages the first writes pay for. To copy repeatedly, <see cref="CopyInto"/> a reused
    /// histogram, which allocates nothing.
    /// </remarks>
    public virtual HistogramBase Copy()
    {
        var copy = CreateEmptyCopy();
        copy.AddCore(this);
        copy.CopyMetadataFrom(this);
        return copy;
    }

    /// <summary>Replaces the content of <paramref name="targetHistogram"/> with this histogram's counts, tag and timestamps.</summary>
    /// <param name="targetHistogram">The histogram to overwrite; must cover this histogram's values or auto-resize.</param>
    /// <exception cref="ArgumentNullException"><paramref name="targetHistogram"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The target cannot hold this histogram's values.</exception>
    public virtual void CopyInto(HistogramBase targetHistogram)
    {
        OperandGuard.NotNull(targetHistogram, nameof(targetHistogram)).AsOperandOf(this, 0, static (source, target, _) => source.CopyIntoCore(target));
    }

    /// <summary>What <see cref="CopyInto"/> does, with both histograms held still.</summary>
    private protected bool CopyIntoCore(HistogramBase targetHistogram)
    {
        targetHistogram.ResetCore();
        targetHistogram.AddCore(this);
        targetHistogram.CopyMetadataFrom(this);
        return true;
    }

    /// <summary>
    /// Adds every count of <paramref name="fromHistogram"/> to this histogram. Histograms of the same layout add
    /// slot by slot; otherwise every bucket is re-recorded at its lowest value, as Java does.
    /// </summary>
    /// <param name="fromHistogram">The histogram to add.</param>
    /// <exception cref="ArgumentNullException"><paramref name="fromHistogram"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The other histogram has values beyond this one's range and <see cref="AutoResize"/> is off (the type 2.5.0 throws).</exception>
    /// <remarks>A short or int count that passes its type's maximum wraps, as in 2.5.0; <see cref="HistogramBase.HasOverflowed"/> then reports it.</remarks>
    public virtual void Add(HistogramBase fromHistogram)
    {
        OperandGuard.NotNull(fromHistogram, nameof(fromHistogram)).AsOperandOf(this, 0, static (target, source, _) => target.AddCore(source));
    }

    /// <summary>What <see cref="Add"/> does, with both histograms held still.</summary>
    private protected bool AddCore(HistogramBase fromHistogram)
    {
        long otherMaxValue = fromHistogram.GetMaxValue();
        long highestRecordableValue = HighestEquivalentValue(ValueFromIndex(CountsArrayLength - 1));
        if (highestRecordableValue < otherMaxValue)
        {
            if (!AutoResize)
            {
                throw new ArgumentOutOfRangeException(
                    nameof(fromHistogram),
                    "The other histogram includes values (up to " + otherMaxValue.ToString(CultureInfo.InvariantCulture)
                    + ") that do not fit in this histogram's range (up to "
                    + highestRecordableValue.ToString(CultureInfo.InvariantCulture) + ").");
            }

            Resize(otherMaxValue);
        }

        bool sameLayout = HasSameLayoutAs(fromHistogram);
        if (sameLayout
            && Store.TryAdd(fromHistogram.Store, SlotsHolding(fromHistogram), out long addedTotal))
        {
            // Same layout and count type: one vectorized pass over the counts arrays.
            AddToTotalCount(addedTotal);
            UpdateMaxValue(Math.Max(GetMaxValue(), otherMaxValue));
            UpdateMinNonZeroValue(Math.Min(GetMinNonZeroValue(), fromHistogram.GetMinNonZeroValue()));
            MergeTimeStampsFrom(fromHistogram);
            return true;
        }

        if (sameLayout)
        {
            // Same layout, another count type: add slot by slot.
            long observedOtherTotalCount = 0;
            for (int i = 0; i < fromHistogram.CountsArrayLength; i++)
            {
                long otherCount = fromHistogram.GetCountAtIndex(i);
                if (otherCount > 0)
                {
                    AddToCountAtIndex(i, otherCount);
                    observedOtherTotalCount += otherCount;
                }
            }

            AddToTotalCount(observedOtherTotalCount);
            UpdateMaxValue(Math.Max(GetMaxValue(), otherMaxValue));
            UpdateMinNonZeroValue(Math.Min(GetMinNonZeroValue(), fromHistogram.GetMinNonZeroValue()));
        }
        else
        {
            // Different layouts, a source that may change while we read it, or a concurrent target (whose counts
            // only its own record path may place, since a resize or shift can move them meanwhile): re-record
            // every bucket at its lowest value, the maximum first so the tracked maximum is set once.
            int otherMaxIndex = fromHistogram.CountsArrayIndex(otherMaxValue);
            long otherCount = fromHistogram.GetCountAtIndex(otherMaxIndex);
            RecordCountAtValue(otherCount, fromHistogram.ValueFromIndex(otherMaxIndex));
            for (int i = 0; i < otherMaxIndex; i++)
            {
                otherCount = fromHistogram.GetCountAtIndex(i);
                if (otherCount > 0)
                {
                    RecordCountAtValue(otherCount, fromHistogram.ValueFromIndex(i));
                }
            }
        }

        MergeTimeStampsFrom(fromHistogram);
        return true;
    }

    /// <summary>
    /// Subtracts every count of <paramref name="otherHistogram"/> from this histogram. Every count is checked before
    /// anything changes: a count that would go below zero is an error and leaves this histogram unchanged.
    /// </summary>
    /// <param name="otherHistogram">The histogram to subtract.</param>
    /// <exception cref="ArgumentNullException"><paramref name="otherHistogram"/> is null.</exception>
    /// <exception cref="ArgumentException">The other histogram has values beyond this one's range, or a count larger than this one's.</exception>
    public virtual void Subtract(HistogramBase otherHistogram)
    {
        OperandGuard.NotNull(otherHistogram, nameof(otherHistogram)).AsOperandOf(this, 0, static (target, operand, _) => target.SubtractCore(operand));
    }

    /// <summary>What <see cref="Subtract"/> does, with both histograms held still.</summary>
    private protected bool SubtractCore(HistogramBase otherHistogram)
    {
        if (HighestEquivalentValue(otherHistogram.GetMaxValue()) > HighestEquivalentValue(ValueFromIndex(CountsArrayLength - 1)))
        {
            throw new ArgumentException("The other histogram includes values that do not fit in this histogram's range.", nameof(otherHistogram));
        }

        bool sameLayout = HasSameLayoutAs(otherHistogram);
        if (sameLayout
            && Store.TrySubtract(otherHistogram.Store, SlotsHolding(otherHistogram), out long subtractedTotal))
        {
            // Same layout and count type, no count going below zero: one pass over the counts arrays.
            AddToTotalCount(-subtractedTotal);
        }
        else
        {
            SubtractValueByValue(otherHistogram);
        }

        // The maximum or minimum may have been emptied: recompute them as Java does.
        if (CountAtValue(GetMaxValue()) <= 0 || CountAtValue(GetMinNonZeroValue()) <= 0)
        {
            EstablishInternalTrackingValues();
        }

        return true;
    }

    /// <summary>The general subtraction: checks every count first, then re-records each bucket with a negative count.</summary>
    private void SubtractValueByValue(HistogramBase otherHistogram)
    {
        for (int i = 0; i < otherHistogram.CountsArrayLength; i++)
        {
            long otherCount = otherHistogram.GetCountAtIndex(i);
            if (otherCount > 0)
            {
                long otherValue = otherHistogram.ValueFromIndex(i);
                long thisCount = CountAtValue(otherValue);
                if (thisCount < otherCount)
                {
                    throw new ArgumentException(
                        "The other histogram's count (" + otherCount.ToString(CultureInfo.InvariantCulture) + ") at value "
                        + otherValue.ToString(CultureInfo.InvariantCulture) + " is larger than this one's ("
                        + thisCount.ToString(CultureInfo.InvariantCulture) + ").",
                        nameof(otherHistogram));
                }
            }
        }

        for (int i = 0; i < otherHistogram.CountsArrayLength; i++)
        {
            long otherCount = otherHistogram.GetCountAtIndex(i);
            if (otherCount > 0)
            {
                RecordCountAtValue(-otherCount, otherHistogram.ValueFromIndex(i));
            }
        }
    }

    /// <summary>
    /// Creates a copy corrected for coordinated omission: every recorded value also records the values a stalled
    /// measurement loop would have missed every <paramref name="expectedIntervalBetweenValueSamples"/>.
    /// </summary>
    /// <param name="expectedIntervalBetweenValueSamples">The expected interval between samples; 0 or less copies unchanged.</param>
    /// <returns>The corrected copy, of the same type and configuration.</returns>
    public virtual HistogramBase CopyCorrectedForCoordinatedOmission(long expectedIntervalBetweenValueSamples)
    {
        var copy = CreateEmptyCopy();
        copy.CopyMetadataFrom(this);
        copy.AddWhileCorrectingForCoordinatedOmissionCore(this, expectedIntervalBetweenValueSamples);
        return copy;
    }

    /// <summary>
    /// Adds <paramref name="otherHistogram"/> to this one while correcting for coordinated omission (see
    /// <see cref="RecordValueWithExpectedInterval"/>).
    /// </summary>
    /// <param name="otherHistogram">The histogram to add.</param>
    /// <param name="expectedIntervalBetweenValueSamples">The expected interval between samples; 0 or less adds unchanged.</param>
    /// <exception cref="ArgumentNullException"><paramref name="otherHistogram"/> is null.</exception>
    public virtual void AddWhileCorrectingForCoordinatedOmission(HistogramBase otherHistogram, long expectedIntervalBetweenValueSamples)
    {
        OperandGuard.NotNull(otherHistogram, nameof(otherHistogram)).AsOperandOf(this, expectedIntervalBetweenValueSamples, static (target, operand, interval) => target.AddWhileCorrectingForCoordinatedOmissionCore(operand, interval));
    }

    /// <summary>What <see cref="AddWhileCorrectingForCoordinatedOmission"/> does, with both histograms held still.</summary>
    private protected bool AddWhileCorrectingForCoordinatedOmissionCore(HistogramBase otherHistogram, long expectedIntervalBetweenValueSamples)
    {
        for (int i = 0; i < otherHistogram.CountsArrayLength; i++)
        {
            long count = otherHistogram.GetCountAtIndex(i);
            if (count != 0)
            {
                long value = otherHistogram.HighestEquivalentValue(otherHistogram.ValueFromIndex(i));
                RecordValueWithCountAndExpectedInterval(value, count, expectedIntervalBetweenValueSamples);
            }
        }

        return true;
    }

    /// <summary>
    /// Multiplies every recorded value by 2^<paramref name="numberOfBinaryOrdersOfMagnitude"/>. Like Java, this
    /// rotates the logical-to-physical index mapping instead of moving counts (see <see cref="NormalizingIndexOffset"/>).
    /// </summary>
    /// <param name="numberOfBinaryOrdersOfMagnitude">How many binary orders of magnitude to shift by; not negative.</param>
    /// <exception cref="ArgumentOutOfRangeException">The shift is negative, or would push recorded values beyond the range; checked before anything changes, so the histogram is then unchanged. A shift that succeeds keeps every count (values in the lowest half bucket are rescaled into the buckets of their doubled values), so all of them survive encoding.</exception>
    public virtual void ShiftValuesLeft(int numberOfBinaryOrdersOfMagnitude)
    {
        if (numberOfBinaryOrdersOfMagnitude < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(numberOfBinaryOrdersOfMagnitude), "Cannot shift by a negative number of magnitudes.");
        }

        if (numberOfBinaryOrdersOfMagnitude == 0 || TotalCount == GetCountAtIndex(0))
        {
            return; // Nothing to shift when every recorded value is 0.
        }

        // In 64 bits: a large shift must not wrap the slot count into a small or negative one (checked before anything changes).
        long shiftAmount = (long)numberOfBinaryOrdersOfMagnitude << _subBucketHalfCountMagnitude;
        int maxValueIndex = CountsArrayIndex(GetMaxValue());
        if (maxValueIndex + shiftAmount >= CountsArrayLength)
        {
            throw new ArgumentOutOfRangeException(nameof(numberOfBinaryOrdersOfMagnitude), "Operation would overflow, would discard recorded value counts.");
        }

        long maxValueBeforeShift = Interlocked.Exchange(ref _maxValue, 0);
        long minNonZeroValueBeforeShift = Interlocked.Exchange(ref _minNonZeroValue, long.MaxValue);

        // Java shifts an int here, which wraps from a unit magnitude of 32 on (18 on at 3 digits) and then leaves
        // the lowest half bucket's counts at indexes encoding drops; in 64 bits it cannot wrap (magnitudes sum to <= 62).
        bool lowestHalfBucketPopulated = minNonZeroValueBeforeShift < ((long)_subBucketHalfCount << _unitMagnitude);

        ShiftNormalizingIndexByOffset((int)shiftAmount, lowestHalfBucketPopulated);

        UpdateMinAndMax(maxValueBeforeShift << numberOfBinaryOrdersOfMagnitude);
        if (minNonZeroValueBeforeShift != long.MaxValue)
        {
            UpdateMinAndMax(minNonZeroValueBeforeShift << numberOfBinaryOrdersOfMagnitude);
        }
    }

    /// <summary>
    /// Divides every recorded value by 2^<paramref name="numberOfBinaryOrdersOfMagnitude"/>, rotating the
    /// logical-to-physical index mapping as Java does.
    /// </summary>
    /// <param name="numberOfBinaryOrdersOfMagnitude">How many binary orders of magnitude to shift by; not negative.</param>
    /// <exception cref="ArgumentOutOfRangeException">The shift is negative, or would lose precision of recorded values; checked before anything changes.</exception>
    public virtual void ShiftValuesRight(int numberOfBinaryOrdersOfMagnitude)
    {
        if (numberOfBinaryOrdersOfMagnitude < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(numberOfBinaryOrdersOfMagnitude), "Cannot shift by a negative number of magnitudes.");
        }

        if (numberOfBinaryOrdersOfMagnitude == 0 || TotalCount == GetCountAtIndex(0))
        {
            return;
        }

        long shiftAmount = (long)_subBucketHalfCount * numberOfBinaryOrdersOfMagnitude;

        // Anything shifted into the lowest half bucket would lose precision irreversibly.
        int minNonZeroValueIndex = CountsArrayIndex(GetMinNonZeroValue());
        if (minNonZeroValueIndex < shiftAmount + _subBucketHalfCount)
        {
            throw new ArgumentOutOfRangeException(nameof(numberOfBinaryOrdersOfMagnitude), "Operation would underflow and lose precision of already recorded value counts.");
        }

        long maxValueBeforeShift = Interlocked.Exchange(ref _maxValue, 0);
        long minNonZeroValueBeforeShift = Interlocked.Exchange(ref _minNonZeroValue, long.MaxValue);

        ShiftNormalizingIndexByOffset(-(int)shiftAmount, false);

        UpdateMinAndMax(maxValueBeforeShift >> numberOfBinaryOrdersOfMagnitude);
        if (minNonZeroValueBeforeShift != long.MaxValue)
        {
            UpdateMinAndMax(minNonZeroValueBeforeShift >> numberOfBinaryOrdersOfMagnitude);
        }
    }

    /// <summary>Whether several threads may record into this histogram at once (the concurrent variants, and <see cref="SynchronizedHistogram"/>, which overrides it); recorders pick their writer handshake by it.</summary>
    internal virtual bool IsThreadSafeForWriters => Store.HasConcurrentWriters;

    /// <summary>
    /// Moves the normalizing offset by <paramref name="shiftAmount"/> (Java's <c>nonConcurrentNormalizingIndexShift</c>).
    /// The zero-value count stays at logical index 0; the lowest half bucket is re-recorded at its new scale.
    /// </summary>
    private protected void ShiftNormalizingIndexByOffset(int shiftAmount, bool lowestHalfBucketPopulated)
        => Store.ShiftHistogram(this, shiftAmount, lowestHalfBucketPopulated);

    /// <summary>The single-writer shift: rotates the offset and moves the lowest half bucket's counts (<see cref="CountsStore.ShiftHistogram"/>).</summary>
    internal void ShiftInPlace(int shiftAmount, bool lowestHalfBucketPopulated)
    {
        long zeroValueCount = GetCountAtIndex(0);
        SetCountAtIndex(0, 0);
        int preShiftZeroIndex = NormalizeIndex(0);
        StoreNormalizingIndexOffset(_normalizingIndexOffset + shiftAmount);

        if (lowestHalfBucketPopulated)
        {
            ShiftLowestHalfBucketContentsLeft(shiftAmount, preShiftZeroIndex);
        }

        SetCountAtIndex(0, zeroValueCount);
    }

    /// <summary>Updates the offset alone; the concurrent variants move counts themselves.</summary>
    internal void AddToNormalizingIndexOffset(int shiftAmount) => StoreNormalizingIndexOffset(_normalizingIndexOffset + shiftAmount);

    /// <summary>
    /// The lowest half bucket cannot be rescaled by moving the offset: its values are re-recorded one by one. Each
    /// target slot is below its source, so a single ascending pass is safe.
    /// </summary>
    private void ShiftLowestHalfBucketContentsLeft(int shiftAmount, int preShiftZeroIndex)
    {
        int numberOfBinaryOrdersOfMagnitude = shiftAmount >> _subBucketHalfCountMagnitude;
        for (int fromIndex = 1; fromIndex < _subBucketHalfCount; fromIndex++)
        {
            long toValue = ValueFromIndex(fromIndex) << numberOfBinaryOrdersOfMagnitude;
            int toIndex = CountsArrayIndex(toValue);
            int fromSlot = (fromIndex + preShiftZeroIndex) % CountsArrayLength;
            long countAtFromIndex = GetCountAtNormalizedIndex(fromSlot);
            SetCountAtIndex(toIndex, countAtFromIndex);
            SetCountAtNormalizedIndex(fromSlot, 0);
        }
    }

    /// <summary>
    /// Where logical index <paramref name="index"/> ends up after a shift by <paramref name="shiftAmount"/> slots:
    /// index 0 stays, the lowest half bucket is rescaled value by value, every other index moves by the shift.
    /// The concurrent variants use it to rebuild their counts; the others rotate the offset instead.
    /// </summary>
    internal int ShiftedLogicalIndex(int index, int shiftAmount)
    {
        if (shiftAmount == 0 || index == 0)
        {
            return index;
        }

        if (shiftAmount > 0 && index < _subBucketHalfCount)
        {
            return CountsArrayIndex(ValueFromIndex(index) << (shiftAmount >> _subBucketHalfCountMagnitude));
        }

        return index + shiftAmount;
    }

    /// <summary>
    /// Whether both histograms are non-concurrent and keep every logical index in the same physical slot, so that
    /// their counts arrays can be combined slot by slot.
    /// </summary>
    private bool HasSameLayoutAs(HistogramBase other)
        => BucketCount == other.BucketCount
            && _subBucketCount == other._subBucketCount
            && _unitMagnitude == other._unitMagnitude
            && _normalizingIndexOffset == other._normalizingIndexOffset
            && !other.Store.HasConcurrentWriters
            && !Store.HasConcurrentWriters;

    /// <summary>
    /// How many leading physical slots can hold a count of <paramref name="other"/> (a histogram of this one's layout,
    /// or this one): up to its maximum when its counts start at slot 0, so that an add into a fresh histogram writes
    /// only the pages that receive counts and a reset clears only those; every slot otherwise.
    /// </summary>
    private int SlotsHolding(HistogramBase other)
        => other._normalizingIndexOffset == 0
            ? Math.Min(CountsArrayLength, other.CountsArrayIndex(other.GetMaxValue()) + 1)
            : CountsArrayLength;

    private void CopyMetadataFrom(HistogramBase source)
    {
        StartTimeStampValue = source.StartTimeStampValue;
        EndTimeStampValue = source.EndTimeStampValue;
        TagValue = source.TagValue;
    }

    private void MergeTimeStampsFrom(HistogramBase source)
    {
        StartTimeStampValue = MergeStart(StartTimeStampValue, source.StartTimeStampValue);
        EndTimeStampValue = Math.Max(EndTimeStampValue, source.EndTimeStampValue);
    }

    // 0 means "not set", so it never wins the minimum.
    private static long MergeStart(long a, long b) => a == 0 ? b : b == 0 ? a : Math.Min(a, b);
}
