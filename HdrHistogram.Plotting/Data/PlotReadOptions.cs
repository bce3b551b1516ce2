using System;
using System.Collections.Generic;
using HdrHistogram.Plotting.Timeline;

namespace HdrHistogram.Plotting.Data;

/// <summary>Which parts of the inputs to plot.</summary>
public sealed class PlotReadOptions
{
    /// <summary>Only this tag of histogram logs; null: every tag, each a series (untagged intervals too).</summary>
    public string? Tag { get; init; }

    /// <summary>Skip log intervals that end before this many seconds after the log's start time (as <c>hdr process -start</c>).</summary>
    public double StartSec { get; init; }

    /// <summary>Skip log intervals that start after this many seconds after the log's start time (as <c>hdr process -end</c>).</summary>
    public double EndSec { get; init; } = double.MaxValue;

    /// <summary>
    /// The unit the input's values were recorded in (ns, us, ms or s), so that inputs recorded in different units can be
    /// shown in one; null: whatever the plot's <see cref="ValueUnit"/> assumes.
    /// </summary>
    public string? ValuesIn { get; init; }

    /// <summary>The percentiles a timeline shows for each of its buckets (with the maximum): 50, 90, 99 and 99.9 unless set.</summary>
    public IReadOnlyList<double> TimelinePercentiles { get; init; } = DefaultTimelinePercentiles;

    /// <summary>Moving-window percentiles to compute for the timeline (integer histograms); none unless set.</summary>
    public IReadOnlyList<MovingWindow> MovingWindows { get; init; } = Array.Empty<MovingWindow>();

    /// <summary>How many of each tag's intervals with the largest maxima to keep (<see cref="LatencySeries.WorstIntervals"/>): 10 unless set.</summary>
    public int WorstIntervals { get; init; } = 10;

    /// <summary>The timeline's percentiles unless told otherwise.</summary>
    public static IReadOnlyList<double> DefaultTimelinePercentiles { get; } = new[] { 50.0, 90.0, 99.0, 99.9 };

    /// <summary>Receives the intervals and bytes read so far while a log is read; null for none.</summary>
    public IProgress<PlotReadProgress>? Progress { get; init; }
}

/// <summary>How far reading an input has come.</summary>
/// <param name="Intervals">Intervals (or lines) read.</param>
/// <param name="BytesRead">Bytes of the input read.</param>
/// <param name="TotalBytes">The input's length in bytes.</param>
/// <param name="Completed">The input has been read to its end (the last report for it).</param>
/// <param name="LinesRead">The lines of a log its reader consumed (a cut-off last line is left unread); 0 for other inputs.</param>
/// <param name="IntervalsBeforeRange">A log's intervals left out because they start before the time range (with the default start, before the log's start time).</param>
public readonly record struct PlotReadProgress(long Intervals, long BytesRead, long TotalBytes, bool Completed, long LinesRead = 0, long IntervalsBeforeRange = 0);
