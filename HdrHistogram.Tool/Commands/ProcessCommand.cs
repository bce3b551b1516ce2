using System;
using System.Collections.Generic;
using System.IO;
using HdrHistogram.Logging;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr process</c>: Java's HistogramLogProcessor, with its options and byte-identical outputs.</summary>
internal static class ProcessCommand
{
    public static readonly string Help =
        "Usage: hdr process [options]\n"
        + "\n"
        + "Java HdrHistogram 2.2.2's HistogramLogProcessor: with -o X, writes the interval log X, the overall percentile\n"
        + "distribution X.hgrm and, with -mwp/-mwpl, the moving-window log X.mwp, byte for byte as Java does; without\n"
        + "-o, prints the distribution only. StartTime dates use the local time zone, as Java does (-utc: UTC).\n"
        + "A clear error replaces Java's crash when no interval matches (Java: NullPointerException).\n"
        + "\n"
        + "Options (Java's, with one dash or two):\n"
        + HistogramLogProcessorOptions.Usage;

    public static int Run(IReadOnlyList<string> args, ToolConsole console)
    {
        HistogramLogProcessorOptions options;
        try
        {
            options = HistogramLogProcessorOptions.Parse(args);
        }
        catch (ArgumentException e)
        {
            throw ToolException.Usage(e.Message + " (see hdr process --help)");
        }

        if (options.HelpRequested)
        {
            console.Out.Write(Help);
            return 0;
        }

        string? input = options.InputFileName;
        if (input is not null && !File.Exists(input))
        {
            throw new ToolException("cannot open '" + input + "': file not found");
        }

        var progress = new ProgressReporter(console, "hdr process" + (input is null ? string.Empty : ": " + input), Inputs.Length(input));
        var processor = new HistogramLogProcessor(options) { Progress = new ProgressAdapter(progress) };
        try
        {
            processor.Run(console.Input, console.Out);
        }
        catch (HistogramFormatException e)
        {
            throw new ToolException((input ?? "standard input") + ": " + e.Message + (options.Verbose && e.InnerException is not null ? " [" + e.InnerException.GetType().Name + "]" : string.Empty));
        }
        finally
        {
            progress.Done();
        }

        return 0;
    }

    private sealed class ProgressAdapter : IProgress<HistogramLogProcessorProgress>
    {
        private readonly ProgressReporter _reporter;

        public ProgressAdapter(ProgressReporter reporter)
        {
            _reporter = reporter;
        }

        public void Report(HistogramLogProcessorProgress value) => _reporter.Report(value.IntervalsRead, value.BytesRead, value.Completed);
    }
}
