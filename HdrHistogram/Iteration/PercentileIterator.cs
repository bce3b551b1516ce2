namespace HdrHistogram.Iteration;

/// <summary>
/// Steps through percentile levels (Java's <c>PercentileIterator</c>): a fixed number of ticks in each half of the
/// remaining distance to 100%, so the steps get finer towards the tail, plus a final step at 100%.
/// </summary>
/// <param name="histogram">The histogram to iterate over.</param>
/// <param name="percentileTicksPerHalfDistance">The number of steps in each half of the remaining distance to 100%.</param>
internal sealed class PercentileIterator(HistogramBase histogram, int percentileTicksPerHalfDistance) : HistogramIterator(histogram)
{
    private readonly int _percentileTicksPerHalfDistance = percentileTicksPerHalfDistance;
    private double _percentileLevelToIterateTo;
    private bool _reachedLastRecordedValue;

    public override bool HasNext()
    {
        if (base.HasNext())
        {
            return true;
        }

        // One more step, to 100%, after the last recorded value.
        if (!_reachedLastRecordedValue && ArrayTotalCount > 0)
        {
            _percentileLevelToIterateTo = 100.0;
            _reachedLastRecordedValue = true;
            return true;
        }

        return false;
    }

    protected override void IncrementIterationLevel()
    {
        // The tick count doubles each time half of the remaining distance to 100% is crossed; the arithmetic is
        // Java's, operation for operation, so the reported levels have the same bits.
        long halvings = (long)(Math.Log(100.0 / (100.0 - _percentileLevelToIterateTo)) / Math.Log(2));
        long percentileReportingTicks = _percentileTicksPerHalfDistance * (long)Math.Pow(2, halvings + 1);
        _percentileLevelToIterateTo += 100.0 / percentileReportingTicks;
    }

    protected override bool ReachedIterationLevel()
    {
        if (CountAtThisValue == 0)
        {
            return false;
        }

        double currentPercentile = 100.0 * TotalCountToCurrentIndex / ArrayTotalCount;
        return currentPercentile >= _percentileLevelToIterateTo;
    }

    protected override double GetPercentileIteratedTo() => _percentileLevelToIterateTo;
}
