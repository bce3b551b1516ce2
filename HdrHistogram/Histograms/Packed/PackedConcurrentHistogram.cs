using HdrHistogram.Histograms.Packed;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// A <see cref="PackedHistogram"/> that many threads may record into at once (Java's
/// <c>PackedConcurrentHistogram</c>): memory that grows with the distinct values recorded, thread-safe writes.
/// </summary>
/// <remarks>
/// <para>
/// Every record, and every change of the counts' layout (growth, shift, reset), runs under one lock held for the
/// increment alone: packed storage moves when a page, a wider width or a larger pool is needed, so an increment
/// cannot be lock-free the way <see cref="LongConcurrentHistogram"/>'s is. Java guards the same moves with a
/// phaser critical section on every record. Under heavy contention prefer a <see cref="Recorder"/> per writer
/// group, or <see cref="LongConcurrentHistogram"/> when memory allows.
/// </para>
/// <para>
/// Reads while writers are active see a recent state and never fail; each count read, and each walk over the counts
/// (encoding, percentile search), is consistent in itself.
/// </para>
/// </remarks>
public class PackedConcurrentHistogram : HistogramBase
{
    /// <summary>Creates an auto-resizing histogram (lowest value 1) that grows to fit whatever is recorded.</summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public PackedConcurrentHistogram(int numberOfSignificantValueDigits)
        : this(1, 2, numberOfSignificantValueDigits)
    {
        AutoResize = true;
    }

    /// <summary>Creates a histogram tracking values from 1 to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public PackedConcurrentHistogram(long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(1, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram tracking values from <paramref name="lowestTrackableValue"/> to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public PackedConcurrentHistogram(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(NextInstanceId(), lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram with an explicit instance id.</summary>
    /// <param name="instanceId">An identity for this histogram, for diagnostics.</param>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public PackedConcurrentHistogram(long instanceId, long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(instanceId, lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
        Store = new ConcurrentPackedCounts(CountsArrayLength);
    }

    private protected override HistogramBase CreateEmptyCopy()
        => new PackedConcurrentHistogram(LowestTrackableValue, HighestTrackableValue, NumberOfSignificantValueDigits) { AutoResize = AutoResize };
}
