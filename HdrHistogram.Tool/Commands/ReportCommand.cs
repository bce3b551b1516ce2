using System.CommandLine;
using System.Linq;
using HdrHistogram.Tool.Cli;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr report</c>: one self-contained HTML page with both plots and a summary table.</summary>
internal static class ReportCommand
{
    private const string Description =
        "Writes one HTML page that opens offline (no script, font or style from the network): the percentile plot and "
        + "the timeline of the FILEs inline as SVG, a summary table per file and tag (intervals, time span, count, min, "
        + "p50, p90, p99, p99.9, p99.99, max, mean and standard deviation, in the chosen unit, as hdr process prints "
        + "them) and this command. Light and dark friendly, readable on a phone. FILEs are as for hdr plot.";

    /// <summary>Builds the <c>report</c> command.</summary>
    public static Command Create(ToolConsole console)
    {
        // No --kind: a report draws both kinds.
        var options = new PlotCommandOptions(withKind: false);
        var command = new Command("report", Description);
        options.AddTo(command);
        ToolCommandLine.SetRun(command, (result, cancellation) => PlotRunner.Report(
            console,
            options.Settings(result, console, "hdr report", cancellation),
            PlotRunner.CommandLineText("report", result.Tokens.Skip(1).Select(t => t.Value))));
        return command;
    }
}
