using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using HdrHistogram.Plotting.Data;

namespace HdrHistogram.Plotting.Timeline;

/// <summary>
/// The buckets of one tag of a log while it is read (see <see cref="TimelineBuilder"/>), and the sum of all its
/// intervals. Integer histograms: the bucket being filled is a histogram of the tag's first interval's layout that
/// the intervals are added to as <c>hdr summary</c> adds them; a finished bucket keeps only its counts' V2 payload.
/// DoubleHistograms: each bucket keeps a DoubleHistogram.
/// </summary>
internal sealed class TagTimeline
{
    private readonly List<Bucket> _buckets = new();
    private readonly IReadOnlyList<MovingWindow> _windows;
    private readonly Dictionary<double, WindowSum> _windowSums = new();
    private readonly WorstIntervals _worst;
    private readonly HistogramBase? _open;
    private readonly DoubleHistogram? _doubleSum;
    private int _openAt = -1;
    private long _lastIndex = long.MinValue;
    private long _firstStart = long.MaxValue;
    private long _lastEnd = long.MinValue;

    /// <param name="tag">The tag, or null for untagged intervals.</param>
    /// <param name="first">The tag's first interval: its kind and layout are the tag's.</param>
    /// <param name="windows">The moving-window percentiles to compute (integer histograms only).</param>
    /// <param name="worst">How many of the intervals with the largest maxima to keep.</param>
    public TagTimeline(string? tag, EncodableHistogram first, IReadOnlyList<MovingWindow> windows, int worst)
    {
        Tag = tag;
        _worst = new WorstIntervals(worst);
        _windows = first is DoubleHistogram ? Array.Empty<MovingWindow>() : windows;
        foreach (var window in _windows)
        {
            if (!_windowSums.ContainsKey(window.WindowSec))
            {
                _windowSums.Add(window.WindowSec, new WindowSum(window.WindowSec, (HistogramBase)first));
            }
        }

        if (first is DoubleHistogram)
        {
            _doubleSum = (DoubleHistogram)HistogramStatistics.StartSum(first);
        }
        else
        {
            _open = (HistogramBase)HistogramStatistics.StartSum(first);
        }
    }

    /// <summary>The tag; null for untagged intervals.</summary>
    public string? Tag { get; }

    /// <summary>Buckets with intervals.</summary>
    public int BucketCount => _buckets.Count;

    /// <summary>Intervals added.</summary>
    public int Intervals { get; private set; }

    /// <summary>Milliseconds from the first interval's start to the last one's end; null before any interval.</summary>
    public double? SpanSec => _lastEnd >= _firstStart ? (_lastEnd - _firstStart) / 1000.0 : null;

    /// <summary>Whether the intervals are DoubleHistograms.</summary>
    public bool HoldsDoubleHistograms => _doubleSum is not null;

    /// <summary>Adds <paramref name="interval"/> to bucket <paramref name="index"/>.</summary>
    /// <exception cref="HistogramFormatException">The interval is not of the tag's kind (integer or DoubleHistogram).</exception>
    public void Add(EncodableHistogram interval, long index, double startSec, double timeSec, int lineNumber)
    {
        if (index != _lastIndex)
        {
            // The windows as they were at the end of the last bucket's interval so far.
            NoteMovingValues();
            _lastIndex = index;
        }

        int at = Find(index);
        if (at >= _buckets.Count || _buckets[at].Index != index)
        {
            _buckets.Insert(at, new Bucket(index));
            if (_openAt >= at)
            {
                _openAt++;
            }
        }

        var bucket = _buckets[at];
        if (_open is not null)
        {
            if (interval is not HistogramBase integer)
            {
                throw Mixed(lineNumber);
            }

            if (_openAt != at)
            {
                Close();
                if (bucket.Intervals == 0 && integer.UnitMagnitude == _open.UnitMagnitude && integer.SubBucketHalfCountMagnitude == _open.SubBucketHalfCountMagnitude)
                {
                    // A new bucket's first interval: its counts as they are (most buckets of a short log hold one).
                    bucket.Counts = CountsPayload.Encode(integer);
                }
                else
                {
                    if (bucket.Counts is { } counts)
                    {
                        CountsPayload.Complete(_open, CountsPayload.AddTo(counts, _open));
                        bucket.Counts = null;
                    }

                    _openAt = at;
                    _open.Add(integer);
                }
            }
            else
            {
                _open.Add(integer);
            }

            foreach (var window in _windowSums.Values)
            {
                window.Add(integer, timeSec);
            }
        }
        else
        {
            if (interval is not DoubleHistogram doubles)
            {
                throw Mixed(lineNumber);
            }

            bucket.Doubles ??= (DoubleHistogram)HistogramStatistics.StartSum(doubles);
            bucket.Doubles.Add(doubles);
            _doubleSum!.Add(doubles);
        }

        bucket.Intervals++;
        bucket.FirstStartSec = Math.Min(bucket.FirstStartSec, startSec);
        bucket.LastStartSec = Math.Max(bucket.LastStartSec, startSec);
        bucket.TimeSec = Math.Max(bucket.TimeSec, timeSec);
        Intervals++;
        _worst.Add(interval, startSec, lineNumber);
        _firstStart = Math.Min(_firstStart, interval.StartTimeStamp);
        _lastEnd = Math.Max(_lastEnd, interval.EndTimeStamp);
    }

    /// <summary>Halves the resolution: bucket i becomes part of bucket floor(i / 2), neighbours added together.</summary>
    public void Coarsen()
    {
        Close();
        _lastIndex >>= 1;
        var merged = new List<Bucket>(_buckets.Count / 2 + 1);
        foreach (var bucket in _buckets)
        {
            long index = bucket.Index >> 1; // floor(i / 2), negative indexes too
            if (merged.Count > 0 && merged[^1].Index == index)
            {
                merged[^1].Absorb(bucket);
            }
            else
            {
                bucket.Index = index;
                merged.Add(bucket);
            }
        }

        _buckets.Clear();
        _buckets.AddRange(merged);
    }

    /// <summary>
    /// The sum of every interval, as <c>hdr summary</c> adds them; the finest buckets; and the drawn ones: runs of
    /// 2^k neighbouring finest buckets on the time grid added together, k the least that leaves at most
    /// <see cref="TimelineBuilder.MaxDrawnBuckets"/> of them.
    /// </summary>
    /// <param name="percentiles">The percentiles each drawn bucket's values are computed at.</param>
    /// <param name="gapSec">A bucket starting more than this after the previous one's end follows a gap.</param>
    public TagTimelineResult Finish(IReadOnlyList<double> percentiles, double gapSec)
    {
        Close();
        NoteMovingValues();
        var leaves = new List<TimelineLeaf>(_buckets.Count);
        for (int i = 0; i < _buckets.Count; i++)
        {
            var b = _buckets[i];
            leaves.Add(new TimelineLeaf(b.Index, b.FirstStartSec, b.LastStartSec, b.TimeSec, b.Intervals, i > 0 && b.FirstStartSec - _buckets[i - 1].TimeSec > gapSec, b.Counts, b.Moving(_windows.Count)));
        }

        int shift = 0;
        while (GroupCount(shift) > TimelineBuilder.MaxDrawnBuckets)
        {
            shift++;
        }

        var drawn = new List<TimelineBucket>();
        for (int from = 0; from < _buckets.Count;)
        {
            int to = from + 1;
            while (to < _buckets.Count && _buckets[to].Index >> shift == _buckets[from].Index >> shift)
            {
                to++;
            }

            drawn.Add(Drawn(from, to, percentiles, from > 0 && _buckets[from].FirstStartSec - _buckets[from - 1].TimeSec > gapSec));
            from = to;
        }

        if (_open is null)
        {
            return new TagTimelineResult(_doubleSum!, drawn, leaves, null, _worst.Worst(), _worst.CountAbove(_doubleSum!.GetValueAtPercentile(99.99)));
        }

        var sum = (HistogramBase)HistogramStatistics.StartSum(_open);
        var added = CountsPayload.Added.None;
        foreach (var b in _buckets)
        {
            added = added.Plus(CountsPayload.AddTo(b.Counts!, sum));
        }

        CountsPayload.Complete(sum, added);
        return new TagTimelineResult(sum, drawn, leaves, (HistogramBase)HistogramStatistics.StartSum(_open), _worst.Worst(), _worst.CountAbove(sum.GetValueAtPercentile(99.99)));
    }

    /// <summary>Gives the bucket of the last interval added the moving-window percentiles as they are now.</summary>
    private void NoteMovingValues()
    {
        if (_windows.Count == 0 || _lastIndex == long.MinValue)
        {
            return;
        }

        int at = Find(_lastIndex);
        if (at < _buckets.Count && _buckets[at].Index == _lastIndex)
        {
            var values = new double[_windows.Count];
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = _windowSums[_windows[i].WindowSec].ValueAt(_windows[i].Percentile);
            }

            _buckets[at].MovingValues = values;
        }
    }

    /// <summary>How many drawn buckets runs of 2^<paramref name="shift"/> grid places make.</summary>
    private int GroupCount(int shift)
    {
        int groups = 0;
        for (int i = 0; i < _buckets.Count; i++)
        {
            if (i == 0 || _buckets[i].Index >> shift != _buckets[i - 1].Index >> shift)
            {
                groups++;
            }
        }

        return groups;
    }

    /// <summary>The buckets [<paramref name="from"/>, <paramref name="to"/>) added together into one drawn bucket.</summary>
    private TimelineBucket Drawn(int from, int to, IReadOnlyList<double> percentiles, bool afterGap)
    {
        var merged = new Bucket(_buckets[from].Index);
        for (int i = from; i < to; i++)
        {
            merged.Absorb(_buckets[i], withCounts: false);
        }

        if (_open is null)
        {
            var doubles = _buckets[from].Doubles!;
            if (to - from > 1)
            {
                doubles = (DoubleHistogram)HistogramStatistics.StartSum(doubles);
                for (int i = from; i < to; i++)
                {
                    doubles.Add(_buckets[i].Doubles!);
                }
            }

            return merged.ToTimelineBucket(doubles, percentiles, afterGap, _buckets[to - 1].Moving(_windows.Count));
        }

        // The bucket's numbers from its counts, in the histogram that filled the buckets, emptied again after.
        var added = CountsPayload.Added.None;
        for (int i = from; i < to; i++)
        {
            added = added.Plus(CountsPayload.AddTo(_buckets[i].Counts!, _open));
        }

        CountsPayload.Complete(_open, added);
        var bucket = merged.ToTimelineBucket(_open, percentiles, afterGap, _buckets[to - 1].Moving(_windows.Count));
        _open.Reset();
        return bucket;
    }

    private HistogramFormatException Mixed(int lineNumber) => new(
        "line " + lineNumber.ToString(CultureInfo.InvariantCulture) + ": the " + (Tag is not null ? "'" + Tag + "' " : "untagged ")
        + "intervals mix integer histograms and DoubleHistograms, which cannot be added together");

    /// <summary>The position of bucket <paramref name="index"/>, or where it belongs.</summary>
    private int Find(long index)
    {
        int count = _buckets.Count;
        if (count == 0 || _buckets[count - 1].Index < index)
        {
            return count;
        }

        if (_buckets[count - 1].Index == index)
        {
            return count - 1;
        }

        int low = 0;
        int high = count - 1;
        while (low < high)
        {
            int middle = (low + high) / 2;
            if (_buckets[middle].Index < index)
            {
                low = middle + 1;
            }
            else
            {
                high = middle;
            }
        }

        return low;
    }

    /// <summary>Stores the bucket being filled as its payload and empties the histogram that filled it.</summary>
    private void Close()
    {
        if (_open is null || _openAt < 0)
        {
            return;
        }

        _buckets[_openAt].Counts = CountsPayload.Encode(_open);
        _open.Reset();
        _openAt = -1;
    }

    /// <summary>A bucket being built.</summary>
    private sealed class Bucket
    {
        public Bucket(long index)
        {
            Index = index;
        }

        public long Index { get; set; }

        public int Intervals { get; set; }

        public double FirstStartSec { get; set; } = double.MaxValue;

        public double LastStartSec { get; set; } = double.MinValue;

        public double TimeSec { get; set; } = double.MinValue;

        /// <summary>The counts of a finished bucket of integer histograms.</summary>
        public byte[]? Counts { get; set; }

        /// <summary>The sum of a bucket of DoubleHistograms.</summary>
        public DoubleHistogram? Doubles { get; set; }

        /// <summary>The moving-window percentiles at the end of the bucket's last interval; null before they are noted.</summary>
        public double[]? MovingValues { get; set; }

        /// <summary>The moving-window percentiles, NaN for those not known.</summary>
        public double[] Moving(int windows) => MovingValues ?? Enumerable.Repeat(double.NaN, windows).ToArray();

        /// <summary>Adds <paramref name="other"/>'s intervals to this bucket (their counts too unless <paramref name="withCounts"/> is false).</summary>
        public void Absorb(Bucket other, bool withCounts = true)
        {
            Intervals += other.Intervals;
            FirstStartSec = Math.Min(FirstStartSec, other.FirstStartSec);
            LastStartSec = Math.Max(LastStartSec, other.LastStartSec);
            if (other.TimeSec >= TimeSec && other.MovingValues is not null)
            {
                MovingValues = other.MovingValues;
            }

            TimeSec = Math.Max(TimeSec, other.TimeSec);
            if (!withCounts)
            {
                return;
            }

            if (Counts is not null && other.Counts is not null)
            {
                Counts = CountsPayload.Add(Counts, other.Counts);
            }
            else if (Doubles is not null && other.Doubles is not null)
            {
                Doubles.Add(other.Doubles);
            }
        }

        public TimelineBucket ToTimelineBucket(EncodableHistogram h, IReadOnlyList<double> percentiles, bool afterGap, IReadOnlyList<double> moving)
        {
            var values = new double[percentiles.Count];
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = HistogramStatistics.ValueAtPercentile(h, percentiles[i]);
            }

            return new TimelineBucket
            {
                TimeSec = TimeSec,
                FirstStartSec = FirstStartSec,
                LastStartSec = LastStartSec,
                AfterGap = afterGap,
                Intervals = Intervals,
                Count = HistogramStatistics.TotalCount(h),
                Values = values,
                Max = HistogramStatistics.Max(h),
                TimelinePercentiles = percentiles,
                MovingValues = moving,
            };
        }
    }
}
