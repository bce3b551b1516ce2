#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// Records double values from one writer thread at a time and hands out stable interval histograms without stalling
/// the writer (Java's <c>SingleWriterDoubleRecorder</c>). Each interval histogram holds every value recorded since the
/// previous one was taken.
/// </summary>
/// <remarks>
/// <para>
/// The cheaper sibling of <see cref="DoubleRecorder"/>: it records into plain <see cref="DoubleHistogram"/>s with no
/// atomic instruction per record (docs/design.md). Several threads may record only if they never record at the same
/// time; use <see cref="DoubleRecorder"/> otherwise.
/// </para>
/// </remarks>
public class SingleWriterDoubleRecorder : DoubleRecorderBase
{
    /// <summary>
    /// Creates a recorder whose histograms auto-resize: their dynamic range starts at 2 and grows to cover whatever is
    /// recorded (Java's <c>SingleWriterDoubleRecorder(int)</c>).
    /// </summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="numberOfSignificantValueDigits"/> is outside 0 to 5.</exception>
    public SingleWriterDoubleRecorder(int numberOfSignificantValueDigits)
        : base(2, numberOfSignificantValueDigits, autoResize: true, concurrent: false)
    {
    }

    /// <summary>Creates a recorder whose histograms cover a fixed dynamic range, in any unit (Java's <c>SingleWriterDoubleRecorder(long, int)</c>).</summary>
    /// <param name="highestToLowestValueRatio">The dynamic range: the ratio of the highest to the lowest non-zero value in an interval; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">
    /// A parameter is outside its valid range, or <paramref name="highestToLowestValueRatio"/> × 10^digits is 2^61 or more.
    /// </exception>
    public SingleWriterDoubleRecorder(long highestToLowestValueRatio, int numberOfSignificantValueDigits)
        : base(highestToLowestValueRatio, numberOfSignificantValueDigits, autoResize: false, concurrent: false)
    {
    }
}
