using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;

namespace HdrHistogram.Plotting.Data;

/// <summary>
/// Reads a Java percentile distribution (.hgrm), text or CSV: the value and percentile of every line, and the
/// footer's mean, standard deviation, maximum and total count (text form).
/// </summary>
internal static class HgrmParser
{
    private static readonly char[] Separators = { ' ', '\t', ',' };
    private static readonly char[] FooterEnds = { ',', ']' };

    /// <summary>The series of the file; null when it has no distribution lines.</summary>
    /// <exception cref="HistogramFormatException">A line is neither a comment, the header nor a distribution line.</exception>
    public static LatencySeries? Parse(Stream stream, string name)
    {
        var points = new List<PercentilePoint>();
        long count = 0;
        double? mean = null;
        double? stdDeviation = null;
        double? max = null;
        long? footerCount = null;
        int decimals = 0;
        using var reader = new StreamReader(stream, System.Text.Encoding.UTF8, true, 64 * 1024, leaveOpen: true);
        string? line;
        int lineNumber = 0;
        while ((line = reader.ReadLine()) is not null)
        {
            lineNumber++;
            string trimmed = line.Trim();
            if (trimmed.Length == 0 || trimmed.StartsWith("Value", StringComparison.Ordinal) || trimmed.StartsWith("\"Value", StringComparison.Ordinal))
            {
                continue;
            }

            if (trimmed[0] == '#')
            {
                mean ??= Footer(trimmed, "Mean");
                stdDeviation ??= Footer(trimmed, "StdDeviation");
                max ??= Footer(trimmed, "Max");
                footerCount ??= (long?)Footer(trimmed, "Total count");
                continue;
            }

            string[] columns = trimmed.Split(Separators, StringSplitOptions.RemoveEmptyEntries);
            if (columns.Length < 3
                || !double.TryParse(columns[0], NumberStyles.Float, CultureInfo.InvariantCulture, out double value)
                || !double.TryParse(columns[1], NumberStyles.Float, CultureInfo.InvariantCulture, out double fraction)
                || !long.TryParse(columns[2], NumberStyles.None, CultureInfo.InvariantCulture, out long totalCount)
                || !(fraction >= 0 && fraction <= 1))
            {
                throw new HistogramFormatException(name + ": line " + lineNumber.ToString(CultureInfo.InvariantCulture) + " is not a .hgrm distribution line (Value Percentile TotalCount 1/(1-Percentile))");
            }

            int dot = columns[0].IndexOf('.', StringComparison.Ordinal);
            decimals = dot < 0 ? 0 : columns[0].Length - dot - 1;
            points.Add(new PercentilePoint(fraction * 100.0, value, totalCount));
            count = totalCount;
        }

        if (points.Count == 0)
        {
            return null;
        }

        return new LatencySeries
        {
            Source = name,
            Format = PlotInputFormat.Hgrm,
            Distribution = points,
            Timeline = Array.Empty<Timeline.TimelineBucket>(),
            Summary = new SeriesSummary
            {
                Count = footerCount ?? count,
                Min = points[0].Value,
                P50 = At(points, 50),
                P90 = At(points, 90),
                P99 = At(points, 99),
                P999 = At(points, 99.9),
                P9999 = At(points, 99.99),
                Max = max ?? points[^1].Value,
                Mean = mean ?? double.NaN,
                StdDeviation = stdDeviation ?? double.NaN,
                Decimals = decimals,
                PercentileDecimals = decimals,
            },
        };
    }

    /// <summary>The value of the first line at or above <paramref name="percentile"/> (the lines are the only values known).</summary>
    private static double At(List<PercentilePoint> points, double percentile)
        => points.FirstOrDefault(p => p.Percentile >= percentile, points[^1]).Value;

    /// <summary>A number from a footer line such as <c>#[Mean    =        74.89, StdDeviation   =       267.57]</c>.</summary>
    private static double? Footer(string line, string label)
    {
        int at = line.IndexOf(label, StringComparison.Ordinal);
        if (at < 0 || (at > 0 && char.IsLetter(line[at - 1])))
        {
            return null;
        }

        int equals = line.IndexOf('=', at + label.Length);
        if (equals < 0 || line.AsSpan(at + label.Length, equals - at - label.Length).Trim().Length != 0)
        {
            return null;
        }

        int end = line.IndexOfAny(FooterEnds, equals);
        var number = line.AsSpan(equals + 1, (end < 0 ? line.Length : end) - equals - 1).Trim();
        return double.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out double value) ? value : null;
    }
}
