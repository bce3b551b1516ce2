using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr merge</c>: several histogram logs into one, intervals interleaved by start time.</summary>
internal static class MergeCommand
{
    public const string Help =
        "Usage: hdr merge -o OUT FILE...\n"
        + "\n"
        + "Merges histogram logs into one valid log (format 1.3): every interval of every FILE, with its tag, in the order\n"
        + "of their absolute start times (each FILE is read in order, as logs are written, and the next interval is taken\n"
        + "from the FILE whose next interval starts first; ties go to the earlier FILE). Intervals are not added together:\n"
        + "use 'hdr process' or 'hdr summary' on the result for that. The merged log starts at the earliest StartTime of\n"
        + "the inputs, which is also its BaseTime; payloads are re-encoded (V2, compressed; DoubleHistogram intervals stay\n"
        + "DoubleHistograms).\n"
        + "\n"
        + "Options:\n"
        + "  -o OUT      the merged log (must not be one of the inputs)\n";

    private static readonly string[] Flags = { "help", "h" };
    private static readonly string[] Valued = { "o", "output" };

    public static int Run(IReadOnlyList<string> args, ToolConsole console)
    {
        var line = CommandLine.Parse("merge", args, Flags, Valued);
        if (line.Has("help") || line.Has("h"))
        {
            console.Out.Write(Help);
            return 0;
        }

        string? output = line.Value("o") ?? line.Value("output");
        if (output is null)
        {
            throw ToolException.Usage("merge needs -o OUT (see hdr merge --help)");
        }

        if (line.Positional.Count == 0)
        {
            throw ToolException.Usage("merge needs at least one FILE (see hdr merge --help)");
        }

        string outputFull = Path.GetFullPath(output);
        if (line.Positional.Any(p => !Inputs.IsStandardInput(p) && Path.GetFullPath(p) == outputFull))
        {
            throw ToolException.Usage("the output '" + output + "' is also an input");
        }

        if (line.Positional.Count(Inputs.IsStandardInput) > 1)
        {
            throw ToolException.Usage("standard input ('-') can be given only once");
        }

        var inputs = new List<Input>();
        try
        {
            foreach (string path in line.Positional)
            {
                inputs.Add(new Input(path, new HistogramLogReader(Inputs.Open(path, console), null, leaveOpen: false)));
            }

            foreach (var input in inputs)
            {
                input.Advance();
            }

            var started = inputs.Where(i => i.Current is not null).ToList();
            long startMsec = started.Count == 0 ? 0 : (long)Math.Round(started.Min(i => i.Reader.StartTimeSec) * 1000.0);
            long total = 0;
            var progress = new ProgressReporter(console, "hdr merge", 0);
            using (var writer = new HistogramLogWriter(output))
            {
                writer.OutputComment("[Merged by hdr merge from: " + string.Join(", ", line.Positional.Select(p => Inputs.IsStandardInput(p) ? "standard input" : Path.GetFileName(p))) + "]");
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
                    progress.Report(++total, 0);
                    next.Advance();
                }
            }

            progress.Done();
        }
        finally
        {
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

        public Input(string path, HistogramLogReader reader)
        {
            Path = path;
            Reader = reader;
        }

        public string Path { get; }

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
                throw new ToolException((Inputs.IsStandardInput(Path) ? "standard input" : Path) + ": " + e.Message);
            }

            // A reused DoubleHistogram keeps the widest dynamic range it has seen, and would be re-encoded with it: only
            // integer histograms are recycled, so that each DoubleHistogram keeps its own configuration.
            _spare = written is DoubleHistogram ? null : written;
        }
    }
}
