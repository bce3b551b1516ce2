#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// A <see cref="DoubleConcurrentHistogram"/> whose counts are packed (Java's <c>PackedConcurrentDoubleHistogram</c>):
/// many threads may record at once, and memory grows with the distinct values recorded (see
/// <see cref="PackedConcurrentHistogram"/>).
/// </summary>
public class PackedConcurrentDoubleHistogram : DoubleConcurrentHistogram
{
    /// <summary>Creates an auto-resizing histogram: the dynamic range starts at 2 and grows to cover whatever is recorded.</summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public PackedConcurrentDoubleHistogram(int numberOfSignificantValueDigits)
        : this(2, numberOfSignificantValueDigits)
    {
        AutoResize = true;
    }

    /// <summary>Creates a histogram covering a fixed dynamic range, in any unit.</summary>
    /// <param name="highestToLowestValueRatio">The dynamic range; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public PackedConcurrentDoubleHistogram(long highestToLowestValueRatio, int numberOfSignificantValueDigits)
        : base(highestToLowestValueRatio, numberOfSignificantValueDigits, CreatePackedConcurrentHistogram)
    {
    }

    private static HistogramBase CreatePackedConcurrentHistogram(long highestTrackableValue, int numberOfSignificantValueDigits)
        => new PackedConcurrentHistogram(1, highestTrackableValue, numberOfSignificantValueDigits);
}
