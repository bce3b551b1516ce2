using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Rendering;
using HdrHistogram.Plotting.Timeline;

namespace HdrHistogram.Plotting.Report;

/// <summary>The report's chart data (JSON, in the plot's unit) and the script that draws it (Assets/report.js).</summary>
internal static class ReportData
{
    /// <summary>The script, embedded in the assembly.</summary>
    public static string Script { get; } = ReadScript("HdrHistogram.Plotting.report.js");

    /// <summary>HdrHistogram's arithmetic and log reading in the browser (Assets/histogram.js): the page's and its worker's.</summary>
    public static string MathScript { get; } = ReadScript("HdrHistogram.Plotting.histogram.js");

    /// <summary>
    /// <c>{"unit", "yScale", "timeAxis", "timeZone", "timeLabel", "lines": [{"name", "percentile", "dash", "width"}], "palette",
    /// "dropRatio", "dropSummaryUnit", "comparison", "sla": [[x, value]] or null, "percentiles": {"tickPercentiles", "ticks": [[x, label]],
    /// "series": [{"name", "color", "points": [[x, percentile, value, count]]}]}, "timeline": {"moving": [{"name", "percentile", "windowSec"}],
    /// "series": [{"name", "color", "file", "tag", "ratio", "summaryUnit", "logStartSec", "whole", "layout", "blocks", "counts",
    /// "points": [[timeSec, count, intervals, afterGap, firstStartSec, lastStartSec, value per line..., moving value...]]}]} or null}</c>,
    /// values in the plot's unit: the timeline's points are its drawn buckets, its lines those of <see cref="TimelineLine.For"/>
    /// in that order and style.
    /// </summary>
    public static string Json(IReadOnlyList<LatencySeries> series, IReadOnlyList<string> names, PlotOptions options, RunComparison? comparison = null)
    {
        using var stream = new MemoryStream();
        using (var json = new Utf8JsonWriter(stream))
        {
            json.WriteStartObject();
            json.WriteString("unit", options.Unit.Label);
            json.WriteString("yScale", YScales.Resolve(options.YScale, series) == YScale.Log ? "log" : "linear");
            json.WriteString("timeAxis", options.TimeAxis == TimeAxis.Wall ? "wall" : "elapsed");
            json.WriteString("timeZone", options.TimeZone == TimeZoneInfo.Utc ? "UTC" : options.TimeZone.Id);
            json.WriteString("timeLabel", PlotRenderer.TimeLabel(options));
            WriteDropped(json, series, options);
            WriteComparison(json, series, comparison);
            var (slaXs, slaYs) = PlotRenderer.SlaStaircase(options.Sla);
            if (slaXs is null)
            {
                json.WriteNull("sla");
            }
            else
            {
                json.WriteStartArray("sla");
                for (int i = 0; i < slaXs.Length; i++)
                {
                    json.WriteStartArray();
                    json.WriteNumberValue(slaXs[i]);
                    json.WriteNumberValue(slaYs![i]);
                    json.WriteEndArray();
                }

                json.WriteEndArray();
            }

            json.WriteStartObject("percentiles");
            json.WriteStartArray("tickPercentiles");
            foreach (double p in PlotRenderer.TickPercentiles)
            {
                json.WriteNumberValue(p);
            }

            json.WriteEndArray();
            json.WriteStartArray("ticks");
            foreach (var (x, label) in PlotRenderer.PercentileTicks(series))
            {
                json.WriteStartArray();
                json.WriteNumberValue(x);
                json.WriteStringValue(label);
                json.WriteEndArray();
            }

            json.WriteEndArray();
            json.WriteStartArray("series");
            for (int i = 0; i < series.Count; i++)
            {
                var s = series[i];
                json.WriteStartObject();
                json.WriteString("name", names[i]);
                json.WriteString("color", SeriesPalette.Hex(i));
                json.WriteStartArray("points");
                double[] xs = PlotRenderer.DistributionX(s.Distribution, s.Summary.Count);
                for (int j = 0; j < s.Distribution.Count; j++)
                {
                    json.WriteStartArray();
                    json.WriteNumberValue(xs[j]);
                    json.WriteNumberValue(s.Distribution[j].Percentile);
                    Number(json, s.Scale(s.Distribution[j].Value, options.Unit));
                    json.WriteNumberValue(s.Distribution[j].Count);
                    json.WriteEndArray();
                }

                json.WriteEndArray();
                json.WriteEndObject();
            }

            json.WriteEndArray();
            json.WriteEndObject();
            var timed = series.Select((s, i) => (s, i)).Where(t => t.s.Timeline.Count > 0).ToList();
            if (timed.Count == 0)
            {
                json.WriteNull("timeline");
            }
            else
            {
                json.WriteStartObject("timeline");
                var lines = TimelineLine.For(timed[0].s.Timeline[0].TimelinePercentiles, options.TimelineMax);
                var windows = timed[0].s.MovingWindows;
                json.WriteStartArray("moving");
                foreach (var window in windows)
                {
                    json.WriteStartObject();
                    json.WriteString("name", window.Name);
                    json.WriteNumber("percentile", window.Percentile);
                    json.WriteNumber("windowSec", window.WindowSec);
                    json.WriteEndObject();
                }

                json.WriteEndArray();
                json.WriteNumber("movingWidth", TimelineLine.MovingWidth);
                json.WriteNumber("movingOpacity", TimelineLine.MovingOpacity);
                json.WriteStartArray("series");
                var blocks = RangeCounts.Blocks(timed.Select(t => t.s).ToList());
                for (int t = 0; t < timed.Count; t++)
                {
                    var (s, i) = timed[t];
                    json.WriteStartObject();
                    json.WriteString("name", names[i]);
                    json.WriteString("color", SeriesPalette.Hex(i));
                    json.WriteString("file", s.Source);
                    json.WriteString("tag", s.Tag);
                    json.WriteNumber("ratio", s.Ratio(options.Unit));
                    json.WriteString("summaryUnit", SummaryUnitArguments(s, options.Unit));
                    if (s.LogStartTimeSec is { } logStart)
                    {
                        json.WriteNumber("logStartSec", logStart);
                    }
                    else
                    {
                        json.WriteNull("logStartSec");
                    }

                    WriteSummary(json, s, options.Unit);
                    WriteCounts(json, s, blocks[t], options.Unit);
                    json.WriteStartArray("points");
                    foreach (var bucket in s.Timeline)
                    {
                        json.WriteStartArray();
                        json.WriteNumberValue(bucket.TimeSec);
                        json.WriteNumberValue(bucket.Count);
                        json.WriteNumberValue(bucket.Intervals);
                        json.WriteNumberValue(bucket.AfterGap ? 1 : 0);
                        json.WriteNumberValue(bucket.FirstStartSec);
                        json.WriteNumberValue(bucket.LastStartSec);
                        foreach (var line in lines)
                        {
                            Number(json, s.Scale(line.Value(bucket), options.Unit));
                        }

                        foreach (double moving in bucket.MovingValues)
                        {
                            Number(json, s.Scale(moving, options.Unit));
                        }

                        json.WriteEndArray();
                    }

                    json.WriteEndArray();
                    json.WriteEndObject();
                }

                json.WriteEndArray();
                json.WriteEndObject();
            }

            json.WriteEndObject();
        }

        return System.Text.Encoding.UTF8.GetString(stream.ToArray());
    }

    /// <summary>
    /// The blocks a time range is answered from (see <see cref="RangeCounts"/>) and their counts' layout:
    /// <c>"layout": [unitMagnitude, subBucketHalfCountMagnitude], "blocks": [[firstStartSec, lastStartSec, timeSec,
    /// intervals, afterGap, payloadBytes]], "counts": base64 of the blocks' V2 counts payloads, one after another</c>;
    /// nulls for a series without counts.
    /// </summary>
    private static void WriteCounts(Utf8JsonWriter json, LatencySeries s, IReadOnlyList<TimelineLeaf> blocks, ValueUnit unit)
    {
        if (s.CountsLayout is not { } layout || blocks.Count == 0)
        {
            json.WriteNull("layout");
            json.WriteNull("blocks");
            json.WriteNull("counts");
            return;
        }

        json.WriteStartArray("layout");
        json.WriteNumberValue(layout.UnitMagnitude);
        json.WriteNumberValue(layout.SubBucketHalfCountMagnitude);
        json.WriteEndArray();
        json.WriteStartArray("blocks");
        using var payloads = new MemoryStream();
        foreach (var b in blocks)
        {
            json.WriteStartArray();
            json.WriteNumberValue(b.FirstStartSec);
            json.WriteNumberValue(b.LastStartSec);
            json.WriteNumberValue(b.TimeSec);
            json.WriteNumberValue(b.Intervals);
            json.WriteNumberValue(b.AfterGap ? 1 : 0);
            json.WriteNumberValue(b.Counts!.Length);
            foreach (double moving in b.MovingValues)
            {
                Number(json, s.Scale(moving, unit));
            }

            json.WriteEndArray();
            payloads.Write(b.Counts);
        }

        json.WriteEndArray();
        json.WriteBase64String("counts", payloads.ToArray());
    }

    /// <summary>
    /// What the page needs to draw logs dropped onto it as the tool would: the timeline's lines (<c>"lines"</c>, as
    /// <see cref="TimelineLine.For"/>), colours for new series (<c>"palette"</c>), and what their values are divided by
    /// (<c>"dropRatio"</c>: the unit's ratio, values taken as recorded in nanoseconds unless --values-in said otherwise)
    /// with the matching <c>hdr summary</c> options.
    /// </summary>
    private static void WriteDropped(Utf8JsonWriter json, IReadOnlyList<LatencySeries> series, PlotOptions options)
    {
        var percentiles = series.FirstOrDefault(s => s.Timeline.Count > 0)?.Timeline[0].TimelinePercentiles ?? PlotReadOptions.DefaultTimelinePercentiles;
        json.WriteStartArray("lines");
        foreach (var line in TimelineLine.For(percentiles, options.TimelineMax))
        {
            json.WriteStartObject();
            json.WriteString("name", line.Name);
            if (line.Percentile is { } percentile)
            {
                json.WriteNumber("percentile", percentile);
            }
            else
            {
                json.WriteNull("percentile");
            }

            json.WriteStartArray("dash");
            foreach (float dash in line.Dash)
            {
                json.WriteNumberValue(dash);
            }

            json.WriteEndArray();
            json.WriteNumber("width", line.Width);
            json.WriteEndObject();
        }

        json.WriteEndArray();
        json.WriteStartArray("palette");
        for (int i = 0; i < 64; i++)
        {
            json.WriteStringValue(SeriesPalette.Hex(i));
        }

        json.WriteEndArray();
        var recorded = new LatencySeries { Source = "-", Format = PlotInputFormat.Log, Distribution = Array.Empty<PercentilePoint>(), Timeline = Array.Empty<TimelineBucket>(), Summary = new SeriesSummary(), ValuesIn = options.DropValuesIn };
        json.WriteNumber("dropRatio", recorded.Ratio(options.Unit));
        json.WriteString("dropSummaryUnit", SummaryUnitArguments(recorded, options.Unit));
        json.WriteNumber("movingWidth", TimelineLine.MovingWidth);
        json.WriteNumber("movingOpacity", TimelineLine.MovingOpacity);
    }

    /// <summary>
    /// The compared pairs (--baseline) whose series both have a timeline, as their places among the timeline's series:
    /// <c>"comparison": [[baseline, run]]</c>, or null; the page compares them in the selected range too.
    /// </summary>
    private static void WriteComparison(Utf8JsonWriter json, IReadOnlyList<LatencySeries> series, RunComparison? comparison)
    {
        var timed = series.Where(s => s.Timeline.Count > 0).ToList();
        var pairs = comparison?.Pairs.Where(p => timed.Contains(p.Baseline) && timed.Contains(p.Run)).ToList();
        if (pairs is null || pairs.Count == 0)
        {
            json.WriteNull("comparison");
            return;
        }

        json.WriteStartArray("comparison");
        foreach (var pair in pairs)
        {
            json.WriteStartArray();
            json.WriteNumberValue(timed.IndexOf(pair.Baseline));
            json.WriteNumberValue(timed.IndexOf(pair.Run));
            json.WriteEndArray();
        }

        json.WriteEndArray();
    }

    /// <summary>The whole log's numbers the page shows beside a range's: <c>"whole": {"count", "p99", "p99.9", "p99.99", "max"}</c> in the display unit.</summary>
    private static void WriteSummary(Utf8JsonWriter json, LatencySeries s, ValueUnit unit)
    {
        var m = s.Summary;
        json.WriteStartObject("whole");
        json.WriteNumber("count", m.Count);
        Number(json, "p99", s.Scale(m.P99, unit));
        Number(json, "p99.9", s.Scale(m.P999, unit));
        Number(json, "p99.99", s.Scale(m.P9999, unit));
        Number(json, "max", s.Scale(m.Max, unit));
        json.WriteEndObject();
    }

    /// <summary>
    /// The unit options that make <c>hdr summary</c> print a series' values as the report shows them:
    /// <c>--unit U --values-in V</c>, or <c>--ratio R</c> when the values have no time unit.
    /// </summary>
    internal static string SummaryUnitArguments(LatencySeries s, ValueUnit unit)
        => s.ValuesIn is { } valuesIn && unit.NanosecondsPerUnit is not null
            ? "--unit " + unit.Label + " --values-in " + valuesIn
            : "--ratio " + s.Ratio(unit).ToString("R", System.Globalization.CultureInfo.InvariantCulture);

    private static void Number(Utf8JsonWriter json, string name, double value)
    {
        json.WritePropertyName(name);
        Number(json, value);
    }

    private static void Number(Utf8JsonWriter json, double value)
    {
        if (double.IsFinite(value))
        {
            json.WriteNumberValue(value);
        }
        else
        {
            json.WriteNullValue();
        }
    }

    private static string ReadScript(string name)
    {
        using var stream = typeof(ReportData).Assembly.GetManifestResourceStream(name)!;
        using var reader = new StreamReader(stream, System.Text.Encoding.UTF8);
        return reader.ReadToEnd();
    }
}
