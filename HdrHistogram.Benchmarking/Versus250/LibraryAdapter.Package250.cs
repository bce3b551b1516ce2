using HdrHistogram.Utilities;

namespace HdrHistogram.Benchmarking.Versus250;

/// <summary>
/// HdrHistogram 2.5.0's way of doing what <c>LibraryAdapter.cs</c> does with this library's own features (compiled
/// only with <c>-p:HdrBaseline=Package250</c>).
/// </summary>
internal static class LibraryAdapter
{
    /// <summary>Several percentiles of <paramref name="histogram"/>: 2.5.0 has only the one-at-a-time query.</summary>
    public static void ValuesAtPercentiles(HistogramBase histogram, double[] percentiles, long[] values)
    {
        for (int i = 0; i < percentiles.Length; i++)
        {
            values[i] = histogram.GetValueAtPercentile(percentiles[i]);
        }
    }

    /// <summary>Decodes the compressed histogram of <paramref name="compressed"/>: 2.5.0 always decodes into a new histogram.</summary>
    public static HistogramBase DecodeCompressedReused(byte[] compressed, HistogramBase reused)
        => HistogramEncoding.DecodeFromCompressedByteBuffer(ByteBuffer.Allocate(compressed), 0);
}
