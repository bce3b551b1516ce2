namespace HdrHistogram.Utilities;

/// <summary>
/// Conversions between <see cref="DateTime"/> and Unix epoch time (HdrHistogram 2.5.0's helpers, kept at their
/// 2.5.0 full name). A <see cref="DateTimeKind.Local"/> time is converted to UTC first; an unspecified kind is taken
/// as UTC, as the histogram log writer does.
/// </summary>
public static class UnixTimeExtensions
{
    private static readonly DateTime Epoch = new(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc);

    /// <summary>The whole milliseconds from the Unix epoch to <paramref name="source"/>, truncated toward zero as 2.5.0 does.</summary>
    /// <param name="source">The time.</param>
    /// <returns>Milliseconds since 1970-01-01T00:00:00Z (negative before it).</returns>
    public static long MillisecondsSinceUnixEpoch(this DateTime source)
        => (ToUtc(source).Ticks - Epoch.Ticks) / TimeSpan.TicksPerMillisecond;

    /// <summary>
    /// A log's start time in milliseconds as 2.5.0's log writer writes it: <see cref="SecondsSinceUnixEpoch"/> rounded to
    /// three decimals (to the nearest millisecond, as its <c>F3</c> formatting does).
    /// </summary>
    /// <param name="startTime">The log's start time.</param>
    /// <returns>Milliseconds since 1970-01-01T00:00:00Z.</returns>
    internal static long StartTimeMilliseconds(DateTime startTime)
    {
        // Formatting rounds the double's exact value, as 2.5.0's does; the header is written once, so the string is no cost.
        string seconds = startTime.SecondsSinceUnixEpoch().ToString("F3", CultureInfo.InvariantCulture);
        return long.Parse(seconds.Replace(".", string.Empty), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
    }

    /// <summary>The seconds, with fraction, from the Unix epoch to <paramref name="source"/>.</summary>
    /// <param name="source">The time.</param>
    /// <returns>Seconds since 1970-01-01T00:00:00Z (negative before it).</returns>
    public static double SecondsSinceUnixEpoch(this DateTime source)
        => (ToUtc(source).Ticks - Epoch.Ticks) / (double)TimeSpan.TicksPerSecond;

    /// <summary>The UTC time <paramref name="millisecondsSinceUnixEpoch"/> milliseconds after the Unix epoch.</summary>
    /// <param name="millisecondsSinceUnixEpoch">Milliseconds since 1970-01-01T00:00:00Z.</param>
    /// <returns>The time, of kind <see cref="DateTimeKind.Utc"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The result is outside <see cref="DateTime"/>'s range.</exception>
    public static DateTime ToDateFromMillisecondsSinceEpoch(this long millisecondsSinceUnixEpoch)
        => DateTimeOffset.FromUnixTimeMilliseconds(millisecondsSinceUnixEpoch).UtcDateTime;

    /// <summary>The UTC time <paramref name="secondsSinceUnixEpoch"/> seconds after the Unix epoch (to the nearest tick).</summary>
    /// <param name="secondsSinceUnixEpoch">Seconds since 1970-01-01T00:00:00Z.</param>
    /// <returns>The time, of kind <see cref="DateTimeKind.Utc"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The result is outside <see cref="DateTime"/>'s range, or the value is not finite.</exception>
    public static DateTime ToDateFromSecondsSinceEpoch(this double secondsSinceUnixEpoch)
    {
        double ticks = Math.Round(secondsSinceUnixEpoch * TimeSpan.TicksPerSecond);
        if (!(ticks >= -Epoch.Ticks && ticks <= DateTime.MaxValue.Ticks - Epoch.Ticks))
        {
            throw new ArgumentOutOfRangeException(nameof(secondsSinceUnixEpoch), secondsSinceUnixEpoch, "The time is outside the range of DateTime.");
        }

        return Epoch.AddTicks((long)ticks);
    }

    /// <summary>The same instant in UTC; an unspecified kind is taken as UTC already.</summary>
    internal static DateTime ToUtc(DateTime time)
        => time.Kind == DateTimeKind.Local ? time.ToUniversalTime() : DateTime.SpecifyKind(time, DateTimeKind.Utc);
}
