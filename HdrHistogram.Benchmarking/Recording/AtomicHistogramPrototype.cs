using System.Threading;

namespace HdrHistogram.Benchmarking.Recording;

/// <summary>
/// What Java's <c>AtomicHistogram</c> does per record, on this library's bucket layout, to weigh it against
/// <see cref="LongConcurrentHistogram"/>: a fixed range (no resize, so no coordination with resizes), an atomic
/// increment of the count and another of the total, and a compare-and-set of the maximum or minimum when they change.
/// Benchmark-only: not part of the library.
/// </summary>
internal sealed class AtomicHistogramPrototype : IRecorder
{
    private readonly LongHistogram _layout;
    private readonly long[] _counts;
    private long _totalCount;
    private long _maxValue;
    private long _minNonZeroValue = long.MaxValue;

    public AtomicHistogramPrototype(long highestTrackableValue, int numberOfSignificantValueDigits)
    {
        // Only for its index arithmetic: the counts live here.
        _layout = new LongHistogram(1, highestTrackableValue, numberOfSignificantValueDigits);
        _counts = new long[_layout.CountsArrayLength];
    }

    public long TotalCount => Volatile.Read(ref _totalCount);

    public void RecordValue(long value)
    {
        int index = _layout.CountsArrayIndex(value);
        Interlocked.Increment(ref _counts[index]);
        long max;
        while (value > (max = Volatile.Read(ref _maxValue)) && Interlocked.CompareExchange(ref _maxValue, value, max) != max)
        {
        }

        long min;
        while (value != 0 && value < (min = Volatile.Read(ref _minNonZeroValue)) && Interlocked.CompareExchange(ref _minNonZeroValue, value, min) != min)
        {
        }

        Interlocked.Increment(ref _totalCount);
    }

    public void RecordValueWithCount(long value, long count)
    {
        for (long i = 0; i < count; i++)
        {
            RecordValue(value);
        }
    }

    public void RecordValueWithExpectedInterval(long value, long expectedIntervalBetweenValueSamples) => RecordValue(value);
}
