namespace HdrHistogram.Plotting.Rendering;

/// <summary>How a timeline's time axis reads.</summary>
public enum TimeAxis
{
    /// <summary>Seconds since the log's start time.</summary>
    Elapsed,

    /// <summary>The wall-clock time, in a time zone.</summary>
    Wall,
}
