using System.Collections.Generic;
using System.Linq;
using HdrHistogram.Plotting.Data;

namespace HdrHistogram.Plotting.Timeline;

/// <summary>
/// The intervals of one tag with the largest maxima (the earlier first among equal maxima), kept while a log is read,
/// and every interval's maximum, so that at the end the intervals whose maximum exceeds the tag's p99.99 can be
/// counted. Used by the report's timeline and by <c>hdr summary --worst</c>, so both list the same intervals.
/// </summary>
public sealed class WorstIntervals
{
    private readonly int _keep;
    private readonly PriorityQueue<WorstInterval, (double Max, long Order)> _worst = new();
    private EncodableHistogram? _maxima;
    private long _order;

    /// <param name="keep">How many intervals to keep (0 keeps none, but still counts).</param>
    public WorstIntervals(int keep)
    {
        _keep = keep;
    }

    /// <summary>Notes an interval.</summary>
    public void Add(EncodableHistogram interval, double startSec, int lineNumber)
    {
        double max = HistogramStatistics.Max(interval);
        if (_maxima is null)
        {
            _maxima = HistogramStatistics.StartSum(interval);
        }

        if (_maxima is DoubleHistogram doubles)
        {
            doubles.RecordValue(max);
        }
        else
        {
            ((HistogramBase)_maxima).RecordValue((long)max);
        }

        // Later intervals sort below earlier ones of the same maximum: the earliest of equals stays.
        var priority = (max, -_order++);
        if (_worst.Count < _keep)
        {
            _worst.Enqueue(Interval(), priority);
        }
        else if (_keep > 0 && _worst.TryPeek(out _, out var lowest) && (max > lowest.Max || (max == lowest.Max && priority.Item2 > lowest.Order)))
        {
            _worst.DequeueEnqueue(Interval(), priority);
        }

        WorstInterval Interval() => new(startSec, interval.StartTimeStamp, interval.EndTimeStamp, max, HistogramStatistics.TotalCount(interval), lineNumber);
    }

    /// <summary>The kept intervals, largest maximum first (the earlier first among equals).</summary>
    public IReadOnlyList<WorstInterval> Worst()
        => _worst.UnorderedItems.OrderByDescending(i => i.Priority.Max).ThenByDescending(i => i.Priority.Order).Select(i => i.Element).ToList();

    /// <summary>
    /// How many intervals have a maximum above <paramref name="value"/> (a value of the tag's sum, such as its p99.99):
    /// in a bucket above the value's, as values of one bucket cannot be told apart.
    /// </summary>
    public long CountAbove(double value)
    {
        if (_maxima is null)
        {
            return 0;
        }

        return HistogramStatistics.TotalCount(_maxima) - HistogramStatistics.CountAtOrBelow(_maxima, value);
    }
}
