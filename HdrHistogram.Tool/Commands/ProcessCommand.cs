using System;
using System.CommandLine;
using System.IO;
using System.Threading;
using HdrHistogram.Logging;
using HdrHistogram.Tool.Cli;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr process</c>: Java's HistogramLogProcessor, with its options and byte-identical outputs.</summary>
internal static class ProcessCommand
{
    private const string Description =
        "Java HdrHistogram 2.2.2's HistogramLogProcessor: with -o X, writes the interval log X, the overall percentile "
        + "distribution X.hgrm and, with -mwp/-mwpl, the moving-window log X.mwp, byte for byte as Java does; without "
        + "-o, prints the distribution only. StartTime dates use the local time zone, as Java does (-utc: UTC). "
        + "A clear error replaces Java's crash when no interval matches (Java: NullPointerException). "
        + "Java's options are spelled as in Java, with one dash (-outputValueUnitRatio) or two.";

    /// <summary>Builds the <c>process</c> command: Java's options, each as <c>-name</c> and <c>--name</c>.</summary>
    public static Command Create(ToolConsole console)
    {
        var csv = ToolOptions.Flag("--csv", "use CSV format for the output files", "-csv");
        var verbose = ToolOptions.Flag("--v", "verbose error output", "-v", "--verbose");
        var input = ToolOptions.Text("--i", "logFileName", "the histogram log to process (default: standard input)", "-i", "--input");
        var output = ToolOptions.Text(
            "--o",
            "outputFileName",
            "write the interval log to outputFileName and the overall percentile distribution to outputFileName.hgrm "
            + "(default: the distribution only, to standard output)",
            "-o",
            "--output");
        var tag = ToolOptions.Text("--tag", "tag", "process the lines with this tag (default: the lines with no tag)", "-tag");
        var start = ToolOptions.Double(
            "--start", "rangeStartTimeSec", "start of the time range, in seconds since StartTime (default 0.0)", ToolOptions.IsNumber, "a number", "-start");
        var end = ToolOptions.Double(
            "--end", "rangeEndTimeSec", "end of the time range, in seconds since StartTime (default: infinite)", ToolOptions.IsNumber, "a number", "-end");
        var ratio = ToolOptions.Double(
            "--outputValueUnitRatio",
            "r",
            "divide recorded values by r in the output (default 1000000.0: nanoseconds printed as milliseconds)",
            ToolOptions.IsNumber,
            "a number",
            "-outputValueUnitRatio");
        var ticks = ToolOptions.Long(
            "--percentilesOutputTicksPerHalf",
            "n",
            "percentile reporting ticks per half distance (default 5)",
            1,
            int.MaxValue,
            "a whole number of at least 1",
            "-percentilesOutputTicksPerHalf");
        var correct = ToolOptions.Double(
            "--correctLogWithKnownCoordinatedOmission",
            "i",
            "when i > 0, correct every interval for coordinated omission with the expected interval i (in the log's value units)",
            ToolOptions.IsNumber,
            "a number",
            "-correctLogWithKnownCoordinatedOmission");
        var mwp = ToolOptions.Double(
            "--mwp", "percentile", "report this percentile over a moving window, to outputFileName.mwp (default 99.0)", ToolOptions.IsNumber, "a number", "-mwp");
        var mwpl = ToolOptions.Long(
            "--mwpl", "windowLengthMsec", "the moving window's length in milliseconds (default 60000)", long.MinValue, long.MaxValue, "a whole number of milliseconds", "-mwpl");
        var listTags = ToolOptions.Flag("--listtags", "list the tags found in the input, and nothing else", "-listtags");
        var allTags = ToolOptions.Flag("--alltags", "accepted, with no effect (as in Java HdrHistogram 2.2.2)", "-alltags");
        var utc = ToolOptions.Flag("--utc", "print StartTime dates in UTC (default: the local time zone, as Java)", "-utc");
        var progress = ToolOptions.Progress();
        var command = new Command("process", Description)
        {
            csv, verbose, input, output, tag, start, end, ratio, ticks, correct, mwp, mwpl, listTags, allTags, utc, progress,
        };
        ToolCommandLine.SetRun(command, (result, cancellation) =>
        {
            var options = new HistogramLogProcessorOptions
            {
                LogFormatCsv = result.GetValue(csv),
                Verbose = result.GetValue(verbose),
                InputFileName = result.GetValue(input),
                OutputFileName = result.GetValue(output),
                Tag = result.GetValue(tag),
                ListTags = result.GetValue(listTags),
                AllTags = result.GetValue(allTags),
                MovingWindow = result.GetResult(mwp) is not null || result.GetResult(mwpl) is not null,
            };
            options.RangeStartTimeSec = result.GetValue(start) ?? options.RangeStartTimeSec;
            options.RangeEndTimeSec = result.GetValue(end) ?? options.RangeEndTimeSec;
            options.OutputValueUnitRatio = result.GetValue(ratio) ?? options.OutputValueUnitRatio;
            options.PercentilesOutputTicksPerHalf = (int)(result.GetValue(ticks) ?? options.PercentilesOutputTicksPerHalf);
            options.ExpectedIntervalForCoordinatedOmissionCorrection = result.GetValue(correct) ?? options.ExpectedIntervalForCoordinatedOmissionCorrection;
            options.MovingWindowPercentileToReport = result.GetValue(mwp) ?? options.MovingWindowPercentileToReport;
            options.MovingWindowLengthInMsec = result.GetValue(mwpl) ?? options.MovingWindowLengthInMsec;
            if (result.GetValue(utc))
            {
                options.TimeZone = TimeZoneInfo.Utc;
            }

            return Run(console, options, cancellation);
        });
        return command;
    }

    private static int Run(ToolConsole console, HistogramLogProcessorOptions options, CancellationToken cancellation)
    {
        string? input = options.InputFileName;
        if (input is not null && !File.Exists(input))
        {
            throw new ToolException("cannot open '" + input + "': file not found");
        }

        var progress = new ProgressReporter(console, "hdr process" + (input is null ? string.Empty : ": " + input), Inputs.Length(input), cancellation);
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
