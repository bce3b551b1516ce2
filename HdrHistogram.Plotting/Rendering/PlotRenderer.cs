using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Fonts;
using HdrHistogram.Plotting.Timeline;
using ScottPlot;

namespace HdrHistogram.Plotting.Rendering;

/// <summary>Draws the percentile distribution and the timeline of series with ScottPlot, as SVG or PNG.</summary>
public static partial class PlotRenderer
{
    /// <summary>Percentiles that get a labelled tick when the data reaches them: 1/(1-p) = 1, 2, 10, 100, ...</summary>
    internal static readonly double[] TickPercentiles = { 0, 50, 90, 99, 99.9, 99.99, 99.999, 99.9999, 99.99999, 99.999999 };

    /// <summary>The x coordinate of <paramref name="percentile"/> on the percentile plot: log10(1/(1-p)).</summary>
    public static double PercentileToX(double percentile) => -Math.Log10(1.0 - (percentile / 100.0));

    /// <summary>The label of a percentile tick, e.g. "99.9%".</summary>
    public static string PercentileLabel(double percentile) => percentile.ToString("0.######", CultureInfo.InvariantCulture) + "%";

    /// <summary>Renders <paramref name="kind"/> of <paramref name="series"/> in <paramref name="format"/>.</summary>
    /// <exception cref="ArgumentException">A timeline is asked of series without intervals.</exception>
    public static byte[] Render(PlotKind kind, IReadOnlyList<LatencySeries> series, PlotOptions options, ImageFormat format)
    {
        return format == ImageFormat.Png
            ? Build(kind, series, options).GetImageBytes(options.Width, options.Height, ScottPlot.ImageFormat.Png)
            : System.Text.Encoding.UTF8.GetBytes(RenderSvg(kind, series, options));
    }

    /// <summary>The SVG document of <paramref name="kind"/>, text naming fallback fonts for viewers without DejaVu Sans.</summary>
    public static string RenderSvg(PlotKind kind, IReadOnlyList<LatencySeries> series, PlotOptions options)
    {
        var dashes = new SvgDashes();
        return Svg(Build(kind, series, options, dashes), options, dashes);
    }

    /// <summary>
    /// Draws a small plot and throws it away: loads the font and the drawing code, so that the pictures drawn next take
    /// their own time only. <c>hdr report</c> does it on another thread while it reads the logs.
    /// </summary>
    public static void WarmUp()
    {
        var plot = NewPlot("warm-up", "x", "y");
        plot.Add.ScatterLine(new double[] { 0, 1 }, new double[] { 0, 1 });
        AddLegend(plot, new List<LegendItem> { new() { LabelText = "a", LineColor = Colors.Black, LineWidth = 1, LinePattern = LinePattern.Solid } });
        _ = plot.GetSvgXml(200, 200);
    }

    /// <summary>The plot before it is drawn: what tests look at for the rendering choices (colours, legend, axis scale).</summary>
    internal static Plot Build(PlotKind kind, IReadOnlyList<LatencySeries> series, PlotOptions options)
        => Build(kind, series, options, null);

    /// <param name="kind">The picture.</param>
    /// <param name="series">The series.</param>
    /// <param name="options">How it looks.</param>
    /// <param name="dashes">For an SVG: receives the dashed lines, drawn solid and marked (see <see cref="SvgDashes"/>).</param>
    private static Plot Build(PlotKind kind, IReadOnlyList<LatencySeries> series, PlotOptions options, SvgDashes? dashes)
        => kind == PlotKind.Timeline ? Timeline(series, options, dashes) : Percentiles(series, options, dashes);

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

    /// <summary>The labelled percentile ticks (x position, label) for the distributions of <paramref name="series"/>: up to one past the data.</summary>
    internal static List<(double X, string Label)> PercentileTicks(IReadOnlyList<LatencySeries> series, double extraX = 0)
    {
        double maxX = Math.Max(1, extraX);
        foreach (var s in series)
        {
            double[] xs = DistributionX(s.Distribution, s.Summary.Count);
            maxX = Math.Max(maxX, xs.Length > 0 ? xs.Max() : 0);
        }

        var ticks = TickPercentiles.Where(p => PercentileToX(p) <= maxX + 1e-9).ToList();
        if (ticks.Count < TickPercentiles.Length && PercentileToX(ticks[^1]) < maxX - 1e-9)
        {
            ticks.Add(TickPercentiles[ticks.Count]); // one tick past the data, so the last decade is labelled
        }

        return ticks.Select(p => (PercentileToX(p), PercentileLabel(p))).ToList();
    }

    private static Plot Percentiles(IReadOnlyList<LatencySeries> series, PlotOptions options, SvgDashes? dashes)
    {
        bool log = YScales.Resolve(options.YScale, series) == YScale.Log;
        var names = SeriesNames.Short(series);
        var plot = NewPlot(options.Title ?? "Latency by percentile", "Percentile", YLabel(options, log));
        var curves = new List<(double[] Xs, double[] Ys, int Index)>();
        foreach (var (s, index) in series.Select((s, i) => (s, i)))
        {
            curves.Add((DistributionX(s.Distribution, s.Summary.Count), s.Distribution.Select(p => s.Scale(p.Value, options.Unit)).ToArray(), index));
        }

        var (slaXs, slaYs) = SlaStaircase(options.Sla);
        var axis = ValueAxis.For(curves.SelectMany(c => c.Ys).Concat(slaYs ?? Array.Empty<double>()), log);
        var legend = new List<LegendItem>();
        foreach (var (xs, ys, index) in curves)
        {
            var line = plot.Add.ScatterLine(xs, ys.Select(axis.Map).ToArray());
            line.LineWidth = 2;
            line.Color = Color.FromHex(SeriesPalette.Hex(index));
            legend.Add(new LegendItem { LabelText = names[index], LineColor = line.Color, LineWidth = 2, LinePattern = LinePattern.Solid });
        }

        if (slaXs is not null)
        {
            var sla = plot.Add.ScatterLine(slaXs, slaYs!.Select(axis.Map).ToArray());
            sla.LineWidth = 2;
            SetStyle(sla, Colors.Red, LinePattern.Dashed, dashes);
            legend.Add(new LegendItem
            {
                LabelText = "SLA " + string.Join(", ", options.Sla.OrderBy(t => t.Percentile).Select(t => PercentileLabel(t.Percentile) + " ≤ " + Number(t.Value) + " " + options.Unit.Label)),
                LineColor = Colors.Red,
                LineWidth = 2,
                LinePattern = LinePattern.Dashed,
            });
        }

        var ticks = PercentileTicks(series, slaXs?.Max() ?? 0);
        plot.Axes.Bottom.TickGenerator = new ScottPlot.TickGenerators.NumericManual(ticks.Select(t => t.X).ToArray(), ticks.Select(t => t.Label).ToArray());
        // A little room right of the last tick, so its label is not cut at the edge.
        double right = ticks[^1].X;
        plot.Axes.SetLimitsX(0, right + Math.Max(0.2, right * 0.04));
        axis.Apply(plot);
        AddLegend(plot, legend);
        return plot;
    }

    private static Plot Timeline(IReadOnlyList<LatencySeries> series, PlotOptions options, SvgDashes? dashes)
    {
        var indexed = series.Select((s, i) => (s, i)).Where(t => t.s.Timeline.Count > 0).ToList();
        if (indexed.Count == 0)
        {
            throw new ArgumentException("a timeline needs a histogram log with intervals (.hgrm files and base64 histograms have no timestamps)");
        }

        var withIntervals = indexed.Select(t => t.s).ToList();
        bool log = YScales.Resolve(options.YScale, withIntervals) == YScale.Log;
        var names = SeriesNames.Short(series);
        var plot = NewPlot(options.Title ?? "Latency by interval", TimeLabel(options), YLabel(options, log));
        var lines = TimelineLine.For(withIntervals[0].Timeline[0].TimelinePercentiles, options.TimelineMax);
        var windows = withIntervals[0].MovingWindows;
        var axis = ValueAxis.For(
            withIntervals.SelectMany(s => s.Timeline.SelectMany(b => lines.Select(l => s.Scale(l.Value(b), options.Unit)).Concat(b.MovingValues.Select(v => s.Scale(v, options.Unit))))),
            log);
        // One colour per file/tag, one dash style per percentile (max last, its dots above the lines it meets), the
        // moving-window percentiles wide and translucent underneath; a gap in the log breaks the lines.
        var seriesLegend = new List<LegendItem>();
        foreach (var (s, index) in indexed)
        {
            var color = Color.FromHex(SeriesPalette.Hex(index));
            for (int w = 0; w < windows.Count; w++)
            {
                foreach (var (from, count) in Segments(s.Timeline))
                {
                    var segment = s.Timeline.Skip(from).Take(count).Where(b => double.IsFinite(b.MovingValues[w])).ToList();
                    var scatter = plot.Add.ScatterLine(segment.Select(b => b.TimeSec).ToArray(), segment.Select(b => axis.Map(s.Scale(b.MovingValues[w], options.Unit))).ToArray());
                    scatter.LineWidth = TimelineLine.MovingWidth;
                    scatter.Color = color.WithAlpha(TimelineLine.MovingOpacity);
                }
            }

            foreach (var line in lines)
            {
                foreach (var (from, count) in Segments(s.Timeline))
                {
                    var segment = s.Timeline.Skip(from).Take(count).ToList();
                    var scatter = plot.Add.ScatterLine(segment.Select(b => b.TimeSec).ToArray(), segment.Select(b => axis.Map(s.Scale(line.Value(b), options.Unit))).ToArray());
                    scatter.LineWidth = line.Width;
                    SetStyle(scatter, color, Pattern(line), dashes);
                }
            }

            seriesLegend.Add(new LegendItem { LabelText = names[index], LineColor = color, LineWidth = 3, LinePattern = LinePattern.Solid });
        }

        var lineLegend = lines
            .Select(l => new LegendItem { LabelText = l.Name, LineColor = Colors.Black, LineWidth = l.Width, LinePattern = Pattern(l) })
            .Concat(windows.Select(w => new LegendItem { LabelText = w.Name, LineColor = Colors.Black.WithAlpha(TimelineLine.MovingOpacity), LineWidth = TimelineLine.MovingWidth, LinePattern = LinePattern.Solid }))
            .ToList();
        plot.Axes.AutoScaleX();
        if (options.TimeAxis == TimeAxis.Wall && withIntervals[0].LogStartTimeSec is { } start)
        {
            // The ticks stay where they would be in seconds; their labels read the wall clock.
            double span = withIntervals.Max(s => s.Timeline[^1].TimeSec) - withIntervals.Min(s => s.Timeline[0].FirstStartSec);
            plot.Axes.Bottom.TickGenerator = new ScottPlot.TickGenerators.NumericAutomatic
            {
                LabelFormatter = v => WallClock.Tick(start + v, options.TimeZone, withDate: span > 86_400),
                TargetTickCount = 6,
            };
        }

        axis.Apply(plot);
        AddLegend(plot, seriesLegend);
        AddLegend(plot, lineLegend);
        return plot;
    }

    /// <summary>The time axis' label: seconds since the log's start, or the wall clock's time zone.</summary>
    internal static string TimeLabel(PlotOptions options)
        => options.TimeAxis == TimeAxis.Wall ? "Time (" + (options.TimeZone == TimeZoneInfo.Utc ? "UTC" : options.TimeZone.Id) + ")" : "Time since log start (s)";

    /// <summary>The runs of buckets without a gap between them: (first bucket, number of buckets).</summary>
    internal static IEnumerable<(int From, int Count)> Segments(IReadOnlyList<TimelineBucket> buckets)
    {
        int from = 0;
        for (int i = 1; i <= buckets.Count; i++)
        {
            if (i == buckets.Count || buckets[i].AfterGap)
            {
                yield return (from, i - from);
                from = i;
            }
        }
    }

    /// <summary>Gives a line its colour and dash pattern; for an SVG a dashed line is drawn solid and marked instead.</summary>
    private static void SetStyle(ScottPlot.Plottables.Scatter line, Color color, LinePattern pattern, SvgDashes? dashes)
    {
        if (dashes is null || pattern.Intervals.Length == 0)
        {
            line.Color = color;
            line.LinePattern = pattern;
            return;
        }

        line.Color = color.WithAlpha(dashes.Mark(pattern.Intervals));
        line.LinePattern = LinePattern.Solid;
    }

    private static LinePattern Pattern(TimelineLine line)
        => line.Dash.Count == 0 ? LinePattern.Solid : new LinePattern(line.Dash.ToArray(), 0, line.Name);

    /// <summary>A legend of <paramref name="items"/> right of the data area (never over it).</summary>
    private static void AddLegend(Plot plot, List<LegendItem> items)
    {
        plot.Legend.IsVisible = false;
        var legend = new Legend(plot) { FontName = EmbeddedFont.Family, IsVisible = true, DisplayPlottableLegendItems = false, SymbolWidth = 36 };
        legend.ManualItems.AddRange(items);
        plot.Axes.AddPanel(new ScottPlot.Panels.LegendPanel(legend) { Edge = Edge.Right, Alignment = Alignment.UpperCenter });
    }

    /// <summary>The SLA staircase's points (x on the percentile axis, value in the display unit); nulls without targets.</summary>
    internal static (double[]? Xs, double[]? Ys) SlaStaircase(IReadOnlyList<SlaTarget> sla)
    {
        if (sla.Count == 0)
        {
            return (null, null);
        }

        // A staircase: up to each target's percentile, values must stay at or below its value.
        var targets = sla.OrderBy(t => t.Percentile).ToList();
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

        return (xs.ToArray(), ys.ToArray());
    }

    private static string YLabel(PlotOptions options, bool log) => "Latency (" + options.Unit.Label + (log ? ", log scale" : "") + ")";

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

    private static string Svg(Plot plot, PlotOptions options, SvgDashes dashes)
    {
        string svg = dashes.Apply(plot.GetSvgXml(options.Width, options.Height));
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
