using System.Collections.Generic;

namespace HdrHistogram.Plotting.Timeline;

/// <summary>
/// One point of a timeline: the intervals of a log (of one tag) that start within one time bucket, added together. A
/// log of up to <see cref="TimelineBuilder.MaxDrawnBuckets"/> intervals has one interval per bucket; a longer one about
/// a thousand to two thousand buckets, each standing for as many intervals as fall in it. Times are seconds after the
/// log's start time; values as recorded.
/// </summary>
public sealed class TimelineBucket
{
    /// <summary>Where the bucket is drawn: the end of its last interval (the time column of <c>hdr process</c>'s interval log).</summary>
    public required double TimeSec { get; init; }

    /// <summary>
    /// The start of the bucket's first interval, unrounded, as <c>--start</c> is compared with it: <c>hdr summary
    /// --start</c> this value keeps the interval.
    /// </summary>
    public required double FirstStartSec { get; init; }

    /// <summary>The start of the bucket's last interval, unrounded: <c>hdr summary --end</c> this value keeps the interval.</summary>
    public required double LastStartSec { get; init; }

    /// <summary>
    /// Whether intervals are missing before this bucket: its first interval starts more than half an interval's length
    /// (the log's first interval's) after the previous bucket's last one ends. Lines are not drawn across a gap.
    /// </summary>
    public bool AfterGap { get; init; }

    /// <summary>How many intervals the bucket stands for.</summary>
    public required int Intervals { get; init; }

    /// <summary>Values recorded in the bucket's intervals.</summary>
    public required long Count { get; init; }

    /// <summary>The value at each of the timeline's percentiles (<see cref="TimelinePercentiles"/>), in that order.</summary>
    public required IReadOnlyList<double> Values { get; init; }

    /// <summary>The largest value.</summary>
    public required double Max { get; init; }

    /// <summary>
    /// The moving-window percentiles (<see cref="Data.PlotReadOptions.MovingWindows"/>, in that order) at the end of the
    /// bucket's last interval; NaN where not known (an empty window, DoubleHistogram series).
    /// </summary>
    public IReadOnlyList<double> MovingValues { get; init; } = System.Array.Empty<double>();

    /// <summary>The median.</summary>
    public double P50 => ValueAt(50);

    /// <summary>The 90th percentile.</summary>
    public double P90 => ValueAt(90);

    /// <summary>The 99th percentile.</summary>
    public double P99 => ValueAt(99);

    /// <summary>The 99.9th percentile.</summary>
    public double P999 => ValueAt(99.9);

    /// <summary>
    /// The bucket's counts as a V2 counts payload in the series' layout; null for
    /// DoubleHistogram series.
    /// </summary>
    internal byte[]? Counts { get; init; }

    /// <summary>The percentiles <see cref="Values"/> holds (shared by every bucket of a series).</summary>
    public required IReadOnlyList<double> TimelinePercentiles { get; init; }

    /// <summary>The value at <paramref name="percentile"/>, one of <see cref="TimelinePercentiles"/>; NaN for another.</summary>
    public double ValueAt(double percentile)
    {
        for (int i = 0; i < TimelinePercentiles.Count; i++)
        {
            if (TimelinePercentiles[i] == percentile)
            {
                return Values[i];
            }
        }

        return double.NaN;
    }
}
