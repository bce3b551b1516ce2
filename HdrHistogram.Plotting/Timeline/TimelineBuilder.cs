using System;
using System.Collections.Generic;
using System.Linq;

namespace HdrHistogram.Plotting.Timeline;

/// <summary>
/// The timelines of one log, built in its one streaming pass: every interval is added to the time bucket its start
/// falls in, per tag, so that memory and the pictures' size stay bounded however long the log is. Buckets start a
/// small fraction of the first interval's length wide (one interval each); whenever a tag has more than
/// <see cref="MaxLeafBuckets"/> buckets with intervals (<see cref="MaxDrawnBuckets"/> for DoubleHistograms, whose
/// buckets are whole histograms), every bucket width doubles and neighbouring buckets are added together. All tags of
/// the log share the buckets' bounds. A bucket keeps its intervals' added counts (exact), so any run of buckets answers
/// as <c>hdr summary --start --end</c> over the same intervals; the timeline draws runs of them, at most
/// <see cref="MaxDrawnBuckets"/>, and a log of no more intervals interval by interval.
/// </summary>
internal sealed class TimelineBuilder
{
    /// <summary>The most buckets a timeline draws; a log with no more intervals is drawn interval by interval.</summary>
    public const int MaxDrawnBuckets = 2048;

    /// <summary>The most (finest) buckets a tag of integer histograms keeps: four times as fine as the drawn ones, for the report's ranges.</summary>
    public const int MaxLeafBuckets = 4 * MaxDrawnBuckets;

    /// <summary>The first buckets are the first interval's length divided by this: narrower than any interval of a regular log.</summary>
    private const int FirstWidthDivisor = 1024;

    private readonly IReadOnlyList<double> _percentiles;
    private readonly IReadOnlyList<MovingWindow> _windows;
    private readonly int _worst;
    private readonly Dictionary<string, TagTimeline> _byTag = new(StringComparer.Ordinal);
    private readonly List<TagTimeline> _order = new();
    private double _origin = double.NaN;
    private double _width;
    private double _firstLengthSec = double.NaN;

    /// <param name="percentiles">The percentiles each bucket's values are computed at.</param>
    /// <param name="windows">The moving-window percentiles to compute.</param>
    /// <param name="worst">How many of each tag's intervals with the largest maxima to keep.</param>
    public TimelineBuilder(IReadOnlyList<double> percentiles, IReadOnlyList<MovingWindow> windows, int worst)
    {
        _percentiles = percentiles;
        _windows = windows;
        _worst = worst;
    }

    /// <summary>The width of a bucket in seconds (0 before the first interval).</summary>
    public double BucketWidthSec => _width;

    /// <summary>Adds an interval.</summary>
    /// <param name="interval">The interval (it may be recycled by the reader once this returns).</param>
    /// <param name="startSec">Its start in seconds after the log's start time, unrounded (as a time range is compared with it).</param>
    /// <param name="lengthSec">Its length in seconds, as written.</param>
    /// <param name="timeSec">Where it is drawn: its end in seconds after the log's start time.</param>
    /// <param name="lineNumber">Its line, for errors.</param>
    /// <exception cref="HistogramFormatException">The tag's intervals mix integer histograms and DoubleHistograms.</exception>
    public void Add(EncodableHistogram interval, double startSec, double lengthSec, double timeSec, int lineNumber)
    {
        if (double.IsNaN(_origin))
        {
            _origin = startSec;
            _firstLengthSec = lengthSec;
            _width = (lengthSec > 0 && double.IsFinite(lengthSec) ? lengthSec : 1e-3) / FirstWidthDivisor;
        }

        string key = interval.Tag ?? string.Empty;
        if (!_byTag.TryGetValue(key, out var tag))
        {
            tag = new TagTimeline(interval.Tag, interval, _windows, _worst);
            _byTag.Add(key, tag);
            _order.Add(tag);
        }

        long index = (long)Math.Floor((startSec - _origin) / _width);
        tag.Add(interval, index, startSec, timeSec, lineNumber);
        if (tag.BucketCount > (tag.HoldsDoubleHistograms ? MaxDrawnBuckets : MaxLeafBuckets))
        {
            _width *= 2;
            foreach (var t in _order)
            {
                t.Coarsen();
            }
        }
    }

    /// <summary>The tags read, untagged first, then by name.</summary>
    public IReadOnlyList<TagTimeline> Tags()
        => _order.OrderBy(t => t.Tag is not null).ThenBy(t => t.Tag, StringComparer.Ordinal).ToList();

    /// <summary>Finishes the tag's timeline (see <see cref="TagTimeline.Finish"/>), gaps being half the first interval's length.</summary>
    public TagTimelineResult Finish(TagTimeline tag)
        => tag.Finish(_percentiles, double.IsFinite(_firstLengthSec) && _firstLengthSec > 0 ? _firstLengthSec / 2 : double.PositiveInfinity);
}
