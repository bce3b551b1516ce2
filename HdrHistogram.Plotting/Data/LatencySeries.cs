using System.Collections.Generic;
using HdrHistogram.Plotting.Timeline;

namespace HdrHistogram.Plotting.Data;

/// <summary>One line on a plot: the values of one input file, or of one tag of a histogram log.</summary>
public sealed class LatencySeries
{
    /// <summary>The input file, as named on the command line.</summary>
    public required string Source { get; init; }

    /// <summary>The log tag; null for untagged intervals and for inputs without tags.</summary>
    public string? Tag { get; init; }

    /// <summary>What the input was.</summary>
    public required PlotInputFormat Format { get; init; }

    /// <summary>The legend text: the file name, and the tag when there is one.</summary>
    public string Label => Tag is null ? Source : Source + " [" + Tag + "]";

    /// <summary>
    /// True when the values are already in the unit of the plot (a .hgrm file holds values its writer already divided
    /// by its output value unit ratio), so they are drawn as they are.
    /// </summary>
    public bool ValuesAlreadyScaled => Format == PlotInputFormat.Hgrm;

    /// <summary>The percentile distribution, by increasing percentile, ending with the maximum at 100.</summary>
    public required IReadOnlyList<PercentilePoint> Distribution { get; init; }

    /// <summary>
    /// The timeline: the log's intervals by time, one bucket per interval for a log of up to
    /// <see cref="TimelineBuilder.MaxDrawnBuckets"/> intervals, else about a thousand to two thousand buckets of several
    /// intervals each (empty for inputs without timestamps).
    /// </summary>
    public required IReadOnlyList<TimelineBucket> Timeline { get; init; }

    /// <summary>All the values added together (null for a .hgrm file, which holds only its lines).</summary>
    internal EncodableHistogram? Sum { get; init; }

    /// <summary>
    /// The value at <paramref name="percentile"/>, as recorded: from the values (a .hgrm file: its first line at or above
    /// the percentile).
    /// </summary>
    internal double ValueAt(double percentile)
        => Sum is { } sum ? HistogramStatistics.ValueAtPercentile(sum, percentile)
            : System.Linq.Enumerable.FirstOrDefault(Distribution, p => p.Percentile >= percentile, Distribution[^1]).Value;

    /// <summary>The log's start time in seconds since the epoch (its StartTime line), where the timeline's times count from; null for other inputs.</summary>
    public double? LogStartTimeSec { get; init; }

    /// <summary>The moving-window percentiles the timeline's buckets hold (<see cref="TimelineBucket.MovingValues"/>).</summary>
    public IReadOnlyList<MovingWindow> MovingWindows { get; init; } = System.Array.Empty<MovingWindow>();

    /// <summary>The intervals with the largest maxima, largest first (empty for inputs without intervals).</summary>
    public IReadOnlyList<WorstInterval> WorstIntervals { get; init; } = System.Array.Empty<WorstInterval>();

    /// <summary>How many intervals have a maximum above the series' p99.99.</summary>
    public long IntervalsAboveP9999 { get; init; }

    /// <summary>The finest buckets of the timeline, with their counts (empty for inputs without timestamps).</summary>
    internal IReadOnlyList<TimelineLeaf> TimelineLeaves { get; init; } = System.Array.Empty<TimelineLeaf>();

    /// <summary>
    /// An empty histogram of the layout the timeline buckets' counts are in (lowest discernible value, significant
    /// digits); null for DoubleHistogram series and inputs without a timeline.
    /// </summary>
    internal HistogramBase? CountsLayout { get; init; }

    /// <summary>Totals and percentiles of all the values.</summary>
    public required SeriesSummary Summary { get; init; }

    /// <summary>This series, its values recorded in <paramref name="valuesIn"/>.</summary>
    internal LatencySeries WithValuesIn(string valuesIn) => new()
    {
        Source = Source,
        Tag = Tag,
        Format = Format,
        Distribution = Distribution,
        Timeline = Timeline,
        TimelineLeaves = TimelineLeaves,
        LogStartTimeSec = LogStartTimeSec,
        Sum = Sum,
        MovingWindows = MovingWindows,
        WorstIntervals = WorstIntervals,
        IntervalsAboveP9999 = IntervalsAboveP9999,
        CountsLayout = CountsLayout,
        Summary = Summary,
        HoldsDoubleHistograms = HoldsDoubleHistograms,
        ValuesIn = valuesIn,
    };

    /// <summary>Whether the values come from DoubleHistograms (false for integer histograms and .hgrm files).</summary>
    public bool HoldsDoubleHistograms { get; init; }

    /// <summary>The unit the values were recorded in (ns, us, ms or s); null: the one <see cref="ValueUnit"/> assumes.</summary>
    public string? ValuesIn { get; init; }

    /// <summary>
    /// What this series' values are divided by to show them in <paramref name="unit"/> (Java's output value unit ratio):
    /// 1 for a .hgrm file, display unit / <see cref="ValuesIn"/> when both are time units, else the unit's own ratio.
    /// </summary>
    public double Ratio(ValueUnit unit)
    {
        if (ValuesAlreadyScaled)
        {
            return 1;
        }

        return ValuesIn is not null && unit.NanosecondsPerUnit is { } display ? display / ValueUnit.NanosecondsPer(ValuesIn) : unit.Ratio;
    }

    /// <summary>A value of this series in <paramref name="unit"/>: divided by <see cref="Ratio"/>, as <c>hdr process</c> divides.</summary>
    public double Scale(double value, ValueUnit unit) => value / Ratio(unit);
}
