using System.Collections.Generic;

namespace HdrHistogram.Plotting.Timeline;

/// <summary>One tag of a log, read: see <see cref="TagTimeline.Finish"/>.</summary>
/// <param name="Sum">Every interval added, as <c>hdr summary</c> adds them.</param>
/// <param name="Drawn">The drawn buckets (at most <see cref="TimelineBuilder.MaxDrawnBuckets"/>).</param>
/// <param name="Leaves">The finest buckets (at most <see cref="TimelineBuilder.MaxLeafBuckets"/>).</param>
/// <param name="Layout">An empty histogram of the leaves' counts' layout; null for DoubleHistograms.</param>
/// <param name="Worst">The intervals with the largest maxima, largest first.</param>
/// <param name="IntervalsAboveP9999">How many intervals have a maximum above the tag's p99.99.</param>
internal sealed record TagTimelineResult(
    EncodableHistogram Sum, IReadOnlyList<TimelineBucket> Drawn, IReadOnlyList<TimelineLeaf> Leaves, HistogramBase? Layout, IReadOnlyList<WorstInterval> Worst, long IntervalsAboveP9999);
