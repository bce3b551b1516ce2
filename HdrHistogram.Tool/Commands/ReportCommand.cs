using System.Collections.Generic;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr report</c>: one self-contained HTML page with both plots and a summary table.</summary>
internal static class ReportCommand
{
    public const string Help =
        "Usage: hdr report FILE... -o OUT.html [options]\n"
        + "\n"
        + "Writes one HTML page that opens offline (no script, font or style from the network): the percentile plot and\n"
        + "the timeline of the FILEs inline as SVG, a summary table per file and tag (intervals, time span, count, min,\n"
        + "p50, p90, p99, p99.9, p99.99, max, mean and standard deviation, in the chosen unit, as hdr process prints\n"
        + "them) and this command. Light and dark friendly, readable on a phone. FILEs are as for hdr plot.\n"
        + "\n"
        + PlotOptionsHelp.Text;

    public static int Run(IReadOnlyList<string> args, ToolConsole console)
    {
        var line = CommandLine.Parse("report", args, PlotOptionsHelp.Flags, PlotOptionsHelp.Valued);
        if (line.Has("help") || line.Has("h"))
        {
            console.Out.Write(Help);
            return 0;
        }

        if (line.Value("kind") is not null)
        {
            throw ToolException.Usage("report draws both kinds: --kind is a plot option");
        }

        return PlotRunner.Report(console, PlotOptionsHelp.Settings(line, "report"), PlotRunner.CommandLineText("report", args));
    }
}
