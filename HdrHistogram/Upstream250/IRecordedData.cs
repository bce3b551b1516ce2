#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram.Encoding;

/// <summary>
/// A histogram's configuration and counts as an <see cref="IEncoder"/> receives them (HdrHistogram 2.5.0's
/// interface, at its 2.5.0 full name). <see cref="HistogramBase.Encode(Utilities.ByteBuffer, IEncoder)"/> passes one.
/// </summary>
public interface IRecordedData
{
    /// <summary>The encoding cookie of the histogram's format.</summary>
    int Cookie { get; }

    /// <summary>The lowest value the histogram can tell apart from 0.</summary>
    long LowestDiscernibleValue { get; }

    /// <summary>The highest value the histogram tracks.</summary>
    long HighestTrackableValue { get; }

    /// <summary>The number of significant decimal digits the histogram keeps (0 to 5).</summary>
    int NumberOfSignificantValueDigits { get; }

    /// <summary>The offset the counts are laid out with (0 unless the histogram was shifted).</summary>
    int NormalizingIndexOffset { get; }

    /// <summary>The factor that turns the integer values into the values a DoubleHistogram reports (1.0 for integer histograms).</summary>
    double IntegerToDoubleValueConversionRatio { get; }

    /// <summary>The counts, one per bucket index in value order.</summary>
    long[] Counts { get; }
}
