namespace HdrHistogram.Iteration;

/// <summary>Steps through every bucket with a non-zero count (Java's <c>RecordedValuesIterator</c>).</summary>
/// <param name="histogram">The histogram to iterate over.</param>
internal sealed class RecordedValuesIterator(HistogramBase histogram) : HistogramIterator(histogram)
{
    private int _visitedIndex = -1;

    protected override void IncrementIterationLevel() => _visitedIndex = CurrentIndex;

    protected override bool ReachedIterationLevel()
        => Histogram.GetCountAtIndex(CurrentIndex) != 0 && _visitedIndex != CurrentIndex;
}
