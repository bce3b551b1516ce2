using System;
using System.Collections.Generic;
using HdrHistogram.Plotting.Data;

namespace HdrHistogram.Plotting.Rendering;

/// <summary>How a plot looks.</summary>
public sealed class PlotOptions
{
    /// <summary>The smallest width and height accepted, in pixels.</summary>
    public const int MinSize = 200;

    /// <summary>The largest width and height accepted, in pixels.</summary>
    public const int MaxSize = 10_000;

    /// <summary>The unit values are shown in.</summary>
    public required ValueUnit Unit { get; init; }

    /// <summary>The title; null for the default title of the plot kind.</summary>
    public string? Title { get; init; }

    /// <summary>Width in pixels.</summary>
    public int Width { get; init; } = 1000;

    /// <summary>Height in pixels.</summary>
    public int Height { get; init; } = 600;

    /// <summary>The value axis: linear, logarithmic, or (the default) logarithmic when the maximum is far above the median.</summary>
    public YScale YScale { get; init; } = YScale.Auto;

    /// <summary>Service-level targets drawn on the percentile plot as a dashed staircase.</summary>
    public IReadOnlyList<SlaTarget> Sla { get; init; } = Array.Empty<SlaTarget>();

    /// <summary>Whether the timeline draws each bucket's maximum (besides its percentiles).</summary>
    public bool TimelineMax { get; init; } = true;

    /// <summary>How the timeline's time axis reads: seconds since the log's start, or the wall clock.</summary>
    public TimeAxis TimeAxis { get; init; } = TimeAxis.Elapsed;

    /// <summary>The time zone of a wall-clock time axis and of the worst intervals' times: UTC unless set.</summary>
    public TimeZoneInfo TimeZone { get; init; } = TimeZoneInfo.Utc;

    /// <summary>How many of the intervals with the largest maxima the report lists per series.</summary>
    public int WorstIntervals { get; init; } = 10;

    /// <summary>The unit the values of logs dropped onto the report's page were recorded in (ns, us, ms or s); null for none given (ns assumed, as the tool assumes).</summary>
    public string? DropValuesIn { get; init; }
}
