namespace HdrHistogram.Iteration;

/// <summary>
/// An allocation-free walk over the buckets of a histogram that hold a count, in value order (the buckets
/// <see cref="HistogramBase.RecordedValues"/> reports, without a step object per bucket). Use it with
/// <c>foreach</c>; it reads the counts as they are, so walk a histogram nobody records into at the same time.
/// </summary>
public struct RecordedBucketEnumerator
{
    private readonly HistogramBase? _histogram;
    private readonly int _lastIndex;
    private int _index;

    internal RecordedBucketEnumerator(HistogramBase histogram)
    {
        _histogram = histogram;
        long max = histogram.GetMaxValue();
        int last = histogram.TotalCount == 0 ? -1 : histogram.CountsArrayIndex(max);
        _lastIndex = last < histogram.CountsArrayLength ? last : histogram.CountsArrayLength - 1;
        _index = -1;
        Current = default;
    }

    /// <summary>The bucket the walk is at.</summary>
    public RecordedBucket Current { get; private set; }

    /// <summary>Returns this walk (so that <c>foreach</c> can use it).</summary>
    /// <returns>This enumerator.</returns>
    public readonly RecordedBucketEnumerator GetEnumerator() => this;

    /// <summary>Moves to the next bucket that holds a count.</summary>
    /// <returns>Whether there is one.</returns>
    public bool MoveNext()
    {
        var histogram = _histogram;
        if (histogram is null)
        {
            return false;
        }

        while (_index < _lastIndex)
        {
            // Skips runs of empty buckets with the store's walk rather than reading them one by one.
            _index = histogram.IndexOfNonZero(_index + 1, _lastIndex + 1);
            if (_index > _lastIndex)
            {
                break;
            }

            long count = histogram.GetCountAtIndex(_index);
            if (count != 0)
            {
                long low = histogram.ValueFromIndex(_index);
                Current = new RecordedBucket(low, histogram.HighestEquivalentValue(low), count);
                return true;
            }
        }

        return false;
    }
}
