namespace HdrHistogram.Iteration;

/// <summary>Steps through every bucket with a non-zero count (Java's <c>RecordedValuesIterator</c>).</summary>
internal sealed class RecordedValuesIterator : HistogramIterator
{
    private int _visitedIndex = -1;

    public RecordedValuesIterator(HistogramBase histogram)
        : base(histogram)
    {
    }

    protected override void IncrementIterationLevel() => _visitedIndex = CurrentIndex;

    protected override bool ReachedIterationLevel()
        => Histogram.GetCountAtIndex(CurrentIndex) != 0 && _visitedIndex != CurrentIndex;
}
