using System.Collections.Generic;

namespace HdrHistogram.Plotting.Timeline;

/// <summary>
/// The values of the intervals that end within a window before the last one's end, for moving-window percentiles:
/// a histogram they are added to, and each one's counts (a V2 payload: a few bytes per recorded bucket, so an hour's
/// window of one-second intervals stays small) to take it out again when it leaves the window. Integer histograms.
/// </summary>
internal sealed class WindowSum
{
    private readonly double _windowSec;
    private readonly HistogramBase _sum;
    private readonly HistogramBase _converted;
    private readonly Queue<(double EndSec, byte[] Counts, long Total)> _inside = new();
    private long _total;

    /// <param name="windowSec">The window's length.</param>
    /// <param name="layout">A histogram of the intervals' layout.</param>
    public WindowSum(double windowSec, HistogramBase layout)
    {
        _windowSec = windowSec;
        _sum = (HistogramBase)Data.HistogramStatistics.StartSum(layout);
        _converted = (HistogramBase)Data.HistogramStatistics.StartSum(layout);
    }

    /// <summary>Adds an interval ending at <paramref name="endSec"/> and drops those that end <see cref="_windowSec"/> or more before it.</summary>
    public void Add(HistogramBase interval, double endSec)
    {
        _sum.Add(interval);
        _total += interval.TotalCount;
        // The counts as the sum holds them: an interval of another layout is added value by value.
        var counts = interval;
        if (interval.UnitMagnitude != _sum.UnitMagnitude || interval.SubBucketHalfCountMagnitude != _sum.SubBucketHalfCountMagnitude)
        {
            _converted.Reset();
            _converted.Add(interval);
            counts = _converted;
        }

        _inside.Enqueue((endSec, CountsPayload.Encode(counts), interval.TotalCount));
        while (_inside.Count > 0 && _inside.Peek().EndSec <= endSec - _windowSec)
        {
            var leaving = _inside.Dequeue();
            foreach (var (index, count) in CountsPayload.Entries(leaving.Counts))
            {
                _sum.SetCountAtIndex(index, _sum.GetCountAtIndex(index) - count);
            }

            _total -= leaving.Total;
            // Only the counts and their total matter to the percentiles. The tracked extremes stay as they were, outside
            // what is left or on it: a percentile's search may start at the minimum, which must not pass a count.
            long min = _sum.GetMinNonZeroValue();
            _sum.SetInternalTrackingValues(_total, _sum.CountsArrayIndex(_sum.GetMaxValue()), min == long.MaxValue ? -1 : _sum.CountsArrayIndex(min));
        }
    }

    /// <summary>The value at <paramref name="percentile"/> of the window's values (0 when it is empty).</summary>
    public double ValueAt(double percentile) => _total == 0 ? double.NaN : _sum.GetValueAtPercentile(percentile);
}
