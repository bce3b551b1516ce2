using System;
using System.Collections.Generic;
using System.Linq;
using HdrHistogram.Plotting.Timeline;

namespace HdrHistogram.Plotting.Rendering;

/// <summary>
/// One line of a timeline and how it is drawn: the one table of dash styles and widths that the pictures
/// (<see cref="PlotRenderer"/>) and the report's page (its JSON carries the table) both draw with.
/// </summary>
/// <param name="Name">The legend text: "p50", "p99.9", "max".</param>
/// <param name="Percentile">The percentile; null for the maximum.</param>
/// <param name="Dash">Dash and gap lengths in pixels, alternating (SVG's stroke-dasharray); empty for a solid line.</param>
/// <param name="Width">The line width in pixels.</param>
public sealed record TimelineLine(string Name, double? Percentile, IReadOnlyList<float> Dash, float Width)
{
    /// <summary>Dash styles by percentile; percentiles not listed take <see cref="OtherDashes"/> in turn.</summary>
    private static readonly (double Percentile, float[] Dash)[] KnownDashes =
    {
        (50, Array.Empty<float>()),
        (90, new float[] { 9, 4 }),
        (99, new float[] { 4, 3 }),
        (99.9, new float[] { 12, 4, 3, 4 }),
        (99.99, new float[] { 16, 4, 3, 4, 3, 4 }),
    };

    private static readonly float[][] OtherDashes =
    {
        new float[] { 6, 2 },
        new float[] { 16, 6 },
        new float[] { 4, 2, 1, 2 },
        new float[] { 10, 3, 10, 3, 2, 3 },
    };

    /// <summary>The maximum: fine dots, a little thinner than the percentiles.</summary>
    public static TimelineLine MaxLine { get; } = new("max", null, new float[] { 1, 4 }, 1.6f);

    /// <summary>The width of a moving-window percentile: wide and translucent, behind the lines it summarizes.</summary>
    public const float MovingWidth = 4f;

    /// <summary>The opacity of a moving-window percentile line.</summary>
    public const float MovingOpacity = 0.45f;

    /// <summary>The width of the percentile lines.</summary>
    public const float PercentileWidth = 1.8f;

    /// <summary>
    /// The lines of a timeline of <paramref name="percentiles"/> in drawing order: the percentiles as given, then the
    /// maximum (unless <paramref name="withMax"/> is false), last, so that its fine dots stay visible where it meets a
    /// percentile (which shows between the dots).
    /// </summary>
    public static IReadOnlyList<TimelineLine> For(IReadOnlyList<double> percentiles, bool withMax = true)
    {
        var lines = new List<TimelineLine>();
        int other = 0;
        foreach (double p in percentiles)
        {
            float[]? dash = KnownDashes.FirstOrDefault(k => k.Percentile == p).Dash;
            dash ??= OtherDashes[other++ % OtherDashes.Length];
            lines.Add(new TimelineLine("p" + PlotRenderer.PercentileLabel(p).TrimEnd('%'), p, dash, PercentileWidth));
        }

        if (withMax)
        {
            lines.Add(MaxLine);
        }

        return lines;
    }

    /// <summary>The line's value in <paramref name="bucket"/>, as recorded.</summary>
    public double Value(TimelineBucket bucket) => Percentile is { } p ? bucket.ValueAt(p) : bucket.Max;
}
