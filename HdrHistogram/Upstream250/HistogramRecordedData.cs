using HdrHistogram.Encoding;

namespace HdrHistogram.Upstream250;

/// <summary>
/// A histogram seen as <see cref="IRecordedData"/>, for <see cref="IEncoder"/>s written against HdrHistogram 2.5.0's
/// encoder interface. <see cref="HistogramEncoderV2"/> recognises it and encodes the histogram itself.
/// </summary>
internal sealed class HistogramRecordedData : IRecordedData
{
    private long[]? _counts;

    public HistogramRecordedData(HistogramBase histogram)
    {
        Histogram = histogram;
    }

    public HistogramBase Histogram { get; }

    public int Cookie => EncodingCookies.V2;

    public long LowestDiscernibleValue => Histogram.LowestTrackableValue;

    public long HighestTrackableValue => Histogram.HighestTrackableValue;

    public int NumberOfSignificantValueDigits => Histogram.NumberOfSignificantValueDigits;

    // The counts below are in logical (value) order, so they are laid out with no offset.
    public int NormalizingIndexOffset => 0;

    public double IntegerToDoubleValueConversionRatio => Histogram.IntegerToDoubleValueConversionRatio;

    /// <summary>A copy of the counts in value order, taken on first use (the compatibility path allocates; the encoders do not).</summary>
    public long[] Counts => LazyInitializer.EnsureInitialized(ref _counts, CopyCounts)!;

    private long[] CopyCounts()
    {
        var counts = new long[Histogram.CountsArrayLength];
        for (int i = 0; i < counts.Length; i++)
        {
            counts[i] = Histogram.GetCountAtIndex(i);
        }

        return counts;
    }
}
