using System.CommandLine;
using HdrHistogram.Tool.Cli;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr plot</c>: the percentile distribution (or timeline) of histogram logs, .hgrm files and base64 histograms as SVG or PNG.</summary>
internal static class PlotCommand
{
    private const string Description =
        "Draws the percentile distribution of each FILE (a histogram log: all its intervals added, one line per tag; a "
        + "Java .hgrm file; or base64 histograms, one per line, added) on a log 1/(1-percentile) axis labelled 50%, 90%, "
        + "99%, 99.9%..., or with --kind timeline the p50, p90, p99, p99.9 and max of every interval of the logs against "
        + "the time since the log's start (a log of more than 2048 intervals in 1024 to 2048 time buckets, each the "
        + "intervals in it added together). The format follows OUT's extension. Values of .hgrm files are drawn as written.";

    /// <summary>Builds the <c>plot</c> command.</summary>
    public static Command Create(ToolConsole console)
    {
        var options = new PlotCommandOptions(withKind: true);
        var command = new Command("plot", Description);
        options.AddTo(command);
        ToolCommandLine.SetRun(command, (result, cancellation) => PlotRunner.Plot(console, options.Settings(result, console, "hdr plot", cancellation)));
        return command;
    }
}
