using HdrHistogram.Iteration;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

public partial class DoubleHistogram
{
    /// <summary>
    /// The buckets that hold a count, in value order, as an allocation-free <c>foreach</c> walk over the internal
    /// integer histogram: multiply a bucket's values by <see cref="IntegerToDoubleValueConversionRatio"/> for the
    /// double values (a bucket holds the doubles from its lowest value up to, not including, its highest value plus one).
    /// </summary>
    /// <returns>A walk from the first bucket.</returns>
    public RecordedBucketEnumerator EnumerateRecordedBuckets() => _integerValuesHistogram.EnumerateRecordedBuckets();
}
