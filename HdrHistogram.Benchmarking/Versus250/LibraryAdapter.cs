namespace HdrHistogram.Benchmarking.Versus250;

/// <summary>
/// The places where the <c>Versus250</c> suites use a feature only this library has, in this library's build; its
/// twin <c>LibraryAdapter.Package250.cs</c> does the same work with HdrHistogram 2.5.0's API (the project file picks one).
/// Everything else in the suites is the same source for both builds.
/// </summary>
internal static class LibraryAdapter
{
    // One decoder for the process: it keeps its inflater and scratch buffers between decodes.
    private static readonly Encoding.HistogramDecoder Decoder = new();

    /// <summary>Several percentiles of <paramref name="histogram"/>, the fastest way the library offers: one pass.</summary>
    public static void ValuesAtPercentiles(HistogramBase histogram, double[] percentiles, long[] values)
        => histogram.GetValuesAtPercentiles(percentiles, values);

    /// <summary>
    /// Decodes the compressed histogram of <paramref name="compressed"/> into <paramref name="reused"/> (this library:
    /// no allocation) and returns the decoded histogram.
    /// </summary>
    public static HistogramBase DecodeCompressedReused(byte[] compressed, HistogramBase reused)
    {
        Decoder.DecodeInto(compressed, reused);
        return reused;
    }
}
