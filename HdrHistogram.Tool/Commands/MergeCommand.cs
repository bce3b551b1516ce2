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
        + "DoubleHistograms). One tag cannot hold both integer histograms and DoubleHistograms: such inputs are refused "
        + "(--tag-inputs gives each input's intervals its own tag, the input's file name). Inputs whose values differ by "
        + "a factor of 1000 or more (different units?) or that lie far apart in time are merged with a warning.";

    /// <summary>Builds the <c>merge</c> command.</summary>
    public static Command Create(ToolConsole console)
    {
        var files = ToolOptions.Files<string[]>("the logs to merge ('-': standard input, once)", ArgumentArity.OneOrMore);
        var output = ToolOptions.Output("the merged log (must not be one of the inputs)");
        output.Required = true;
        var tagInputs = ToolOptions.Flag(
            "--tag-inputs", "tag each input's intervals with its file name (FILE for untagged intervals, FILE:TAG for tagged ones), so the inputs stay apart");
        var strict = ToolOptions.Strict();
        var progress = ToolOptions.Progress();
        var command = new Command("merge", Description) { files, output, tagInputs, strict, progress };
        ToolCommandLine.SetRun(command, (result, cancellation) => Run(
            console,
            result.GetValue(files)!,
            result.GetValue(output)!,
            result.GetValue(tagInputs),
            result.GetValue(strict),
            new ProgressReporter(console, "hdr merge", 0, result.GetValue(progress), cancellation)));
        return command;
    }

    private static int Run(ToolConsole console, IReadOnlyList<string> paths, string output, bool tagInputs, bool strict, ProgressReporter progress)
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
            var fileTags = new HashSet<string>(StringComparer.Ordinal);
            foreach (string path in paths)
            {
                var counting = Inputs.OpenLog(path, console, "hdr merge");
                string fileTag = FileTag(path);
                for (int n = 2; !fileTags.Add(fileTag); n++)
                {
                    fileTag = FileTag(path) + "-" + n.ToString(System.Globalization.CultureInfo.InvariantCulture);
                }

                inputs.Add(new Input(path, counting, new HistogramLogReader(counting, null, leaveOpen: false), tagInputs ? fileTag : null));
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
                throw new ToolException(inputs.Count == 1
                    ? Inputs.NoHistograms(inputs[0].Name, inputs[0].Counting)
                    : "no histograms in " + string.Join(", ", inputs.Select(i => i.Name)));
            }

            long total = 0;
            long bytes = 0;
            var kinds = new Dictionary<string, (bool IsDouble, Input First)>(StringComparer.Ordinal);

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

                    var interval = next.Current!;
                    string? originalTag = interval.Tag;
                    if (next.FileTag is not null)
                    {
                        interval.Tag = originalTag is null ? next.FileTag : next.FileTag + ":" + originalTag;
                    }

                    CheckKind(kinds, interval, next);
                    writer.OutputIntervalHistogram(interval);
                    interval.Tag = originalTag;
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
                    console.Error.WriteLine("hdr merge: warning: " + Inputs.NoHistograms(input.Name, input.Counting));
                }
            }

            WarnAboutUnits(console, inputs);
            WarnAboutTime(console, inputs);

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

    /// <summary>A tag made of the input's file name (tags cannot hold spaces or commas: those become '_').</summary>
    private static string FileTag(string path)
    {
        string name = Inputs.IsStandardInput(path) ? "stdin" : Path.GetFileName(path);
        var text = new System.Text.StringBuilder(name.Length);
        foreach (char c in name)
        {
            text.Append(char.IsWhiteSpace(c) || c == ',' || char.IsControl(c) ? '_' : c);
        }

        return text.Length == 0 ? "input" : text.ToString();
    }

    /// <summary>Refuses to put integer histograms and DoubleHistograms under one tag: no command could read the result.</summary>
    private static void CheckKind(Dictionary<string, (bool IsDouble, Input First)> kinds, EncodableHistogram interval, Input input)
    {
        string key = interval.Tag ?? string.Empty;
        bool isDouble = interval is DoubleHistogram;
        if (!kinds.TryGetValue(key, out var seen))
        {
            kinds.Add(key, (isDouble, input));
            return;
        }

        if (seen.IsDouble != isDouble)
        {
            string tag = interval.Tag is null ? "the untagged intervals" : "tag '" + interval.Tag + "'";
            throw new ToolException(
                "cannot merge: " + tag + " would hold " + Kind(seen.IsDouble) + " from " + seen.First.Name + " and " + Kind(isDouble)
                + " from " + input.Name + ", which no reader can add together (--tag-inputs keeps each input under its own tag)");
        }
    }

    private static string Kind(bool isDouble) => isDouble ? "DoubleHistograms" : "integer histograms";

    /// <summary>Warns when the inputs' largest values differ by a factor of 1000 or more: likely logs recorded in different units.</summary>
    private static void WarnAboutUnits(ToolConsole console, List<Input> inputs)
    {
        var withValues = inputs.Where(i => i.MaxValue > 0).ToList();
        if (withValues.Count < 2)
        {
            return;
        }

        var smallest = withValues.OrderBy(i => i.MaxValue).First();
        var largest = withValues.OrderBy(i => i.MaxValue).Last();
        if (largest.MaxValue / smallest.MaxValue >= 1000)
        {
            console.Error.WriteLine(
                "hdr merge: warning: the largest value of " + largest.Name + " (" + Number(largest.MaxValue) + ") is "
                + Number(Math.Round(largest.MaxValue / smallest.MaxValue)) + " times that of " + smallest.Name + " (" + Number(smallest.MaxValue)
                + "): were they recorded in different units? (merged, they read as one unit)");
        }
    }

    /// <summary>Warns when an input starts long after the ones before it end: more than a day, and more than their time spans together.</summary>
    private static void WarnAboutTime(ToolConsole console, List<Input> inputs)
    {
        var timed = inputs.Where(i => i.Intervals > 0).OrderBy(i => i.FirstStart).ToList();
        if (timed.Count < 2)
        {
            return;
        }

        double spans = timed.Sum(i => (i.LastEnd - i.FirstStart) / 1000.0);
        long end = timed[0].LastEnd;
        var endedBy = timed[0];
        for (int k = 1; k < timed.Count; k++)
        {
            double gap = (timed[k].FirstStart - end) / 1000.0;
            if (gap > 86_400 && gap > spans)
            {
                double span = (timed.Max(i => i.LastEnd) - timed[0].FirstStart) / 1000.0;
                console.Error.WriteLine(
                    "hdr merge: warning: " + timed[k].Name + " starts " + Number(Math.Round(gap)) + " s (" + (gap / 86_400).ToString("F1", System.Globalization.CultureInfo.InvariantCulture)
                    + " days) after " + endedBy.Name + " ends: the merged log spans " + Number(Math.Round(span)) + " s");
            }

            if (timed[k].LastEnd > end)
            {
                end = timed[k].LastEnd;
                endedBy = timed[k];
            }
        }
    }

    private static string Number(double value) => value.ToString("0.###", System.Globalization.CultureInfo.InvariantCulture);

    private sealed class Input
    {
        private EncodableHistogram? _spare;

        public Input(string path, Inputs.CountingStream counting, HistogramLogReader reader, string? fileTag)
        {
            FileTag = fileTag;
            Name = Inputs.Name(path);
            Counting = counting;
            Reader = reader;
        }

        /// <summary>How messages name the input.</summary>
        public string Name { get; }

        public Inputs.CountingStream Counting { get; }

        /// <summary>The intervals read from the input.</summary>
        public long Intervals { get; private set; }

        /// <summary>The tag its intervals get with --tag-inputs; null without.</summary>
        public string? FileTag { get; }

        /// <summary>The largest value of its intervals.</summary>
        public double MaxValue { get; private set; }

        /// <summary>The start of its first interval, in milliseconds since the epoch.</summary>
        public long FirstStart { get; private set; } = long.MaxValue;

        /// <summary>The end of its last interval, in milliseconds since the epoch.</summary>
        public long LastEnd { get; private set; } = long.MinValue;

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
                MaxValue = Math.Max(MaxValue, Current is DoubleHistogram d ? d.GetMaxValue() : ((HistogramBase)Current).GetMaxValue());
                FirstStart = Math.Min(FirstStart, Current.StartTimeStamp);
                LastEnd = Math.Max(LastEnd, Current.EndTimeStamp);
            }

            // A reused DoubleHistogram keeps the widest dynamic range it has seen, and would be re-encoded with it: only
            // integer histograms are recycled, so that each DoubleHistogram keeps its own configuration.
            _spare = written is DoubleHistogram ? null : written;
        }
    }
}
