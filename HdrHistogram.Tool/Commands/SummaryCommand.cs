using System;
using System.Collections.Generic;
using System.CommandLine;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.Json;
using HdrHistogram.Plotting.Rendering;
using HdrHistogram.Plotting.Timeline;
using HdrHistogram.Tool.Cli;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr summary</c>: per-tag totals, time span and percentiles of a histogram log.</summary>
internal static class SummaryCommand
{
    private const string Description =
        "Reads every interval of the histogram log FILE (none or '-': standard input) and prints, for the untagged intervals "
        + "and for each tag: the number of intervals, their time span, and the total count, minimum, percentiles "
        + "(50, 90, 99, 99.9, 99.99), maximum and mean of all their values together. DoubleHistogram intervals are summed "
        + "into a DoubleHistogram; a tag cannot mix both kinds. Values are shown in --unit (default ms), recorded in "
        + "--values-in (default ns). Intervals count as in hdr process (Java's HistogramLogProcessor): those that start "
        + "at or after --start seconds (default 0) after the log's StartTime and before --end; a note on standard error "
        + "says how many start before the StartTime and are left out.";

    private static readonly double[] TablePercentiles = { 50, 90, 99, 99.9, 99.99 };

    /// <summary>Builds the <c>summary</c> command.</summary>
    public static Command Create(ToolConsole console)
    {
        var file = ToolOptions.Files<string?>("the histogram log (default: standard input)", ArgumentArity.ZeroOrOne);
        var units = new UnitOptions(deprecatedScale: true);
        var start = ToolOptions.Double(
            "--start", "S", "only intervals from S seconds after the log's StartTime (default 0, as hdr process -start; negative: also intervals before it)", double.IsFinite, "a number of seconds");
        var end = ToolOptions.Double("--end", "E", "only intervals up to E seconds after the log's StartTime, as hdr process -end", double.IsFinite, "a number of seconds");
        var json = ToolOptions.Flag("--json", "a JSON document instead of the table");
        var worst = ToolOptions.Long(
            "--worst", "N", "also list each tag's N intervals with the largest maxima (start, max, count) and how many have a max above its p99.99", 1, 1000, "a whole number from 1 to 1000");
        var tz = ToolOptions.Text("--tz", "ZONE", "the time zone of --worst's start times (an IANA name such as Europe/Berlin; default UTC)");
        var strict = ToolOptions.Strict();
        var progress = ToolOptions.Progress();
        var command = new Command("summary", Description) { file, start, end, json, worst, tz, strict, progress };
        units.AddTo(command);
        ToolCommandLine.SetRun(command, (result, cancellation) =>
        {
            string? path = result.GetValue(file);
            var unit = units.Resolve(result, console, "hdr summary");
            var reporter = new ProgressReporter(console, "hdr summary: " + Inputs.Name(path), Inputs.Length(path), result.GetValue(progress), cancellation);
            var range = (result.GetValue(start) ?? 0.0, result.GetValue(end) ?? double.MaxValue);
            TimeZoneInfo zone;
            try
            {
                zone = result.GetValue(tz) is { } name ? WallClock.Zone(name) : TimeZoneInfo.Utc;
            }
            catch (ArgumentException e)
            {
                throw ToolException.Usage("--tz " + e.Message);
            }

            return Run(console, path, unit, range, result.GetValue(json), result.GetValue(strict), reporter, ((int)(result.GetValue(worst) ?? 0), zone));
        });
        return command;
    }

    private static int Run(
        ToolConsole console, string? path, UnitChoice unit, (double Start, double End) range, bool asJson, bool strict, ProgressReporter progress, (int Count, TimeZoneInfo Zone) worst)
    {
        string name = Inputs.Name(path);
        var counting = Inputs.OpenLog(path, console, "hdr summary");
        var tags = new Dictionary<string, TagTotals>(StringComparer.Ordinal);
        TagTotals? untagged = null;
        long intervals = 0;
        double startTimeSec;
        double baseTimeSec;
        int lines;
        long before;
        using (var reader = new HistogramLogReader(counting, null, leaveOpen: false))
        {
            EncodableHistogram? interval = null;
            try
            {
                while ((interval = reader.NextIntervalHistogram(range.Start, range.End, absoluteRange: false, interval)) is not null)
                {
                    progress.Report(++intervals, counting.BytesRead);
                    var h = interval;
                    TagTotals totals;
                    if (h.Tag is null)
                    {
                        totals = untagged ??= new TagTotals(null, worst.Count);
                    }
                    else if (!tags.TryGetValue(h.Tag, out totals!))
                    {
                        totals = new TagTotals(h.Tag, worst.Count);
                        tags.Add(h.Tag, totals);
                    }

                    totals.Add(h, reader.LastInterval.LineNumber, reader.LastIntervalStartSec - reader.StartTimeSec);
                }
            }
            catch (HistogramFormatException e)
            {
                throw new ToolException(name + ": " + e.Message);
            }
            finally
            {
                progress.Done();
            }

            startTimeSec = reader.StartTimeSec;
            baseTimeSec = reader.BaseTimeSec;
            lines = reader.LineNumber;
            before = reader.IntervalsBeforeRange;
        }

        Inputs.CheckLastLine(console, "hdr summary", name, counting, lines, strict);
        Inputs.NoteIntervalsBeforeStart(console, "hdr summary", name, before, range.Start, "--start");
        if (intervals == 0)
        {
            // Not a table of nothing with a 1970 start time: there is nothing to summarize.
            throw new ToolException(Inputs.NoHistograms(name, counting)
                + (counting.BytesRead > 0 && (before > 0 || range.Start != 0 || range.End != double.MaxValue) ? " in the time range" : string.Empty));
        }

        var all = (untagged is null ? Enumerable.Empty<TagTotals>() : new[] { untagged })
            .Concat(tags.Values.OrderBy(t => t.Tag, StringComparer.Ordinal))
            .ToList();
        unit.HintAboutMagnitude(console, "hdr summary", name, all.Max(t => MaxValue(t.Sum!)), all.Any(t => t.Sum is DoubleHistogram), counting.MicrosecondsHeader);

        if (asJson)
        {
            WriteJson(console, path ?? "-", startTimeSec, baseTimeSec, intervals, lines, all, unit, worst.Count > 0);
        }
        else
        {
            WriteText(console, path ?? "-", startTimeSec, intervals, lines, all, unit);
            if (worst.Count > 0)
            {
                foreach (var t in all)
                {
                    console.Out.Write("\n" + WorstIntervalsText.Text(t.Tag, t.Worst!.Worst(), t.Worst.CountAbove(P9999(t.Sum!)), t.Intervals, P9999(t.Sum!), unit.Unit.Ratio, worst.Zone));
                }
            }
        }

        return 0;
    }

    private static double MaxValue(EncodableHistogram h) => h is DoubleHistogram d ? d.GetMaxValue() : ((HistogramBase)h).GetMaxValue();

    private static double P9999(EncodableHistogram h) => h is DoubleHistogram d ? d.GetValueAtPercentile(99.99) : ((HistogramBase)h).GetValueAtPercentile(99.99);

    private static void WriteText(ToolConsole console, string path, double startTimeSec, long intervals, int lines, List<TagTotals> all, UnitChoice unit)
    {
        double scale = unit.Unit.Ratio;
        var o = console.Out;
        o.Write("File:       " + path + "\n");
        o.Write("Start time: " + startTimeSec.ToString("F3", CultureInfo.InvariantCulture) + " s since the epoch (" + Iso(startTimeSec) + ")\n");
        o.Write("Intervals:  " + intervals.ToString(CultureInfo.InvariantCulture) + " in " + lines.ToString(CultureInfo.InvariantCulture) + " lines");
        if (all.Count > 0)
        {
            long first = all.Min(t => t.FirstStart);
            long last = all.Max(t => t.LastEnd);
            o.Write(", from " + Relative(first, startTimeSec) + " to " + Relative(last, startTimeSec) + " s after the start time");
        }

        o.Write("\n");
        o.Write("Values:     " + unit.Text + "\n");

        o.Write("\n");
        var header = new List<string> { "Tag", "Intervals", "Span (s)", "Count", "Min" };
        header.AddRange(TablePercentiles.Select(p => "p" + p.ToString("R", CultureInfo.InvariantCulture)));
        header.Add("Max");
        header.Add("Mean");
        var rows = new List<List<string>> { header };
        foreach (var t in all)
        {
            var row = new List<string>
            {
                t.Tag ?? "(untagged)",
                t.Intervals.ToString(CultureInfo.InvariantCulture),
                ((t.LastEnd - t.FirstStart) / 1000.0).ToString("F3", CultureInfo.InvariantCulture),
            };
            if (t.Sum is DoubleHistogram d)
            {
                // DoubleHistogram values are doubles: always printed with 3 decimals.
                row.Add(d.TotalCount.ToString(CultureInfo.InvariantCulture));
                row.Add(DoubleValue(d.GetMinValue(), scale));
                row.AddRange(TablePercentiles.Select(p => DoubleValue(d.GetValueAtPercentile(p), scale)));
                row.Add(DoubleValue(d.GetMaxValue(), scale));
                row.Add(DoubleValue(d.GetMean(), scale));
            }
            else
            {
                var h = (HistogramBase)t.Sum!;
                row.Add(h.TotalCount.ToString(CultureInfo.InvariantCulture));
                row.Add(Value(h.GetMinValue(), scale));
                row.AddRange(TablePercentiles.Select(p => Value(h.GetValueAtPercentile(p), scale)));
                row.Add(Value(h.GetMaxValue(), scale));
                row.Add(DoubleValue(h.GetMean(), scale));
            }

            rows.Add(row);
        }

        var widths = Enumerable.Range(0, header.Count).Select(c => rows.Max(r => r[c].Length)).ToList();
        foreach (var row in rows)
        {
            var text = new StringBuilder();
            for (int c = 0; c < row.Count; c++)
            {
                text.Append(c == 0 ? row[c].PadRight(widths[c]) : "  " + row[c].PadLeft(widths[c]));
            }

            o.Write(text.ToString().TrimEnd() + "\n");
        }

    }

    private static void WriteJson(ToolConsole console, string path, double startTimeSec, double baseTimeSec, long intervals, int lines, List<TagTotals> all, UnitChoice unit, bool withWorst)
    {
        double scale = unit.Unit.Ratio;
        console.Out.Flush();
        using (var json = new Utf8JsonWriter(console.OutputStream, new JsonWriterOptions { Indented = true }))
        {
            json.WriteStartObject();
            json.WriteString("file", path);
            json.WriteNumber("startTimeSec", startTimeSec);
            json.WriteNumber("baseTimeSec", baseTimeSec);
            json.WriteNumber("intervalCount", intervals);
            json.WriteNumber("lineCount", lines);
            unit.WriteJson(json);

            json.WriteStartArray("tags");
            foreach (var t in all)
            {
                json.WriteStartObject();
                json.WriteString("tag", t.Tag);
                json.WriteNumber("intervalCount", t.Intervals);
                json.WriteNumber("firstStartTimeStamp", t.FirstStart);
                json.WriteNumber("lastEndTimeStamp", t.LastEnd);
                HistogramJson.WriteSummary(json, t.Sum!, scale);
                if (withWorst)
                {
                    json.WriteStartArray("worstIntervals");
                    foreach (var w in t.Worst!.Worst())
                    {
                        json.WriteStartObject();
                        json.WriteNumber("startTimeStamp", w.StartTimeStamp);
                        json.WriteNumber("endTimeStamp", w.EndTimeStamp);
                        json.WriteNumber("startSec", w.StartSec);
                        json.WriteNumber("max", w.Max / scale);
                        json.WriteNumber("count", w.Count);
                        json.WriteNumber("lineNumber", w.LineNumber);
                        json.WriteEndObject();
                    }

                    json.WriteEndArray();
                    json.WriteNumber("intervalsAboveP9999", t.Worst.CountAbove(P9999(t.Sum!)));
                }

                json.WriteEndObject();
            }

            json.WriteEndArray();
            json.WriteEndObject();
        }

        console.OutputStream.WriteByte((byte)'\n');
    }

    private static string DoubleValue(double value, double scale) => (value / scale).ToString("F3", CultureInfo.InvariantCulture);

    private static string Value(long value, double scale)
        => scale == 1.0 ? value.ToString(CultureInfo.InvariantCulture) : (value / scale).ToString("F3", CultureInfo.InvariantCulture);

    private static string Relative(long milliseconds, double startTimeSec)
        => ((milliseconds / 1000.0) - startTimeSec).ToString("F3", CultureInfo.InvariantCulture);

    private static string Iso(double seconds)
    {
        try
        {
            return DateTimeOffset.FromUnixTimeMilliseconds((long)Math.Round(seconds * 1000)).UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture);
        }
        catch (ArgumentOutOfRangeException)
        {
            return "out of range";
        }
    }

    /// <summary>Everything read for one tag: the intervals added together, as Java's log processor adds them.</summary>
    private sealed class TagTotals
    {
        public TagTotals(string? tag, int worst)
        {
            Tag = tag;
            Worst = worst > 0 ? new WorstIntervals(worst) : null;
        }

        /// <summary>The intervals with the largest maxima (--worst); null without it.</summary>
        public WorstIntervals? Worst { get; }

        public string? Tag { get; }

        /// <summary>The sum of the tag's intervals: a HistogramBase, or a DoubleHistogram for DoubleHistogram intervals.</summary>
        public EncodableHistogram? Sum { get; private set; }

        public long Intervals { get; private set; }

        public long FirstStart { get; private set; } = long.MaxValue;

        public long LastEnd { get; private set; } = long.MinValue;

        public void Add(EncodableHistogram interval, int lineNumber, double startSec)
        {
            Sum = IntervalSum.Add(Sum, interval, Tag, lineNumber);
            Worst?.Add(interval, startSec, lineNumber);
            Intervals++;
            FirstStart = Math.Min(FirstStart, interval.StartTimeStamp);
            LastEnd = Math.Max(LastEnd, interval.EndTimeStamp);
        }
    }
}
