namespace HdrHistogram.Plotting.Timeline;

/// <summary>One of a tag's intervals with the largest maxima.</summary>
/// <param name="StartSec">Its start in seconds after the log's start time, unrounded (what <c>--start</c> is compared with).</param>
/// <param name="StartTimeStamp">Its start in milliseconds since the epoch.</param>
/// <param name="EndTimeStamp">Its end in milliseconds since the epoch.</param>
/// <param name="Max">Its largest value, as recorded.</param>
/// <param name="Count">How many values it recorded.</param>
/// <param name="LineNumber">Its line in the log.</param>
public sealed record WorstInterval(double StartSec, long StartTimeStamp, long EndTimeStamp, double Max, long Count, int LineNumber);
