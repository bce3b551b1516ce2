using System.Collections.Generic;
using System.Globalization;
using System.Text;
using HdrHistogram.Plotting.Rendering;

namespace HdrHistogram.Plotting.Timeline;

/// <summary>
/// The worst intervals as <c>hdr summary --worst</c> prints them and the report lists them: start (wall clock in a
/// time zone, and seconds after the log's start time), max and count, values divided as <c>hdr summary</c> divides
/// them (whole numbers when the ratio is 1, else 3 decimals); culture-invariant.
/// </summary>
public static class WorstIntervalsText
{
    /// <summary>A value as <c>hdr summary</c> prints it: divided by <paramref name="ratio"/> with 3 decimals, or whole when the ratio is 1.</summary>
    public static string Value(double value, double ratio)
        => ratio == 1.0 && value == System.Math.Floor(value) ? ((long)value).ToString(CultureInfo.InvariantCulture) : (value / ratio).ToString("F3", CultureInfo.InvariantCulture);

    /// <summary>
    /// The lines for one tag: a header, one line per interval (rank, start, start in seconds, max, count), and how many
    /// intervals have a max above the p99.99.
    /// </summary>
    /// <param name="tag">The tag, or null for untagged intervals.</param>
    /// <param name="worst">The intervals, largest max first.</param>
    /// <param name="above">How many intervals have a max above <paramref name="p9999"/>.</param>
    /// <param name="intervals">How many intervals the tag has.</param>
    /// <param name="p9999">The tag's p99.99, as recorded.</param>
    /// <param name="ratio">What values are divided by.</param>
    /// <param name="zone">The time zone of the start times.</param>
    public static string Text(string? tag, IReadOnlyList<WorstInterval> worst, long above, long intervals, double p9999, double ratio, System.TimeZoneInfo zone)
    {
        var rows = new List<string[]> { new[] { "#", "Start (" + (zone == System.TimeZoneInfo.Utc ? "UTC" : zone.Id) + ")", "Start (s)", "Max", "Count" } };
        for (int i = 0; i < worst.Count; i++)
        {
            var w = worst[i];
            rows.Add(new[]
            {
                (i + 1).ToString(CultureInfo.InvariantCulture),
                WallClock.Text(w.StartTimeStamp / 1000.0, zone),
                w.StartSec.ToString("F3", CultureInfo.InvariantCulture),
                Value(w.Max, ratio),
                w.Count.ToString(CultureInfo.InvariantCulture),
            });
        }

        var widths = new int[rows[0].Length];
        foreach (var row in rows)
        {
            for (int c = 0; c < row.Length; c++)
            {
                widths[c] = System.Math.Max(widths[c], row[c].Length);
            }
        }

        var text = new StringBuilder();
        text.Append("Worst intervals by max (").Append(tag is null ? "untagged" : "tag '" + tag + "'").Append("):\n");
        foreach (var row in rows)
        {
            text.Append(' ');
            for (int c = 0; c < row.Length; c++)
            {
                text.Append(' ').Append(c == 1 ? row[c].PadRight(widths[c]) : row[c].PadLeft(widths[c])).Append(c + 1 < row.Length ? " " : string.Empty);
            }

            text.Length = text.ToString().TrimEnd().Length;
            text.Append('\n');
        }

        text.Append("Intervals with a max above the p99.99 (").Append(Value(p9999, ratio)).Append("): ")
            .Append(above.ToString(CultureInfo.InvariantCulture)).Append(" of ").Append(intervals.ToString(CultureInfo.InvariantCulture)).Append('\n');
        return text.ToString();
    }
}
