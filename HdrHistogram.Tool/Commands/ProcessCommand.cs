using System;
using System.Collections.Generic;
using System.CommandLine;
using System.Globalization;
using System.IO;
using System.Linq;
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
    public static Command Create(ToolConsole console) => Build(console, out _);

    /// <summary>
    /// The processor options Java's HistogramLogProcessor arguments give, parsed as <c>hdr process</c> parses them (the
    /// one parser of Java's options; the library takes options, not command lines).
    /// </summary>
    /// <exception cref="ToolException">An argument is unknown, lacks its value or has an invalid value (a usage error).</exception>
    public static HistogramLogProcessorOptions ParseArguments(IReadOnlyList<string> args)
    {
        var command = Build(new ToolConsole(Stream.Null, Stream.Null, TextWriter.Null, errorIsTerminal: false), out var toOptions);
        var result = command.Parse(args, new ParserConfiguration { EnablePosixBundling = false });
        if (result.Errors.Count > 0)
        {
            throw ToolException.Usage(ParseErrors.Describe(result));
        }

        return toOptions(result);
    }

    private static Command Build(ToolConsole console, out Func<ParseResult, HistogramLogProcessorOptions> toOptions)
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
            ToolOptions.IsPositive,
            "a positive number",
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
            "--mwp", "percentile", "report this percentile over a moving window, to outputFileName.mwp (default 99.0)", IsPercentile, "a percentile from 0 to 100", "-mwp");
        var mwpl = ToolOptions.Long(
            "--mwpl", "windowLengthMsec", "the moving window's length in milliseconds (default 60000)", 1, long.MaxValue, "a whole number of milliseconds above 0", "-mwpl");
        var listTags = ToolOptions.Flag("--listtags", "list the tags found in the input, and nothing else", "-listtags");
        var allTags = ToolOptions.Flag("--alltags", "accepted, with no effect (as in Java HdrHistogram 2.2.2)", "-alltags");
        var utc = ToolOptions.Flag("--utc", "print StartTime dates in UTC (default: the local time zone, as Java)", "-utc");
        var progress = ToolOptions.Progress();
        var strict = ToolOptions.Strict();
        var command = new Command("process", Description)
        {
            csv, verbose, input, output, tag, start, end, ratio, ticks, correct, mwp, mwpl, listTags, allTags, utc, progress, strict,
        };
        command.Validators.Add(result =>
        {
            // Java accepts a range that ends before it starts, and prints empty outputs. (A value that did not parse is
            // reported on its own: GetValue would throw for it.)
            if (result.GetResult(start) is { } startResult && !startResult.Errors.Any() && result.GetResult(end) is { } endResult && !endResult.Errors.Any()
                && result.GetValue(start) is double from && result.GetValue(end) is double to && from > to)
            {
                result.AddError(
                    Typed(result, start, "-start") + " (" + from.ToString("R", CultureInfo.InvariantCulture) + ") is after "
                    + Typed(result, end, "-end") + " (" + to.ToString("R", CultureInfo.InvariantCulture) + ")");
            }
        });
        toOptions = result =>
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

            return options;
        };
        var optionsOf = toOptions;
        ToolCommandLine.SetRun(command, (result, cancellation) =>
        {
            var options = optionsOf(result);
            string? path = options.InputFileName;
            var reporter = new ProgressReporter(console, "hdr process: " + Inputs.Name(path), Inputs.Length(path), result.GetValue(progress), cancellation);
            return Run(console, options, result.GetValue(strict), reporter);
        });
        return command;
    }

    private static bool IsPercentile(double value) => value >= 0 && value <= 100;

    /// <summary>How the user spelled <paramref name="option"/> (e.g. -start or --start).</summary>
    private static string Typed(System.CommandLine.Parsing.CommandResult result, Option option, string fallback)
        => result.GetResult(option)?.IdentifierToken?.Value ?? fallback;

    private static int Run(ToolConsole console, HistogramLogProcessorOptions options, bool strict, ProgressReporter progress)
    {
        string? path = options.InputFileName;
        string name = Inputs.Name(path);

        // The tool opens the log (so a directory or a missing file is one clear line, and a cut-off last line can be
        // told) and hands the processor the stream, as it does standard input.
        var counting = Inputs.OpenLog(path, console, "hdr process", "-i FILE");
        options.InputFileName = null;

        // The outputs are written under temporary names, renamed when the run succeeds: a failure leaves no partial file.
        using var files = new AtomicFile();
        if (options.OutputFileName is { } target && !options.ListTags)
        {
            string temporary = files.Add(target);
            files.Add(temporary + ".hgrm", target + ".hgrm");
            if (options.MovingWindow)
            {
                files.Add(temporary + ".mwp", target + ".mwp");
            }

            options.OutputFileName = temporary;
        }

        var adapter = new ProgressAdapter(progress);
        var processor = new HistogramLogProcessor(options) { Progress = adapter };
        try
        {
            processor.Run(counting, console.Out);
        }
        catch (HistogramFormatException e)
        {
            throw new ToolException(name + ": " + e.Message + (options.Verbose && e.InnerException is not null ? " [" + e.InnerException.GetType().Name + "]" : string.Empty));
        }
        catch (InvalidOperationException e)
        {
            // Nothing matched, or the log mixes integer and DoubleHistogram intervals: the real reason, after the warnings.
            Inputs.CheckLastLine(console, "hdr process", name, counting, adapter.LinesRead, strict);
            Inputs.NoteIntervalsBeforeStart(console, "hdr process", name, adapter.IntervalsBeforeRange, options.RangeStartTimeSec, "-start");
            if (adapter.IntervalsRead == 0 && adapter.IntervalsBeforeRange == 0 && options.RangeEndTimeSec == double.MaxValue && options.RangeStartTimeSec <= 0)
            {
                throw new ToolException(Inputs.NoHistograms(name, counting));
            }

            throw new ToolException(name + ": " + e.Message);
        }
        finally
        {
            progress.Done();
            counting.Dispose();
        }

        Inputs.CheckLastLine(console, "hdr process", name, counting, adapter.LinesRead, strict);
        Inputs.NoteIntervalsBeforeStart(console, "hdr process", name, adapter.IntervalsBeforeRange, options.RangeStartTimeSec, "-start");
        NoteOtherTags(console, name, options.Tag, processor.IntervalsOfOtherTags);
        files.Commit();
        return 0;
    }

    /// <summary>
    /// Says on standard error which series the run left out because they carry another tag (Java's processor processes
    /// one tag, the untagged lines by default, and says nothing), so a log that mixes series is never summed silently
    /// in part.
    /// </summary>
    private static void NoteOtherTags(ToolConsole console, string name, string? processed, SortedDictionary<string, long> others)
    {
        if (others.Count == 0)
        {
            return;
        }

        var parts = others.Select(o => o.Value.ToString(CultureInfo.InvariantCulture)
            + (o.Key.Length == 0 ? " untagged interval" : " interval") + (o.Value == 1 ? string.Empty : "s")
            + (o.Key.Length == 0 ? string.Empty : " tagged '" + o.Key + "'"));
        bool one = others.Count == 1 && others.First().Value == 1;
        console.Error.WriteLine(
            "hdr process: note: " + name + ": " + string.Join(" and ", parts) + (one ? " is" : " are") + " left out (only "
            + (processed is null ? "the untagged intervals" : "the intervals tagged '" + processed + "'")
            + " are processed, as Java's HistogramLogProcessor does; -tag TAG processes another series, -listtags lists them)");
    }

    private sealed class ProgressAdapter : IProgress<HistogramLogProcessorProgress>
    {
        private readonly ProgressReporter _reporter;

        public ProgressAdapter(ProgressReporter reporter)
        {
            _reporter = reporter;
        }

        /// <summary>The lines the processor's log reader consumed, as last reported.</summary>
        public long LinesRead { get; private set; }

        /// <summary>The intervals read (in the time range), as last reported.</summary>
        public long IntervalsRead { get; private set; }

        /// <summary>The intervals left out because they start before the time range, as last reported.</summary>
        public long IntervalsBeforeRange { get; private set; }

        public void Report(HistogramLogProcessorProgress value)
        {
            LinesRead = value.LinesRead;
            IntervalsRead = value.IntervalsRead;
            IntervalsBeforeRange = value.IntervalsBeforeRange;
            _reporter.Report(value.IntervalsRead, value.BytesRead, value.Completed);
        }
    }
}
