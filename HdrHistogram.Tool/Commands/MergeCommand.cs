using System;
using System.Collections.Generic;
using System.CommandLine;
using System.IO;
using System.Linq;
using HdrHistogram.Tool.Cli;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr merge</c>: several histogram logs into one, intervals interleaved by start time.</summary>
internal static class MergeCommand
{
    private const string Description =
        "Merges histogram logs into one valid log (format 1.3): every interval of every FILE, with its tag, in the order "
        + "of their absolute start times (each FILE is read in order, as logs are written, and the next interval is taken "
        + "from the FILE whose next interval starts first; ties go to the earlier FILE). Intervals are not added together: "
        + "use 'hdr process' or 'hdr summary' on the result for that. The merged log starts at the earliest StartTime of "
        + "the inputs, which is also its BaseTime; payloads are re-encoded (V2, compressed; DoubleHistogram intervals stay "
        + "DoubleHistograms).";

    /// <summary>Builds the <c>merge</c> command.</summary>
    public static Command Create(ToolConsole console)
    {
        var files = ToolOptions.Files<string[]>("the logs to merge ('-': standard input, once)", ArgumentArity.OneOrMore);
        var output = ToolOptions.Output("the merged log (must not be one of the inputs)");
        output.Required = true;
        var strict = ToolOptions.Strict();
        var progress = ToolOptions.Progress();
        var command = new Command("merge", Description) { files, output, strict, progress };
        ToolCommandLine.SetRun(command, (result, cancellation) => Run(
            console,
            result.GetValue(files)!,
            result.GetValue(output)!,
            result.GetValue(strict),
            new ProgressReporter(console, "hdr merge", 0, result.GetValue(progress), cancellation)));
        return command;
    }

    private static int Run(ToolConsole console, IReadOnlyList<string> paths, string output, bool strict, ProgressReporter progress)
    {
        string outputFull = Path.GetFullPath(output);
        if (paths.Any(p => !Inputs.IsStandardInput(p) && Path.GetFullPath(p) == outputFull))
        {
            throw ToolException.Usage("the output '" + output + "' is also an input");
        }

        if (paths.Count(Inputs.IsStandardInput) > 1)
        {
            throw ToolException.Usage("standard input ('-') can be given only once");
        }

        AtomicFile.CheckWritable(output);
        var inputs = new List<Input>();
        try
        {
            foreach (string path in paths)
            {
                var counting = new Inputs.CountingStream(Inputs.Open(path, console));
                inputs.Add(new Input(path, counting, new HistogramLogReader(counting, null, leaveOpen: false)));
            }

            foreach (var input in inputs)
            {
                input.Advance();
            }

            var started = inputs.Where(i => i.Current is not null).ToList();
            long startMsec = started.Count == 0 ? 0 : (long)Math.Round(started.Min(i => i.Reader.StartTimeSec) * 1000.0);
            if (started.Count == 0)
            {
                // An empty merged log would look like a successful merge of nothing.
                throw new ToolException("no histograms in " + string.Join(", ", inputs.Select(i => i.Name)));
            }

            long total = 0;
            long bytes = 0;

            // Written to a temporary file renamed over OUT at the end: a failing input leaves no partial OUT.
            using var file = new AtomicFile();
            using (var writer = new HistogramLogWriter(file.Add(output)))
            {
                writer.OutputComment("[Merged by hdr merge from: " + string.Join(", ", paths.Select(p => Inputs.IsStandardInput(p) ? "standard input" : Path.GetFileName(p))) + "]");
                writer.OutputLogFormatVersion();
                writer.OutputStartTime(startMsec);
                writer.OutputBaseTime(startMsec);
                writer.BaseTime = startMsec;
                writer.OutputLegend();
                while (true)
                {
                    Input? next = null;
                    foreach (var input in inputs)
                    {
                        if (input.Current is not null && (next is null || input.Current.StartTimeStamp < next.Current!.StartTimeStamp))
                        {
                            next = input;
                        }
                    }

                    if (next is null)
                    {
                        break;
                    }

                    writer.OutputIntervalHistogram(next.Current!);
                    bytes = inputs.Sum(i => i.Counting.BytesRead);
                    progress.Report(++total, bytes);
                    next.Advance();
                }
            }

            foreach (var input in inputs)
            {
                Inputs.CheckLastLine(console, "hdr merge", input.Name, input.Counting, input.Reader.LineNumber, strict);
                if (input.Intervals == 0)
                {
                    console.Error.WriteLine("hdr merge: warning: no histograms in " + input.Name);
                }
            }

            file.Commit();
        }
        finally
        {
            progress.Done();
            foreach (var input in inputs)
            {
                input.Reader.Dispose();
            }
        }

        return 0;
    }

    private sealed class Input
    {
        private EncodableHistogram? _spare;

        public Input(string path, Inputs.CountingStream counting, HistogramLogReader reader)
        {
            Name = Inputs.Name(path);
            Counting = counting;
            Reader = reader;
        }

        /// <summary>How messages name the input.</summary>
        public string Name { get; }

        public Inputs.CountingStream Counting { get; }

        /// <summary>The intervals read from the input.</summary>
        public long Intervals { get; private set; }

        public HistogramLogReader Reader { get; }

        public EncodableHistogram? Current { get; private set; }

        public void Advance()
        {
            var written = Current;
            try
            {
                Current = Reader.NextIntervalHistogram(_spare);
            }
            catch (HistogramFormatException e)
            {
                throw new ToolException(Name + ": " + e.Message);
            }

            if (Current is not null)
            {
                Intervals++;
            }

            // A reused DoubleHistogram keeps the widest dynamic range it has seen, and would be re-encoded with it: only
            // integer histograms are recycled, so that each DoubleHistogram keeps its own configuration.
            _spare = written is DoubleHistogram ? null : written;
        }
    }
}
