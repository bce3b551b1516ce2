using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using HdrHistogram.Tool.Commands;

namespace HdrHistogram.Tool;

/// <summary>The <c>hdr</c> command: dispatches to a command and turns every failure into one line on standard error.</summary>
internal static class HdrTool
{
    public const string Usage =
        "hdr: HdrHistogram histograms and histogram logs (.hlog), with output identical to Java HdrHistogram 2.2.2's\n"
        + "\n"
        + "Usage: hdr <command> [options]\n"
        + "\n"
        + "Commands:\n"
        + "  decode [FILE]           print the percentile distribution of base64 histograms (one per line), a binary\n"
        + "                          histogram, or every interval of a histogram log (--tag, --ticks, --scale, --csv, --json)\n"
        + "  encode [FILE]           record 'value count' lines into a histogram and print its base64 V2 encoding\n"
        + "  process [options]       Java's HistogramLogProcessor: interval log, .hgrm and moving-window outputs\n"
        + "  summary FILE            per-tag totals, time span and percentiles of a histogram log (--json)\n"
        + "  merge -o OUT FILE...    merge histogram logs into one, intervals interleaved by start time\n"
        + "  plot FILE... -o OUT     the percentile distribution (or --kind timeline) of logs, .hgrm files, base64 (SVG, PNG)\n"
        + "  report FILE... -o OUT   one self-contained HTML page: both plots and a summary table per file and tag\n"
        + "\n"
        + "FILE is read from standard input when omitted or '-'. 'hdr <command> --help' describes a command.\n"
        + "Exit codes: 0 success, 1 bad input or I/O error, 2 bad command line.\n";

    private static readonly char[] LineBreaks = { '\r', '\n' };

    private static readonly Dictionary<string, Func<IReadOnlyList<string>, ToolConsole, int>> Commands = new(StringComparer.Ordinal)
    {
        ["decode"] = DecodeCommand.Run,
        ["encode"] = EncodeCommand.Run,
        ["process"] = ProcessCommand.Run,
        ["summary"] = SummaryCommand.Run,
        ["merge"] = MergeCommand.Run,
        ["plot"] = PlotCommand.Run,
        ["report"] = ReportCommand.Run,
    };

    /// <summary>Runs the tool; returns the process exit code.</summary>
    public static int Run(IReadOnlyList<string> args, ToolConsole console)
    {
        string command = args.Count > 0 ? args[0] : string.Empty;
        try
        {
            if (args.Count == 0 || command is "--help" or "-h" or "help" or "-help")
            {
                console.Out.Write(Usage);
                return args.Count == 0 ? ToolException.UsageError : 0;
            }

            if (!Commands.TryGetValue(command, out var run))
            {
                throw ToolException.Usage("unknown command '" + command + "' (commands: " + string.Join(", ", Commands.Keys) + "; see hdr --help)");
            }

            return run(args.Skip(1).ToList(), console);
        }
        catch (Exception e) when (IsReportable(e))
        {
            console.Out.Flush();
            int exitCode = e is ToolException tool ? tool.ExitCode : ToolException.RuntimeError;
            console.Error.WriteLine("hdr" + (Commands.ContainsKey(command) ? " " + command : string.Empty) + ": error: " + OneLine(Describe(e)));
            return exitCode;
        }
        catch (Exception e)
        {
            // Not expected: still one line, never a stack trace.
            console.Out.Flush();
            console.Error.WriteLine("hdr: internal error: " + e.GetType().Name + ": " + OneLine(e.Message));
            return 70;
        }
        finally
        {
            try
            {
                console.Out.Flush();
            }
            catch (IOException)
            {
            }
        }
    }

    /// <summary>Collapses a message onto one line.</summary>
    public static string OneLine(string message)
        => string.Join(" ", message.Split(LineBreaks, StringSplitOptions.RemoveEmptyEntries).Select(s => s.Trim()));

    private static bool IsReportable(Exception e)
        => e is ToolException or HistogramFormatException or IOException or UnauthorizedAccessException
            or ArgumentException or InvalidOperationException or NotSupportedException or OverflowException;

    private static string Describe(Exception e) => e switch
    {
        FileNotFoundException f => "file not found: " + (f.FileName ?? f.Message),
        DirectoryNotFoundException d => "directory not found: " + d.Message,
        _ => e.Message,
    };
}
