namespace HdrHistogram.Iteration;

/// <summary>Steps through exponentially growing value buckets (Java's <c>LogarithmicIterator</c>).</summary>
internal sealed class LogarithmicBucketIterator : HistogramIterator
{
    private readonly double _logBase;
    private double _nextValueReportingLevel;
    private long _currentStepHighestValueReportingLevel;
    private long _currentStepLowestValueReportingLevel;

    public LogarithmicBucketIterator(HistogramBase histogram, long valueUnitsInFirstBucket, double logBase)
        : base(histogram)
    {
        _logBase = logBase;
        _nextValueReportingLevel = valueUnitsInFirstBucket;
        _currentStepHighestValueReportingLevel = (long)_nextValueReportingLevel - 1;
        _currentStepLowestValueReportingLevel = histogram.LowestEquivalentValue(_currentStepHighestValueReportingLevel);
    }

    public override bool HasNext()
    {
        if (base.HasNext())
        {
            return true;
        }

        return Histogram.LowestEquivalentValue((long)_nextValueReportingLevel) < NextValueAtIndex;
    }

    protected override void IncrementIterationLevel()
    {
        _nextValueReportingLevel *= _logBase;
        _currentStepHighestValueReportingLevel = (long)_nextValueReportingLevel - 1;
        _currentStepLowestValueReportingLevel = Histogram.LowestEquivalentValue(_currentStepHighestValueReportingLevel);
    }

    protected override long GetValueIteratedTo() => _currentStepHighestValueReportingLevel;

    protected override bool ReachedIterationLevel()
        => CurrentValueAtIndex >= _currentStepLowestValueReportingLevel
           || CurrentIndex >= Histogram.CountsArrayLength - 1;
}
