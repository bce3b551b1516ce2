namespace HdrHistogram.Prometheus.NativeHistograms;

/// <summary>
/// The native bucket indexes of values given in ascending order: a value within the current bucket's upper bound keeps
/// its index, and the next bucket is tried before a search, which is where HDR buckets walked in order mostly land.
/// Gives exactly <see cref="NativeHistogramSchema.BucketIndex"/>'s answers (the bounds are the ones it compares with).
/// </summary>
internal struct AscendingBucketIndexer
{
    private readonly int _schema;
    private int _index;
    private double _upper;

    public AscendingBucketIndexer(int schema)
    {
        NativeHistogramSchema.CheckSchema(schema);
        _schema = schema;
        _upper = double.NaN;
    }

    /// <summary>The index of the bucket that holds <paramref name="value"/> (positive, finite, not below the previous one).</summary>
    public int IndexOf(double value)
    {
        if (value <= _upper)
        {
            return _index;
        }

        if (!double.IsNaN(_upper))
        {
            double nextUpper = NativeHistogramSchema.UpperBound(_index + 1, _schema);
            if (value <= nextUpper)
            {
                _index++;
                _upper = nextUpper;
                return _index;
            }
        }

        _index = NativeHistogramSchema.BucketIndex(value, _schema);
        _upper = NativeHistogramSchema.UpperBound(_index, _schema);
        return _index;
    }
}
