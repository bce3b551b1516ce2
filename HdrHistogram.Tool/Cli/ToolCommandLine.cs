using System;
using System.CommandLine;
using System.CommandLine.Help;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using HdrHistogram.Tool.Commands;

namespace HdrHistogram.Tool.Cli;

/// <summary>The <c>hdr</c> command tree (System.CommandLine): every command, the shared help option and <c>--version</c>.</summary>
internal static class ToolCommandLine
{
    /// <summary>The width help text is wrapped to, the same on a terminal and in a file (so help is reproducible).</summary>
    public const int HelpWidth = 110;

    /// <summary>The overview <c>hdr</c>, <c>hdr --help</c> and <c>hdr help</c> print.</summary>
    public const string Overview =
        "hdr: HdrHistogram histograms and histogram logs (.hlog), with output identical to Java HdrHistogram 2.2.2's\n"
        + "\n"
        + "Usage: hdr <command> [options]\n"
        + "       hdr --version\n"
        + "\n"
        + "Commands:\n"
        + "  decode [FILE]           print the percentile distribution of base64 histograms (one per line), a binary\n"
        + "                          histogram, or every interval of a histogram log (--tag, --ticks, --unit, --csv, --json)\n"
        + "  encode [FILE]           record 'value count' lines into a histogram and print its base64 V2 encoding\n"
        + "  process [options]       Java's HistogramLogProcessor: interval log, .hgrm and moving-window outputs\n"
        + "  summary [FILE]          per-tag totals, time span and percentiles of a histogram log (--json)\n"
        + "  merge -o OUT FILE...    merge histogram logs into one, intervals interleaved by start time\n"
        + "  plot FILE... -o OUT     the percentile distribution (or --kind timeline) of logs, .hgrm files, base64 (SVG, PNG)\n"
        + "  report FILE... -o OUT   one self-contained HTML page: both plots and a summary table per file and tag\n"
        + "  push [FILE] --url URL   send a log to Prometheus by remote write, as native histograms (one series per tag)\n"
        + "\n"
        + "[FILE] is read from standard input when omitted; '-' names standard input wherever a FILE is taken.\n"
        + "'hdr <command> --help' describes a command.\n"
        + "Exit codes: 0 success, 1 bad input or I/O error, 2 bad command line, 130 interrupted (Ctrl+C).\n";

    /// <summary>Builds the command tree; the commands run with <paramref name="console"/>.</summary>
    public static Command Create(ToolConsole console)
    {
        // A plain command named "hdr" rather than RootCommand, whose name is the executable's ("testhost" in tests).
        var root = new Command("hdr", "HdrHistogram histograms and histogram logs");
        var helpAction = new ToolHelpAction(root, Overview);
        var help = new HelpOption("--help", "-h", "-?", "-help") { Action = helpAction };

        root.Options.Add(help);
        var version = ToolOptions.Flag("--version", "print the version of hdr and of the HdrHistogram library, and exit");
        root.Options.Add(version);
        root.Subcommands.Add(DecodeCommand.Create(console));
        root.Subcommands.Add(EncodeCommand.Create(console));
        root.Subcommands.Add(ProcessCommand.Create(console));
        root.Subcommands.Add(SummaryCommand.Create(console));
        root.Subcommands.Add(MergeCommand.Create(console));
        root.Subcommands.Add(PlotCommand.Create(console));
        root.Subcommands.Add(ReportCommand.Create(console));
        root.Subcommands.Add(PushCommand.Create(console));
        root.SetAction(result =>
        {
            if (result.GetValue(version))
            {
                console.Out.Write("hdr " + VersionOf(typeof(ToolCommandLine).Assembly) + " (HdrHistogram " + VersionOf(typeof(HistogramBase).Assembly) + ")\n");
                return 0;
            }

            // No command: the overview, and a usage error.
            helpAction.Invoke(result);
            console.Out.Flush();
            return ToolException.UsageError;
        });
        return root;
    }

    /// <summary>Makes <paramref name="run"/> the action of <paramref name="command"/>, with the invocation's cancellation token (Ctrl+C).</summary>
    public static void SetRun(Command command, Func<ParseResult, CancellationToken, int> run)
        => command.SetAction((result, cancellation) => Task.FromResult(run(result, cancellation)));

    private static string VersionOf(Assembly assembly)
        => assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion
            ?? assembly.GetName().Version?.ToString()
            ?? "unknown";
}
