namespace HdrHistogram.Iteration;

/// <summary>Steps through linear value buckets of a fixed width (Java's <c>LinearIterator</c>).</summary>
/// <param name="histogram">The histogram to iterate over.</param>
/// <param name="valueUnitsPerBucket">The width of each bucket.</param>
internal sealed class LinearBucketIterator(HistogramBase histogram, long valueUnitsPerBucket) : HistogramIterator(histogram)
{
    private readonly long _valueUnitsPerBucket = valueUnitsPerBucket;
    private long _currentStepHighestValueReportingLevel = valueUnitsPerBucket - 1;
    private long _currentStepLowestValueReportingLevel = histogram.LowestEquivalentValue(valueUnitsPerBucket - 1);

    public override bool HasNext()
    {
        if (base.HasNext())
        {
            return true;
        }

        // Keep stepping until the step no longer lies on a bucket with counts, not just until the last count.
        return _currentStepHighestValueReportingLevel < NextValueAtIndex;
    }

    protected override void IncrementIterationLevel()
    {
        _currentStepHighestValueReportingLevel += _valueUnitsPerBucket;
        _currentStepLowestValueReportingLevel = Histogram.LowestEquivalentValue(_currentStepHighestValueReportingLevel);
    }

    protected override long GetValueIteratedTo() => _currentStepHighestValueReportingLevel;

    protected override bool ReachedIterationLevel()
        => CurrentValueAtIndex >= _currentStepLowestValueReportingLevel
           || CurrentIndex >= Histogram.CountsArrayLength - 1;
}
