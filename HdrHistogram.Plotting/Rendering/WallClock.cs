using System;
using System.Globalization;

namespace HdrHistogram.Plotting.Rendering;

/// <summary>Wall-clock times as the pictures and the report print them, whatever the culture.</summary>
public static class WallClock
{
    /// <summary>The time zone named <paramref name="name"/> (an IANA name such as Europe/Berlin, or UTC).</summary>
    /// <exception cref="ArgumentException">The system knows no such time zone.</exception>
    public static TimeZoneInfo Zone(string name)
    {
        try
        {
            return name.Equals("UTC", StringComparison.OrdinalIgnoreCase) ? TimeZoneInfo.Utc : TimeZoneInfo.FindSystemTimeZoneById(name);
        }
        catch (Exception e) when (e is TimeZoneNotFoundException or InvalidTimeZoneException)
        {
            throw new ArgumentException("unknown time zone '" + name + "' (an IANA name such as Europe/Berlin, or UTC)", nameof(name), e);
        }
    }

    /// <summary>
    /// <paramref name="secondsSinceEpoch"/> in <paramref name="zone"/>: "yyyy-MM-dd HH:mm:ss.fff" with the zone's
    /// offset, e.g. "2023-11-14 23:13:20.000 +01:00".
    /// </summary>
    public static string Text(double secondsSinceEpoch, TimeZoneInfo zone)
    {
        var time = TimeZoneInfo.ConvertTime(DateTimeOffset.FromUnixTimeMilliseconds((long)Math.Round(secondsSinceEpoch * 1000)), zone);
        return time.ToString("yyyy-MM-dd HH:mm:ss.fff zzz", CultureInfo.InvariantCulture);
    }

    /// <summary>A tick label: the time of day ("HH:mm:ss"), with the date when the axis spans more than a day.</summary>
    public static string Tick(double secondsSinceEpoch, TimeZoneInfo zone, bool withDate)
    {
        var time = TimeZoneInfo.ConvertTime(DateTimeOffset.FromUnixTimeMilliseconds((long)Math.Round(secondsSinceEpoch * 1000)), zone);
        return time.ToString(withDate ? "MM-dd HH:mm" : "HH:mm:ss", CultureInfo.InvariantCulture);
    }
}
