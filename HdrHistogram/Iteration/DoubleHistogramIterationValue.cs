namespace HdrHistogram.Iteration;

/// <summary>
/// One step of an iteration over a <see cref="DoubleHistogram"/> (Java's <c>DoubleHistogramIterationValue</c>):
/// the internal integer step with its values scaled by the conversion ratio in force during the iteration. Every
/// step is its own immutable instance.
/// </summary>
public sealed class DoubleHistogramIterationValue
{
    internal DoubleHistogramIterationValue(HistogramIterationValue integerHistogramIterationValue)
    {
        IntegerHistogramIterationValue = integerHistogramIterationValue;
    }

    /// <summary>The value this step iterated to (the highest value of its reporting level).</summary>
    public double ValueIteratedTo
        => IntegerHistogramIterationValue.ValueIteratedTo * IntegerHistogramIterationValue.IntegerToDoubleValueConversionRatio;

    /// <summary>The value the previous step iterated to (0 for the first step).</summary>
    public double ValueIteratedFrom
        => IntegerHistogramIterationValue.ValueIteratedFrom * IntegerHistogramIterationValue.IntegerToDoubleValueConversionRatio;

    /// <summary>The count recorded at the bucket this step ended on.</summary>
    public long CountAtValueIteratedTo => IntegerHistogramIterationValue.CountAtValueIteratedTo;

    /// <summary>The count added since the previous step.</summary>
    public long CountAddedInThisIterationStep => IntegerHistogramIterationValue.CountAddedInThisIterationStep;

    /// <summary>The cumulative count up to and including this step's value.</summary>
    public long TotalCountToThisValue => IntegerHistogramIterationValue.TotalCountToThisValue;

    /// <summary>The cumulative sum of recorded values (each at its highest equivalent value) up to this step.</summary>
    public double TotalValueToThisValue
        => IntegerHistogramIterationValue.TotalValueToThisValue * IntegerHistogramIterationValue.IntegerToDoubleValueConversionRatio;

    /// <summary>The percentage of all recorded values at or below this step's value.</summary>
    public double Percentile => IntegerHistogramIterationValue.Percentile;

    /// <summary>The percentile level this step reports (differs from <see cref="Percentile"/> for percentile iteration).</summary>
    public double PercentileLevelIteratedTo => IntegerHistogramIterationValue.PercentileLevelIteratedTo;

    /// <summary>The underlying step over the internal integer histogram.</summary>
    public HistogramIterationValue IntegerHistogramIterationValue { get; }
}
