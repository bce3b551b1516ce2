namespace HdrHistogram.Plotting.Rendering;

/// <summary>Which picture to draw.</summary>
public enum PlotKind
{
    /// <summary>The percentile distribution: value against percentile on a log 1/(1-p) axis, one line per series.</summary>
    Percentiles,

    /// <summary>Per-interval p50, p90, p99, p99.9 and max against time since the log's start.</summary>
    Timeline,
}
