#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

public abstract partial class HistogramBase
{
    /// <summary>
    /// Grows the counts so the histogram covers <paramref name="highestTrackableValue"/> (used before decoding into an
    /// existing histogram); does nothing when it already does.
    /// </summary>
    internal void EnsureHighestTrackableValue(long highestTrackableValue)
    {
        if (highestTrackableValue > HighestTrackableValue)
        {
            Resize(highestTrackableValue);
        }
    }
}
