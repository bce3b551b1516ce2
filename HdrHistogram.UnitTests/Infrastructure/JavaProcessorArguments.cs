using System.Globalization;
using HdrHistogram.Logging;

namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>
/// Java HistogramLogProcessor arguments to <see cref="HistogramLogProcessorOptions"/>, for the library's processor tests
/// on every target (the library takes options, not command lines; the hdr tool's process command parses them for
/// users, and its own tests run the same golden runs through it).
/// </summary>
internal static class JavaProcessorArguments
{
    public static HistogramLogProcessorOptions Parse(IEnumerable<string> args)
    {
        if (args is null)
        {
            throw new ArgumentNullException(nameof(args));
        }

        var options = new HistogramLogProcessorOptions();
        using var e = args.GetEnumerator();
        while (e.MoveNext())
        {
            string arg = e.Current ?? string.Empty;
            string name = arg.StartsWith("--", StringComparison.Ordinal) ? arg.Substring(1) : arg;
            switch (name)
            {
                case "-csv":
                    options.LogFormatCsv = true;
                    break;
                case "-v":
                    options.Verbose = true;
                    break;
                case "-listtags":
                    options.ListTags = true;
                    break;
                case "-alltags":
                    options.AllTags = true;
                    break;
                case "-utc":
                    options.TimeZone = TimeZoneInfo.Utc;
                    break;
                case "-i":
                    options.InputFileName = Value(e, arg);
                    break;
                case "-o":
                    options.OutputFileName = Value(e, arg);
                    break;
                case "-tag":
                    options.Tag = Value(e, arg);
                    break;
                case "-start":
                    options.RangeStartTimeSec = ParseDouble(Value(e, arg), arg);
                    break;
                case "-end":
                    options.RangeEndTimeSec = ParseDouble(Value(e, arg), arg);
                    break;
                case "-outputValueUnitRatio":
                    options.OutputValueUnitRatio = ParseDouble(Value(e, arg), arg);
                    break;
                case "-percentilesOutputTicksPerHalf":
                    string ticks = Value(e, arg);
                    if (!int.TryParse(ticks, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out int n) || n < 1)
                    {
                        throw new ArgumentException(arg + " needs a whole number of at least 1, not '" + ticks + "'.", nameof(args));
                    }

                    options.PercentilesOutputTicksPerHalf = n;
                    break;
                case "-correctLogWithKnownCoordinatedOmission":
                    options.ExpectedIntervalForCoordinatedOmissionCorrection = ParseDouble(Value(e, arg), arg);
                    break;
                case "-mwp":
                    options.MovingWindowPercentileToReport = ParseDouble(Value(e, arg), arg);
                    options.MovingWindow = true;
                    break;
                case "-mwpl":
                    string length = Value(e, arg);
                    if (!long.TryParse(length, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long msec))
                    {
                        throw new ArgumentException(arg + " needs a whole number of milliseconds, not '" + length + "'.", nameof(args));
                    }

                    options.MovingWindowLengthInMsec = msec;
                    options.MovingWindow = true;
                    break;
                default:
                    throw new ArgumentException("Invalid argument: '" + arg + "'.", nameof(args));
            }
        }

        return options;
    }

    private static string Value(IEnumerator<string> e, string option)
    {
        if (!e.MoveNext() || e.Current is null)
        {
            throw new ArgumentException(option + " needs a value.");
        }

        return e.Current;
    }

    private static double ParseDouble(string text, string option)
    {
        // Java's Double.parseDouble: surrounding whitespace allowed; a decimal or exponent form.
        if (!double.TryParse(text.Trim(), NumberStyles.Float, CultureInfo.InvariantCulture, out double value))
        {
            throw new ArgumentException(option + " needs a number, not '" + text + "'.");
        }

        return value;
    }
}
