using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using HdrHistogram.Plotting.Timeline;

namespace HdrHistogram.Plotting.Data;

/// <summary>
/// Reads a plot input — a histogram log, a Java .hgrm file or base64 histograms — into series: one per tag of a log,
/// one for any other input.
/// </summary>
public static class PlotInputReader
{
    private const int SniffBytes = 8 * 1024;
    private const int ProgressEveryIntervals = 64;

    /// <summary>Reads the file at <paramref name="path"/>; its series are named by <paramref name="path"/>.</summary>
    /// <exception cref="HistogramFormatException">The file is not a log, .hgrm or base64 histograms, is malformed, or holds no histogram.</exception>
    /// <exception cref="IOException">The file cannot be read.</exception>
    public static IReadOnlyList<LatencySeries> Read(string path, PlotReadOptions options)
    {
        using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete, 64 * 1024);
        return Read(stream, path, options);
    }

    /// <summary>Reads <paramref name="stream"/> (seekable: its start is read twice) naming its series <paramref name="name"/>.</summary>
    /// <exception cref="HistogramFormatException">The input is not a log, .hgrm or base64 histograms, is malformed, or holds no histogram.</exception>
    public static IReadOnlyList<LatencySeries> Read(Stream stream, string name, PlotReadOptions options)
    {
        var format = Detect(stream, name);
        stream.Position = 0;
        try
        {
            var series = format switch
            {
                PlotInputFormat.Log => ReadLog(stream, name, options),
                PlotInputFormat.Hgrm => ReadHgrm(stream, name),
                _ => ReadBase64(stream, name, options),
            };
            if (options.ValuesIn is not null)
            {
                series = series.Select(s => s.WithValuesIn(options.ValuesIn)).ToList();
            }

            if (series.Count == 0)
            {
                throw new HistogramFormatException(NoHistograms(name, options, intervalsBeforeRange: 0));
            }

            return series;
        }
        catch (HistogramFormatException e) when (!e.Message.StartsWith(name, StringComparison.Ordinal) && !e.Message.StartsWith("no histograms in ", StringComparison.Ordinal))
        {
            throw new HistogramFormatException(name + ": " + e.Message, e);
        }
    }

    /// <summary>
    /// "no histograms in NAME", with the tag asked for, and "in the time range" when one was given or intervals before
    /// the log's start time were left out.
    /// </summary>
    private static string NoHistograms(string name, PlotReadOptions options, long intervalsBeforeRange)
        => "no histograms in " + name
            + (options.Tag is not null ? " with tag '" + options.Tag + "'" : string.Empty)
            + (options.StartSec != 0 || options.EndSec < double.MaxValue || intervalsBeforeRange > 0 ? " in the time range" : string.Empty);

    /// <summary>Tells the format from the first lines: an hgrm header, a log's comment, legend or interval line, or base64.</summary>
    internal static PlotInputFormat Detect(Stream stream, string name)
    {
        byte[] prefix = new byte[SniffBytes];
        int filled = 0;
        int read;
        while (filled < prefix.Length && (read = stream.Read(prefix, filled, prefix.Length - filled)) > 0)
        {
            filled += read;
        }

        if (filled == 0)
        {
            throw new HistogramFormatException("no histograms in " + name + " (it is empty)");
        }

        string text = new UTF8Encoding(false, false).GetString(prefix, 0, filled);
        string[] lines = text.Split('\n').Select(l => l.Trim().Trim('\uFEFF')).Where(l => l.Length > 0).ToArray();
        if (lines.Length == 0)
        {
            throw new HistogramFormatException("no histograms in " + name + " (it holds only whitespace)");
        }

        if (lines.Any(IsHgrmHeader))
        {
            return PlotInputFormat.Hgrm;
        }

        string first = lines[0];
        if (first[0] is '#' or '"' || first.Contains(',', StringComparison.Ordinal))
        {
            return PlotInputFormat.Log;
        }

        if (first.Length >= 8 && first.All(c => char.IsAsciiLetterOrDigit(c) || c is '+' or '/' or '='))
        {
            return PlotInputFormat.Base64;
        }

        throw new HistogramFormatException(name + " is not a histogram log, .hgrm file or base64 histogram");
    }

    private static bool IsHgrmHeader(string line)
        => (line.StartsWith("Value", StringComparison.Ordinal) || line.StartsWith("\"Value", StringComparison.Ordinal))
            && line.Contains("Percentile", StringComparison.Ordinal);

    private static List<LatencySeries> ReadLog(Stream stream, string name, PlotReadOptions options)
    {
        var timeline = new TimelineBuilder(options.TimelinePercentiles, options.MovingWindows, options.WorstIntervals);
        double startTimeSec;
        long intervals = 0;
        long length = stream.CanSeek ? stream.Length : 0;
        using (var reader = new HistogramLogReader(stream, null, leaveOpen: true))
        {
            EncodableHistogram? interval = null;
            while ((interval = reader.NextIntervalHistogram(options.StartSec, options.EndSec, absoluteRange: false, interval)) is not null)
            {
                if (++intervals % ProgressEveryIntervals == 0)
                {
                    options.Progress?.Report(new PlotReadProgress(intervals, stream.Position, length, Completed: false));
                }

                if (options.Tag is not null && !string.Equals(interval.Tag, options.Tag, StringComparison.Ordinal))
                {
                    continue;
                }

                var entry = reader.LastInterval;
                timeline.Add(
                    interval,
                    reader.LastIntervalStartSec - reader.StartTimeSec,
                    entry.RawIntervalLengthSec,
                    (interval.EndTimeStamp / 1000.0) - reader.StartTimeSec,
                    entry.LineNumber);
            }

            options.Progress?.Report(new PlotReadProgress(intervals, length, length, Completed: true, reader.LineNumber, reader.IntervalsBeforeRange));
            startTimeSec = reader.StartTimeSec;
            if (timeline.Tags().Count == 0)
            {
                throw new HistogramFormatException(NoHistograms(name, options, reader.IntervalsBeforeRange));
            }
        }

        var series = new List<LatencySeries>();
        foreach (var tag in timeline.Tags())
        {
            var result = timeline.Finish(tag);
            series.Add(new LatencySeries
            {
                Source = name,
                Tag = tag.Tag,
                Format = PlotInputFormat.Log,
                Distribution = HistogramStatistics.Distribution(result.Sum),
                Timeline = result.Drawn,
                TimelineLeaves = result.Leaves,
                CountsLayout = result.Layout,
                LogStartTimeSec = startTimeSec,
                Sum = result.Sum,
                MovingWindows = options.MovingWindows,
                WorstIntervals = result.Worst,
                IntervalsAboveP9999 = result.IntervalsAboveP9999,
                Summary = HistogramStatistics.Summary(result.Sum, tag.Intervals, tag.SpanSec),
                HoldsDoubleHistograms = tag.HoldsDoubleHistograms,
            });
        }

        return series;
    }

    private static List<LatencySeries> ReadBase64(Stream stream, string name, PlotReadOptions options)
    {
        TagReader? all = null;
        using var text = new StreamReader(stream, System.Text.Encoding.UTF8, true, 64 * 1024, leaveOpen: true);
        string? line;
        int lineNumber = 0;
        long length = stream.CanSeek ? stream.Length : 0;
        while ((line = text.ReadLine()) is not null)
        {
            lineNumber++;
            line = line.Trim();
            if (line.Length == 0)
            {
                continue;
            }

            EncodableHistogram h;
            try
            {
                h = HistogramEncoding.DecodeAnyFromBase64(line);
            }
            catch (Exception e) when (e is HistogramFormatException or FormatException)
            {
                throw new HistogramFormatException(name + ": line " + lineNumber.ToString(CultureInfo.InvariantCulture) + " is not a base64 histogram (" + e.Message + ")", e);
            }

            all ??= new TagReader(h);
            all.Add(h, lineNumber);
            if (lineNumber % ProgressEveryIntervals == 0)
            {
                options.Progress?.Report(new PlotReadProgress(lineNumber, stream.Position, length, Completed: false));
            }
        }

        options.Progress?.Report(new PlotReadProgress(lineNumber, length, length, Completed: true));
        return all is null ? new List<LatencySeries>() : new List<LatencySeries> { all.ToSeries(name, PlotInputFormat.Base64) };
    }

    private static List<LatencySeries> ReadHgrm(Stream stream, string name)
        => HgrmParser.Parse(stream, name) is { } series ? new List<LatencySeries> { series } : new List<LatencySeries>();

    /// <summary>Base64 histograms added together (they have no timestamps, so no timeline).</summary>
    private sealed class TagReader
    {
        private readonly EncodableHistogram _sum;
        private int _count;

        /// <param name="first">The first histogram.</param>
        public TagReader(EncodableHistogram first)
        {
            _sum = HistogramStatistics.StartSum(first);
        }

        /// <param name="h">The histogram.</param>
        /// <param name="lineNumber">Where it is, for errors.</param>
        public void Add(EncodableHistogram h, int lineNumber)
        {
            if (!HistogramStatistics.TryAdd(_sum, h))
            {
                throw new HistogramFormatException(
                    "line " + lineNumber.ToString(CultureInfo.InvariantCulture) + ": the histograms mix integer histograms and DoubleHistograms, which cannot be added together");
            }

            _count++;
        }

        public LatencySeries ToSeries(string source, PlotInputFormat format) => new()
        {
            Source = source,
            Format = format,
            Distribution = HistogramStatistics.Distribution(_sum),
            Timeline = Array.Empty<TimelineBucket>(),
            Sum = _sum,
            Summary = HistogramStatistics.Summary(_sum, _count, null),
            HoldsDoubleHistograms = _sum is DoubleHistogram,
        };
    }
}
