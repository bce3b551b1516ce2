using System;
using System.Globalization;

namespace HdrHistogram.Plotting.Report;

/// <summary>Numbers as the hdr tool prints them: culture-invariant, fixed decimals rounded half up as Java's formatter does.</summary>
internal static class ValueText
{
    /// <summary><paramref name="value"/> with <paramref name="decimals"/> decimals ("NaN" and infinities as Java prints them).</summary>
    public static string Fixed(double value, int decimals)
    {
        if (double.IsNaN(value))
        {
            return "NaN";
        }

        if (double.IsInfinity(value))
        {
            return value > 0 ? "Infinity" : "-Infinity";
        }

        decimals = Math.Clamp(decimals, 0, 12);
        if (Math.Abs(value) < 7.9e27)
        {
            // Via decimal: its ~15 significant digits round ties half up as Java's %f does (double formatting rounds the binary value).
            return Math.Round((decimal)value, decimals, MidpointRounding.AwayFromZero).ToString("F" + decimals.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
        }

        return value.ToString("F" + decimals.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
    }
}
