using HdrHistogram.Encoding;

namespace HdrHistogram.Fuzz;

/// <summary>Limits that keep mutated headers declaring huge (valid) histograms from allocating tens of MB per input.</summary>
internal static class FuzzLimits
{
    public const int MaxCountsArrayLength = 1 << 20;

    public static HistogramDecoderOptions DecoderOptions() => new() { MaxCountsArrayLength = MaxCountsArrayLength, MaxDecompressedBytes = 16 << 20 };
}
