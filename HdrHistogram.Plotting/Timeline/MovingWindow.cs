using System;
using System.Collections.Generic;
using System.Globalization;

namespace HdrHistogram.Plotting.Timeline;

/// <summary>
/// A moving-window percentile of a timeline (HistogramLogAnalyzer's MWP): at the end of each interval, the percentile
/// of every value recorded in the intervals that end within the window before it.
/// </summary>
/// <param name="Percentile">The percentile, e.g. 99.9.</param>
/// <param name="WindowSec">The window's length in seconds.</param>
public sealed record MovingWindow(double Percentile, double WindowSec)
{
    /// <summary>The legend text, e.g. "p99.9 over 60 s".</summary>
    public string Name => "p" + Percentile.ToString("0.######", CultureInfo.InvariantCulture) + " over " + WindowSec.ToString("0.###", CultureInfo.InvariantCulture) + " s";

    /// <summary>
    /// Parses <c>P:WINDOW[,P:WINDOW...]</c>, e.g. <c>99.9:60s,99:5m</c>: a percentile between 0 and 100 and a window
    /// with a unit (ms, s, m, h; seconds without one).
    /// </summary>
    /// <exception cref="FormatException">A part is not of that form.</exception>
    public static IReadOnlyList<MovingWindow> ParseList(string text)
    {
        var windows = new List<MovingWindow>();
        foreach (string part in text.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            int colon = part.IndexOf(':', StringComparison.Ordinal);
            if (colon <= 0
                || !double.TryParse(part.AsSpan(0, colon), NumberStyles.Float, CultureInfo.InvariantCulture, out double percentile)
                || !(percentile > 0 && percentile <= 100))
            {
                throw new FormatException("'" + part + "' is not PERCENTILE:WINDOW with a percentile above 0 up to 100 (e.g. 99.9:60s)");
            }

            string window = part.Substring(colon + 1);
            int unitAt = window.Length;
            while (unitAt > 0 && char.IsAsciiLetter(window[unitAt - 1]))
            {
                unitAt--;
            }

            double seconds = window.Substring(unitAt) switch
            {
                "" or "s" => 1,
                "ms" => 0.001,
                "m" => 60,
                "h" => 3600,
                _ => double.NaN,
            };
            if (double.IsNaN(seconds)
                || !double.TryParse(window.AsSpan(0, unitAt), NumberStyles.Float, CultureInfo.InvariantCulture, out double length)
                || !(length > 0) || double.IsInfinity(length))
            {
                throw new FormatException("'" + part + "' has no valid window after ':' (a length with ms, s, m or h, e.g. 99.9:60s)");
            }

            windows.Add(new MovingWindow(percentile, length * seconds));
        }

        if (windows.Count == 0)
        {
            throw new FormatException("no PERCENTILE:WINDOW given (e.g. 99.9:60s)");
        }

        return windows;
    }
}
