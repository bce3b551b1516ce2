#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

public abstract partial class HistogramBase
{
    /// <summary>
    /// Records <paramref name="count"/> at <paramref name="value"/> without the public argument checks, as Java's
    /// <c>recordConvertedDoubleValueWithCount</c> does: <see cref="DoubleHistogram"/> records its converted values
    /// here, with a negative count when it subtracts.
    /// </summary>
    internal void RecordConvertedValueWithCount(long count, long value) => RecordCountAtValue(count, value);

    /// <summary>
    /// Grows the counts to cover <paramref name="newHighestTrackableValue"/> and makes it the highest trackable value
    /// (Java's <c>resize</c> followed by setting <c>highestTrackableValue</c>, used by double-valued auto-resizing).
    /// </summary>
    internal void ResizeToCover(long newHighestTrackableValue) => Resize(newHighestTrackableValue);
}
