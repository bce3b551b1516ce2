using HdrHistogram.Upstream250;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram.Persistence;

/// <summary>
/// The counts payload readers of each encoding word size (HdrHistogram 2.5.0's API, at its 2.5.0 full name). This
/// library's decoders read counts straight into the histogram; these serve code written against 2.5.0.
/// </summary>
public static class CountsDecoder
{
    private static readonly ICountsDecoder Short = new FixedWidthCountsDecoder(sizeof(short));
    private static readonly ICountsDecoder Int = new FixedWidthCountsDecoder(sizeof(int));
    private static readonly ICountsDecoder Long = new FixedWidthCountsDecoder(sizeof(long));
    private static readonly ICountsDecoder V2 = new ZigZagCountsDecoder();

    /// <summary>The reader of counts of <paramref name="wordSize"/>.</summary>
    /// <param name="wordSize">2, 4 or 8 for V0/V1 payloads; 9 for V2 payloads.</param>
    /// <returns>The reader.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="wordSize"/> is not 2, 4, 8 or 9.</exception>
    public static ICountsDecoder GetDecoderForWordSize(int wordSize) => wordSize switch
    {
        sizeof(short) => Short,
        sizeof(int) => Int,
        sizeof(long) => Long,
        ZigZagCountsDecoder.V2WordSize => V2,
        _ => throw new ArgumentOutOfRangeException(nameof(wordSize), wordSize, "Counts are encoded in words of 2, 4 or 8 bytes (V0/V1) or as V2's variable-length integers (9)."),
    };
}
