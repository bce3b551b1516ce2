namespace HdrHistogram.Iteration;

/// <summary>Steps through linear value buckets of a fixed width (Java's <c>LinearIterator</c>).</summary>
internal sealed class LinearBucketIterator : HistogramIterator
{
    private readonly long _valueUnitsPerBucket;
    private long _currentStepHighestValueReportingLevel;
    private long _currentStepLowestValueReportingLevel;

    public LinearBucketIterator(HistogramBase histogram, long valueUnitsPerBucket)
        : base(histogram)
    {
        _valueUnitsPerBucket = valueUnitsPerBucket;
        _currentStepHighestValueReportingLevel = valueUnitsPerBucket - 1;
        _currentStepLowestValueReportingLevel = histogram.LowestEquivalentValue(_currentStepHighestValueReportingLevel);
    }

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
