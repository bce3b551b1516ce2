#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

public partial class DoubleHistogram
{
    private static readonly Func<HistogramBase, long, long> LowestEquivalent = static (histogram, integerValue) => histogram.LowestEquivalentValue(integerValue);

    private static readonly Func<HistogramBase, long, long> NextNonEquivalent = static (histogram, integerValue) => histogram.NextNonEquivalentValue(integerValue);

    /// <summary>The lowest recorded value, as the lowest value equivalent to it (0 when empty or when 0 was recorded).</summary>
    /// <returns>The minimum value.</returns>
    public virtual double GetMinValue()
        => _integerValuesHistogram.GetMinValue() * IntegerToDoubleValueConversionRatio;

    /// <summary>The highest recorded value, as the highest value equivalent to it (0 when empty).</summary>
    /// <returns>The maximum value.</returns>
    public virtual double GetMaxValue() => MaxValue();

    private double MaxValue() => HighestEquivalent(_integerValuesHistogram.GetMaxValue() * IntegerToDoubleValueConversionRatio);

    /// <summary>
    /// The lowest recorded non-zero value, as the lowest value equivalent to it. When nothing non-zero was recorded,
    /// Java's <c>Long.MAX_VALUE</c> times the conversion ratio.
    /// </summary>
    /// <returns>The minimum non-zero value.</returns>
    public virtual double GetMinNonZeroValue()
        => _integerValuesHistogram.GetMinNonZeroValue() * IntegerToDoubleValueConversionRatio;

    /// <summary>The highest recorded value (Java's <c>getMaxValueAsDouble</c>, the same as <see cref="GetMaxValue"/>).</summary>
    /// <returns>The maximum value.</returns>
    public override double GetMaxValueAsDouble() => GetMaxValue();

    /// <summary>The mean of the recorded values, each taken at the middle of its equivalent range (0 when empty).</summary>
    /// <returns>The mean.</returns>
    public virtual double GetMean()
        => _integerValuesHistogram.GetMean() * IntegerToDoubleValueConversionRatio;

    /// <summary>The standard deviation of the recorded values, each taken at the middle of its equivalent range.</summary>
    /// <returns>The standard deviation (0 when empty).</returns>
    public virtual double GetStdDeviation()
        => _integerValuesHistogram.GetStdDeviation() * IntegerToDoubleValueConversionRatio;

    /// <summary>
    /// The value at the given percentile: the highest value equivalent to the first bucket whose cumulative count
    /// reaches the percentile (the lowest equivalent value for percentile 0). Returns 0 for an empty histogram.
    /// </summary>
    /// <param name="percentile">The percentile, 0 to 100 (values outside are clamped).</param>
    /// <returns>The value at the percentile.</returns>
    public virtual double GetValueAtPercentile(double percentile)
        => _integerValuesHistogram.GetValueAtPercentile(percentile) * IntegerToDoubleValueConversionRatio;

    /// <summary>
    /// The values at several percentiles in one pass over the counts: <c>values[i]</c> is what
    /// <see cref="GetValueAtPercentile"/>(<c>percentiles[i]</c>) returns (see <see cref="HistogramBase.GetValuesAtPercentiles"/>).
    /// </summary>
    /// <param name="percentiles">The percentiles, 0 to 100 (values outside are clamped).</param>
    /// <param name="values">Receives the value at each percentile; at least as long as <paramref name="percentiles"/>.</param>
    /// <exception cref="ArgumentException"><paramref name="values"/> is shorter than <paramref name="percentiles"/>.</exception>
    public virtual void GetValuesAtPercentiles(ReadOnlySpan<double> percentiles, Span<double> values)
    {
        if (values.Length < percentiles.Length)
        {
            throw new ArgumentException("The values span is shorter than the percentiles.", nameof(values));
        }

        const int StackLimit = 64;
        Span<long> integerValues = percentiles.Length <= StackLimit ? stackalloc long[StackLimit] : new long[percentiles.Length];
        _integerValuesHistogram.GetValuesAtPercentiles(percentiles, integerValues);
        for (int i = 0; i < percentiles.Length; i++)
        {
            values[i] = integerValues[i] * IntegerToDoubleValueConversionRatio;
        }
    }

    /// <summary>The percentage of recorded values at or below <paramref name="value"/> (100 for an empty histogram).</summary>
    /// <param name="value">The value to look up; must not be negative.</param>
    /// <returns>A percentage from 0 to 100.</returns>
    public virtual double GetPercentileAtOrBelowValue(double value)
        => _integerValuesHistogram.GetPercentileAtOrBelowValue(ToIntegerValue(value));

    /// <summary>
    /// The count of recorded values between two values, both ends inclusive (to their equivalent ranges). Java returns
    /// this count as a double; it is a whole number, returned here as a <see cref="long"/>.
    /// </summary>
    /// <param name="lowValue">The low end; must not be negative.</param>
    /// <param name="highValue">The high end; must not be negative.</param>
    /// <returns>The count.</returns>
    public virtual long GetCountBetweenValues(double lowValue, double highValue)
        => _integerValuesHistogram.GetCountBetweenValues(ToIntegerValue(lowValue), ToIntegerValue(highValue));

    /// <summary>The count of recorded values equivalent to <paramref name="value"/>.</summary>
    /// <param name="value">The value to look up; must not be negative.</param>
    /// <returns>The count.</returns>
    public virtual long GetCountAtValue(double value) => CountAtValue(value);

    private long CountAtValue(double value) => _integerValuesHistogram.GetCountAtValue(ToIntegerValue(value));

    /// <summary>The size of the range of values equivalent to <paramref name="value"/> at the current scale.</summary>
    /// <param name="value">The value; must not be negative.</param>
    /// <returns>The width of its bucket.</returns>
    public virtual double SizeOfEquivalentValueRange(double value) => QueryScaled(value, static (histogram, integerValue) => histogram.SizeOfEquivalentValueRange(integerValue));

    /// <summary>The lowest value equivalent to <paramref name="value"/> at the current scale.</summary>
    /// <param name="value">The value; must not be negative.</param>
    /// <returns>The lowest equivalent value.</returns>
    public virtual double LowestEquivalentValue(double value) => QueryScaled(value, LowestEquivalent);

    /// <summary>
    /// The highest value equivalent to <paramref name="value"/>: the largest double below
    /// <see cref="NextNonEquivalentValue"/>, found the way Java finds it (two ulps down, then up one ulp at a time).
    /// </summary>
    /// <param name="value">The value; must not be negative.</param>
    /// <returns>The highest equivalent value.</returns>
    public virtual double HighestEquivalentValue(double value) => HighestEquivalent(value);

    private double HighestEquivalent(double value)
    {
        double nextNonEquivalentValue = QueryScaled(value, NextNonEquivalent);

        // The ulp may change size right at nextNonEquivalentValue, so step down two ulps and climb back up.
        double highestEquivalentValue = nextNonEquivalentValue - (2 * JavaMath.Ulp(nextNonEquivalentValue));
        while (highestEquivalentValue + JavaMath.Ulp(highestEquivalentValue) < nextNonEquivalentValue)
        {
            highestEquivalentValue += JavaMath.Ulp(highestEquivalentValue);
        }

        return highestEquivalentValue;
    }

    /// <summary>The middle (rounded up) of the range of values equivalent to <paramref name="value"/>.</summary>
    /// <param name="value">The value; must not be negative.</param>
    /// <returns>The median equivalent value.</returns>
    public virtual double MedianEquivalentValue(double value) => QueryScaled(value, static (histogram, integerValue) => histogram.MedianEquivalentValue(integerValue));

    /// <summary>The next value that is not equivalent to <paramref name="value"/>.</summary>
    /// <param name="value">The value; must not be negative.</param>
    /// <returns>The first value of the next equivalent range.</returns>
    public virtual double NextNonEquivalentValue(double value) => QueryScaled(value, NextNonEquivalent);

    /// <summary>Whether two values fall into the same equivalent range at the current scale.</summary>
    /// <param name="value1">The first value; must not be negative.</param>
    /// <param name="value2">The second value; must not be negative.</param>
    /// <returns><c>true</c> when the values are equivalent.</returns>
    public virtual bool ValuesAreEquivalent(double value1, double value2)
        => QueryScaled(value1, LowestEquivalent) == QueryScaled(value2, LowestEquivalent);

    /// <summary>
    /// Java's equality: the internal integer histograms are equal (same precision and conversion ratio, same total,
    /// maximum and minimum non-zero value, and the same count for every value).
    /// </summary>
    /// <param name="other">The histogram to compare with.</param>
    /// <returns><c>true</c> when the histograms hold the same data at the same scale.</returns>
    public virtual bool Equals(DoubleHistogram? other)
        => other is not null && other.AsOperandOf(this, 0, static (histogram, operand, _) => histogram.EqualsCore(operand));

    /// <summary>What <see cref="Equals(DoubleHistogram)"/> does, with both histograms held still.</summary>
    private protected bool EqualsCore(DoubleHistogram other)
        => ReferenceEquals(this, other) || _integerValuesHistogram.Equals(other._integerValuesHistogram);

    /// <inheritdoc />
    public override bool Equals(object? obj) => obj is DoubleHistogram other && Equals(other);

    /// <summary>The internal integer histogram's hash (Java's).</summary>
    /// <returns>The hash code.</returns>
    public override int GetHashCode()
        => _integerValuesHistogram.GetHashCode();

    /// <summary>A double converted to the internal integer scale the way Java converts it (<c>(long)(value * ratio)</c>).</summary>
    private long ToIntegerValue(double value) => JavaMath.ToLong(value * _doubleToIntegerValueConversionRatio);

    /// <summary>
    /// Asks the internal integer histogram <paramref name="query"/> about <paramref name="value"/>'s integer counterpart,
    /// and scales the answer back to double values.
    /// </summary>
    private double QueryScaled(double value, Func<HistogramBase, long, long> query)
        => query(_integerValuesHistogram, ToIntegerValue(value)) * IntegerToDoubleValueConversionRatio;
}
