using System;
using System.CommandLine;
using System.Globalization;
using System.IO;
using HdrHistogram.Encoding;
using HdrHistogram.Tool.Cli;
using HdrHistogram.Utilities;

namespace HdrHistogram.Tool.Commands;

/// <summary><c>hdr encode</c>: <c>value count</c> lines recorded into a histogram, printed as its V2 encoding.</summary>
internal static class EncodeCommand
{
    private const string Description =
        "Records the 'value count' lines of FILE (standard input when omitted or '-'; the count defaults to 1; blank "
        + "lines and lines starting with '#' are ignored) into a histogram and prints its V2 encoding as one line of "
        + "base64, byte for byte what Java HdrHistogram 2.2.2's encodeIntoByteBuffer writes.";

    private static readonly string[] CountTypes = { "long", "int", "short" };
    private static readonly char[] Separators = { ' ', '\t', ',' };

    /// <summary>Builds the <c>encode</c> command.</summary>
    public static Command Create(ToolConsole console)
    {
        var file = ToolOptions.Files<string?>("the 'value count' lines (default: standard input)", ArgumentArity.ZeroOrOne);
        var lowest = ToolOptions.Long("--lowest", "L", "lowest discernible value (default 1)", 1, long.MaxValue, "a whole number of at least 1");
        var highest = ToolOptions.Long(
            "--highest",
            "H",
            "highest trackable value; without it the histogram auto-resizes (Java's Histogram(int digits) when L is 1)",
            1,
            long.MaxValue,
            "a whole number of at least 1");
        var digits = ToolOptions.Long("--digits", "D", "significant decimal digits, 0 to 5 (default 3)", 0, 5, "a whole number from 0 to 5");
        var counts = ToolOptions.OneOf("--counts", "count type (default long)", CountTypes);
        var autoResize = ToolOptions.Flag("--auto-resize", "grow to fit larger values");
        var expectedInterval = ToolOptions.Long(
            "--expected-interval", "I", "record with coordinated-omission correction (recordValueWithExpectedInterval)", 0, long.MaxValue, "a whole number of at least 0");
        var compressed = ToolOptions.Flag("--compressed", "the compressed V2 form (zlib, as encodeIntoCompressedByteBuffer)");
        var binary = ToolOptions.Flag("--binary", "raw bytes instead of base64; needs -o");
        var output = ToolOptions.Output("write to OUT instead of standard output");
        var command = new Command("encode", Description) { file, lowest, highest, digits, counts, autoResize, expectedInterval, compressed, binary, output };
        command.Validators.Add(result =>
        {
            if (result.GetValue(binary) && result.GetValue(output) is null)
            {
                result.AddError("--binary needs -o OUT");
            }
        });
        ToolCommandLine.SetRun(command, (result, cancellation) =>
        {
            var histogram = Create(result.GetValue(lowest) ?? 1, result.GetValue(highest), (int)(result.GetValue(digits) ?? 3), result.GetValue(counts) ?? "long");
            if (result.GetValue(autoResize))
            {
                histogram.AutoResize = true;
            }

            return Run(console, result.GetValue(file), histogram, result.GetValue(expectedInterval), result.GetValue(compressed), result.GetValue(binary), result.GetValue(output));
        });
        return command;
    }

    private static int Run(ToolConsole console, string? path, HistogramBase histogram, long? expectedInterval, bool compressed, bool binary, string? outputPath)
    {
        if (outputPath is not null)
        {
            AtomicFile.CheckWritable(outputPath);
        }

        using (var input = new StreamReader(Inputs.Open(path, console, "hdr encode"), System.Text.Encoding.UTF8))
        {
            Record(Inputs.Name(path), input, histogram, expectedInterval);
        }

        byte[] encoded = compressed ? HistogramEncoder.EncodeCompressed(histogram) : HistogramEncoder.Encode(histogram);
        if (binary)
        {
            AtomicFile.Write(outputPath!, stream => stream.Write(encoded));
        }
        else if (outputPath is not null)
        {
            AtomicFile.Write(outputPath, stream => stream.Write(System.Text.Encoding.ASCII.GetBytes(Convert.ToBase64String(encoded) + "\n")));
        }
        else
        {
            console.Out.Write(Convert.ToBase64String(encoded));
            console.Out.Write('\n');
        }

        return 0;
    }

    private static HistogramBase Create(long lowest, long? highest, int digits, string counts)
    {
        try
        {
            return (counts, highest) switch
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
            throw ToolException.Usage("invalid histogram configuration: " + HdrTool.OneLine(HdrTool.Describe(e)));
        }
    }

    private static void Record(string name, TextReader input, HistogramBase histogram, long? expectedInterval)
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
                throw new ToolException(name + ": line " + Str(lineNumber) + ": expected 'value [count]' with a non-negative whole value, not " + TextExcerpt.Of(text));
            }

            long count = 1;
            if (fields.Length == 2 && (!long.TryParse(fields[1], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out count) || count < 0))
            {
                throw new ToolException(name + ": line " + Str(lineNumber) + ": the count must be a non-negative whole number, not " + TextExcerpt.Of(fields[1]));
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
            catch (IndexOutOfRangeException)
            {
                throw new ToolException(
                    name + ": line " + Str(lineNumber) + ": value " + Str(value) + " is beyond the histogram's highest trackable value ("
                    + Str(histogram.HighestTrackableValue) + "); use a larger --highest, or --auto-resize");
            }

            // Short and int counts wrap past their maximum (as in HdrHistogram 2.5.0): refuse the input instead.
            if (histogram.MaxAllowableCount != long.MaxValue && (uint)histogram.GetCountAtValue(value) > (ulong)histogram.MaxAllowableCount)
            {
                throw new ToolException(name + ": line " + Str(lineNumber) + ": the count of value " + Str(value)
                    + " overflows the " + (histogram.MaxAllowableCount == short.MaxValue ? "short" : "int") + " count type (use --counts long)");
            }
        }

        if (histogram.MaxAllowableCount != long.MaxValue && histogram.HasOverflowed())
        {
            throw new ToolException(name + ": a count overflows the " + (histogram.MaxAllowableCount == short.MaxValue ? "short" : "int") + " count type (use --counts long)");
        }
    }

    private static string Str(long value) => value.ToString(CultureInfo.InvariantCulture);
}
