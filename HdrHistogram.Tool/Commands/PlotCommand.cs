using System;
using System.Collections.Generic;
using System.Globalization;
using HdrHistogram.Plotting.Rendering;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr plot</c>: the percentile distribution (or timeline) of histogram logs, .hgrm files and base64 histograms as SVG or PNG.</summary>
internal static class PlotCommand
{
    public const string Help =
        "Usage: hdr plot FILE... -o OUT.svg|OUT.png [options]\n"
        + "\n"
        + "Draws the percentile distribution of each FILE (a histogram log: all its intervals added, one line per tag; a\n"
        + "Java .hgrm file; or base64 histograms, one per line, added) on a log 1/(1-percentile) axis labelled 50%, 90%,\n"
        + "99%, 99.9%..., or with --kind timeline the p50, p90, p99, p99.9 and max of every interval of the logs against\n"
        + "the time since the log's start. The format follows OUT's extension. Values of .hgrm files are drawn as written.\n"
        + "\n"
        + PlotOptionsHelp.Text;

    public static int Run(IReadOnlyList<string> args, ToolConsole console)
    {
        var line = CommandLine.Parse("plot", args, PlotOptionsHelp.Flags, PlotOptionsHelp.Valued);
        if (line.Has("help") || line.Has("h"))
        {
            console.Out.Write(Help);
            return 0;
        }

        return PlotRunner.Plot(console, PlotOptionsHelp.Settings(line, "plot"));
    }
}

/// <summary>The options <c>hdr plot</c> and <c>hdr report</c> share.</summary>
internal static class PlotOptionsHelp
{
    public const string Text =
        "Options:\n"
        + "  -o OUT              the output file; written only when every input was read (no partial file is left)\n"
        + "  --kind K            percentiles (default) or timeline (plot only)\n"
        + "  --unit U            show values in ns, us, ms (default) or s\n"
        + "  --values-in U[,U..] the unit the values were recorded in: ns (default, as jHiccup), us (as YCSB), ms or s;\n"
        + "                      one per FILE, in order, to show files recorded in different units together\n"
        + "  --ratio R           divide values by R instead (Java's -outputValueUnitRatio); the axis reads 'value / R'\n"
        + "  --sla P=V[,P=V...]  targets drawn as a dashed staircase, e.g. 99=2ms,99.9=10ms (a bare V is in the display\n"
        + "                      unit): up to percentile P, values should stay at or below V\n"
        + "  --title T           the title\n"
        + "  --width W           width in pixels (default 1000)\n"
        + "  --height H          height in pixels (default 600)\n"
        + "  --tag T             only the intervals with tag T (default: every tag, each its own line)\n"
        + "  --start S, --end E  only intervals from S to E seconds after the log's start time, as hdr process -start/-end\n"
        + "  --json              write the series as JSON numbers instead (to OUT if given, else standard output)\n"
        + "  --progress          report progress on standard error even when it is not a terminal\n";

    public static readonly string[] Flags = { "json", "progress", "help", "h" };

    public static readonly string[] Valued = { "o", "output", "kind", "unit", "values-in", "ratio", "sla", "title", "width", "height", "tag", "start", "end" };

    public static PlotSettings Settings(CommandLine line, string command)
    {
        if (line.Positional.Count == 0)
        {
            throw ToolException.Usage(command + " needs at least one FILE (see hdr " + command + " --help)");
        }

        var kind = line.Value("kind") switch
        {
            null or "percentiles" => PlotKind.Percentiles,
            "timeline" => PlotKind.Timeline,
            string other => throw ToolException.Usage("--kind must be percentiles or timeline, not '" + other + "'"),
        };

        return new PlotSettings
        {
            Files = line.Positional,
            Output = line.Value("o") ?? line.Value("output"),
            Kind = kind,
            Unit = line.Value("unit"),
            ValuesIn = line.Value("values-in")?.Split(',', StringSplitOptions.TrimEntries) ?? new[] { "ns" },
            Ratio = line.PositiveDouble("ratio"),
            Sla = line.Value("sla")?.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries) ?? Array.Empty<string>(),
            Title = line.Value("title"),
            Width = line.Int("width", PlotOptions.MinSize, PlotOptions.MaxSize) ?? 1000,
            Height = line.Int("height", PlotOptions.MinSize, PlotOptions.MaxSize) ?? 600,
            Tag = line.Value("tag"),
            StartSec = Seconds(line, "start") ?? 0,
            EndSec = Seconds(line, "end") ?? double.MaxValue,
            Json = line.Has("json"),
            Progress = line.Has("progress"),
        };
    }

    private static double? Seconds(CommandLine line, string name)
    {
        string? text = line.Value(name);
        if (text is null)
        {
            return null;
        }

        if (!double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double value) || !(value >= 0) || double.IsInfinity(value))
        {
            throw ToolException.Usage("--" + name + " needs a number of seconds, not '" + text + "'");
        }

        return value;
    }
}
