namespace HdrHistogram.Metrics;

/// <summary>Settings of a <see cref="HistogramMetricsBridge"/>.</summary>
public sealed class HistogramMetricsBridgeOptions
{
    /// <summary>How often an interval histogram is written for every subscribed instrument (default 5 seconds).</summary>
    public TimeSpan Interval { get; set; } = TimeSpan.FromSeconds(5);

    /// <summary>Decimal digits of precision of the recorders (default 3). The recorders auto-resize to any value.</summary>
    public int NumberOfSignificantValueDigits { get; set; } = 3;

    /// <summary>
    /// Whether <see cref="HistogramMetricsBridge.Start"/> writes the log header (format version, start time, base
    /// time, legend) first (default true). Turn it off when the log writer is shared and the header is already written.
    /// </summary>
    public bool WriteLogHeader { get; set; } = true;

    /// <summary>
    /// The value unit ratio of the log's <c>Interval_Max</c> column (default 1e6: nanosecond values shown as
    /// milliseconds, as Java's log writer does).
    /// </summary>
    public double MaxValueUnitRatio { get; set; } = 1_000_000.0;
}
