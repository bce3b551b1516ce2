using HdrHistogram.Histograms.Packed;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// A histogram with 64-bit counts stored sparsely (Java's <c>PackedHistogram</c>): its memory grows with the number
/// of distinct values recorded, not with the covered range, so thousands of histograms over a wide range stay cheap.
/// </summary>
/// <remarks>
/// <para>
/// The counts live in pages of 8 within groups of 512, each group stored in the narrowest width (1, 2, 4 or 8 bytes)
/// that holds its largest count. A <see cref="LongHistogram"/> of 1 ns to 1 hour at 3 digits holds 33,792 longs
/// (270 KB) whatever it recorded; a packed one holding a few thousand distinct values takes a few KB
/// (docs/memory.md). Recording a value whose page exists is an increment in place; a new page, a wider width or a
/// full pool moves storage, and only then allocates.
/// </para>
/// <para>
/// Everything else works as on <see cref="LongHistogram"/>, with identical results and encodings. Encoding, percentile
/// search and arithmetic walk only the populated pages.
/// </para>
/// </remarks>
public class PackedHistogram : HistogramBase
{
    // The store, typed: the record path calls it directly, so that it inlines.
    private readonly PackedLongArray _counts;

    /// <summary>Creates an auto-resizing histogram (lowest value 1) that grows to fit whatever is recorded.</summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public PackedHistogram(int numberOfSignificantValueDigits)
        : this(1, 2, numberOfSignificantValueDigits)
    {
        AutoResize = true;
    }

    /// <summary>Creates a histogram tracking values from 1 to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public PackedHistogram(long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(1, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram tracking values from <paramref name="lowestTrackableValue"/> to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public PackedHistogram(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(NextInstanceId(), lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram with an explicit instance id.</summary>
    /// <param name="instanceId">An identity for this histogram, for diagnostics.</param>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public PackedHistogram(long instanceId, long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(instanceId, lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
        Store = _counts = new PackedLongArray(CountsArrayLength);
    }

    private protected override HistogramBase CreateEmptyCopy()
        => new PackedHistogram(LowestTrackableValue, HighestTrackableValue, NumberOfSignificantValueDigits) { AutoResize = AutoResize };

    private protected override void RecordSingleValue(long value) => _counts.RecordValue(this, value);
}
