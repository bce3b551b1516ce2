using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Rendering;
using HdrHistogram.Plotting.Report;
using HdrHistogram.Plotting.Timeline;
using HdrHistogram.Tool.Cli;

namespace HdrHistogram.Tool.Commands;

/// <summary>What <c>hdr plot</c> and <c>hdr report</c> were asked to do, once the command line is parsed.</summary>
internal sealed class PlotSettings
{
    public required IReadOnlyList<string> Files { get; init; }

    public string? Output { get; init; }

    public PlotKind Kind { get; init; } = PlotKind.Percentiles;

    /// <summary>The units (--unit, --values-in: one for every file or one per file in order, or --ratio).</summary>
    public required UnitChoice Units { get; init; }

    public IReadOnlyList<string> Sla { get; init; } = Array.Empty<string>();

    public string? Title { get; init; }

    public int Width { get; init; } = 1000;

    public int Height { get; init; } = 600;

    public string? Tag { get; init; }

    public double StartSec { get; init; }

    public double EndSec { get; init; } = double.MaxValue;

    /// <summary>The value axis (--y-scale).</summary>
    public YScale YScale { get; init; } = YScale.Auto;

    /// <summary>The file the others are compared with (report --baseline); null for none.</summary>
    public string? Baseline { get; init; }

    /// <summary>The timeline's lines (--percentiles); null for the default.</summary>
    public string? Percentiles { get; init; }

    /// <summary>The moving-window percentiles (--mwp); null for none.</summary>
    public string? MovingWindows { get; init; }

    /// <summary>The time axis (--time-axis).</summary>
    public TimeAxis TimeAxis { get; init; } = TimeAxis.Elapsed;

    /// <summary>The time zone (--tz); null for UTC.</summary>
    public string? TimeZone { get; init; }

    /// <summary>A report of no FILE, for logs dropped onto the page (report --empty).</summary>
    public bool Empty { get; init; }

    /// <summary>How many worst intervals to list (report --worst).</summary>
    public int Worst { get; init; } = 10;

    public bool Json { get; init; }

    public bool Progress { get; init; }

    /// <summary>A log whose last line is cut off is an error, not a warning (--strict).</summary>
    public bool Strict { get; init; }

    /// <summary>Cancelled by Ctrl+C.</summary>
    public CancellationToken Cancellation { get; init; }
}

/// <summary>Runs <c>hdr plot</c> and <c>hdr report</c>: reads the inputs, draws, and writes the output file atomically.</summary>
internal static class PlotRunner
{
    /// <summary>Writes the picture (or with --json the data) of the inputs.</summary>
    public static int Plot(ToolConsole console, PlotSettings settings)
    {
        ImageFormat? format = null;
        if (!settings.Json)
        {
            if (settings.Output is null)
            {
                throw ToolException.Usage("plot needs -o OUT.svg or -o OUT.png (or --json)");
            }

            format = ImageFormats.FromPath(settings.Output)
                ?? throw ToolException.Usage("cannot tell the image format of '" + settings.Output + "': use a .svg or .png output file");
        }

        var options = Options(settings);
        var series = Read(console, "hdr plot", settings);
        if (settings.Kind == PlotKind.Timeline && series.All(s => s.Timeline.Count == 0))
        {
            throw new ToolException("a timeline needs a histogram log: " + string.Join(", ", settings.Files) + " has no intervals with timestamps");
        }

        if (settings.Json)
        {
            WriteJson(console, settings.Output, series, options.Unit);
            return 0;
        }

        byte[] image = PlotRenderer.Render(settings.Kind, series, options, format!.Value);
        AtomicFile.Write(settings.Output!, stream => stream.Write(image));
        return 0;
    }

    /// <summary>Writes the HTML report (or with --json the data) of the inputs.</summary>
    public static int Report(ToolConsole console, PlotSettings settings, string commandLine)
    {
        if (!settings.Json)
        {
            if (settings.Output is null)
            {
                throw ToolException.Usage("report needs -o OUT.html (or --json)");
            }

            if (!ImageFormats.IsHtml(settings.Output))
            {
                throw ToolException.Usage("the report is an HTML page: use an .html output file, not '" + settings.Output + "'");
            }
        }

        if (settings.Empty != (settings.Files.Count == 0))
        {
            throw ToolException.Usage(settings.Empty ? "--empty writes a page without FILEs: give either FILEs or --empty" : "report needs FILEs (or --empty for a page that reads the logs dropped onto it)");
        }

        if (settings.Baseline is { } baselineFile && !settings.Files.Contains(baselineFile, StringComparer.Ordinal))
        {
            settings = WithFiles(settings, new[] { baselineFile }.Concat(settings.Files).ToList());
        }

        if (settings.Baseline is not null && settings.Files.Count < 2)
        {
            throw ToolException.Usage("--baseline needs another FILE to compare with");
        }

        var options = Options(settings);
        // The plots' drawing code loads on the other core while this one reads the logs.
        var warmUp = settings.Json ? Task.CompletedTask : Task.Run(PlotRenderer.WarmUp);
        var series = Read(console, "hdr report", settings);
        warmUp.GetAwaiter().GetResult();
        if (settings.Json)
        {
            WriteJson(console, settings.Output, series, options.Unit);
            return 0;
        }

        if (settings.Baseline is not null)
        {
            console.Out.Write(RunComparison.Create(series, settings.Baseline).Text(series, options.Unit));
            console.Out.Flush();
        }

        string html = HtmlReportWriter.Write(series, options, commandLine, settings.Baseline);
        AtomicFile.Write(settings.Output!, stream => stream.Write(new UTF8Encoding(false).GetBytes(html)));
        return 0;
    }

    /// <summary>The command line as a user would type it again (arguments with spaces or quotes quoted for a POSIX shell).</summary>
    public static string CommandLineText(string command, IEnumerable<string> args)
        => "hdr " + command + string.Concat(args.Select(a => " " + ShellQuote(a)));

    private static string ShellQuote(string arg)
        => arg.Length > 0 && arg.All(c => char.IsAsciiLetterOrDigit(c) || "-_./=:,%+@".Contains(c, StringComparison.Ordinal))
            ? arg
            : "'" + arg.Replace("'", "'\\''", StringComparison.Ordinal) + "'";

    private static PlotOptions Options(PlotSettings settings)
    {
        settings.Units.CheckCount(settings.Files.Count);
        var unit = settings.Units.Unit;
        var sla = new List<SlaTarget>();
        foreach (string text in settings.Sla)
        {
            try
            {
                sla.Add(SlaTarget.Parse(text, unit));
            }
            catch (FormatException e)
            {
                throw ToolException.Usage("--sla " + e.Message);
            }
        }

        if (settings.Width is < PlotOptions.MinSize or > PlotOptions.MaxSize || settings.Height is < PlotOptions.MinSize or > PlotOptions.MaxSize)
        {
            throw ToolException.Usage("--width and --height must be between " + PlotOptions.MinSize + " and " + PlotOptions.MaxSize + " pixels");
        }

        var (_, withMax) = TimelineLines(settings);
        TimeZoneInfo zone;
        try
        {
            zone = settings.TimeZone is null ? TimeZoneInfo.Utc : WallClock.Zone(settings.TimeZone);
        }
        catch (ArgumentException e)
        {
            throw ToolException.Usage("--tz " + e.Message);
        }

        return new PlotOptions
        {
            Unit = unit,
            Title = settings.Title,
            Width = settings.Width,
            Height = settings.Height,
            Sla = sla,
            YScale = settings.YScale,
            TimelineMax = withMax,
            TimeAxis = settings.TimeAxis,
            TimeZone = zone,
            WorstIntervals = settings.Worst,
            DropValuesIn = settings.Units.ValuesIn(0),
        };
    }

    /// <summary>The timeline's percentiles and whether it draws the max, from --percentiles (default 50,90,99,99.9,max).</summary>
    /// <exception cref="ToolException">The list holds something else than percentiles from 0 to 100 and 'max' (a usage error).</exception>
    private static (IReadOnlyList<double> Percentiles, bool WithMax) TimelineLines(PlotSettings settings)
    {
        if (settings.Percentiles is null)
        {
            return (PlotReadOptions.DefaultTimelinePercentiles, true);
        }

        var percentiles = new List<double>();
        bool withMax = false;
        foreach (string part in settings.Percentiles.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            if (part.Equals("max", StringComparison.OrdinalIgnoreCase))
            {
                withMax = true;
            }
            else if (double.TryParse(part.TrimStart('p', 'P'), System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out double p) && p >= 0 && p <= 100)
            {
                if (!percentiles.Contains(p))
                {
                    percentiles.Add(p);
                }
            }
            else
            {
                throw ToolException.Usage("--percentiles '" + part + "' is neither a percentile from 0 to 100 nor 'max' (e.g. --percentiles 99,99.9,max)");
            }
        }

        if (percentiles.Count == 0 && !withMax)
        {
            throw ToolException.Usage("--percentiles names no line (e.g. --percentiles 99,max)");
        }

        return (percentiles, withMax);
    }

    /// <summary>The moving-window percentiles of --mwp.</summary>
    /// <exception cref="ToolException">It is not P:W[,P:W...] (a usage error).</exception>
    private static IReadOnlyList<MovingWindow> MovingWindows(PlotSettings settings)
    {
        if (settings.MovingWindows is null)
        {
            return Array.Empty<MovingWindow>();
        }

        try
        {
            return MovingWindow.ParseList(settings.MovingWindows);
        }
        catch (FormatException e)
        {
            throw ToolException.Usage("--mwp " + e.Message);
        }
    }

    private static PlotSettings WithFiles(PlotSettings s, List<string> files) => new()
    {
        Files = files,
        Output = s.Output,
        Kind = s.Kind,
        // One unit per FILE: the added baseline takes the first one's.
        Units = s.Units.ValuesInCount == files.Count - 1 ? s.Units.WithFileInFront() : s.Units,
        Sla = s.Sla,
        Title = s.Title,
        Width = s.Width,
        Height = s.Height,
        YScale = s.YScale,
        Baseline = s.Baseline,
        Percentiles = s.Percentiles,
        MovingWindows = s.MovingWindows,
        TimeAxis = s.TimeAxis,
        TimeZone = s.TimeZone,
        Worst = s.Worst,
        Empty = s.Empty,
        Tag = s.Tag,
        StartSec = s.StartSec,
        EndSec = s.EndSec,
        Json = s.Json,
        Progress = s.Progress,
        Strict = s.Strict,
        Cancellation = s.Cancellation,
    };

    private static List<LatencySeries> Read(ToolConsole console, string what, PlotSettings settings)
    {
        var all = new List<LatencySeries>();
        if (settings.Files.Count(Inputs.IsStandardInput) > 1)
        {
            throw ToolException.Usage("standard input ('-') can be given only once");
        }

        var (timelinePercentiles, _) = TimelineLines(settings);
        var windows = MovingWindows(settings);
        foreach (var (file, index) in settings.Files.Select((f, i) => (f, i)))
        {
            string name = Inputs.Name(file);
            using var input = Inputs.OpenSeekable(file, console, what);
            var reporter = settings.Progress || console.ErrorIsTerminal ? new ProgressReporter(console, what + ": " + name, input.Length, settings.Progress, settings.Cancellation) : null;
            var adapter = new ProgressAdapter(reporter);
            IReadOnlyList<LatencySeries> series;
            try
            {
                series = PlotInputReader.Read(input, name, new PlotReadOptions
                {
                    Tag = settings.Tag,
                    // With --ratio values are divided as they are, whatever unit they were recorded in.
                    ValuesIn = settings.Units.ValuesIn(index),
                    StartSec = settings.StartSec,
                    EndSec = settings.EndSec,
                    TimelinePercentiles = timelinePercentiles,
                    MovingWindows = windows,
                    WorstIntervals = settings.Worst,
                    Progress = adapter,
                });
            }
            catch (HistogramFormatException) when (adapter.LinesRead > 0)
            {
                // The warnings of a log that had no interval in the range come before the error, as in the other commands.
                Inputs.CheckLastLine(console, what, name, input, adapter.LinesRead, settings.Strict);
                Inputs.NoteIntervalsBeforeStart(console, what, name, adapter.IntervalsBeforeRange, settings.StartSec, "--start");
                throw;
            }
            finally
            {
                reporter?.Done();
            }

            if (series.Any(s => s.Format == PlotInputFormat.Log))
            {
                Inputs.CheckLastLine(console, what, name, input, adapter.LinesRead, settings.Strict);
                Inputs.NoteIntervalsBeforeStart(console, what, name, adapter.IntervalsBeforeRange, settings.StartSec, "--start");
            }

            // A .hgrm file's values were divided by its writer: the hint is about recorded values only.
            var recorded = series.Where(s => !s.ValuesAlreadyScaled).ToList();
            if (recorded.Count > 0)
            {
                settings.Units.HintAboutMagnitude(console, what, name, recorded.Max(s => s.Summary.Max), recorded.Any(s => s.HoldsDoubleHistograms), input.MicrosecondsHeader);
            }

            all.AddRange(series);
        }

        return all;
    }

    private static void WriteJson(ToolConsole console, string? output, IReadOnlyList<LatencySeries> series, ValueUnit unit)
    {
        if (output is not null && !Inputs.IsStandardInput(output))
        {
            AtomicFile.Write(output, stream =>
            {
                using var json = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true });
                PlotJsonWriter.Write(json, series, unit);
                json.Flush();
                stream.WriteByte((byte)'\n');
            });
            return;
        }

        console.Out.Flush();
        using (var json = new Utf8JsonWriter(console.OutputStream, new JsonWriterOptions { Indented = true }))
        {
            PlotJsonWriter.Write(json, series, unit);
        }

        console.OutputStream.WriteByte((byte)'\n');
    }

    /// <summary>Forwards progress to the reporter (if any) and keeps what a log's last report says.</summary>
    private sealed class ProgressAdapter : IProgress<PlotReadProgress>
    {
        private readonly ProgressReporter? _reporter;

        public ProgressAdapter(ProgressReporter? reporter)
        {
            _reporter = reporter;
        }

        /// <summary>The lines a log's reader consumed (0 until a log has been read).</summary>
        public long LinesRead { get; private set; }

        /// <summary>The intervals left out because they start before the range.</summary>
        public long IntervalsBeforeRange { get; private set; }

        public void Report(PlotReadProgress value)
        {
            if (value.Completed)
            {
                LinesRead = value.LinesRead;
                IntervalsBeforeRange = value.IntervalsBeforeRange;
            }

            _reporter?.Report(value.Intervals, value.BytesRead, value.Completed);
        }
    }
}
