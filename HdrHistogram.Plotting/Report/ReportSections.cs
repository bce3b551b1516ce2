using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Net;
using System.Text;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Rendering;

namespace HdrHistogram.Plotting.Report;

/// <summary>
/// The report's tables beside the summary: the SLA judged, and the worst intervals. Both read without JavaScript; the
/// page's script adds the selected range's SLA numbers and makes a worst interval a link to its time.
/// </summary>
internal static class ReportSections
{
    /// <summary>
    /// Each target of <c>--sla</c> for each series: the series' value at its percentile and whether it is at or below
    /// the target (pass) or above it (fail). Rows carry <c>data-series</c> (the series' place among the timeline's, -1
    /// without one) and <c>data-percentile</c>; the empty <c>range</c> cells are the script's, for the selected range.
    /// </summary>
    public static void AppendSla(StringBuilder html, IReadOnlyList<LatencySeries> series, IReadOnlyList<string> names, PlotOptions options)
    {
        if (options.Sla.Count == 0)
        {
            return;
        }

        var timed = series.Where(s => s.Timeline.Count > 0).ToList();
        html.Append("<h2>SLA (").Append(Encode(options.Unit.Label)).Append(")</h2>\n<div class=\"table\">\n<table id=\"sla\">\n<thead><tr>")
            .Append("<th>Series</th><th>Target</th><th>Whole log</th><th>Result</th><th class=\"range\" hidden>Selected range</th><th class=\"range\" hidden>Result</th></tr></thead>\n<tbody>\n");
        int failed = 0;
        for (int i = 0; i < series.Count; i++)
        {
            var s = series[i];
            foreach (var target in options.Sla.OrderBy(t => t.Percentile))
            {
                double value = s.Scale(s.ValueAt(target.Percentile), options.Unit);
                bool pass = value <= target.Value;
                failed += pass ? 0 : 1;
                html.Append("<tr data-series=\"").Append(timed.IndexOf(s).ToString(CultureInfo.InvariantCulture))
                    .Append("\" data-percentile=\"").Append(target.Percentile.ToString("R", CultureInfo.InvariantCulture))
                    .Append("\" data-target=\"").Append(target.Value.ToString("R", CultureInfo.InvariantCulture)).Append("\"><td>")
                    .Append(Encode(names[i])).Append("</td><td>").Append(PlotRenderer.PercentileLabel(target.Percentile)).Append(" ≤ ")
                    .Append(ValueText.Fixed(target.Value, 3)).Append("</td><td>").Append(ValueText.Fixed(value, 3)).Append("</td><td class=\"")
                    .Append(pass ? "pass\">pass" : "fail\">fail").Append("</td><td class=\"range\" hidden></td><td class=\"range\" hidden></td></tr>\n");
            }
        }

        html.Append("</tbody>\n</table>\n</div>\n<p class=\"muted\">")
            .Append(failed == 0 ? "Every target is met." : failed.ToString(CultureInfo.InvariantCulture) + " of " + (series.Count * options.Sla.Count).ToString(CultureInfo.InvariantCulture) + " targets are missed.")
            .Append(" A target is met when the value at its percentile is at or below it.</p>\n");
    }

    /// <summary>
    /// Each timeline series' intervals with the largest maxima: start (wall clock in the report's time zone, and seconds
    /// after the log's start), max and count, as <c>hdr summary --worst</c> prints them; and how many intervals have a
    /// maximum above the series' p99.99. Rows carry
    /// <c>data-series</c> and <c>data-start</c> (the start in seconds), which the script turns into a link to the time.
    /// </summary>
    public static void AppendWorst(StringBuilder html, IReadOnlyList<LatencySeries> series, IReadOnlyList<string> names, PlotOptions options)
    {
        var timed = series.Select((s, i) => (s, i)).Where(t => t.s.Timeline.Count > 0 && t.s.WorstIntervals.Count > 0).ToList();
        if (timed.Count == 0)
        {
            return;
        }

        string zone = options.TimeZone == System.TimeZoneInfo.Utc ? "UTC" : options.TimeZone.Id;
        html.Append("<h2>Worst intervals (").Append(Encode(options.Unit.Label)).Append(")</h2>\n<div class=\"table\">\n<table id=\"worst\">\n<thead><tr>")
            .Append("<th>Series</th><th>#</th><th>Start (").Append(Encode(zone)).Append(")</th><th>Start (s)</th><th>Max</th><th>Count</th></tr></thead>\n<tbody>\n");
        var allTimed = series.Where(s => s.Timeline.Count > 0).ToList();
        foreach (var (s, i) in timed)
        {
            for (int rank = 0; rank < s.WorstIntervals.Count; rank++)
            {
                var w = s.WorstIntervals[rank];
                html.Append("<tr data-series=\"").Append(allTimed.IndexOf(s).ToString(CultureInfo.InvariantCulture))
                    .Append("\" data-start=\"").Append(w.StartSec.ToString("R", CultureInfo.InvariantCulture)).Append("\"><td>")
                    .Append(Encode(names[i])).Append("</td><td>").Append((rank + 1).ToString(CultureInfo.InvariantCulture))
                    .Append("</td><td>").Append(WallClock.Text(w.StartTimeStamp / 1000.0, options.TimeZone))
                    .Append("</td><td>").Append(w.StartSec.ToString("F3", CultureInfo.InvariantCulture))
                    .Append("</td><td>").Append(Timeline.WorstIntervalsText.Value(w.Max, s.Ratio(options.Unit)))
                    .Append("</td><td>").Append(w.Count.ToString(CultureInfo.InvariantCulture)).Append("</td></tr>\n");
            }
        }

        html.Append("</tbody>\n</table>\n</div>\n");
        foreach (var (s, i) in timed)
        {
            html.Append("<p class=\"muted above-p9999\">").Append(Encode(names[i])).Append(": ")
                .Append(s.IntervalsAboveP9999.ToString(CultureInfo.InvariantCulture)).Append(" of ").Append(s.Summary.Intervals.ToString(CultureInfo.InvariantCulture))
                .Append(" intervals have a max above the p99.99 (").Append(Timeline.WorstIntervalsText.Value(s.Summary.P9999, s.Ratio(options.Unit))).Append(").</p>\n");
        }
    }

    private static string Encode(string text) => WebUtility.HtmlEncode(text);
}
