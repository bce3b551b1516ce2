using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using HdrHistogram.Encoding;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr encode</c>: <c>value count</c> lines recorded into a histogram, printed as its V2 encoding.</summary>
internal static class EncodeCommand
{
    public const string Help =
        "Usage: hdr encode [FILE] [--lowest L] [--highest H] [--digits D] [--counts long|int|short] [--auto-resize]\n"
        + "                  [--expected-interval I] [--compressed] [--binary] [-o OUT]\n"
        + "\n"
        + "Records the 'value count' lines of FILE (standard input when omitted or '-'; the count defaults to 1; blank\n"
        + "lines and lines starting with '#' are ignored) into a histogram and prints its V2 encoding as one line of\n"
        + "base64, byte for byte what Java HdrHistogram 2.2.2's encodeIntoByteBuffer writes.\n"
        + "\n"
        + "Options:\n"
        + "  --lowest L              lowest discernible value (default 1)\n"
        + "  --highest H             highest trackable value; without it the histogram auto-resizes (Java's\n"
        + "                          Histogram(int digits) when L is 1)\n"
        + "  --digits D              significant decimal digits, 0 to 5 (default 3)\n"
        + "  --counts long|int|short count type (default long)\n"
        + "  --auto-resize           grow to fit larger values\n"
        + "  --expected-interval I   record with coordinated-omission correction (recordValueWithExpectedInterval)\n"
        + "  --compressed            the compressed V2 form (zlib, as encodeIntoCompressedByteBuffer)\n"
        + "  --binary                raw bytes instead of base64; needs -o\n"
        + "  -o OUT                  write to OUT instead of standard output\n";

    private static readonly string[] Flags = { "auto-resize", "compressed", "binary", "help", "h" };
    private static readonly string[] Valued = { "lowest", "highest", "digits", "counts", "expected-interval", "o", "output" };
    private static readonly char[] Separators = { ' ', '\t', ',' };

    public static int Run(IReadOnlyList<string> args, ToolConsole console)
    {
        var line = CommandLine.Parse("encode", args, Flags, Valued);
        if (line.Has("help") || line.Has("h"))
        {
            console.Out.Write(Help);
            return 0;
        }

        if (line.Positional.Count > 1)
        {
            throw ToolException.Usage("encode takes at most one FILE (see hdr encode --help)");
        }

        string? outputPath = line.Value("o") ?? line.Value("output");
        if (line.Has("binary") && outputPath is null)
        {
            throw ToolException.Usage("--binary needs -o OUT");
        }

        long? expectedInterval = line.Long("expected-interval");
        var histogram = Create(line);
        string? path = line.Positional.Count > 0 ? line.Positional[0] : null;
        using (var input = new StreamReader(Inputs.Open(path, console), System.Text.Encoding.UTF8))
        {
            Record(input, histogram, expectedInterval);
        }

        byte[] encoded = line.Has("compressed") ? HistogramEncoder.EncodeCompressed(histogram) : HistogramEncoder.Encode(histogram);
        if (line.Has("binary"))
        {
            File.WriteAllBytes(outputPath!, encoded);
        }
        else if (outputPath is not null)
        {
            File.WriteAllText(outputPath, Convert.ToBase64String(encoded) + "\n");
        }
        else
        {
            console.Out.Write(Convert.ToBase64String(encoded));
            console.Out.Write('\n');
        }

        return 0;
    }

    private static HistogramBase Create(CommandLine line)
    {
        long lowest = line.Long("lowest") ?? 1;
        long? highest = line.Long("highest");
        int digits = line.Int("digits", 0, 5) ?? 3;
        string counts = line.Value("counts") ?? "long";
        HistogramBase histogram;
        try
        {
            histogram = (counts, highest) switch
            {
                ("long", null) when lowest == 1 => new LongHistogram(digits),
                ("int", null) when lowest == 1 => new IntHistogram(digits),
                ("short", null) when lowest == 1 => new ShortHistogram(digits),
                ("long", _) => new LongHistogram(lowest, highest ?? 2 * lowest, digits) { AutoResize = highest is null },
                ("int", _) => new IntHistogram(lowest, highest ?? 2 * lowest, digits) { AutoResize = highest is null },
                ("short", _) => new ShortHistogram(lowest, highest ?? 2 * lowest, digits) { AutoResize = highest is null },
                _ => throw ToolException.Usage("--counts must be long, int or short, not '" + counts + "'"),
            };
        }
        catch (ArgumentOutOfRangeException e)
        {
            throw ToolException.Usage("invalid histogram configuration: " + HdrTool.OneLine(e.Message));
        }

        if (line.Has("auto-resize"))
        {
            histogram.AutoResize = true;
        }

        return histogram;
    }

    private static void Record(TextReader input, HistogramBase histogram, long? expectedInterval)
    {
        string? text;
        int lineNumber = 0;
        while ((text = input.ReadLine()) is not null)
        {
            lineNumber++;
            text = text.Trim();
            if (text.Length == 0 || text[0] == '#')
            {
                continue;
            }

            string[] fields = text.Split(Separators, StringSplitOptions.RemoveEmptyEntries);
            if (fields.Length > 2
                || !long.TryParse(fields[0], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long value)
                || value < 0)
            {
                throw new ToolException("line " + Str(lineNumber) + ": expected 'value [count]' with a non-negative whole value, not '" + text + "'");
            }

            long count = 1;
            if (fields.Length == 2 && (!long.TryParse(fields[1], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out count) || count < 0))
            {
                throw new ToolException("line " + Str(lineNumber) + ": the count must be a non-negative whole number, not '" + fields[1] + "'");
            }

            try
            {
                if (expectedInterval is long interval)
                {
                    for (long i = 0; i < count; i++)
                    {
                        histogram.RecordValueWithExpectedInterval(value, interval);
                    }
                }
                else
                {
                    histogram.RecordValueWithCount(value, count);
                }
            }
            catch (ArgumentOutOfRangeException)
            {
                throw new ToolException(
                    "line " + Str(lineNumber) + ": value " + Str(value) + " is beyond the histogram's highest trackable value ("
                    + Str(histogram.HighestTrackableValue) + "); use a larger --highest, or --auto-resize");
            }
            catch (InvalidOperationException e)
            {
                throw new ToolException("line " + Str(lineNumber) + ": " + e.Message + " (use --counts long)");
            }
        }
    }

    private static string Str(long value) => value.ToString(CultureInfo.InvariantCulture);
}
