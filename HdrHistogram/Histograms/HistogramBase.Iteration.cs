using System.Collections.Generic;
using HdrHistogram.Iteration;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

public abstract partial class HistogramBase
{
    /// <summary>Every bucket that holds a count, in value order.</summary>
    /// <returns>A fresh step per bucket; enumerating again starts over.</returns>
    public IEnumerable<HistogramIterationValue> RecordedValues() => Enumerate(static h => new RecordedValuesIterator(h));

    /// <summary>Every bucket of the histogram, recorded or not, in value order.</summary>
    /// <returns>A fresh step per bucket; enumerating again starts over.</returns>
    public IEnumerable<HistogramIterationValue> AllValues() => Enumerate(static h => new AllValuesIterator(h));

    /// <summary>
    /// Percentile steps as in the percentile distribution output: <paramref name="percentileTicksPerHalfDistance"/>
    /// steps in each half of the remaining distance to 100%, and a last step at 100%.
    /// </summary>
    /// <param name="percentileTicksPerHalfDistance">Steps per half distance to 100%; at least 1.</param>
    /// <returns>A fresh step per percentile level; enumerating again starts over.</returns>
    public IEnumerable<HistogramIterationValue> Percentiles(int percentileTicksPerHalfDistance)
    {
        if (percentileTicksPerHalfDistance < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(percentileTicksPerHalfDistance), percentileTicksPerHalfDistance, "At least one tick per half distance is needed.");
        }

        return Enumerate(h => new PercentileIterator(h, percentileTicksPerHalfDistance));
    }

    /// <summary>Linear buckets of <paramref name="valueUnitsPerBucket"/> values each, up to the last recorded value.</summary>
    /// <param name="valueUnitsPerBucket">The width of each bucket; at least 1.</param>
    /// <returns>A fresh step per bucket; enumerating again starts over.</returns>
    public IEnumerable<HistogramIterationValue> LinearBucketValues(long valueUnitsPerBucket)
    {
        if (valueUnitsPerBucket < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(valueUnitsPerBucket), valueUnitsPerBucket, "A bucket must be at least one value unit wide.");
        }

        return Enumerate(h => new LinearBucketIterator(h, valueUnitsPerBucket));
    }

    /// <summary>
    /// Exponentially growing buckets: the first <paramref name="valueUnitsInFirstBucket"/> wide, each next one
    /// <paramref name="logBase"/> times wider, up to the last recorded value.
    /// </summary>
    /// <param name="valueUnitsInFirstBucket">The width of the first bucket; at least 1.</param>
    /// <param name="logBase">The growth factor; greater than 1.</param>
    /// <returns>A fresh step per bucket; enumerating again starts over.</returns>
    public IEnumerable<HistogramIterationValue> LogarithmicBucketValues(long valueUnitsInFirstBucket, double logBase)
    {
        if (valueUnitsInFirstBucket < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(valueUnitsInFirstBucket), valueUnitsInFirstBucket, "The first bucket must be at least one value unit wide.");
        }

        if (!(logBase > 1.0))
        {
            throw new ArgumentOutOfRangeException(nameof(logBase), logBase, "The logarithmic base must be greater than 1.");
        }

        return Enumerate(h => new LogarithmicBucketIterator(h, valueUnitsInFirstBucket, logBase));
    }

    // An iterator method: each enumeration runs the body again, so each gets a fresh iterator, over the histogram
    // SnapshotForReading gives when the enumeration starts.
    private IEnumerable<HistogramIterationValue> Enumerate(Func<HistogramBase, HistogramIterator> createIterator)
    {
        var iterator = createIterator(SnapshotForReading());
        while (iterator.HasNext())
        {
            yield return iterator.Next();
        }
    }

    /// <summary>
    /// The histogram that an iteration, the percentile distribution output and a 2.5.0 <c>IEncoder</c> walk, step by
    /// step: this one; a <see cref="SynchronizedHistogram"/> gives a copy taken under its lock, so that the steps are
    /// consistent with each other while writers go on recording into the histogram itself.
    /// </summary>
    internal virtual HistogramBase SnapshotForReading() => this;
}
