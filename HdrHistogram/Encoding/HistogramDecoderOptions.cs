namespace HdrHistogram.Encoding;

/// <summary>
/// Limits and settings for <see cref="HistogramDecoder"/>. The limits bound what a decoder allocates for data it has
/// not yet validated, so that a few hostile bytes cannot make it allocate gigabytes: every length read from the data
/// is checked against them (with overflow-safe arithmetic) before anything is allocated.
/// </summary>
public sealed class HistogramDecoderOptions
{
    /// <summary>
    /// The default <see cref="MaxCountsArrayLength"/>: 6,160,384, the counts array length of the largest valid
    /// histogram (5 significant digits covering 1 to <see cref="long.MaxValue"/>), so every valid histogram decodes
    /// by default. A <see cref="LongHistogram"/> of that size takes 49 MB.
    /// </summary>
    public const int DefaultMaxCountsArrayLength = 6_160_384;

    /// <summary>
    /// The default <see cref="MaxDecompressedBytes"/>: 64 MiB, above the largest valid uncompressed V2 encoding
    /// (40 + 9 x <see cref="DefaultMaxCountsArrayLength"/> bytes).
    /// </summary>
    public const int DefaultMaxDecompressedBytes = 64 * 1024 * 1024;

    private int _maxCountsArrayLength = DefaultMaxCountsArrayLength;
    private int _maxDecompressedBytes = DefaultMaxDecompressedBytes;

    /// <summary>
    /// The largest counts array a decoded histogram may have, i.e. how wide a range (for its precision) the data
    /// may declare. Data declaring more is a <see cref="HistogramFormatException"/>. At least 1.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">Set to less than 1.</exception>
    public int MaxCountsArrayLength
    {
        get => _maxCountsArrayLength;
        set => _maxCountsArrayLength = OptionGuard.AtLeast(value, 1, "MaxCountsArrayLength must be at least 1.");
    }

    /// <summary>
    /// The largest uncompressed size (header and payload) a compressed histogram may declare; data declaring more is
    /// a <see cref="HistogramFormatException"/>. The decompression buffer is also never larger than 1032 times the
    /// compressed size (deflate's maximum expansion), so a short input cannot reserve this much. At least 40.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">Set to less than 40.</exception>
    public int MaxDecompressedBytes
    {
        get => _maxDecompressedBytes;
        set => _maxDecompressedBytes = OptionGuard.AtLeast(value, EncodingCookies.V2HeaderLength, "MaxDecompressedBytes must be at least 40.");
    }

    /// <summary>
    /// Java's <c>minBarForHighestTrackableValue</c>: decoded histograms cover at least up to this value (the highest
    /// trackable value is the larger of this and the encoded one). 0 (the default) keeps the encoded value. It does not
    /// apply to a DoubleHistogram's internal histogram, whose range the DoubleHistogram's configuration fixes.
    /// </summary>
    public long MinBarForHighestTrackableValue { get; set; }

    /// <summary>Copies these options.</summary>
    /// <returns>An independent copy.</returns>
    public HistogramDecoderOptions Clone() => new()
    {
        MaxCountsArrayLength = MaxCountsArrayLength,
        MaxDecompressedBytes = MaxDecompressedBytes,
        MinBarForHighestTrackableValue = MinBarForHighestTrackableValue,
    };
}
