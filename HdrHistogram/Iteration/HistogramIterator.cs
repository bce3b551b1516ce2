namespace HdrHistogram.Iteration;

/// <summary>
/// The walk over a histogram's counts that every iteration shares (Java's <c>AbstractHistogramIterator</c>):
/// subclasses decide where the reporting levels are; this class moves through the buckets and reports a step
/// each time a level is reached.
/// </summary>
internal abstract class HistogramIterator
{
    private readonly long _savedHistogramTotalRawCount;
    private readonly double _integerToDoubleValueConversionRatio;
    private long _prevValueIteratedTo;
    private long _totalCountToPrevIndex;
    private long _totalValueToCurrentIndex;
    private bool _freshSubBucket = true;

    protected HistogramIterator(HistogramBase histogram)
    {
        Histogram = histogram;
        _savedHistogramTotalRawCount = histogram.TotalCount;
        ArrayTotalCount = histogram.TotalCount;
        _integerToDoubleValueConversionRatio = histogram.IntegerToDoubleValueConversionRatio;
        NextValueAtIndex = 1L << histogram.UnitMagnitude;
    }

    protected HistogramBase Histogram { get; }

    protected long ArrayTotalCount { get; }

    protected int CurrentIndex { get; private set; }

    protected long CurrentValueAtIndex { get; private set; }

    protected long NextValueAtIndex { get; private set; }

    protected long TotalCountToCurrentIndex { get; private set; }

    protected long CountAtThisValue { get; private set; }

    /// <summary>Whether another step remains.</summary>
    public virtual bool HasNext()
    {
        CheckNotModified();
        return TotalCountToCurrentIndex < ArrayTotalCount;
    }

    /// <summary>Moves through the buckets to the next reporting level and returns that step.</summary>
    public HistogramIterationValue Next()
    {
        while (CurrentIndex < Histogram.CountsArrayLength)
        {
            CountAtThisValue = Histogram.GetCountAtIndex(CurrentIndex);
            if (_freshSubBucket)
            {
                // Count each bucket once, however many steps report from it.
                TotalCountToCurrentIndex += CountAtThisValue;
                _totalValueToCurrentIndex += CountAtThisValue * Histogram.HighestEquivalentValue(CurrentValueAtIndex);
                _freshSubBucket = false;
            }

            if (ReachedIterationLevel())
            {
                long valueIteratedTo = GetValueIteratedTo();
                var step = new HistogramIterationValue(
                    valueIteratedTo,
                    _prevValueIteratedTo,
                    CountAtThisValue,
                    TotalCountToCurrentIndex - _totalCountToPrevIndex,
                    TotalCountToCurrentIndex,
                    _totalValueToCurrentIndex,
                    100.0 * TotalCountToCurrentIndex / ArrayTotalCount,
                    GetPercentileIteratedTo(),
                    _integerToDoubleValueConversionRatio);
                _prevValueIteratedTo = valueIteratedTo;
                _totalCountToPrevIndex = TotalCountToCurrentIndex;
                IncrementIterationLevel();
                CheckNotModified();
                return step;
            }

            IncrementSubBucket();
        }

        CheckNotModified();
        throw new InvalidOperationException("The iteration has no more steps.");
    }

    /// <summary>Moves the reporting level forward after a step was reported.</summary>
    protected abstract void IncrementIterationLevel();

    /// <summary>Whether the current bucket reaches the current reporting level.</summary>
    protected abstract bool ReachedIterationLevel();

    /// <summary>The percentile level the current step reports.</summary>
    protected virtual double GetPercentileIteratedTo() => 100.0 * TotalCountToCurrentIndex / ArrayTotalCount;

    /// <summary>The value the current step reports.</summary>
    protected virtual long GetValueIteratedTo() => Histogram.HighestEquivalentValue(CurrentValueAtIndex);

    private void IncrementSubBucket()
    {
        _freshSubBucket = true;
        CurrentIndex++;
        CurrentValueAtIndex = Histogram.ValueFromIndex(CurrentIndex);
        NextValueAtIndex = Histogram.ValueFromIndex(CurrentIndex + 1);
    }

    private void CheckNotModified()
    {
        if (Histogram.TotalCount != _savedHistogramTotalRawCount)
        {
            throw new InvalidOperationException("The histogram was modified during iteration.");
        }
    }
}
