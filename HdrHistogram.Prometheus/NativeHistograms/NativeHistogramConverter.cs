using System;

namespace HdrHistogram.Prometheus.NativeHistograms;

/// <summary>
/// Converts HDR histograms to Prometheus native histograms. The rule: each HDR bucket's count goes whole into the one
/// native bucket that holds the HDR bucket's lowest value (scaled to the exposed unit); the HDR bucket holding 0 goes
/// into the zero bucket, whose threshold becomes that bucket's top. Quantiles Prometheus computes from the result are
/// within <see cref="NativeHistogramSchema.MaxRelativeQuantileError"/> of the HDR histogram's own.
/// </summary>
public static class NativeHistogramConverter
{
    /// <summary>
    /// Converts an integer histogram, its values multiplied by <paramref name="valueScale"/> (1e-9 for nanoseconds
    /// recorded and seconds exposed), at <paramref name="schema"/> or, when null, the finest schema no finer than the
    /// histogram's buckets (<see cref="NativeHistogramSchema.ForSubBucketCount"/>).
    /// </summary>
    /// <param name="histogram">The histogram; nothing may record into it during the conversion.</param>
    /// <param name="valueScale">The factor from recorded values to exposed values; positive and finite.</param>
    /// <param name="target">Receives the result (its buffers are reused).</param>
    /// <param name="schema">The native schema, or null to derive it from the histogram's precision.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The scale is not positive and finite, or the schema is outside -4 to 8.</exception>
    public static void Convert(HistogramBase histogram, double valueScale, NativeHistogram target, int? schema = null)
    {
        ArgumentNullException.ThrowIfNull(histogram);
        ConvertCounts(histogram, valueScale, target, schema ?? NativeHistogramSchema.ForSubBucketCount(histogram.SubBucketCount), zeroBucketIncludesNextUnit: false);
    }

    /// <summary>
    /// Converts a double histogram, its values multiplied by <paramref name="valueScale"/>, at <paramref name="schema"/>
    /// or, when null, the finest schema no finer than the histogram's buckets.
    /// </summary>
    /// <param name="histogram">The histogram; nothing may record into it during the conversion.</param>
    /// <param name="valueScale">The factor from recorded values to exposed values; positive and finite.</param>
    /// <param name="target">Receives the result (its buffers are reused).</param>
    /// <param name="schema">The native schema, or null to derive it from the histogram's precision.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The scale is not positive and finite, or the schema is outside -4 to 8.</exception>
    public static void Convert(DoubleHistogram histogram, double valueScale, NativeHistogram target, int? schema = null)
    {
        ArgumentNullException.ThrowIfNull(histogram);
        int subBucketCount = NativeHistogramSchema.SubBucketCountForDigits(histogram.NumberOfSignificantValueDigits);
        ConvertCounts(
            histogram.EnumerateRecordedBuckets(),
            histogram.IntegerToDoubleValueConversionRatio * valueScale,
            target,
            schema ?? NativeHistogramSchema.ForSubBucketCount(subBucketCount),
            zeroBucketIncludesNextUnit: true,
            valueScale);
    }

    private static void ConvertCounts(HistogramBase histogram, double valueScale, NativeHistogram target, int schema, bool zeroBucketIncludesNextUnit)
        => ConvertCounts(histogram.EnumerateRecordedBuckets(), histogram.IntegerToDoubleValueConversionRatio * valueScale, target, schema, zeroBucketIncludesNextUnit, valueScale);

    private static void ConvertCounts(
        HdrHistogram.Iteration.RecordedBucketEnumerator buckets,
        double scale,
        NativeHistogram target,
        int schema,
        bool zeroBucketIncludesNextUnit,
        double valueScale)
    {
        ArgumentNullException.ThrowIfNull(target);
        if (!(valueScale > 0) || double.IsInfinity(valueScale))
        {
            throw new ArgumentOutOfRangeException(nameof(valueScale), valueScale, "The value scale must be positive and finite.");
        }

        NativeHistogramSchema.CheckSchema(schema);
        target.Begin(schema);
        Int128 sumOfMiddles = 0;
        var indexer = new AscendingBucketIndexer(schema);
        foreach (var bucket in buckets)
        {
            long low = bucket.LowestEquivalentValue;
            sumOfMiddles += SumOfMiddles(bucket.Count, low, bucket.HighestEquivalentValue - low + 1);
            if (low == 0)
            {
                long top = zeroBucketIncludesNextUnit ? bucket.HighestEquivalentValue + 1 : bucket.HighestEquivalentValue;
                target.AddToZeroBucket(bucket.Count, top * scale);
            }
            else
            {
                target.AddToBucket(indexer.IndexOf(low * scale), bucket.Count);
            }
        }

        target.End((double)sumOfMiddles * scale);
    }

    /// <summary>
    /// <paramref name="count"/> values at the middle of the HDR bucket from <paramref name="lowest"/>, <paramref name="width"/>
    /// wide (its lowest value plus half its width, as the HDR mean takes it), in recorded units: exact, so sums do not
    /// depend on the order buckets are added in.
    /// </summary>
    internal static Int128 SumOfMiddles(long count, long lowest, long width) => (Int128)count * (lowest + (width >> 1));
}
