namespace HdrHistogram.Logging;

/// <summary>
/// The settings of a <see cref="HistogramLogProcessor"/> run: Java's <c>HistogramLogProcessor</c> command-line options,
/// with the same meaning and defaults (each property names its Java option; the hdr tool's <c>process</c> command
/// parses them).
/// </summary>
public sealed class HistogramLogProcessorOptions
{
    private TimeZoneInfo _timeZone = TimeZoneInfo.Local;
    private int _percentilesOutputTicksPerHalf = 5;

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
        set => _percentilesOutputTicksPerHalf = OptionGuard.AtLeast(value, 1, "The number of percentile ticks per half distance must be at least 1.");
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
}
