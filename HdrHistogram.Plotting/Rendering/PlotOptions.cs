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
}
