using System;
using System.Collections.Generic;
using System.Globalization;

namespace HdrHistogram.Logging;

/// <summary>
/// The settings of a <see cref="HistogramLogProcessor"/> run: Java's <c>HistogramLogProcessor</c> command-line options,
/// with the same meaning and defaults (see <see cref="Parse"/> for the option names).
/// </summary>
public sealed class HistogramLogProcessorOptions
{
    private TimeZoneInfo _timeZone = TimeZoneInfo.Local;
    private int _percentilesOutputTicksPerHalf = 5;

    /// <summary>The usage text of the processor's options (Java's, plus <c>-utc</c>).</summary>
    public static string Usage { get; } =
        "[-csv] [-v] [-i inputFileName] [-o outputFileName] [-tag tag] [-start rangeStartTimeSec] [-end rangeEndTimeSec]\n"
        + "[-outputValueUnitRatio r] [-percentilesOutputTicksPerHalf n] [-correctLogWithKnownCoordinatedOmission i]\n"
        + "[-mwp percentile] [-mwpl windowLengthMsec] [-listtags] [-alltags] [-utc] [-h]\n"
        + "\n"
        + " -h                                         help\n"
        + " -v                                         verbose error output\n"
        + " -csv                                       use CSV format for the output files\n"
        + " -i logFileName                             the histogram log to process (default: standard input)\n"
        + " -o outputFileName                          write the interval log to outputFileName and the overall percentile\n"
        + "                                            distribution to outputFileName.hgrm (default: the distribution only,\n"
        + "                                            to standard output)\n"
        + " -tag tag                                   process the lines with this tag (default: the lines with no tag)\n"
        + " -start rangeStartTimeSec                   start of the time range, in seconds since StartTime (default 0.0)\n"
        + " -end rangeEndTimeSec                       end of the time range, in seconds since StartTime (default: infinite)\n"
        + " -outputValueUnitRatio r                    divide recorded values by r in the output (default 1000000.0:\n"
        + "                                            nanoseconds printed as milliseconds)\n"
        + " -percentilesOutputTicksPerHalf n           percentile reporting ticks per half distance (default 5)\n"
        + " -correctLogWithKnownCoordinatedOmission i  when i > 0, correct every interval for coordinated omission with the\n"
        + "                                            expected interval i (in the log's value units)\n"
        + " -mwp percentile                            report this percentile over a moving window, to outputFileName.mwp\n"
        + "                                            (default 99.0)\n"
        + " -mwpl windowLengthMsec                     the moving window's length in milliseconds (default 60000)\n"
        + " -listtags                                  list the tags found in the input, and nothing else\n"
        + " -alltags                                   accepted, with no effect (as in Java HdrHistogram 2.2.2)\n"
        + " -utc                                       print StartTime dates in UTC (default: the local time zone, as Java)\n"
        + "Every option may also be written with two dashes (--csv).\n";

    /// <summary>The log to read (<c>-i</c>); null for standard input.</summary>
    public string? InputFileName { get; set; }

    /// <summary>
    /// The interval log to write (<c>-o</c>); the overall distribution goes to this name plus <c>.hgrm</c> and the moving
    /// window log to this name plus <c>.mwp</c>. Null (the default): only the distribution is written, to standard output.
    /// </summary>
    public string? OutputFileName { get; set; }

    /// <summary>Write CSV instead of text (<c>-csv</c>).</summary>
    public bool LogFormatCsv { get; set; }

    /// <summary>Start of the time range in seconds since the log's start time (<c>-start</c>, default 0.0: intervals that start before the start time are skipped, as in Java).</summary>
    public double RangeStartTimeSec { get; set; }

    /// <summary>End of the time range in seconds since the log's start time (<c>-end</c>, default <see cref="double.MaxValue"/>: no end).</summary>
    public double RangeEndTimeSec { get; set; } = double.MaxValue;

    /// <summary>Percentile reporting ticks per half distance in the distribution (<c>-percentilesOutputTicksPerHalf</c>, default 5).</summary>
    /// <exception cref="ArgumentOutOfRangeException">Set to less than 1.</exception>
    public int PercentilesOutputTicksPerHalf
    {
        get => _percentilesOutputTicksPerHalf;
        set
        {
            if (value < 1)
            {
                throw new ArgumentOutOfRangeException(nameof(value), value, "The number of percentile ticks per half distance must be at least 1.");
            }

            _percentilesOutputTicksPerHalf = value;
        }
    }

    /// <summary>The ratio recorded values are divided by in the output (<c>-outputValueUnitRatio</c>, default 1e6: nanoseconds as milliseconds).</summary>
    public double OutputValueUnitRatio { get; set; } = 1_000_000.0;

    /// <summary>The tag of the lines to process (<c>-tag</c>); null (the default) processes the untagged lines.</summary>
    public string? Tag { get; set; }

    /// <summary>List the tags found in the input instead of processing it (<c>-listtags</c>).</summary>
    public bool ListTags { get; set; }

    /// <summary><c>-alltags</c>: accepted and recorded, with no effect, as in Java HdrHistogram 2.2.2.</summary>
    public bool AllTags { get; set; }

    /// <summary>
    /// When above 0, every interval is corrected for coordinated omission with this expected interval, in the log's value
    /// units, before it is used (<c>-correctLogWithKnownCoordinatedOmission</c>; truncated to an integer for integer
    /// histograms, as in Java).
    /// </summary>
    public double ExpectedIntervalForCoordinatedOmissionCorrection { get; set; }

    /// <summary>Report a percentile over a moving window (set by <c>-mwp</c> or <c>-mwpl</c>); written only with an output file.</summary>
    public bool MovingWindow { get; set; }

    /// <summary>The percentile reported over the moving window (<c>-mwp</c>, default 99.0).</summary>
    public double MovingWindowPercentileToReport { get; set; } = 99.0;

    /// <summary>The moving window's length in milliseconds (<c>-mwpl</c>, default 60000).</summary>
    public long MovingWindowLengthInMsec { get; set; } = 60_000;

    /// <summary>Verbose error output (<c>-v</c>).</summary>
    public bool Verbose { get; set; }

    /// <summary>Whether help was asked for (<c>-h</c>); a processor given these options does nothing.</summary>
    public bool HelpRequested { get; set; }

    /// <summary>
    /// The time zone of the dates in the <c>#[StartTime: ...]</c> lines (Java uses the JVM's default zone). The local
    /// zone by default; <c>-utc</c> sets <see cref="TimeZoneInfo.Utc"/>.
    /// </summary>
    /// <exception cref="ArgumentNullException">Set to null.</exception>
    public TimeZoneInfo TimeZone
    {
        get => _timeZone;
        set => _timeZone = value ?? throw new ArgumentNullException(nameof(value));
    }

    /// <summary>
    /// Parses Java's <c>HistogramLogProcessor</c> arguments: <c>-csv</c>, <c>-v</c>, <c>-i file</c>, <c>-o file</c>,
    /// <c>-tag t</c>, <c>-start s</c>, <c>-end s</c>, <c>-outputValueUnitRatio r</c>,
    /// <c>-percentilesOutputTicksPerHalf n</c>, <c>-correctLogWithKnownCoordinatedOmission i</c>, <c>-mwp p</c>,
    /// <c>-mwpl ms</c>, <c>-listtags</c>, <c>-alltags</c>, <c>-h</c>, plus <c>-utc</c>; each also with two dashes.
    /// Numbers are culture-invariant.
    /// </summary>
    /// <param name="args">The arguments.</param>
    /// <returns>The options.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="args"/> is null.</exception>
    /// <exception cref="ArgumentException">An argument is unknown, lacks its value, or has a value that is not a valid number.</exception>
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
                case "-h":
                case "-help":
                    options.HelpRequested = true;
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
