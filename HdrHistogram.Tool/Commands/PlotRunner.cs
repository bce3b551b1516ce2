using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Threading;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Rendering;
using HdrHistogram.Plotting.Report;

namespace HdrHistogram.Tool.Commands;

/// <summary>What <c>hdr plot</c> and <c>hdr report</c> were asked to do, once the command line is parsed.</summary>
internal sealed class PlotSettings
{
    public required IReadOnlyList<string> Files { get; init; }

    public string? Output { get; init; }

    public PlotKind Kind { get; init; } = PlotKind.Percentiles;

    /// <summary>The display unit (--unit); null: milliseconds unless a ratio is given.</summary>
    public string? Unit { get; init; }

    /// <summary>The unit values were recorded in (--values-in): one for every file, or one per file in order.</summary>
    public IReadOnlyList<string> ValuesIn { get; init; } = new[] { "ns" };

    /// <summary>Java's output value unit ratio (--ratio), instead of units.</summary>
    public double? Ratio { get; init; }

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

    public bool Json { get; init; }

    public bool Progress { get; init; }

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
        if (settings.Kind == PlotKind.Timeline && series.All(s => s.Intervals.Count == 0))
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

        if (settings.Baseline is { } baselineFile && !settings.Files.Contains(baselineFile, StringComparer.Ordinal))
        {
            settings = WithFiles(settings, new[] { baselineFile }.Concat(settings.Files).ToList());
        }

        if (settings.Baseline is not null && settings.Files.Count < 2)
        {
            throw ToolException.Usage("--baseline needs another FILE to compare with");
        }

        var options = Options(settings);
        var series = Read(console, "hdr report", settings);
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
        ValueUnit unit;
        if (settings.Ratio is { } ratio)
        {
            if (settings.Unit is not null)
            {
                throw ToolException.Usage("--ratio and --unit both set the unit values are shown in: give one");
            }

            unit = ValueUnit.FromRatio(ratio);
        }
        else
        {
            foreach (string valuesIn in settings.ValuesIn)
            {
                CheckUnit("--values-in", valuesIn);
            }

            if (settings.ValuesIn.Count != 1 && settings.ValuesIn.Count != settings.Files.Count)
            {
                throw ToolException.Usage("--values-in needs one unit, or one per FILE in order (" + settings.Files.Count + " FILEs, " + settings.ValuesIn.Count + " units)");
            }

            unit = ValueUnit.FromUnits(settings.ValuesIn[0], CheckUnit("--unit", settings.Unit ?? "ms"));
        }

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

        return new PlotOptions { Unit = unit, Title = settings.Title, Width = settings.Width, Height = settings.Height, Sla = sla, YScale = settings.YScale };
    }

    private static PlotSettings WithFiles(PlotSettings s, List<string> files) => new()
    {
        Files = files,
        Output = s.Output,
        Kind = s.Kind,
        Unit = s.Unit,
        // One unit per FILE: the added baseline takes the first one's.
        ValuesIn = s.ValuesIn.Count == 1 || s.ValuesIn.Count != files.Count - 1 ? s.ValuesIn : new[] { s.ValuesIn[0] }.Concat(s.ValuesIn).ToList(),
        Ratio = s.Ratio,
        Sla = s.Sla,
        Title = s.Title,
        Width = s.Width,
        Height = s.Height,
        YScale = s.YScale,
        Baseline = s.Baseline,
        Tag = s.Tag,
        StartSec = s.StartSec,
        EndSec = s.EndSec,
        Json = s.Json,
        Progress = s.Progress,
        Cancellation = s.Cancellation,
    };

    private static string CheckUnit(string option, string unit)
    {
        try
        {
            ValueUnit.NanosecondsPer(unit);
            return unit;
        }
        catch (ArgumentException)
        {
            throw ToolException.Usage(option + " must be ns, us, ms or s, not '" + unit + "'");
        }
    }

    private static List<LatencySeries> Read(ToolConsole console, string what, PlotSettings settings)
    {
        var all = new List<LatencySeries>();
        foreach (var (file, index) in settings.Files.Select((f, i) => (f, i)))
        {
            if (Inputs.IsStandardInput(file))
            {
                throw ToolException.Usage("plot inputs are files ('-', standard input, is not supported)");
            }

            if (!File.Exists(file))
            {
                throw new ToolException("cannot open '" + file + "': file not found");
            }

            var reporter = settings.Progress || console.ErrorIsTerminal ? new ProgressReporter(console, what + ": " + file, new FileInfo(file).Length, settings.Progress, settings.Cancellation) : null;
            try
            {
                all.AddRange(PlotInputReader.Read(file, new PlotReadOptions
                {
                    Tag = settings.Tag,
                    // With --ratio values are divided as they are, whatever unit they were recorded in.
                    ValuesIn = settings.Ratio is null ? settings.ValuesIn[settings.ValuesIn.Count == 1 ? 0 : index] : null,
                    StartSec = settings.StartSec,
                    EndSec = settings.EndSec,
                    Progress = reporter is null ? null : new ProgressAdapter(reporter),
                }));
            }
            finally
            {
                reporter?.Done();
            }
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

    private sealed class ProgressAdapter : IProgress<PlotReadProgress>
    {
        private readonly ProgressReporter _reporter;

        public ProgressAdapter(ProgressReporter reporter)
        {
            _reporter = reporter;
        }

        public void Report(PlotReadProgress value) => _reporter.Report(value.Intervals, value.BytesRead, value.Completed);
    }
}
