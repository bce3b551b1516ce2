#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// Records double values from any number of threads concurrently and hands out stable interval histograms without
/// stalling them (Java's <c>DoubleRecorder</c>). Each interval histogram holds every value recorded since the previous
/// one was taken.
/// </summary>
/// <remarks>
/// <para>
/// Writers record wait-free (except while an auto-resizing histogram changes its range) into
/// <see cref="DoubleConcurrentHistogram"/>s; taking an interval waits only for writers still inside the old one. Each
/// interval starts from a reset range, and a <see cref="DoubleConcurrentHistogram"/> moves its range into a new counts
/// array, so the first values of each interval allocate that array even when histograms are recycled. With a single
/// writer thread, <see cref="SingleWriterDoubleRecorder"/> is cheaper.
/// </para>
/// </remarks>
public class DoubleRecorder : DoubleRecorderBase
{
    /// <summary>
    /// Creates a recorder whose histograms auto-resize: their dynamic range starts at 2 and grows to cover whatever is
    /// recorded (Java's <c>DoubleRecorder(int)</c>).
    /// </summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="numberOfSignificantValueDigits"/> is outside 0 to 5.</exception>
    public DoubleRecorder(int numberOfSignificantValueDigits)
        : base(2, numberOfSignificantValueDigits, autoResize: true, concurrent: true)
    {
    }

    /// <summary>Creates a recorder whose histograms cover a fixed dynamic range, in any unit (Java's <c>DoubleRecorder(long, int)</c>).</summary>
    /// <param name="highestToLowestValueRatio">The dynamic range: the ratio of the highest to the lowest non-zero value in an interval; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">
    /// A parameter is outside its valid range, or <paramref name="highestToLowestValueRatio"/> × 10^digits is 2^61 or more.
    /// </exception>
    public DoubleRecorder(long highestToLowestValueRatio, int numberOfSignificantValueDigits)
        : base(highestToLowestValueRatio, numberOfSignificantValueDigits, autoResize: false, concurrent: true)
    {
    }
}
