using System.Diagnostics.CodeAnalysis;
using HdrHistogram.Encoding;
using HdrHistogram.Logging;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

// Every operation that reads or changes more than one field takes the lock here, at the public boundary, once, and
// runs the base class's unlocked operation inside it. Recording takes it in the counts store (ArrayCounts), which
// decides how it is updated.
public partial class SynchronizedHistogram
{
    /// <inheritdoc />
    public override void RecordValueWithExpectedInterval(long value, long expectedIntervalBetweenValueSamples)
    {
        lock (_lock)
        {
            base.RecordValueWithExpectedInterval(value, expectedIntervalBetweenValueSamples);
        }
    }

    /// <inheritdoc />
    public override void Reset()
    {
        lock (_lock)
        {
            base.Reset();
        }
    }

    /// <inheritdoc />
    public override bool HasOverflowed()
    {
        lock (_lock)
        {
            return base.HasOverflowed();
        }
    }

    /// <inheritdoc />
    public override HistogramBase Copy()
    {
        lock (_lock)
        {
            return base.Copy();
        }
    }

    /// <inheritdoc />
    public override HistogramBase CopyCorrectedForCoordinatedOmission(long expectedIntervalBetweenValueSamples)
    {
        lock (_lock)
        {
            return base.CopyCorrectedForCoordinatedOmission(expectedIntervalBetweenValueSamples);
        }
    }

    /// <inheritdoc />
    public override void CopyInto(HistogramBase targetHistogram)
    {
        using (LockWith(targetHistogram, nameof(targetHistogram)))
        {
            CopyIntoCore(targetHistogram);
        }
    }

    /// <inheritdoc />
    public override void Add(HistogramBase fromHistogram)
    {
        using (LockWith(fromHistogram, nameof(fromHistogram)))
        {
            AddCore(fromHistogram);
        }
    }

    /// <inheritdoc />
    public override void Subtract(HistogramBase otherHistogram)
    {
        using (LockWith(otherHistogram, nameof(otherHistogram)))
        {
            SubtractCore(otherHistogram);
        }
    }

    /// <inheritdoc />
    public override void AddWhileCorrectingForCoordinatedOmission(HistogramBase otherHistogram, long expectedIntervalBetweenValueSamples)
    {
        using (LockWith(otherHistogram, nameof(otherHistogram)))
        {
            AddWhileCorrectingForCoordinatedOmissionCore(otherHistogram, expectedIntervalBetweenValueSamples);
        }
    }

    /// <inheritdoc />
    public override void ShiftValuesLeft(int numberOfBinaryOrdersOfMagnitude)
    {
        lock (_lock)
        {
            base.ShiftValuesLeft(numberOfBinaryOrdersOfMagnitude);
        }
    }

    /// <inheritdoc />
    public override void ShiftValuesRight(int numberOfBinaryOrdersOfMagnitude)
    {
        lock (_lock)
        {
            base.ShiftValuesRight(numberOfBinaryOrdersOfMagnitude);
        }
    }

    /// <inheritdoc />
    public override long GetMinValue()
    {
        lock (_lock)
        {
            return base.GetMinValue();
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
    public override long GetValueAtPercentile(double percentile)
    {
        lock (_lock)
        {
            return base.GetValueAtPercentile(percentile);
        }
    }

    /// <inheritdoc />
    public override void GetValuesAtPercentiles(ReadOnlySpan<double> percentiles, Span<long> values)
    {
        lock (_lock)
        {
            base.GetValuesAtPercentiles(percentiles, values);
        }
    }

    /// <inheritdoc />
    public override double GetPercentileAtOrBelowValue(long value)
    {
        lock (_lock)
        {
            return base.GetPercentileAtOrBelowValue(value);
        }
    }

    /// <inheritdoc />
    public override long GetCountAtValue(long value)
    {
        lock (_lock)
        {
            return base.GetCountAtValue(value);
        }
    }

    /// <inheritdoc />
    public override long GetCountBetweenValues(long lowValue, long highValue)
    {
        lock (_lock)
        {
            return base.GetCountBetweenValues(lowValue, highValue);
        }
    }

    /// <inheritdoc />
    public override bool Equals(HistogramBase? other)
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

    /// <inheritdoc />
    public override int GetHashCode()
    {
        lock (_lock)
        {
            return base.GetHashCode();
        }
    }

    /// <summary>Runs another histogram's operation on this one under the lock (see <see cref="HistogramBase.AsOperandOf"/>).</summary>
    internal override TResult AsOperandOf<TArgument, TResult>(HistogramBase target, TArgument argument, Func<HistogramBase, HistogramBase, TArgument, TResult> operation)
    {
        lock (_lock)
        {
            return base.AsOperandOf(target, argument, operation);
        }
    }

    /// <summary>A copy taken under the lock, for a walk while writers go on recording (see <see cref="HistogramBase.SnapshotForReading"/>).</summary>
    internal override HistogramBase SnapshotForReading() => Copy();

    /// <summary>Encodes under the lock: the counts, the relevant length and the log line's fields from one moment.</summary>
    internal override int EncodeUncompressed(Span<byte> destination, out LogLineFields fields)
    {
        lock (_lock)
        {
            return base.EncodeUncompressed(destination, out fields);
        }
    }

    /// <summary>Decodes into this histogram under the lock: readers see it before or after the decode, never midway.</summary>
    internal override void DecodeInto(in EncodedHeader header, ReadOnlySpan<byte> payload, DecodeErrors errors)
    {
        lock (_lock)
        {
            base.DecodeInto(header, payload, errors);
        }
    }

    /// <summary>
    /// Rejects a null <paramref name="other"/>, then takes this histogram's lock and <paramref name="other"/>'s, when
    /// it is synchronized too, in their global order (so that <c>a.Add(b)</c> and <c>b.Add(a)</c> on two threads
    /// cannot deadlock).
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is null (named <paramref name="parameterName"/>).</exception>
    private SyncScope LockWith([NotNull] HistogramBase? other, string parameterName)
    {
        OperandGuard.NotNull(other, parameterName);
        return SyncScope.Enter(_lock, (other as SynchronizedHistogram)?._lock);
    }
}
