using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Net;
using System.Text;
using System.Text.RegularExpressions;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Rendering;

namespace HdrHistogram.Plotting.Report;

/// <summary>
/// The self-contained HTML report: both plots as inline SVG, a summary table per file and tag, with a baseline the runs'
/// tails side by side, and the command that made it. Nothing is loaded from anywhere else, so it opens offline, and it
/// reads without JavaScript; with it, an inline script (Assets/report.js) replaces the pictures with charts built from
/// the page's JSON data: values on hover, a log/linear y axis, series switched on and off. Colours follow the reader's
/// light or dark preference; the layout fits a phone.
/// </summary>
public static partial class HtmlReportWriter
{
    private const string Style = """
        :root { color-scheme: light dark; --fg: #1b1f24; --bg: #ffffff; --muted: #57606a; --line: #d0d7de; --stripe: #f6f8fa; }
        @media (prefers-color-scheme: dark) {
          :root { --fg: #e6edf3; --bg: #0d1117; --muted: #9198a1; --line: #30363d; --stripe: #161b22; }
        }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 1240px; padding: 1rem; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--fg); background: var(--bg); }
        h1 { font-size: 1.5rem; margin: 0.5rem 0 1rem; }
        h2 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
        figure { margin: 0 0 1rem; }
        /* The plots are drawn on white: a light card keeps them readable in dark mode too. */
        figure svg { display: block; width: 100%; height: auto; background: #fff; border-radius: 6px; border: 1px solid var(--line); }
        .table { overflow-x: auto; -webkit-overflow-scrolling: touch; }
        table { border-collapse: collapse; font-variant-numeric: tabular-nums; white-space: nowrap; font-size: 0.9rem; }
        th, td { padding: 0.25rem 0.45rem; border-bottom: 1px solid var(--line); text-align: right; }
        th:first-child, td:first-child, th:nth-child(2), td:nth-child(2) { text-align: left; }
        /* A long file name is cut (in full on hover), so that every column fits the page. */
        td:first-child { max-width: 15rem; overflow: hidden; text-overflow: ellipsis; }
        tbody tr:nth-child(odd) { background: var(--stripe); }
        pre { background: var(--stripe); border: 1px solid var(--line); border-radius: 6px; padding: 0.6rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
        .muted { color: var(--muted); font-size: 0.9rem; }
        .chart { position: relative; }
        .chart svg.interactive { display: block; width: 100%; height: auto; background: #fff; border-radius: 6px; border: 1px solid var(--line); }
        .controls { margin: 0.3rem 0; display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; align-items: center; }
        .legend svg { display: inline-block; width: 36px; height: 10px; border: 0; background: none; vertical-align: middle; }
        .legend { list-style: none; margin: 0.2rem 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.2rem 1rem; font-size: 0.9rem; }
        .swatch { display: inline-block; width: 0.9rem; height: 0.9rem; border-radius: 2px; margin-right: 0.3rem; vertical-align: -0.1rem; }
        .tip { position: absolute; pointer-events: none; background: var(--bg); border: 1px solid var(--line); border-radius: 4px; padding: 0.3rem 0.5rem; font-size: 0.85rem; box-shadow: 0 2px 6px rgba(0,0,0,.2); white-space: nowrap; }
        .tip-title { font-weight: 600; }
        td.ratio { font-weight: 600; }
        td.pass { color: #1a7f37; font-weight: 600; }
        td.fail { color: #cf222e; font-weight: 600; }
        #worst tbody tr { cursor: pointer; }
        .drop-zone { border: 1px dashed var(--line); border-radius: 6px; padding: 0.4rem 0.6rem; margin: 0 0 1rem; font-size: 0.9rem; }
        .drop-zone.over { border-color: #1F77B4; background: var(--stripe); }
        #worst tbody tr:hover { text-decoration: underline; }
        .range-bar { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.3rem 0; font-size: 0.9rem; }
        .range-label { font-weight: 600; }
        svg.interactive[data-kind="timeline"] { cursor: crosshair; user-select: none; }
        .range-summary h3 { font-size: 1rem; margin: 0.8rem 0 0.3rem; }
        """;

    /// <summary>Writes the report of <paramref name="series"/>.</summary>
    /// <param name="series">The series, in input order.</param>
    /// <param name="options">Plot size, unit, title and SLA targets.</param>
    /// <param name="command">The command line that produced the report, shown at its end.</param>
    /// <returns>The HTML document.</returns>
    public static string Write(IReadOnlyList<LatencySeries> series, PlotOptions options, string command) => Write(series, options, command, null);

    /// <summary>Writes the report of <paramref name="series"/>, comparing them with <paramref name="baseline"/>'s.</summary>
    /// <param name="series">The series, in input order.</param>
    /// <param name="options">Plot size, unit, title, y scale and SLA targets.</param>
    /// <param name="command">The command line that produced the report, shown at its end.</param>
    /// <param name="baseline">The input file whose series the others are compared with; null for no comparison.</param>
    /// <returns>The HTML document.</returns>
    /// <exception cref="ArgumentException"><paramref name="baseline"/> is not one of the inputs, or is the only one.</exception>
    public static string Write(IReadOnlyList<LatencySeries> series, PlotOptions options, string command, string? baseline)
    {
        var comparison = baseline is null ? null : RunComparison.Create(series, baseline);
        var names = SeriesNames.Short(series);
        string title = options.Title ?? "Latency report";
        var html = new StringBuilder();
        html.Append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
            .Append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
            .Append("<meta name=\"color-scheme\" content=\"light dark\">\n")
            .Append("<title>").Append(Encode(title)).Append("</title>\n<style>\n").Append(Style).Append("\n</style>\n</head>\n<body>\n")
            .Append("<h1>").Append(Encode(title)).Append("</h1>\n");

        if (series.Count == 0)
        {
            // hdr report --empty: the page reads the logs dropped onto it.
            html.Append("<p class=\"muted no-script\">No input: drop histogram logs (.hlog) onto this page to see their report (it needs JavaScript).</p>\n")
                .Append("<h2>Percentile distribution</h2>\n<figure id=\"percentiles-figure\"></figure>\n")
                .Append("<h2>Counts per value</h2>\n<figure id=\"counts-figure\"></figure>\n")
                .Append("<h2>Timeline</h2>\n<figure id=\"timeline-figure\"></figure>\n");
        }
        else
        {
            AppendPictures(html, series, options);
        }

        string empty = series.Count == 0 ? " hidden" : string.Empty;
        html.Append("<h2 id=\"summary-heading\"").Append(empty).Append(">Summary (").Append(Encode(options.Unit.Label)).Append(")</h2>\n<div class=\"table\"").Append(empty).Append(">\n<table id=\"summary\">\n<thead><tr>")
            .Append("<th>File</th><th>Tag</th><th>Intervals</th><th>Span (s)</th><th>Count</th><th>Min</th><th>p50</th><th>p90</th><th>p99</th>")
            .Append("<th>p99.9</th><th>p99.99</th><th>Max</th><th>Mean</th><th>Std dev</th></tr></thead>\n<tbody>\n");
        foreach (var s in series)
        {
            var m = s.Summary;
            string V(double value) => ValueText.Fixed(s.Scale(value, options.Unit), m.Decimals);
            string P(double value) => ValueText.Fixed(s.Scale(value, options.Unit), m.PercentileDecimals);
            // The short name (as in the legends), the path as given on hover: long paths do not widen the table.
            html.Append("<tr><td title=\"").Append(Encode(s.Source)).Append("\">").Append(Encode(ShortFile(series, s))).Append("</td><td>").Append(Encode(s.Tag ?? (s.Format == PlotInputFormat.Log ? "(untagged)" : "")))
                .Append("</td><td>").Append(s.Format == PlotInputFormat.Hgrm ? "" : m.Intervals.ToString(CultureInfo.InvariantCulture))
                .Append("</td><td>").Append(m.SpanSec is { } span ? ValueText.Fixed(span, 3) : "")
                .Append("</td><td>").Append(m.Count.ToString(CultureInfo.InvariantCulture));
            // Each number as hdr process prints it: min, max, mean and std dev as its .hgrm (0% line, footer), the
            // percentiles as the totals of its interval log's last line.
            html.Append("</td><td>").Append(V(m.Min));
            foreach (double value in new[] { m.P50, m.P90, m.P99, m.P999, m.P9999 })
            {
                html.Append("</td><td>").Append(P(value));
            }

            foreach (double value in new[] { m.Max, m.Mean, m.StdDeviation })
            {
                html.Append("</td><td>").Append(V(value));
            }

            html.Append("</td></tr>\n");
        }

        html.Append("</tbody>\n</table>\n</div>\n");
        ReportSections.AppendSla(html, series, names, options);
        ReportSections.AppendWorst(html, series, names, options);
        if (comparison is not null)
        {
            AppendComparison(html, comparison, names, series, options.Unit);
        }

        html.Append("<p class=\"muted\">Values divided by ").Append(Encode(Ratios(series, options.Unit)))
            .Append(" (.hgrm inputs as written) and printed as <code>hdr process</code> prints them: min (its 0% line), max, mean and std dev as its .hgrm")
            .Append(" does (the histogram's significant digits as decimals), the percentiles as the totals of its interval log's last line (3 decimals).</p>\n")
            .Append("<h2>Command</h2>\n<pre>").Append(Encode(command)).Append("</pre>\n");
        html.Append("<script type=\"application/json\" id=\"hdr-data\">").Append(ReportData.Json(series, names, options, comparison)).Append("</script>\n")
            .Append("<script id=\"hdr-math\">\n").Append(ReportData.MathScript).Append("</script>\n")
            .Append("<script>\n").Append(ReportData.Script).Append("</script>\n</body>\n</html>\n");
        return html.ToString();
    }

    /// <summary>The percentile plot, the counts-per-value chart's place (the script draws it) and the timeline.</summary>
    private static void AppendPictures(StringBuilder html, IReadOnlyList<LatencySeries> series, PlotOptions options)
    {
        // The two pictures are drawn at once, on two threads: most of a small report's time is the plots' first drawing.
        var timeline = series.Any(s => s.Timeline.Count > 0)
            ? System.Threading.Tasks.Task.Run(() => PlotRenderer.RenderSvg(PlotKind.Timeline, series, WithTitle(options, "Latency by interval")))
            : null;
        html.Append("<h2>Percentile distribution</h2>\n<figure id=\"percentiles-figure\">\n")
            .Append(InlineSvg(PlotRenderer.RenderSvg(PlotKind.Percentiles, series, WithTitle(options, "Latency by percentile")), "percentiles"))
            .Append("</figure>\n");
        if (series.Any(s => s.CountsLayout is not null && s.Timeline.Count > 0))
        {
            // Drawn by the script from the counts the page carries (for the whole log or the selected range).
            html.Append("<h2>Counts per value</h2>\n<figure id=\"counts-figure\">\n<p class=\"muted no-script\">The count of values in each bucket, against the value (both axes logarithmic): drawn by the page's script.</p>\n</figure>\n");
        }

        if (timeline is not null)
        {
            html.Append("<h2>Timeline</h2>\n<figure id=\"timeline-figure\">\n")
                .Append(InlineSvg(timeline.GetAwaiter().GetResult(), "timeline"))
                .Append("</figure>\n");
        }
    }

    /// <summary>The short name of <paramref name="s"/>'s file: its short series name without the tag.</summary>
    private static string ShortFile(IReadOnlyList<LatencySeries> series, LatencySeries s)
        => SeriesNames.ShortFiles(series.Select(x => x.Source).Distinct(StringComparer.Ordinal).ToList())[s.Source];

    private static void AppendComparison(StringBuilder html, RunComparison comparison, IReadOnlyList<string> names, IReadOnlyList<LatencySeries> series, ValueUnit unit)
    {
        string Name(LatencySeries s) => names[series.ToList().IndexOf(s)];
        html.Append("<h2>Compared with ").Append(Encode(Name(comparison.Pairs[0].Baseline).Split(' ')[0])).Append(" (").Append(Encode(unit.Label))
            .Append("; ratio = run / baseline)</h2>\n<div class=\"table\">\n<table id=\"comparison\">\n<thead><tr><th>Series</th><th></th>");
        foreach (var column in RunComparison.Columns)
        {
            html.Append("<th>").Append(column.Name).Append("</th>");
        }

        html.Append("</tr></thead>\n<tbody>\n");
        foreach (var group in comparison.Pairs.GroupBy(p => p.Baseline))
        {
            Row(html, Name(group.Key), "baseline", RunComparison.Columns.Select(c => ValueText.Fixed(group.Key.Scale(c.Value(group.Key.Summary), unit), 3)), false);
            foreach (var pair in group)
            {
                Row(html, Name(pair.Run), "run", RunComparison.Columns.Select(c => ValueText.Fixed(pair.Run.Scale(c.Value(pair.Run.Summary), unit), 3)), false);
                Row(html, Name(pair.Run), "ratio", RunComparison.Columns.Select((_, i) => RunComparison.RatioText(RunComparison.Ratio(pair, i, unit))), true);
            }
        }

        html.Append("</tbody>\n</table>\n</div>\n");
    }

    private static void Row(StringBuilder html, string name, string what, IEnumerable<string> cells, bool ratio)
    {
        html.Append("<tr><td>").Append(Encode(name)).Append("</td><td>").Append(what);
        foreach (string cell in cells)
        {
            html.Append(ratio ? "</td><td class=\"ratio\">" : "</td><td>").Append(cell);
        }

        html.Append("</td></tr>\n");
    }

    /// <summary>The output value unit ratio, or each input's when they differ (inputs recorded in different units).</summary>
    private static string Ratios(IReadOnlyList<LatencySeries> series, ValueUnit unit)
    {
        var scaled = series.Where(s => !s.ValuesAlreadyScaled).ToList();
        var ratios = scaled.Select(s => s.Ratio(unit)).Distinct().ToList();
        string Text(double ratio) => ratio.ToString("R", CultureInfo.InvariantCulture);
        return ratios.Count <= 1
            ? Text(ratios.Count == 0 ? unit.Ratio : ratios[0])
            : string.Join(", ", scaled.GroupBy(s => s.Source).Select(g => Text(g.First().Ratio(unit)) + " (" + g.Key + ")"));
    }

    private static PlotOptions WithTitle(PlotOptions options, string title) => new()
    {
        Unit = options.Unit,
        Title = title,
        Width = options.Width,
        Height = options.Height,
        Sla = options.Sla,
        YScale = options.YScale,
        TimelineMax = options.TimelineMax,
        TimeAxis = options.TimeAxis,
        TimeZone = options.TimeZone,
        WorstIntervals = options.WorstIntervals,
        DropValuesIn = options.DropValuesIn,
    };

    /// <summary>
    /// An SVG document as an element of the page: no XML declaration, a viewBox so it scales with the page, and ids
    /// prefixed so the two plots' clip paths cannot collide.
    /// </summary>
    private static string InlineSvg(string svg, string idPrefix)
    {
        int start = svg.IndexOf("<svg", StringComparison.Ordinal);
        svg = svg.Substring(start);
        svg = SvgSize().Replace(svg, m => "<svg class=\"static\"" + m.Groups["before"].Value + "viewBox=\"0 0 " + m.Groups["w"].Value + " " + m.Groups["h"].Value + "\" role=\"img\"", 1);
        svg = SvgId().Replace(svg, m => m.Groups["attr"].Value + idPrefix + "-" + m.Groups["id"].Value);
        return svg.TrimEnd() + "\n";
    }

    private static string Encode(string text) => WebUtility.HtmlEncode(text);

    [GeneratedRegex("<svg(?<before>[^>]*?)width=\"(?<w>[0-9.]+)\" height=\"(?<h>[0-9.]+)\"")]
    private static partial Regex SvgSize();

    [GeneratedRegex("(?<attr>id=\"|url\\(#|href=\"#)(?<id>[A-Za-z_][A-Za-z0-9_.-]*)")]
    private static partial Regex SvgId();
}
