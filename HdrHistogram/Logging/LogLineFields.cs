namespace HdrHistogram.Logging;

/// <summary>
/// What an interval line of a histogram log writes beside the encoding: the timestamps, the tag and the maximum,
/// read from the same moment as the encoding (see <see cref="EncodableHistogram.EncodeUncompressed"/>).
/// </summary>
/// <param name="startTimeStamp">The histogram's <see cref="EncodableHistogram.StartTimeStamp"/>.</param>
/// <param name="endTimeStamp">The histogram's <see cref="EncodableHistogram.EndTimeStamp"/>.</param>
/// <param name="tag">The histogram's tag, or null.</param>
/// <param name="maxValueAsDouble">The histogram's maximum (<see cref="EncodableHistogram.GetMaxValueAsDouble"/>).</param>
internal readonly struct LogLineFields(long startTimeStamp, long endTimeStamp, string? tag, double maxValueAsDouble)
{
    /// <summary>The start of the interval, in milliseconds since the Unix epoch (0 when not set).</summary>
    public long StartTimeStamp { get; } = startTimeStamp;

    /// <summary>The end of the interval, in milliseconds since the Unix epoch (0 when not set).</summary>
    public long EndTimeStamp { get; } = endTimeStamp;

    /// <summary>The histogram's tag, or null.</summary>
    public string? Tag { get; } = tag;

    /// <summary>The histogram's maximum, before unit scaling.</summary>
    public double MaxValueAsDouble { get; } = maxValueAsDouble;
}
