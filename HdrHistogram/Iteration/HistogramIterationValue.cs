namespace HdrHistogram.Iteration;

/// <summary>
/// One step of an iteration over a histogram (Java's <c>HistogramIterationValue</c>). Every step is its own
/// immutable instance, so collecting the steps (for example with <c>ToList()</c>) keeps each step's values.
/// </summary>
public sealed class HistogramIterationValue
{
    /// <summary>
    /// Creates a step with every value zero and a conversion ratio of 1 (HdrHistogram 2.5.0's public constructor;
    /// the iterators create the steps they return).
    /// </summary>
    public HistogramIterationValue()
    {
        IntegerToDoubleValueConversionRatio = 1.0;
    }

    internal HistogramIterationValue(
        long valueIteratedTo,
        long valueIteratedFrom,
        long countAtValueIteratedTo,
        long countAddedInThisIterationStep,
        long totalCountToThisValue,
        long totalValueToThisValue,
        double percentile,
        double percentileLevelIteratedTo,
        double integerToDoubleValueConversionRatio)
    {
        ValueIteratedTo = valueIteratedTo;
        ValueIteratedFrom = valueIteratedFrom;
        CountAtValueIteratedTo = countAtValueIteratedTo;
        CountAddedInThisIterationStep = countAddedInThisIterationStep;
        TotalCountToThisValue = totalCountToThisValue;
        TotalValueToThisValue = totalValueToThisValue;
        Percentile = percentile;
        PercentileLevelIteratedTo = percentileLevelIteratedTo;
        IntegerToDoubleValueConversionRatio = integerToDoubleValueConversionRatio;
    }

    /// <summary>The value this step iterated to (the highest value of its reporting level).</summary>
    public long ValueIteratedTo { get; }

    /// <summary>The value the previous step iterated to (0 for the first step).</summary>
    public long ValueIteratedFrom { get; }

    /// <summary>The count recorded at the bucket this step ended on.</summary>
    public long CountAtValueIteratedTo { get; }

    /// <summary>The count added since the previous step.</summary>
    public long CountAddedInThisIterationStep { get; }

    /// <summary>The cumulative count up to and including this step's value.</summary>
    public long TotalCountToThisValue { get; }

    /// <summary>The cumulative sum of recorded values (each at its highest equivalent value) up to this step.</summary>
    public long TotalValueToThisValue { get; }

    /// <summary>The percentage of all recorded values at or below this step's value.</summary>
    public double Percentile { get; }

    /// <summary>The percentile level this step reports (differs from <see cref="Percentile"/> for percentile iteration).</summary>
    public double PercentileLevelIteratedTo { get; }

    /// <summary>The histogram's integer-to-double conversion ratio (1.0 for integer histograms).</summary>
    public double IntegerToDoubleValueConversionRatio { get; }

    /// <summary>Whether this step reports the 100th percentile level, the last step of a percentile iteration (HdrHistogram 2.5.0's API).</summary>
    /// <returns><see langword="true"/> when <see cref="PercentileLevelIteratedTo"/> is 100.</returns>
    public bool IsLastValue() => PercentileLevelIteratedTo == 100.0;

    /// <summary>The <see cref="ValueIteratedTo"/> scaled by the conversion ratio.</summary>
    public double DoubleValueIteratedTo => ValueIteratedTo * IntegerToDoubleValueConversionRatio;

    /// <summary>The <see cref="ValueIteratedFrom"/> scaled by the conversion ratio.</summary>
    public double DoubleValueIteratedFrom => ValueIteratedFrom * IntegerToDoubleValueConversionRatio;
}
