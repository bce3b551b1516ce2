namespace HdrHistogram.Iteration;

/// <summary>Steps through every bucket, recorded or not (Java's <c>AllValuesIterator</c>).</summary>
/// <param name="histogram">The histogram to iterate over.</param>
internal sealed class AllValuesIterator(HistogramBase histogram) : HistogramIterator(histogram)
{
    private int _visitedIndex = -1;

    // Unlike the other iterations, this one ends only when the indexes are exhausted.
    public override bool HasNext()
    {
        base.HasNext();
        return CurrentIndex < Histogram.CountsArrayLength - 1;
    }

    protected override void IncrementIterationLevel() => _visitedIndex = CurrentIndex;

    protected override bool ReachedIterationLevel() => _visitedIndex != CurrentIndex;
}
