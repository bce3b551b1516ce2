namespace HdrHistogram.Prometheus.Registry;

/// <summary>
/// The unit a <see cref="PackedBucketList{TUnits}"/> counts the step after a bucket's key in: a power of two, given as
/// its exponent (so a step is a shift, not a division).
/// </summary>
internal interface IBucketStepUnits
{
    /// <summary>log2 of the unit of the step from <paramref name="key"/> to the next bucket's key.</summary>
    int UnitShiftAt(long key);
}

/// <summary>
/// HDR buckets keyed by their lowest value: the step after a bucket is in units of its width, which divides every
/// higher bucket's lowest value (widths are powers of two that only grow with the value).
/// </summary>
internal readonly struct HdrWidths : IBucketStepUnits
{
    private readonly HistogramBase _layout;

    public HdrWidths(HistogramBase layout) => _layout = layout;

    public int UnitShiftAt(long key) => System.Numerics.BitOperations.TrailingZeroCount(_layout.SizeOfEquivalentValueRange(key));
}

/// <summary>Native buckets keyed by their index: steps of 1.</summary>
internal readonly struct IndexSteps : IBucketStepUnits
{
    public int UnitShiftAt(long key) => 0;
}
