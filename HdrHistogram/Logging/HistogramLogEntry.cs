namespace HdrHistogram.Logging;

/// <summary>
/// One interval line of a histogram log as <see cref="HistogramLogReader"/> read it: its tag, its columns as written,
/// and the absolute timestamps Java's reader derives from them.
/// </summary>
/// <param name="tag">The tag, or null for an untagged line.</param>
/// <param name="rawTimestampSec">The first column (StartTimestamp), in seconds, as written.</param>
/// <param name="rawIntervalLengthSec">The second column (Interval_Length), in seconds, as written.</param>
/// <param name="rawIntervalMax">The third column (Interval_Max), as written.</param>
/// <param name="startTimeStamp">The absolute start, in milliseconds since the Unix epoch.</param>
/// <param name="endTimeStamp">The absolute end, in milliseconds since the Unix epoch.</param>
/// <param name="lineNumber">The 1-based line number.</param>
public readonly struct HistogramLogEntry(string? tag, double rawTimestampSec, double rawIntervalLengthSec, double rawIntervalMax, long startTimeStamp, long endTimeStamp, int lineNumber)
{
    /// <summary>The tag (<c>Tag=</c>), or null for an untagged line. The reader hands out the same string instance for repeated tags.</summary>
    public string? Tag { get; } = tag;

    /// <summary>The first column (StartTimestamp) in seconds, as written: relative to the log's base time, or absolute.</summary>
    public double RawTimestampSec { get; } = rawTimestampSec;

    /// <summary>The second column (Interval_Length) in seconds, as written.</summary>
    public double RawIntervalLengthSec { get; } = rawIntervalLengthSec;

    /// <summary>The third column (Interval_Max), as written; readers ignore it (the maximum comes from the histogram).</summary>
    public double RawIntervalMax { get; } = rawIntervalMax;

    /// <summary>The absolute start, in milliseconds since the Unix epoch: Java's <c>(long) ((timestamp + baseTime) * 1000.0)</c>.</summary>
    public long StartTimeStamp { get; } = startTimeStamp;

    /// <summary>The absolute end, in milliseconds since the Unix epoch: Java's <c>(long) ((timestamp + baseTime + length) * 1000.0)</c>.</summary>
    public long EndTimeStamp { get; } = endTimeStamp;

    /// <summary>The 1-based line number of the interval in the log.</summary>
    public int LineNumber { get; } = lineNumber;
}
