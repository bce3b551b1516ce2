using System.Collections.Generic;

namespace HdrHistogram.Plotting.Timeline;

/// <summary>One tag of a log, read: see <see cref="TagTimeline.Finish"/>.</summary>
/// <param name="Sum">Every interval added, as <c>hdr summary</c> adds them.</param>
/// <param name="Drawn">The drawn buckets (at most <see cref="TimelineBuilder.MaxDrawnBuckets"/>).</param>
/// <param name="Leaves">The finest buckets (at most <see cref="TimelineBuilder.MaxLeafBuckets"/>).</param>
/// <param name="Layout">An empty histogram of the leaves' counts' layout; null for DoubleHistograms.</param>
internal sealed record TagTimelineResult(EncodableHistogram Sum, IReadOnlyList<TimelineBucket> Drawn, IReadOnlyList<TimelineLeaf> Leaves, HistogramBase? Layout);
