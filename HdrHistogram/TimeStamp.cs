using System.Diagnostics;

namespace HdrHistogram;

/// <summary>
/// Converts durations into <see cref="Stopwatch"/> ticks, the unit <see cref="HistogramExtensions.Record"/> and
/// <see cref="HistogramExtensions.StartRecordingScope"/> record in.
/// </summary>
public static class TimeStamp
{
    /// <summary>The number of <see cref="Stopwatch"/> ticks in <paramref name="seconds"/> seconds.</summary>
    /// <param name="seconds">A number of seconds.</param>
    /// <returns>The duration in ticks.</returns>
    public static long Seconds(long seconds) => Stopwatch.Frequency * seconds;

    /// <summary>The number of <see cref="Stopwatch"/> ticks in <paramref name="minutes"/> minutes.</summary>
    /// <param name="minutes">A number of minutes.</param>
    /// <returns>The duration in ticks.</returns>
    public static long Minutes(long minutes) => Seconds(minutes * 60);

    /// <summary>The number of <see cref="Stopwatch"/> ticks in <paramref name="hours"/> hours.</summary>
    /// <param name="hours">A number of hours.</param>
    /// <returns>The duration in ticks.</returns>
    public static long Hours(long hours) => Minutes(hours * 60);

    /// <summary>
    /// The number of <see cref="Stopwatch"/> ticks in <paramref name="hours"/> hours (HdrHistogram 2.5.0's signature;
    /// the same as <see cref="Hours(long)"/>).
    /// </summary>
    /// <param name="hours">A number of hours.</param>
    /// <returns>The duration in ticks.</returns>
    public static long Hours(int hours) => Hours((long)hours);
}
