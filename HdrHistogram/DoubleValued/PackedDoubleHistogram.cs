#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// A <see cref="DoubleHistogram"/> whose counts are packed (Java's <c>PackedDoubleHistogram</c>): its memory grows
/// with the distinct values recorded, not with the dynamic range (see <see cref="PackedHistogram"/>).
/// </summary>
public class PackedDoubleHistogram : DoubleHistogram
{
    /// <summary>Creates an auto-resizing histogram: the dynamic range starts at 2 and grows to cover whatever is recorded.</summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public PackedDoubleHistogram(int numberOfSignificantValueDigits)
        : this(2, numberOfSignificantValueDigits)
    {
        AutoResize = true;
    }

    /// <summary>Creates a histogram covering a fixed dynamic range, in any unit.</summary>
    /// <param name="highestToLowestValueRatio">The dynamic range; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public PackedDoubleHistogram(long highestToLowestValueRatio, int numberOfSignificantValueDigits)
        : base(highestToLowestValueRatio, numberOfSignificantValueDigits, CreatePackedHistogram, null)
    {
    }

    private static HistogramBase CreatePackedHistogram(long highestTrackableValue, int numberOfSignificantValueDigits)
        => new PackedHistogram(1, highestTrackableValue, numberOfSignificantValueDigits);
}
