using System;
using System.CommandLine;
using System.Globalization;
using System.IO;
using System.Text;
using System.Text.Json;
using HdrHistogram.Encoding;
using HdrHistogram.Logging;
using HdrHistogram.Tool.Cli;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr decode</c>: histograms (base64 lines, binary, or a log's intervals) to their percentile distribution or a JSON summary.</summary>
internal static class DecodeCommand
{
    private const string Description =
        "Prints the percentile distribution of every histogram in FILE (standard input when omitted or '-') in the format "
        + "of OutputPercentileDistribution (Java's outputPercentileDistribution). FILE holds base64 histograms, one per "
        + "line (V2, V1 or V0, plain or compressed; integer or DoubleHistogram; distributions are separated by a blank line), "
        + "binary encoded histograms back to back, or a histogram log (.hlog): every interval, each after a '#[Interval ...]' line. "
        + "Values are shown in --unit (default ms), recorded in --values-in (default ns), and the header's Value column "
        + "names the unit ('Value (ms)'); --ratio R prints exactly what Java's outputPercentileDistribution(out, ticks, R) prints.";

    /// <summary>Builds the <c>decode</c> command.</summary>
    public static Command Create(ToolConsole console)
    {
        var file = ToolOptions.Files<string?>("the input (default: standard input)", ArgumentArity.ZeroOrOne);
        var ticks = ToolOptions.Long("--ticks", "N", "percentile reporting ticks per half distance (default 5)", 1, 1_000_000, "a whole number from 1 to 1000000");
        var units = new UnitOptions(
            ratioDescription: "the output is then exactly Java's outputPercentileDistribution with that ratio (--ratio 1: the values as recorded)",
            deprecatedScale: true);
        var csv = ToolOptions.Flag("--csv", "CSV instead of the text table");
        var json = ToolOptions.Flag(
            "--json",
            "one JSON object per histogram and line: unit, valuesIn, outputValueUnitRatio, totalCount, min, max, mean, stdDeviation, percentiles, config (and tag, "
            + "startTimeStamp, endTimeStamp for log intervals); DoubleHistograms have double values and a config with type DoubleHistogram");
        var tag = ToolOptions.Text("--tag", "T", "only the log intervals with tag T ('' : only untagged intervals)");
        var strict = ToolOptions.Strict();
        var progress = ToolOptions.Progress();
        var command = new Command("decode", Description) { file, ticks, csv, json, tag, strict, progress };
        units.AddTo(command);
        command.Validators.Add(result =>
        {
            if (result.GetValue(csv) && result.GetValue(json))
            {
                result.AddError("--csv and --json cannot be combined");
            }
        });
        ToolCommandLine.SetRun(command, (result, cancellation) =>
        {
            var unit = units.Resolve(result, console, "hdr decode");
            return Run(
                console,
                result.GetValue(file),
                result.GetValue(tag),
                new Output(console, (int)(result.GetValue(ticks) ?? 5), unit, result.GetValue(csv), result.GetValue(json)),
                result.GetValue(strict),
                new ProgressReporter(console, "hdr decode: " + Inputs.Name(result.GetValue(file)), Inputs.Length(result.GetValue(file)), result.GetValue(progress), cancellation));
        });
        return command;
    }

    private static int Run(ToolConsole console, string? path, string? tag, Output output, bool strict, ProgressReporter progress)
    {
        string name = Inputs.Name(path);
        using var counting = Inputs.OpenAny(path, console, "hdr decode", out var kind, out _);
        var input = counting;
        if (tag is not null && kind != InputKind.Log)
        {
            throw ToolException.Usage("--tag applies to histogram logs only; the input holds " + (kind == InputKind.Binary ? "a binary histogram" : "base64 histograms"));
        }

        switch (kind)
        {
            case InputKind.Binary:
                DecodeBinary(name, input, output);
                break;
            case InputKind.Base64Lines:
                DecodeBase64Lines(name, input, output);
                break;
            default:
                int lines = DecodeLog(name, input, output, tag, counting, progress);
                Inputs.CheckLastLine(console, "hdr decode", name, counting, lines, strict);
                break;
        }

        if (output.Count == 0)
        {
            // Printing nothing and succeeding would look like a histogram with no counts, or a broken pipe.
            throw new ToolException(Inputs.NoHistograms(name, counting) + (tag is null || counting.BytesRead == 0 ? string.Empty : " with tag '" + tag + "'"));
        }

        output.Units.HintAboutMagnitude(console, "hdr decode", name, output.LargestIntegerValue, output.SawDoubleHistograms, counting.MicrosecondsHeader);
        return 0;
    }

    private static void DecodeBinary(string name, Stream input, Output output)
    {
        using var bytes = new MemoryStream();
        input.CopyTo(bytes);
        byte[] data = bytes.ToArray();
        using var decoder = new HistogramDecoder();
        int offset = 0;
        while (offset < data.Length)
        {
            EncodableHistogram h;
            try
            {
                h = decoder.DecodeAny(data.AsSpan(offset), out int consumed);
                offset += consumed;
            }
            catch (HistogramFormatException e)
            {
                throw new ToolException(name + ": the binary histogram at byte " + offset.ToString(CultureInfo.InvariantCulture) + " is invalid: " + e.Message);
            }

            output.Histogram(h, null);
        }
    }

    private static void DecodeBase64Lines(string name, Stream input, Output output)
    {
        using var reader = new StreamReader(input, System.Text.Encoding.UTF8, detectEncodingFromByteOrderMarks: true);
        using var decoder = new HistogramDecoder();
        string? text;
        int lineNumber = 0;
        while ((text = reader.ReadLine()) is not null)
        {
            lineNumber++;
            text = text.Trim();
            if (text.Length == 0)
            {
                continue;
            }

            EncodableHistogram h;
            try
            {
                h = decoder.DecodeAnyFromBase64(text);
            }
            catch (HistogramFormatException e)
            {
                throw new ToolException(name + ": line " + lineNumber.ToString(CultureInfo.InvariantCulture) + ": " + e.Message);
            }

            output.Histogram(h, null);
        }
    }

    /// <summary>Decodes every interval of a log; returns the number of lines read.</summary>
    private static int DecodeLog(string name, Stream input, Output output, string? tag, Inputs.CountingStream counting, ProgressReporter progress)
    {
        using var reader = new HistogramLogReader(input, null, leaveOpen: false);
        EncodableHistogram? interval = null;
        long count = 0;
        try
        {
            // Integer histograms are recycled; a DoubleHistogram is not, as a reused one keeps the widest dynamic range it has
            // seen and would report that instead of the interval's own.
            while ((interval = reader.NextIntervalHistogram(interval as HistogramBase)) is not null)
            {
                progress.Report(++count, counting.BytesRead);
                if (tag is not null && !string.Equals(interval.Tag ?? string.Empty, tag, StringComparison.Ordinal))
                {
                    continue;
                }

                output.Histogram(interval, reader.LastInterval);
            }
        }
        catch (HistogramFormatException e)
        {
            throw new ToolException(name + ": " + e.Message);
        }
        finally
        {
            progress.Done();
        }

        return reader.LineNumber;
    }

    /// <summary>Milliseconds since the epoch as seconds with 3 decimals.</summary>
    internal static string Seconds(long milliseconds) => (milliseconds / 1000.0).ToString("F3", CultureInfo.InvariantCulture);

    /// <summary>Writes each histogram as text, CSV or a JSON line.</summary>
    private sealed class Output
    {
        private readonly ToolConsole _console;
        private readonly int _ticks;
        private readonly double _scale;
        private readonly string? _valueHeader;
        private readonly bool _csv;
        private readonly bool _json;
        private int _count;
        private bool _csvHeaderWritten;

        public Output(ToolConsole console, int ticks, UnitChoice units, bool csv, bool json)
        {
            _console = console;
            _ticks = ticks;
            Units = units;
            _scale = units.Unit.Ratio;

            // Java's header names no unit; with a named unit the Value column says it (the columns keep their widths).
            _valueHeader = units.IsRatio ? null : "Value (" + units.Unit.Label + ")";
            _csv = csv;
            _json = json;
        }

        /// <summary>The units values are shown in.</summary>
        public UnitChoice Units { get; }

        /// <summary>The histograms written so far.</summary>
        public int Count => _count;

        /// <summary>The largest value of the integer histograms written, as recorded (0 for none).</summary>
        public long LargestIntegerValue { get; private set; }

        /// <summary>Whether a DoubleHistogram was written.</summary>
        public bool SawDoubleHistograms { get; private set; }

        public void Histogram(EncodableHistogram h, HistogramLogEntry? interval)
        {
            if (h is HistogramBase integer)
            {
                LargestIntegerValue = Math.Max(LargestIntegerValue, integer.GetMaxValue());
            }
            else
            {
                SawDoubleHistograms = true;
            }

            var text = _console.Out;
            if (_csv && interval is { } csvEntry)
            {
                _count++;
                WriteCsvInterval(h, csvEntry);
                return;
            }

            _count++;
            if (_json)
            {
                text.Flush();
                using (var json = new Utf8JsonWriter(_console.OutputStream))
                {
                    json.WriteStartObject();
                    if (interval is { } entry)
                    {
                        json.WriteNumber("line", entry.LineNumber);
                        json.WriteString("tag", entry.Tag);
                        json.WriteNumber("startTimeStamp", entry.StartTimeStamp);
                        json.WriteNumber("endTimeStamp", entry.EndTimeStamp);
                    }

                    Units.WriteJson(json);
                    HistogramJson.WriteSummary(json, h, _scale);
                    json.WriteEndObject();
                }

                _console.OutputStream.WriteByte((byte)'\n');
                return;
            }

            if (interval is { } logEntry)
            {
                if (_count > 1)
                {
                    text.Write('\n');
                }

                var header = new StringBuilder("#[Interval ");
                header.Append(_count.ToString(CultureInfo.InvariantCulture)).Append(" (line ").Append(logEntry.LineNumber.ToString(CultureInfo.InvariantCulture)).Append("): ");
                if (logEntry.Tag is not null)
                {
                    header.Append("Tag=").Append(logEntry.Tag).Append(", ");
                }

                header.Append(Seconds(logEntry.StartTimeStamp)).Append(" to ").Append(Seconds(logEntry.EndTimeStamp)).Append(" (seconds since epoch)]\n");
                text.Write(header.ToString());
            }
            else if (_count > 1)
            {
                text.Write('\n');
            }

            Distribution(h, text);
        }

        private void Distribution(EncodableHistogram h, TextWriter text)
        {
            if (_valueHeader is null)
            {
                JavaDistribution(h, text);
                return;
            }

            var distribution = new StringWriter(CultureInfo.InvariantCulture) { NewLine = "\n" };
            JavaDistribution(h, distribution);
            string java = distribution.ToString();
            text.Write(_csv ? ReplaceFirst(java, "\"Value\",", "\"" + _valueHeader + "\",") : ReplaceFirst(java, "       Value ", _valueHeader.PadLeft(12) + " "));
        }

        private static string ReplaceFirst(string text, string old, string replacement)
        {
            int at = text.IndexOf(old, StringComparison.Ordinal);
            return at < 0 ? text : string.Concat(text.AsSpan(0, at), replacement, text.AsSpan(at + old.Length));
        }

        private void JavaDistribution(EncodableHistogram h, TextWriter text)
        {
            if (h is DoubleHistogram d)
            {
                d.OutputPercentileDistribution(text, _ticks, _scale, _csv);
            }
            else
            {
                ((HistogramBase)h).OutputPercentileDistribution(text, _ticks, _scale, _csv);
            }
        }

        /// <summary>
        /// A log's intervals as one CSV table (CSV only, no '#[Interval' lines): the interval's number, tag, start and end
        /// (seconds since the epoch) before each row of its distribution, under one header.
        /// </summary>
        private void WriteCsvInterval(EncodableHistogram h, HistogramLogEntry entry)
        {
            var distribution = new StringWriter(CultureInfo.InvariantCulture) { NewLine = "\n" };
            Distribution(h, distribution);
            string[] rows = distribution.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries);
            var text = _console.Out;
            if (!_csvHeaderWritten)
            {
                text.Write("\"Interval\",\"Tag\",\"StartTime\",\"EndTime\"," + rows[0] + "\n");
                _csvHeaderWritten = true;
            }

            string prefix = _count.ToString(CultureInfo.InvariantCulture) + ","
                + (entry.Tag is null ? string.Empty : "\"" + entry.Tag.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"") + ","
                + Seconds(entry.StartTimeStamp) + "," + Seconds(entry.EndTimeStamp) + ",";
            for (int i = 1; i < rows.Length; i++)
            {
                text.Write(prefix);
                text.Write(rows[i]);
                text.Write('\n');
            }
        }
    }
}
