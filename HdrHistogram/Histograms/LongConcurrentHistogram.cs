#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>
/// A histogram with 64-bit counts that many threads may record into at once (Java's <c>ConcurrentHistogram</c>).
/// </summary>
/// <remarks>What it does and how: <see cref="ConcurrentHistogramBase{TCount}"/>.</remarks>
public class LongConcurrentHistogram : ConcurrentHistogramBase<long>
{
    /// <summary>Creates an auto-resizing histogram (lowest value 1) that grows to fit whatever is recorded.</summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public LongConcurrentHistogram(int numberOfSignificantValueDigits)
        : base(numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram tracking values from 1 to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public LongConcurrentHistogram(long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram tracking values from <paramref name="lowestTrackableValue"/> to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public LongConcurrentHistogram(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram with an explicit instance id.</summary>
    /// <param name="instanceId">An identity for this histogram, for diagnostics.</param>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public LongConcurrentHistogram(long instanceId, long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(instanceId, lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    private protected override HistogramBase CreateEmptyCopy()
        => new LongConcurrentHistogram(LowestTrackableValue, HighestTrackableValue, NumberOfSignificantValueDigits) { AutoResize = AutoResize };
}
