#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// A High Dynamic Range histogram of floating-point (double) values (Java's <c>DoubleHistogram</c>): records values
/// with a fixed number of significant decimal digits over a dynamic range given as a ratio between the highest and
/// the lowest non-zero value, wherever on the number line that range lies.
/// </summary>
/// <remarks>
/// <para>
/// Values are counted by an internal integer histogram through a moving scale: the covered range auto-ranges by binary
/// orders of magnitude, so values may be recorded in any unit as long as their spread stays within the dynamic range
/// (which itself grows with <see cref="AutoResize"/>, as the <see cref="DoubleHistogram(int)"/> constructor sets).
/// Recording, statistics, iteration and text output are bit-identical to Java HdrHistogram 2.2.2's. Not thread-safe:
/// use <see cref="DoubleConcurrentHistogram"/> for concurrent writers. How it works: docs/design.md.
/// </para>
/// </remarks>
public partial class DoubleHistogram : EncodableHistogram, IDoubleValueRecorder, IEquatable<DoubleHistogram>
{
    // The range starts out very high so that the first recordings shift it down onto themselves: auto-ranging thus
    // tends to use the lower part of the range and keeps the upper part free until it is really needed.
    private static readonly double InitialLowestValueInAutoRange = JavaMath.PowerOfTwo(800);

    // A power of two far enough below double.MaxValue that shifting the range up can never multiply into infinity
    // (Java computes it as the first power of two at or above double.MaxValue / 4, which is 2^1022).
    private static readonly double HighestAllowedValueEver = ComputeHighestAllowedValueEver();

    private readonly HistogramBase _integerValuesHistogram;
    private long _configuredHighestToLowestValueRatio;
    private double _currentLowestValueInAutoRange;
    private double _currentHighestValueLimitInAutoRange;
    private double _doubleToIntegerValueConversionRatio;

    /// <summary>
    /// Creates an auto-resizing histogram (Java's <c>DoubleHistogram(int)</c>): the dynamic range starts at 2 and
    /// grows to cover whatever is recorded.
    /// </summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="numberOfSignificantValueDigits"/> is outside 0 to 5.</exception>
    public DoubleHistogram(int numberOfSignificantValueDigits)
        : this(2, numberOfSignificantValueDigits)
    {
        AutoResize = true;
    }

    /// <summary>
    /// Creates a histogram covering a fixed dynamic range: any values whose highest-to-lowest non-zero ratio stays
    /// within <paramref name="highestToLowestValueRatio"/> can be recorded, in any unit.
    /// </summary>
    /// <param name="highestToLowestValueRatio">The dynamic range; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">
    /// A parameter is outside its valid range, or <paramref name="highestToLowestValueRatio"/> × 10^digits is 2^61 or more.
    /// </exception>
    public DoubleHistogram(long highestToLowestValueRatio, int numberOfSignificantValueDigits)
        : this(highestToLowestValueRatio, numberOfSignificantValueDigits, CreateLongHistogram, null)
    {
    }

    /// <summary>
    /// Wraps an existing integer histogram, as Java's decoder does with
    /// <c>DoubleHistogram(ratio, digits, Histogram.class, decodedInternal)</c>: the integer histogram must have lowest
    /// value 1, highest value <c>integerValueRange - 1</c> and the same precision, and its conversion ratio sets the
    /// initial range. The histogram is adopted, not copied.
    /// </summary>
    /// <param name="highestToLowestValueRatio">The dynamic range; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <param name="integerValuesHistogram">The integer histogram to wrap.</param>
    /// <exception cref="ArgumentException">The integer histogram does not match the stated parameters.</exception>
    internal DoubleHistogram(long highestToLowestValueRatio, int numberOfSignificantValueDigits, HistogramBase integerValuesHistogram)
        : this(highestToLowestValueRatio, numberOfSignificantValueDigits, CreateLongHistogram, integerValuesHistogram)
    {
    }

    /// <summary>
    /// The constructor every other one ends in: validates the configuration, then creates the internal histogram with
    /// <paramref name="createIntegerValuesHistogram"/> or adopts <paramref name="existingIntegerValuesHistogram"/>.
    /// </summary>
    private protected DoubleHistogram(
        long highestToLowestValueRatio,
        int numberOfSignificantValueDigits,
        Func<long, int, HistogramBase> createIntegerValuesHistogram,
        HistogramBase? existingIntegerValuesHistogram)
    {
        if (createIntegerValuesHistogram is null)
        {
            throw new ArgumentNullException(nameof(createIntegerValuesHistogram));
        }

        ValidateConfiguration(highestToLowestValueRatio, numberOfSignificantValueDigits);
        long integerValueRange = DeriveIntegerValueRange(highestToLowestValueRatio, numberOfSignificantValueDigits);

        double initialLowestValueInAutoRange;
        if (existingIntegerValuesHistogram is null)
        {
            _integerValuesHistogram = createIntegerValuesHistogram(integerValueRange - 1, numberOfSignificantValueDigits);
            initialLowestValueInAutoRange = InitialLowestValueInAutoRange;
        }
        else
        {
            if (existingIntegerValuesHistogram.LowestTrackableValue != 1
                || existingIntegerValuesHistogram.HighestTrackableValue != integerValueRange - 1
                || existingIntegerValuesHistogram.NumberOfSignificantValueDigits != numberOfSignificantValueDigits)
            {
                throw new ArgumentException("The integer values histogram does not match the stated parameters.", nameof(existingIntegerValuesHistogram));
            }

            _integerValuesHistogram = existingIntegerValuesHistogram;
            initialLowestValueInAutoRange =
                existingIntegerValuesHistogram.IntegerToDoubleValueConversionRatio * existingIntegerValuesHistogram.SubBucketHalfCount;
        }

        Init(highestToLowestValueRatio, initialLowestValueInAutoRange);
    }

    /// <summary>
    /// Whether a value that does not fit the dynamic range grows the range instead of throwing (Java's
    /// <c>setAutoResize</c>). On for <see cref="DoubleHistogram(int)"/> and for decoded histograms.
    /// </summary>
    public bool AutoResize { get; set; }

    /// <summary>The number of significant decimal digits of precision the histogram maintains.</summary>
    public int NumberOfSignificantValueDigits => _integerValuesHistogram.NumberOfSignificantValueDigits;

    /// <summary>The total number of recorded values.</summary>
    public long TotalCount => _integerValuesHistogram.TotalCount;

    /// <summary>
    /// The ratio that converts the internal integer values to doubles; it changes whenever the covered range moves
    /// (Java's <c>getIntegerToDoubleValueConversionRatio</c>).
    /// </summary>
    public double IntegerToDoubleValueConversionRatio => _integerValuesHistogram.IntegerToDoubleValueConversionRatio;

    /// <summary>Start of the interval the histogram covers, in milliseconds since the Unix epoch (0 when not set).</summary>
    public override long StartTimeStamp
    {
        get => _integerValuesHistogram.StartTimeStamp;
        set => _integerValuesHistogram.StartTimeStamp = value;
    }

    /// <summary>End of the interval the histogram covers, in milliseconds since the Unix epoch (0 when not set).</summary>
    public override long EndTimeStamp
    {
        get => _integerValuesHistogram.EndTimeStamp;
        set => _integerValuesHistogram.EndTimeStamp = value;
    }

    /// <summary>An optional tag, carried into histogram logs as <c>Tag=</c>.</summary>
    public override string? Tag
    {
        get => _integerValuesHistogram.Tag;
        set => _integerValuesHistogram.Tag = value;
    }

    /// <summary>The integer histogram that holds the counts (the encoder writes it after the double wrapper header).</summary>
    internal HistogramBase IntegerValuesHistogram => _integerValuesHistogram;

    /// <summary>The recorder that created this histogram as one of its interval histograms (Java's containing instance), if any.</summary>
    internal object? ContainingRecorder { get; set; }

    /// <summary>The lowest non-zero value of the currently covered range (Java's <c>getCurrentLowestTrackableNonZeroValue</c>).</summary>
    internal double CurrentLowestTrackableNonZeroValue => _currentLowestValueInAutoRange;

    /// <summary>The limit (exclusive) of the currently covered range (Java's <c>getCurrentHighestTrackableValue</c>).</summary>
    internal double CurrentHighestTrackableValue => _currentHighestValueLimitInAutoRange;

    /// <summary>The ratio that converts doubles to internal integer values: 1 / <see cref="IntegerToDoubleValueConversionRatio"/>.</summary>
    internal double DoubleToIntegerValueConversionRatio => _doubleToIntegerValueConversionRatio;

    /// <summary>The ratio that converts the internal integer values to doubles (Java's name for <see cref="IntegerToDoubleValueConversionRatio"/>).</summary>
    /// <returns>The current conversion ratio.</returns>
    public double GetIntegerToDoubleValueConversionRatio() => IntegerToDoubleValueConversionRatio;

    /// <summary>
    /// The dynamic range: the ratio between the highest and the lowest non-zero value the histogram can hold at any
    /// one time. Auto-resizing multiplies it by powers of two.
    /// </summary>
    /// <returns>The configured highest-to-lowest value ratio.</returns>
    public long GetHighestToLowestValueRatio() => _configuredHighestToLowestValueRatio;

    /// <summary>Records one occurrence of <paramref name="value"/>.</summary>
    /// <param name="value">The value to record; zero or positive and finite.</param>
    /// <exception cref="ArgumentOutOfRangeException">
    /// The value is negative, NaN or infinite, or the covered range cannot be moved or extended to include it.
    /// </exception>
    public void RecordValue(double value) => RecordCountAtValue(1, value);

    /// <summary>Records <paramref name="count"/> occurrences of <paramref name="value"/>.</summary>
    /// <param name="value">The value to record; zero or positive and finite.</param>
    /// <param name="count">How many occurrences; must not be negative.</param>
    /// <exception cref="ArgumentOutOfRangeException">
    /// The count is negative; or the value is negative, NaN or infinite, or the covered range cannot be moved or
    /// extended to include it.
    /// </exception>
    public void RecordValueWithCount(double value, long count)
    {
        if (count < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(count), count, "A recorded count cannot be negative.");
        }

        RecordCountAtValue(count, value);
    }

    /// <summary>
    /// Records <paramref name="value"/>, and corrects for coordinated omission by also recording the values a
    /// stalled measurement loop would have seen every <paramref name="expectedIntervalBetweenValueSamples"/>.
    /// </summary>
    /// <param name="value">The value to record; zero or positive and finite.</param>
    /// <param name="expectedIntervalBetweenValueSamples">The expected interval between samples; 0 or less disables the correction.</param>
    /// <exception cref="ArgumentOutOfRangeException">
    /// The value, or a corrective value, cannot be recorded; or the interval is so much smaller than the value that
    /// subtracting it does not change the value (where Java never returns).
    /// </exception>
    public virtual void RecordValueWithExpectedInterval(double value, double expectedIntervalBetweenValueSamples)
        => RecordValueWithCountAndExpectedInterval(value, 1, expectedIntervalBetweenValueSamples);

    /// <summary>
    /// Clears every count, the tracked minimum and maximum, the tag and the timestamps, and moves the covered range
    /// back to its initial position (the dynamic range keeps any growth from auto-resizing, as in Java).
    /// </summary>
    public virtual void Reset() => ResetCore();

    /// <summary>
    /// What <see cref="Reset"/> does, for the library's own operations that reset a histogram as one of their steps;
    /// a concurrent histogram stops its writers for it.
    /// </summary>
    private protected virtual void ResetCore()
    {
        _integerValuesHistogram.Reset();
        Init(_configuredHighestToLowestValueRatio, InitialLowestValueInAutoRange);
    }

    /// <summary>Java's estimate of the memory footprint: the internal integer histogram's.</summary>
    /// <returns>The estimated footprint in bytes.</returns>
    public int GetEstimatedFootprintInBytes() => _integerValuesHistogram.GetEstimatedFootprintInBytes();

    /// <summary>
    /// Java's <c>getNeededByteBufferCapacity</c>: the internal integer histogram's bound on its uncompressed V2
    /// encoding (the 16-byte double wrapper header is not included, as in Java).
    /// </summary>
    /// <returns>The capacity in bytes.</returns>
    public override int GetNeededByteBufferCapacity() => _integerValuesHistogram.GetNeededByteBufferCapacity();

    /// <summary>
    /// Records <paramref name="count"/> at <paramref name="value"/>, moving the covered range first when the value
    /// lies outside it. The count may be negative internally (subtraction).
    /// </summary>
    private protected virtual void RecordCountAtValue(long count, double value)
    {
        // Written so that NaN also takes the slow path, which rejects it.
        if (!(value >= _currentLowestValueInAutoRange && value < _currentHighestValueLimitInAutoRange))
        {
            AutoAdjustRangeForValue(value);
        }

        RecordInRangeValue(count, value);
    }

    /// <summary>
    /// Converts a value that lies in the covered range (or is zero) and records it into the internal histogram. In
    /// range, the product is below <c>integerValueRange</c>, so the plain cast equals Java's.
    /// </summary>
    private protected void RecordInRangeValue(long count, double value)
        => _integerValuesHistogram.RecordConvertedValueWithCount(count, (long)(value * _doubleToIntegerValueConversionRatio));

    /// <summary>Whether <paramref name="value"/> can be recorded without moving the covered range (zero always can).</summary>
    private protected bool IsInCoveredRange(double value)
        => (value >= _currentLowestValueInAutoRange && value < _currentHighestValueLimitInAutoRange) || value == 0.0;

    /// <summary>
    /// Moves (or, with <see cref="AutoResize"/>, extends) the covered range so that it includes
    /// <paramref name="value"/>: Java's <c>autoAdjustRangeForValueSlowPath</c>, without its synchronization (the
    /// concurrent variant stops its writers around it instead).
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative, NaN or infinite, or cannot be covered.</exception>
    private protected void AdjustRangeForValue(double value)
    {
        if (double.IsNaN(value))
        {
            throw new ArgumentOutOfRangeException(nameof(value), value, "NaN cannot be recorded.");
        }

        try
        {
            if (value < _currentLowestValueInAutoRange)
            {
                if (value < 0.0)
                {
                    throw new InvalidOperationException("Negative values cannot be recorded.");
                }

                do
                {
                    int shiftAmount = FindCappedContainingBinaryOrderOfMagnitude(
                        Math.Ceiling(_currentLowestValueInAutoRange / value) - 1.0);
                    ShiftCoveredRangeToTheRight(shiftAmount);
                }
                while (value < _currentLowestValueInAutoRange);
            }
            else if (value >= _currentHighestValueLimitInAutoRange)
            {
                if (value > HighestAllowedValueEver)
                {
                    throw new InvalidOperationException(
                        "Values above " + FormatDouble(HighestAllowedValueEver) + " cannot be recorded.");
                }

                do
                {
                    // A value that is an exact multiple of the limit belongs with the next level up: computing the
                    // ratio from a value one ulp larger shifts on exact multiples, but not on values just below them.
                    int shiftAmount = FindCappedContainingBinaryOrderOfMagnitude(
                        Math.Ceiling((value + JavaMath.Ulp(value)) / _currentHighestValueLimitInAutoRange) - 1.0);
                    ShiftCoveredRangeToTheLeft(shiftAmount);
                }
                while (value >= _currentHighestValueLimitInAutoRange);
            }
        }
        catch (InvalidOperationException ex)
        {
            throw new ArgumentOutOfRangeException(
                nameof(value),
                value,
                "The value " + FormatDouble(value) + " is out of bounds for histogram, current covered range ["
                + FormatDouble(_currentLowestValueInAutoRange) + ", " + FormatDouble(_currentHighestValueLimitInAutoRange)
                + ") cannot be extended any further. Caused by: " + ex.Message);
        }
    }

    /// <summary>Sets the covered range and the conversion ratios derived from its lowest value.</summary>
    private protected void SetTrackableValueRange(double lowestValueInAutoRange, double highestValueInAutoRange)
    {
        _currentLowestValueInAutoRange = lowestValueInAutoRange;
        _currentHighestValueLimitInAutoRange = highestValueInAutoRange;
        double integerToDoubleValueConversionRatio = lowestValueInAutoRange / _integerValuesHistogram.SubBucketHalfCount;
        _integerValuesHistogram.IntegerToDoubleValueConversionRatio = integerToDoubleValueConversionRatio;
        _doubleToIntegerValueConversionRatio = 1.0 / integerToDoubleValueConversionRatio;
    }

    private void AutoAdjustRangeForValue(double value)
    {
        // Zero is always valid and needs no auto-ranging.
        if (value == 0.0)
        {
            return;
        }

        AdjustRangeForValue(value);
    }

    private void RecordValueWithCountAndExpectedInterval(double value, long count, double expectedIntervalBetweenValueSamples)
    {
        // Java loops forever when the interval is below half an ulp of the value: the first step changes nothing,
        // and (the ulp only shrinking as the values fall) that is the only step that can get stuck.
        if (expectedIntervalBetweenValueSamples > 0 && value - expectedIntervalBetweenValueSamples == value && !double.IsInfinity(value))
        {
            throw new ArgumentOutOfRangeException(
                nameof(expectedIntervalBetweenValueSamples),
                expectedIntervalBetweenValueSamples,
                "The expected interval is too small to step down from " + FormatDouble(value) + " in double precision.");
        }

        RecordCountAtValue(count, value);
        if (expectedIntervalBetweenValueSamples <= 0)
        {
            return;
        }

        RecordMissingValues(value - expectedIntervalBetweenValueSamples, count, expectedIntervalBetweenValueSamples);
    }
    private void Init(long configuredHighestToLowestValueRatio, double lowestTrackableUnitValue)
    {
        _configuredHighestToLowestValueRatio = configuredHighestToLowestValueRatio;
        long internalHighestToLowestValueRatio = DeriveInternalHighestToLowestValueRatio(configuredHighestToLowestValueRatio);
        SetTrackableValueRange(lowestTrackableUnitValue, lowestTrackableUnitValue * internalHighestToLowestValueRatio);
    }

    /// <summary>
    /// Moves the covered range down by <paramref name="numberOfBinaryOrdersOfMagnitude"/> binary orders of magnitude:
    /// the recorded integer values are shifted left so that they keep their double values under the new ratio. When
    /// they do not fit, the internal histogram is grown instead (auto-resize), or the range is left unchanged.
    /// </summary>
    private void ShiftCoveredRangeToTheRight(int numberOfBinaryOrdersOfMagnitude)
    {
        // The new range starts as the current one, so that a failed shift leaves everything as it was.
        double newLowestValueInAutoRange = _currentLowestValueInAutoRange;
        double newHighestValueLimitInAutoRange = _currentHighestValueLimitInAutoRange;
        try
        {
            double shiftMultiplier = 1.0 / (1L << numberOfBinaryOrdersOfMagnitude);

            // Java lowers the limit first, so that concurrent writers of values above the new limit queue up behind
            // this adjustment instead of recording values that a failing shift would have to discard.
            _currentHighestValueLimitInAutoRange *= shiftMultiplier;

            // Nothing to shift when every recorded value is 0.
            if (TotalCount > _integerValuesHistogram.GetCountAtIndex(0))
            {
                if (!TryShiftIntegerValues(numberOfBinaryOrdersOfMagnitude, left: true))
                {
                    // No room above to shift into: grow the internal histogram instead, keeping the value mapping,
                    // which extends the limit; then the shift fits.
                    HandleShiftValuesException(numberOfBinaryOrdersOfMagnitude, "Operation would overflow, would discard recorded value counts.");
                    newHighestValueLimitInAutoRange /= shiftMultiplier;
                    _integerValuesHistogram.ShiftValuesLeft(numberOfBinaryOrdersOfMagnitude);
                }
            }

            newLowestValueInAutoRange *= shiftMultiplier;
            newHighestValueLimitInAutoRange *= shiftMultiplier;
        }
        finally
        {
            SetTrackableValueRange(newLowestValueInAutoRange, newHighestValueLimitInAutoRange);
        }
    }

    /// <summary>
    /// Moves the covered range up by <paramref name="numberOfBinaryOrdersOfMagnitude"/> binary orders of magnitude:
    /// the recorded integer values are shifted right. When that would lose precision, the internal histogram is grown
    /// instead (auto-resize), which extends only the upper limit, or the range is left unchanged.
    /// </summary>
    private void ShiftCoveredRangeToTheLeft(int numberOfBinaryOrdersOfMagnitude)
    {
        double newLowestValueInAutoRange = _currentLowestValueInAutoRange;
        double newHighestValueLimitInAutoRange = _currentHighestValueLimitInAutoRange;
        try
        {
            double shiftMultiplier = 1.0 * (1L << numberOfBinaryOrdersOfMagnitude);

            // Raised first for the same reason the limit is lowered first when shifting the other way.
            _currentLowestValueInAutoRange *= shiftMultiplier;

            if (TotalCount > _integerValuesHistogram.GetCountAtIndex(0))
            {
                if (TryShiftIntegerValues(numberOfBinaryOrdersOfMagnitude, left: false))
                {
                    // Java 2.2.2 scales the range here and again below, so a successful right shift moves the range
                    // by twice the amount. Reproduced for bit-compatibility; it cannot happen to a histogram built by
                    // recording, whose lowest non-zero value always lies below twice the range's lowest value, which
                    // makes every right shift of its values fail (and resize) instead. (DoubleConcurrentHistogram
                    // keeps that bound by recording the value that moved the range before its writers resume.)
                    newLowestValueInAutoRange *= shiftMultiplier;
                    newHighestValueLimitInAutoRange *= shiftMultiplier;
                }
                else
                {
                    // Grown instead of shifted: the value now fits without moving the lower limit, so undo the
                    // scaling of the lowest value that follows and extend only the upper limit.
                    HandleShiftValuesException(numberOfBinaryOrdersOfMagnitude, "Operation would underflow and lose precision of already recorded value counts.");
                    newLowestValueInAutoRange /= shiftMultiplier;
                }
            }

            newLowestValueInAutoRange *= shiftMultiplier;
            newHighestValueLimitInAutoRange *= shiftMultiplier;
        }
        finally
        {
            SetTrackableValueRange(newLowestValueInAutoRange, newHighestValueLimitInAutoRange);
        }
    }

    /// <summary>
    /// Shifts the recorded integer values left (<paramref name="left"/>) or right; <c>false</c> when that would overflow
    /// or lose precision, which the integer histogram checks before anything changes, as in Java.
    /// </summary>
    private bool TryShiftIntegerValues(int numberOfBinaryOrdersOfMagnitude, bool left)
    {
        try
        {
            if (left)
            {
                _integerValuesHistogram.ShiftValuesLeft(numberOfBinaryOrdersOfMagnitude);
            }
            else
            {
                _integerValuesHistogram.ShiftValuesRight(numberOfBinaryOrdersOfMagnitude);
            }

            return true;
        }
        catch (ArgumentOutOfRangeException)
        {
            return false;
        }
    }

    /// <summary>
    /// Grows the internal histogram by <paramref name="numberOfBinaryOrdersOfMagnitude"/> binary orders of magnitude
    /// (and the dynamic range with it) when a shift failed, or throws when auto-resizing is off or the internal range
    /// would pass 2^63.
    /// </summary>
    private void HandleShiftValuesException(int numberOfBinaryOrdersOfMagnitude, string cause)
    {
        if (!AutoResize)
        {
            throw new InvalidOperationException("Value outside of histogram covered range. Caused by: " + cause);
        }

        long highestTrackableValue = _integerValuesHistogram.HighestTrackableValue;
        int currentContainingOrderOfMagnitude = FindContainingBinaryOrderOfMagnitude(highestTrackableValue);
        int newContainingOrderOfMagnitude = numberOfBinaryOrdersOfMagnitude + currentContainingOrderOfMagnitude;
        if (newContainingOrderOfMagnitude > 63)
        {
            throw new InvalidOperationException(
                "Cannot resize histogram covered range beyond (1L << 63) / (1L << "
                + _integerValuesHistogram.SubBucketHalfCountMagnitude.ToString(CultureInfo.InvariantCulture)
                + ") - 1. Caused by: " + cause);
        }

        long newHighestTrackableValue = (1L << newContainingOrderOfMagnitude) - 1;
        _integerValuesHistogram.ResizeToCover(newHighestTrackableValue);
        _configuredHighestToLowestValueRatio <<= numberOfBinaryOrdersOfMagnitude;
    }

    private int FindCappedContainingBinaryOrderOfMagnitude(double doubleNumber)
    {
        if (doubleNumber > _configuredHighestToLowestValueRatio)
        {
            return (int)(Math.Log(_configuredHighestToLowestValueRatio) / Math.Log(2));
        }

        if (doubleNumber > JavaMath.PowerOfTwo(50))
        {
            return 50;
        }

        return FindContainingBinaryOrderOfMagnitude(JavaMath.ToLong(Math.Ceiling(doubleNumber)));
    }

    /// <summary>The smallest power of two exponent whose power contains <paramref name="longNumber"/> (64 - leading zeros).</summary>
    private static int FindContainingBinaryOrderOfMagnitude(long longNumber) => 64 - Bitwise.LeadingZeroCount((ulong)longNumber);

    /// <summary>
    /// The internal dynamic range: one binary order of magnitude more than the containing one, because a range such
    /// as [0.9, 2.1) may straddle bucket boundaries ([0.5, 1), [1, 2), [2, 4)).
    /// </summary>
    private static long DeriveInternalHighestToLowestValueRatio(long externalHighestToLowestValueRatio)
        => 1L << (FindContainingBinaryOrderOfMagnitude(externalHighestToLowestValueRatio) + 1);

    /// <summary>
    /// The integer range the internal histogram needs: the bottom half of its first bucket lacks the precision, so
    /// the double range is mapped onto the upper halves of all buckets, from <c>subBucketHalfCount</c> up.
    /// </summary>
    private static long DeriveIntegerValueRange(long externalHighestToLowestValueRatio, int numberOfSignificantValueDigits)
    {
        long internalHighestToLowestValueRatio = DeriveInternalHighestToLowestValueRatio(externalHighestToLowestValueRatio);
        long lowestTrackingIntegerValue = NumberOfSubBuckets(numberOfSignificantValueDigits) / 2;
        return lowestTrackingIntegerValue * internalHighestToLowestValueRatio;
    }

    /// <summary>The sub-bucket count of an integer histogram of the given precision (Java's <c>numberOfSubBuckets</c>).</summary>
    private static int NumberOfSubBuckets(int numberOfSignificantValueDigits)
    {
        long largestValueWithSingleUnitResolution = 2 * (long)Math.Pow(10, numberOfSignificantValueDigits);
        int subBucketCountMagnitude = (int)Math.Ceiling(Math.Log(largestValueWithSingleUnitResolution) / Math.Log(2));
        return 1 << subBucketCountMagnitude;
    }

    private static void ValidateConfiguration(long highestToLowestValueRatio, int numberOfSignificantValueDigits)
    {
        if (highestToLowestValueRatio < 2)
        {
            throw new ArgumentOutOfRangeException(nameof(highestToLowestValueRatio), highestToLowestValueRatio, "highestToLowestValueRatio must be >= 2.");
        }

        if (numberOfSignificantValueDigits < 0 || numberOfSignificantValueDigits > 5)
        {
            throw new ArgumentOutOfRangeException(nameof(numberOfSignificantValueDigits), numberOfSignificantValueDigits, "numberOfSignificantValueDigits must be between 0 and 5.");
        }

        if (highestToLowestValueRatio * Math.Pow(10.0, numberOfSignificantValueDigits) >= (1L << 61))
        {
            throw new ArgumentOutOfRangeException(
                nameof(highestToLowestValueRatio),
                highestToLowestValueRatio,
                "highestToLowestValueRatio * (10^numberOfSignificantValueDigits) must be < (1L << 61).");
        }
    }

    private static HistogramBase CreateLongHistogram(long highestTrackableValue, int numberOfSignificantValueDigits)
        => new LongHistogram(1, highestTrackableValue, numberOfSignificantValueDigits);

    private static double ComputeHighestAllowedValueEver()
    {
        double value = 1.0;
        while (value < double.MaxValue / 4.0)
        {
            value *= 2;
        }

        return value;
    }

    private static string FormatDouble(double value) => value.ToString("R", CultureInfo.InvariantCulture);
}
