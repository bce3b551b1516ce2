#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram.Encoding;

/// <summary>
/// The header fields of an encoded histogram (HdrHistogram 2.5.0's interface, at its 2.5.0 full name; this library's
/// decoders read the header themselves and do not hand one out).
/// </summary>
public interface IHeader
{
    /// <summary>The encoding cookie.</summary>
    int Cookie { get; }

    /// <summary>The length of the counts payload after the header, in bytes.</summary>
    int PayloadLengthInBytes { get; }

    /// <summary>The offset the counts are laid out with.</summary>
    int NormalizingIndexOffset { get; }

    /// <summary>The number of significant decimal digits (0 to 5).</summary>
    int NumberOfSignificantValueDigits { get; }

    /// <summary>The lowest value the histogram can tell apart from 0.</summary>
    long LowestTrackableUnitValue { get; }

    /// <summary>The highest value the histogram tracks.</summary>
    long HighestTrackableValue { get; }

    /// <summary>The factor from integer values to DoubleHistogram values (1.0 for integer histograms).</summary>
    double IntegerToDoubleValueConversionRatio { get; }

    /// <summary>The bytes a decoder's buffer needs beyond the payload (2.5.0's capacity estimate).</summary>
    int CapacityEstimateExcess { get; }
}
