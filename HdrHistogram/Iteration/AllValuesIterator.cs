namespace HdrHistogram.Iteration;

/// <summary>Steps through every bucket, recorded or not (Java's <c>AllValuesIterator</c>).</summary>
internal sealed class AllValuesIterator : HistogramIterator
{
    private int _visitedIndex = -1;

    public AllValuesIterator(HistogramBase histogram)
        : base(histogram)
    {
    }

    // Unlike the other iterations, this one ends only when the indexes are exhausted.
    public override bool HasNext()
    {
        base.HasNext();
        return CurrentIndex < Histogram.CountsArrayLength - 1;
    }

    protected override void IncrementIterationLevel() => _visitedIndex = CurrentIndex;

    protected override bool ReachedIterationLevel() => _visitedIndex != CurrentIndex;
}
