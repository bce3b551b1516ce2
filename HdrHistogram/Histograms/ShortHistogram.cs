#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>A histogram with 16-bit counts (Java's <c>ShortCountsHistogram</c>): a quarter of the memory of <see cref="LongHistogram"/>; a count that passes <see cref="short.MaxValue"/> wraps, as in 2.5.0, and <see cref="HistogramBase.HasOverflowed"/> reports it.</summary>
public class ShortHistogram : ArrayHistogramBase<short>
{
    /// <summary>Creates an auto-resizing histogram (lowest value 1) that grows to fit whatever is recorded.</summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public ShortHistogram(int numberOfSignificantValueDigits)
        : base(numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram tracking values from 1 to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public ShortHistogram(long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram tracking values from <paramref name="lowestTrackableValue"/> to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public ShortHistogram(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram with an explicit instance id.</summary>
    /// <param name="instanceId">An identity for this histogram, for diagnostics.</param>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public ShortHistogram(long instanceId, long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(instanceId, lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    private protected override HistogramBase CreateEmptyCopy()
        => new ShortHistogram(LowestTrackableValue, HighestTrackableValue, NumberOfSignificantValueDigits) { AutoResize = AutoResize };
}
