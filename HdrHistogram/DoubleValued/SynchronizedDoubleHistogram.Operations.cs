using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using HdrHistogram.Encoding;
using HdrHistogram.Iteration;
using HdrHistogram.Logging;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

// Every operation that reads or changes more than one field takes the lock here, at the public boundary, once, and
// runs the base class's unlocked operation inside it. Recording takes it in RecordCountAtValue.
public partial class SynchronizedDoubleHistogram
{
    /// <inheritdoc />
    public override void RecordValueWithExpectedInterval(double value, double expectedIntervalBetweenValueSamples)
    {
        lock (_lock)
        {
            base.RecordValueWithExpectedInterval(value, expectedIntervalBetweenValueSamples);
        }
    }

    /// <inheritdoc />
    public override DoubleHistogram Copy()
    {
        lock (_lock)
        {
            return base.Copy();
        }
    }

    /// <inheritdoc />
    public override DoubleHistogram CopyCorrectedForCoordinatedOmission(double expectedIntervalBetweenValueSamples)
    {
        lock (_lock)
        {
            return base.CopyCorrectedForCoordinatedOmission(expectedIntervalBetweenValueSamples);
        }
    }

    /// <inheritdoc />
    public override double GetMinValue()
    {
        lock (_lock)
        {
            return base.GetMinValue();
        }
    }

    /// <inheritdoc />
    public override double GetMaxValue()
    {
        lock (_lock)
        {
            return base.GetMaxValue();
        }
    }

    /// <inheritdoc />
    public override double GetMinNonZeroValue()
    {
        lock (_lock)
        {
            return base.GetMinNonZeroValue();
        }
    }

    /// <inheritdoc />
    public override double GetMean()
    {
        lock (_lock)
        {
            return base.GetMean();
        }
    }

    /// <inheritdoc />
    public override double GetStdDeviation()
    {
        lock (_lock)
        {
            return base.GetStdDeviation();
        }
    }

    /// <inheritdoc />
    public override double GetValueAtPercentile(double percentile)
    {
        lock (_lock)
        {
            return base.GetValueAtPercentile(percentile);
        }
    }

    /// <inheritdoc />
    public override void GetValuesAtPercentiles(ReadOnlySpan<double> percentiles, Span<double> values)
    {
        lock (_lock)
        {
            base.GetValuesAtPercentiles(percentiles, values);
        }
    }

    /// <inheritdoc />
    public override double GetPercentileAtOrBelowValue(double value)
    {
        lock (_lock)
        {
            return base.GetPercentileAtOrBelowValue(value);
        }
    }

    /// <inheritdoc />
    public override long GetCountBetweenValues(double lowValue, double highValue)
    {
        lock (_lock)
        {
            return base.GetCountBetweenValues(lowValue, highValue);
        }
    }

    /// <inheritdoc />
    public override long GetCountAtValue(double value)
    {
        lock (_lock)
        {
            return base.GetCountAtValue(value);
        }
    }

    /// <inheritdoc />
    public override double SizeOfEquivalentValueRange(double value)
    {
        lock (_lock)
        {
            return base.SizeOfEquivalentValueRange(value);
        }
    }

    /// <inheritdoc />
    public override double LowestEquivalentValue(double value)
    {
        lock (_lock)
        {
            return base.LowestEquivalentValue(value);
        }
    }

    /// <inheritdoc />
    public override double HighestEquivalentValue(double value)
    {
        lock (_lock)
        {
            return base.HighestEquivalentValue(value);
        }
    }

    /// <inheritdoc />
    public override double MedianEquivalentValue(double value)
    {
        lock (_lock)
        {
            return base.MedianEquivalentValue(value);
        }
    }

    /// <inheritdoc />
    public override double NextNonEquivalentValue(double value)
    {
        lock (_lock)
        {
            return base.NextNonEquivalentValue(value);
        }
    }

    /// <inheritdoc />
    public override bool ValuesAreEquivalent(double value1, double value2)
    {
        lock (_lock)
        {
            return base.ValuesAreEquivalent(value1, value2);
        }
    }

    /// <inheritdoc />
    public override int GetHashCode()
    {
        lock (_lock)
        {
            return base.GetHashCode();
        }
    }

    /// <inheritdoc />
    public override void CopyInto(DoubleHistogram targetHistogram)
    {
        using (LockWith(targetHistogram, nameof(targetHistogram)))
        {
            CopyIntoCore(targetHistogram);
        }
    }

    /// <inheritdoc />
    public override void Add(DoubleHistogram fromHistogram)
    {
        using (LockWith(fromHistogram, nameof(fromHistogram)))
        {
            AddCore(fromHistogram);
        }
    }

    /// <inheritdoc />
    public override void Subtract(DoubleHistogram otherHistogram)
    {
        using (LockWith(otherHistogram, nameof(otherHistogram)))
        {
            SubtractCore(otherHistogram);
        }
    }

    /// <inheritdoc />
    public override void AddWhileCorrectingForCoordinatedOmission(DoubleHistogram fromHistogram, double expectedIntervalBetweenValueSamples)
    {
        using (LockWith(fromHistogram, nameof(fromHistogram)))
        {
            AddWhileCorrectingForCoordinatedOmissionCore(fromHistogram, expectedIntervalBetweenValueSamples);
        }
    }

    /// <inheritdoc />
    public override bool Equals(DoubleHistogram? other)
    {
        if (other is null)
        {
            return false;
        }

        using (LockWith(other, nameof(other)))
        {
            return EqualsCore(other);
        }
    }

    /// <summary>Runs another histogram's operation on this one under the lock (see <see cref="DoubleHistogram.AsOperandOf"/>).</summary>
    internal override TResult AsOperandOf<TArgument, TResult>(DoubleHistogram target, TArgument argument, Func<DoubleHistogram, DoubleHistogram, TArgument, TResult> operation)
    {
        lock (_lock)
        {
            return base.AsOperandOf(target, argument, operation);
        }
    }

    /// <summary>A plain copy taken under the lock, for the percentile distribution output.</summary>
    internal override DoubleHistogram SnapshotForReading() => Copy();

    /// <summary>Encodes under the lock: the wrapper, the internal histogram and the log line's fields from one moment.</summary>
    internal override int EncodeUncompressed(Span<byte> destination, out LogLineFields fields)
    {
        lock (_lock)
        {
            return base.EncodeUncompressed(destination, out fields);
        }
    }

    /// <summary>Decodes into this histogram and moves its range under the lock: readers see it before or after, never midway.</summary>
    internal override int DecodeInto(HistogramDecoder decoder, ReadOnlySpan<byte> source, bool compressed, in DoubleWrapper wrapper)
    {
        lock (_lock)
        {
            return base.DecodeInto(decoder, source, compressed, wrapper);
        }
    }

    /// <summary>Walks a plain copy taken under the lock when the enumeration starts.</summary>
    private protected override IEnumerable<DoubleHistogramIterationValue> Walk(Func<DoubleHistogram, IEnumerable<DoubleHistogramIterationValue>> steps)
    {
        foreach (var step in steps(Copy()))
        {
            yield return step;
        }
    }

    /// <summary>
    /// Rejects a null <paramref name="other"/>, then takes this histogram's lock and <paramref name="other"/>'s, when
    /// it is synchronized too, in their global order (so that <c>a.Add(b)</c> and <c>b.Add(a)</c> on two threads
    /// cannot deadlock).
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is null (named <paramref name="parameterName"/>).</exception>
    private SyncScope LockWith([NotNull] DoubleHistogram? other, string parameterName)
    {
        OperandGuard.NotNull(other, parameterName);
        return SyncScope.Enter(_lock, (other as SynchronizedDoubleHistogram)?._lock);
    }
}
