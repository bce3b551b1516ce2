namespace HdrHistogram.Plotting.Data;

/// <summary>The percentiles of one interval of a log, for the timeline plot; values as recorded.</summary>
/// <param name="TimeSec">The interval's end, in seconds after the log's start time (the time column of <c>hdr process</c>'s interval log).</param>
/// <param name="Count">Values recorded in the interval.</param>
/// <param name="P50">The median.</param>
/// <param name="P90">The 90th percentile.</param>
/// <param name="P99">The 99th percentile.</param>
/// <param name="P999">The 99.9th percentile.</param>
/// <param name="Max">The largest value.</param>
public sealed record IntervalPercentiles(double TimeSec, long Count, double P50, double P90, double P99, double P999, double Max);
