using HdrHistogram.Iteration;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

public abstract partial class HistogramBase
{
    /// <summary>
    /// The buckets that hold a count, in value order, as an allocation-free <c>foreach</c> walk (the same buckets as
    /// <see cref="RecordedValues"/>, as value ranges with counts).
    /// </summary>
    /// <returns>A walk from the first bucket.</returns>
    public RecordedBucketEnumerator EnumerateRecordedBuckets() => new(this);
}
