using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using System.Text.Json;
using HdrHistogram.Encoding;
using HdrHistogram.Logging;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr decode</c>: histograms (base64 lines, binary, or a log's intervals) to their percentile distribution or a JSON summary.</summary>
internal static class DecodeCommand
{
    public const string Help =
        "Usage: hdr decode [FILE] [--ticks N] [--scale R] [--csv | --json] [--tag T]\n"
        + "\n"
        + "Prints the percentile distribution of every histogram in FILE (standard input when omitted or '-'),\n"
        + "exactly as OutputPercentileDistribution (Java's outputPercentileDistribution) prints it. FILE holds:\n"
        + "  - base64 histograms, one per line (V2, V1 or V0, plain or compressed; integer or DoubleHistogram);\n"
        + "    distributions are separated by a blank line;\n"
        + "  - binary encoded histograms, back to back;\n"
        + "  - a histogram log (.hlog): every interval, each after a '#[Interval ...]' line (--tag T: only tag T;\n"
        + "    --tag '' : only untagged intervals).\n"
        + "\n"
        + "Options:\n"
        + "  --ticks N   percentile reporting ticks per half distance (default 5)\n"
        + "  --scale R   divide values by R (default 1.0; 1000000 prints nanoseconds as milliseconds)\n"
        + "  --csv       CSV instead of the text table\n"
        + "  --json      one JSON object per histogram and line: totalCount, min, max, mean, stdDeviation,\n"
        + "              percentiles, config (and tag, startTimeStamp, endTimeStamp for log intervals);\n"
        + "              DoubleHistograms have double values and a config with type DoubleHistogram\n";

    private static readonly string[] Flags = { "csv", "json", "help", "h" };
    private static readonly string[] Valued = { "ticks", "scale", "tag" };

    public static int Run(IReadOnlyList<string> args, ToolConsole console)
    {
        var line = CommandLine.Parse("decode", args, Flags, Valued);
        if (line.Has("help") || line.Has("h"))
        {
            console.Out.Write(Help);
            return 0;
        }

        if (line.Positional.Count > 1)
        {
            throw ToolException.Usage("decode takes at most one FILE (see hdr decode --help)");
        }

        if (line.Has("csv") && line.Has("json"))
        {
            throw ToolException.Usage("--csv and --json cannot be combined");
        }

        var output = new Output(
            console,
            line.Int("ticks", 1, 1_000_000) ?? 5,
            line.PositiveDouble("scale") ?? 1.0,
            line.Has("csv"),
            line.Has("json"));
        string? path = line.Positional.Count > 0 ? line.Positional[0] : null;
        string? tag = line.Value("tag");
        var counting = new Inputs.CountingStream(Inputs.Open(path, console));
        using var input = Inputs.Classify(counting, out var kind);
        if (tag is not null && kind != InputKind.Log)
        {
            throw ToolException.Usage("--tag applies to histogram logs only; the input holds " + (kind == InputKind.Binary ? "a binary histogram" : "base64 histograms"));
        }

        switch (kind)
        {
            case InputKind.Binary:
                DecodeBinary(input, output);
                break;
            case InputKind.Base64Lines:
                DecodeBase64Lines(input, output);
                break;
            default:
                DecodeLog(input, output, tag, () => counting.BytesRead, new ProgressReporter(console, "hdr decode", Inputs.Length(path)));
                break;
        }

        return 0;
    }

    private static void DecodeBinary(Stream input, Output output)
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
                throw new ToolException("the binary histogram at byte " + offset.ToString(CultureInfo.InvariantCulture) + " is invalid: " + e.Message);
            }

            output.Histogram(h, null);
        }
    }

    private static void DecodeBase64Lines(Stream input, Output output)
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
                throw new ToolException("line " + lineNumber.ToString(CultureInfo.InvariantCulture) + ": " + e.Message);
            }

            output.Histogram(h, null);
        }
    }

    private static void DecodeLog(Stream input, Output output, string? tag, Func<long> bytesRead, ProgressReporter progress)
    {
        using var reader = new HistogramLogReader(input, null, leaveOpen: false);
        EncodableHistogram? interval = null;
        long count = 0;
        // Integer histograms are recycled; a DoubleHistogram is not, as a reused one keeps the widest dynamic range it has
        // seen and would report that instead of the interval's own.
        while ((interval = reader.NextIntervalHistogram(interval as HistogramBase)) is not null)
        {
            progress.Report(++count, bytesRead());
            if (tag is not null && !string.Equals(interval.Tag ?? string.Empty, tag, StringComparison.Ordinal))
            {
                continue;
            }

            output.Histogram(interval, reader.LastInterval);
        }

        progress.Done();
    }

    /// <summary>Milliseconds since the epoch as seconds with 3 decimals.</summary>
    internal static string Seconds(long milliseconds) => (milliseconds / 1000.0).ToString("F3", CultureInfo.InvariantCulture);

    /// <summary>Writes each histogram as text, CSV or a JSON line.</summary>
    private sealed class Output
    {
        private readonly ToolConsole _console;
        private readonly int _ticks;
        private readonly double _scale;
        private readonly bool _csv;
        private readonly bool _json;
        private int _count;

        public Output(ToolConsole console, int ticks, double scale, bool csv, bool json)
        {
            _console = console;
            _ticks = ticks;
            _scale = scale;
            _csv = csv;
            _json = json;
        }

        public void Histogram(EncodableHistogram h, HistogramLogEntry? interval)
        {
            var text = _console.Out;
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

            if (h is DoubleHistogram d)
            {
                d.OutputPercentileDistribution(text, _ticks, _scale, _csv);
            }
            else
            {
                ((HistogramBase)h).OutputPercentileDistribution(text, _ticks, _scale, _csv);
            }
        }
    }
}
