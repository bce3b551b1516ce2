using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Fonts;
using ScottPlot;

namespace HdrHistogram.Plotting.Rendering;

/// <summary>Draws the percentile distribution and the timeline of series with ScottPlot, as SVG or PNG.</summary>
public static partial class PlotRenderer
{
    /// <summary>Percentiles that get a labelled tick when the data reaches them: 1/(1-p) = 1, 2, 10, 100, ...</summary>
    private static readonly double[] TickPercentiles = { 0, 50, 90, 99, 99.9, 99.99, 99.999, 99.9999, 99.99999, 99.999999 };

    private static readonly (string Name, Func<IntervalPercentiles, double> Value)[] TimelineLines =
    {
        ("p50", i => i.P50),
        ("p90", i => i.P90),
        ("p99", i => i.P99),
        ("p99.9", i => i.P999),
        ("max", i => i.Max),
    };

    /// <summary>The x coordinate of <paramref name="percentile"/> on the percentile plot: log10(1/(1-p)).</summary>
    public static double PercentileToX(double percentile) => -Math.Log10(1.0 - (percentile / 100.0));

    /// <summary>The label of a percentile tick, e.g. "99.9%".</summary>
    public static string PercentileLabel(double percentile) => percentile.ToString("0.######", CultureInfo.InvariantCulture) + "%";

    /// <summary>Renders <paramref name="kind"/> of <paramref name="series"/> in <paramref name="format"/>.</summary>
    /// <exception cref="ArgumentException">A timeline is asked of series without intervals.</exception>
    public static byte[] Render(PlotKind kind, IReadOnlyList<LatencySeries> series, PlotOptions options, ImageFormat format)
    {
        var plot = kind == PlotKind.Timeline ? Timeline(series, options) : Percentiles(series, options);
        return format == ImageFormat.Png
            ? plot.GetImageBytes(options.Width, options.Height, ScottPlot.ImageFormat.Png)
            : System.Text.Encoding.UTF8.GetBytes(Svg(plot, options));
    }

    /// <summary>The SVG document of <paramref name="kind"/>, text naming fallback fonts for viewers without DejaVu Sans.</summary>
    public static string RenderSvg(PlotKind kind, IReadOnlyList<LatencySeries> series, PlotOptions options)
        => Svg(kind == PlotKind.Timeline ? Timeline(series, options) : Percentiles(series, options), options);

    /// <summary>The x positions where the percentile curve of <paramref name="distribution"/> is drawn (100% sits one value past the last finite point).</summary>
    internal static double[] DistributionX(IReadOnlyList<PercentilePoint> distribution, long count)
    {
        double top = Math.Log10(Math.Max(count, 1));
        var xs = new double[distribution.Count];
        for (int i = 0; i < xs.Length; i++)
        {
            double p = distribution[i].Percentile;
            xs[i] = p >= 100.0 ? Math.Max(top, i > 0 ? xs[i - 1] : 0) : PercentileToX(p);
        }

        return xs;
    }

    private static Plot Percentiles(IReadOnlyList<LatencySeries> series, PlotOptions options)
    {
        var plot = NewPlot(options.Title ?? "Latency by percentile", "Percentile", "Latency (" + options.Unit.Label + ")");
        double maxX = 1;
        double maxY = 0;
        foreach (var s in series)
        {
            double[] xs = DistributionX(s.Distribution, s.Summary.Count);
            double[] ys = s.Distribution.Select(p => s.Scale(p.Value, options.Unit)).ToArray();
            var line = plot.Add.ScatterLine(xs, ys);
            line.LegendText = s.Label;
            line.LineWidth = 2;
            maxX = Math.Max(maxX, xs.Length > 0 ? xs.Max() : 0);
            maxY = Math.Max(maxY, ys.Length > 0 ? ys.Max() : 0);
        }

        if (options.Sla.Count > 0)
        {
            // A staircase: up to each target's percentile, values must stay at or below its value.
            var targets = options.Sla.OrderBy(t => t.Percentile).ToList();
            var xs = new List<double> { 0 };
            var ys = new List<double> { targets[0].Value };
            foreach (var (target, index) in targets.Select((t, i) => (t, i)))
            {
                double x = PercentileToX(target.Percentile);
                xs.Add(x);
                ys.Add(target.Value);
                if (index + 1 < targets.Count)
                {
                    xs.Add(x);
                    ys.Add(targets[index + 1].Value);
                }
            }

            var sla = plot.Add.ScatterLine(xs.ToArray(), ys.ToArray());
            sla.LegendText = "SLA " + string.Join(", ", targets.Select(t => PercentileLabel(t.Percentile) + " ≤ " + Number(t.Value) + " " + options.Unit.Label));
            sla.LinePattern = LinePattern.Dashed;
            sla.LineWidth = 2;
            sla.Color = Colors.Red;
            maxX = Math.Max(maxX, xs.Max());
            maxY = Math.Max(maxY, ys.Max());
        }

        var ticks = TickPercentiles.Where(p => PercentileToX(p) <= maxX + 1e-9).ToList();
        if (ticks.Count < TickPercentiles.Length && PercentileToX(ticks[^1]) < maxX - 1e-9)
        {
            ticks.Add(TickPercentiles[ticks.Count]); // one tick past the data, so the last decade is labelled
        }

        plot.Axes.Bottom.TickGenerator = new ScottPlot.TickGenerators.NumericManual(
            ticks.Select(PercentileToX).ToArray(), ticks.Select(PercentileLabel).ToArray());
        // A little room right of the last tick, so its label is not cut at the edge.
        double right = PercentileToX(ticks[^1]);
        plot.Axes.SetLimits(0, right + Math.Max(0.2, right * 0.04), 0, maxY > 0 ? maxY * 1.05 : 1);
        plot.ShowLegend(Alignment.UpperLeft);
        return plot;
    }

    private static Plot Timeline(IReadOnlyList<LatencySeries> series, PlotOptions options)
    {
        var withIntervals = series.Where(s => s.Intervals.Count > 0).ToList();
        if (withIntervals.Count == 0)
        {
            throw new ArgumentException("a timeline needs a histogram log with intervals (.hgrm files and base64 histograms have no timestamps)");
        }

        var plot = NewPlot(options.Title ?? "Latency by interval", "Time since log start (s)", "Latency (" + options.Unit.Label + ")");
        double maxY = 0;
        // One colour per percentile; with several series, each series its own line pattern.
        LinePattern[] patterns = { LinePattern.Solid, LinePattern.Dashed, LinePattern.Dotted, LinePattern.DenselyDashed };
        var palette = new ScottPlot.Palettes.Category10();
        foreach (var (s, index) in withIntervals.Select((s, i) => (s, i)))
        {
            double[] xs = s.Intervals.Select(i => i.TimeSec).ToArray();
            foreach (var ((name, value), line) in TimelineLines.Select((l, i) => (l, i)))
            {
                double[] ys = s.Intervals.Select(i => s.Scale(value(i), options.Unit)).ToArray();
                var scatter = plot.Add.ScatterLine(xs, ys);
                scatter.LegendText = withIntervals.Count == 1 ? name : s.Label + " " + name;
                scatter.LineWidth = 1.5f;
                scatter.Color = palette.GetColor(line);
                scatter.LinePattern = patterns[index % patterns.Length];
                maxY = Math.Max(maxY, ys.Max());
            }
        }

        plot.Axes.AutoScaleX();
        plot.Axes.SetLimitsY(0, maxY > 0 ? maxY * 1.05 : 1);
        plot.ShowLegend(Alignment.UpperLeft);
        return plot;
    }

    private static Plot NewPlot(string title, string xLabel, string yLabel)
    {
        EmbeddedFont.Register();
        var plot = new Plot();
        plot.Title(title);
        plot.XLabel(xLabel);
        plot.YLabel(yLabel);
        plot.Font.Set(EmbeddedFont.Family);
        plot.Legend.FontName = EmbeddedFont.Family;
        // ScottPlot's numeric tick labels follow the current culture ("0,5" under de-DE): plots are culture-invariant.
        foreach (var axis in new ScottPlot.IAxis[] { plot.Axes.Left, plot.Axes.Bottom })
        {
            if (axis.TickGenerator is ScottPlot.TickGenerators.NumericAutomatic automatic)
            {
                automatic.LabelFormatter = TickLabel;
            }
        }

        return plot;
    }

    /// <summary>A numeric tick label: whole or large numbers with thousands separators, others with up to 10 decimals; invariant.</summary>
    internal static string TickLabel(double value)
    {
        if (Math.Abs(value) > 1000 || Math.Floor(value) == value)
        {
            return value.ToString("N0", CultureInfo.InvariantCulture);
        }

        string label = Math.Round(value, 10).ToString("G", CultureInfo.InvariantCulture);
        return label == "-0" ? "0" : label;
    }

    private static string Svg(Plot plot, PlotOptions options)
    {
        string svg = plot.GetSvgXml(options.Width, options.Height);
        var text = new StringBuilder(svg);
        text.Replace("font-family=\"" + EmbeddedFont.Family + "\"", "font-family=\"" + EmbeddedFont.SvgFamily + "\"");
        return RenumberIds(text.ToString());
    }

    /// <summary>
    /// Skia numbers the SVG's clip paths from a counter that lives as long as the process ("cl_4", then "cl_13" for the
    /// same plot drawn again): numbered here by first appearance, so the same plot is the same document every time.
    /// </summary>
    private static string RenumberIds(string svg)
    {
        var names = new Dictionary<string, string>(StringComparer.Ordinal);
        return SvgId().Replace(svg, m =>
        {
            string id = m.Groups["id"].Value;
            if (!names.TryGetValue(id, out string? name))
            {
                name = "clip" + (names.Count + 1).ToString(CultureInfo.InvariantCulture);
                names.Add(id, name);
            }

            return m.Groups["attr"].Value + name;
        });
    }

    [GeneratedRegex("(?<attr>id=\"|url\\(#|href=\"#)(?<id>[A-Za-z_][A-Za-z0-9_.-]*)")]
    private static partial Regex SvgId();

    private static string Number(double value) => value.ToString("0.###", CultureInfo.InvariantCulture);
}
