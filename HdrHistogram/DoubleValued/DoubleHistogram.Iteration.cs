using System.Collections.Generic;
using HdrHistogram.Iteration;
using HdrHistogram.Text;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

public partial class DoubleHistogram
{
    /// <summary>Every bucket that holds a count, in value order.</summary>
    /// <returns>A fresh step per bucket; enumerating again starts over.</returns>
    public IEnumerable<DoubleHistogramIterationValue> RecordedValues()
        => Walk(static h => ToDoubleSteps(h._integerValuesHistogram.RecordedValues()));

    /// <summary>Every bucket of the histogram, recorded or not, in value order.</summary>
    /// <returns>A fresh step per bucket; enumerating again starts over.</returns>
    public IEnumerable<DoubleHistogramIterationValue> AllValues()
        => Walk(static h => ToDoubleSteps(h._integerValuesHistogram.AllValues()));

    /// <summary>
    /// Percentile steps as in the percentile distribution output: <paramref name="percentileTicksPerHalfDistance"/>
    /// steps in each half of the remaining distance to 100%, and a last step at 100%.
    /// </summary>
    /// <param name="percentileTicksPerHalfDistance">Steps per half distance to 100%; at least 1.</param>
    /// <returns>A fresh step per percentile level; enumerating again starts over.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="percentileTicksPerHalfDistance"/> is less than 1.</exception>
    public IEnumerable<DoubleHistogramIterationValue> Percentiles(int percentileTicksPerHalfDistance)
        => Walk(h => ToDoubleSteps(h._integerValuesHistogram.Percentiles(percentileTicksPerHalfDistance)));

    /// <summary>
    /// Linear buckets of <paramref name="valueUnitsPerBucket"/> each, up to the last recorded value. The width is
    /// converted to the internal integer scale (truncated, as in Java) when the enumeration starts.
    /// </summary>
    /// <param name="valueUnitsPerBucket">The width of each bucket; positive, and at least the resolution at the lowest value.</param>
    /// <returns>A fresh step per bucket; enumerating again starts over.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The width is not positive, or narrower than one internal integer unit.</exception>
    public IEnumerable<DoubleHistogramIterationValue> LinearBucketValues(double valueUnitsPerBucket)
    {
        if (!(valueUnitsPerBucket > 0) || double.IsInfinity(valueUnitsPerBucket))
        {
            throw new ArgumentOutOfRangeException(nameof(valueUnitsPerBucket), valueUnitsPerBucket, "A bucket must have a positive, finite width.");
        }

        return Walk(h => h.LinearBucketSteps(valueUnitsPerBucket));
    }

    /// <summary>
    /// Exponentially growing buckets: the first <paramref name="valueUnitsInFirstBucket"/> wide, each next one
    /// <paramref name="logBase"/> times wider, up to the last recorded value. The first width is converted to the
    /// internal integer scale (truncated, as in Java) when the enumeration starts.
    /// </summary>
    /// <param name="valueUnitsInFirstBucket">The width of the first bucket; positive, and at least the resolution at the lowest value.</param>
    /// <param name="logBase">The growth factor; greater than 1.</param>
    /// <returns>A fresh step per bucket; enumerating again starts over.</returns>
    /// <exception cref="ArgumentOutOfRangeException">A parameter is outside its valid range.</exception>
    public IEnumerable<DoubleHistogramIterationValue> LogarithmicBucketValues(double valueUnitsInFirstBucket, double logBase)
    {
        if (!(valueUnitsInFirstBucket > 0) || double.IsInfinity(valueUnitsInFirstBucket))
        {
            throw new ArgumentOutOfRangeException(nameof(valueUnitsInFirstBucket), valueUnitsInFirstBucket, "The first bucket must have a positive, finite width.");
        }

        if (!(logBase > 1.0))
        {
            throw new ArgumentOutOfRangeException(nameof(logBase), logBase, "The logarithmic base must be greater than 1.");
        }

        return Walk(h => h.LogarithmicBucketSteps(valueUnitsInFirstBucket, logBase));
    }

    /// <summary>
    /// Writes the percentile distribution exactly as Java's <c>DoubleHistogram.outputPercentileDistribution</c> does
    /// (the internal histogram's output with the scaling ratio divided by the conversion ratio): a header, one line
    /// per percentile step, and (in text form) a footer. The output is culture-invariant.
    /// </summary>
    /// <param name="writer">Where to write.</param>
    /// <param name="percentileTicksPerHalfDistance">Percentile steps per half distance to 100%; at least 1.</param>
    /// <param name="outputValueUnitScalingRatio">Divides every printed value (for example 1000.0 prints milliseconds as seconds).</param>
    /// <param name="useCsvFormat">Writes CSV instead of the aligned text table.</param>
    /// <exception cref="ArgumentNullException"><paramref name="writer"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="percentileTicksPerHalfDistance"/> is less than 1.</exception>
    public void OutputPercentileDistribution(
        TextWriter writer,
        int percentileTicksPerHalfDistance = 5,
        double outputValueUnitScalingRatio = OutputScalingFactor.None,
        bool useCsvFormat = false)
    {
        // A synchronized histogram is written from a snapshot (counts and scale from one moment).
        DoubleHistogram source = SnapshotForReading();
        PercentileDistributionWriter.Write(
            source._integerValuesHistogram,
            writer,
            percentileTicksPerHalfDistance,
            outputValueUnitScalingRatio / source.IntegerToDoubleValueConversionRatio,
            useCsvFormat);
    }

    /// <summary>
    /// The steps <paramref name="steps"/> gives for this histogram. A <see cref="SynchronizedDoubleHistogram"/> walks a
    /// plain copy taken under its lock when the enumeration starts, so that the steps (and the scale they are
    /// converted with) belong to one moment.
    /// </summary>
    private protected virtual IEnumerable<DoubleHistogramIterationValue> Walk(Func<DoubleHistogram, IEnumerable<DoubleHistogramIterationValue>> steps)
        => steps(this);

    /// <summary>
    /// The histogram the percentile distribution output reads: this one; a <see cref="SynchronizedDoubleHistogram"/>
    /// gives a plain copy taken under its lock (counts and scale from one moment).
    /// </summary>
    internal virtual DoubleHistogram SnapshotForReading() => this;

    private static IEnumerable<DoubleHistogramIterationValue> ToDoubleSteps(IEnumerable<HistogramIterationValue> integerSteps)
    {
        foreach (var step in integerSteps)
        {
            yield return new DoubleHistogramIterationValue(step);
        }
    }

    // Iterator methods: the widths are converted with the conversion ratio in force when the enumeration starts.
    private IEnumerable<DoubleHistogramIterationValue> LinearBucketSteps(double valueUnitsPerBucket)
    {
        long integerUnitsPerBucket = ToIntegerWidth(valueUnitsPerBucket, nameof(valueUnitsPerBucket));
        foreach (var step in _integerValuesHistogram.LinearBucketValues(integerUnitsPerBucket))
        {
            yield return new DoubleHistogramIterationValue(step);
        }
    }

    private IEnumerable<DoubleHistogramIterationValue> LogarithmicBucketSteps(double valueUnitsInFirstBucket, double logBase)
    {
        long integerUnitsInFirstBucket = ToIntegerWidth(valueUnitsInFirstBucket, nameof(valueUnitsInFirstBucket));
        foreach (var step in _integerValuesHistogram.LogarithmicBucketValues(integerUnitsInFirstBucket, logBase))
        {
            yield return new DoubleHistogramIterationValue(step);
        }
    }

    private long ToIntegerWidth(double width, string parameterName)
    {
        long integerWidth = JavaMath.ToLong(width * _doubleToIntegerValueConversionRatio);
        if (integerWidth < 1)
        {
            throw new ArgumentOutOfRangeException(
                parameterName,
                width,
                "The width is below the histogram's resolution (" + FormatDouble(IntegerToDoubleValueConversionRatio) + " at the current scale).");
        }

        return integerWidth;
    }
}
