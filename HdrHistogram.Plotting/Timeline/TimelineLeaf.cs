using System.Collections.Generic;

namespace HdrHistogram.Plotting.Timeline;

/// <summary>
/// One of the finest buckets a timeline keeps (up to <see cref="TimelineBuilder.MaxLeafBuckets"/> per tag): its
/// intervals' added counts and where they lie in time. The report's page answers a time range from these, exactly;
/// the drawn buckets (<see cref="TimelineBucket"/>) are runs of them added together.
/// </summary>
/// <param name="Index">Its place on the time grid: the bucket width times this is its start after the first interval's.</param>
/// <param name="FirstStartSec">The start of its first interval (see <see cref="TimelineBucket.FirstStartSec"/>).</param>
/// <param name="LastStartSec">The start of its last interval.</param>
/// <param name="TimeSec">The end of its last interval.</param>
/// <param name="Intervals">How many intervals it stands for.</param>
/// <param name="AfterGap">Whether intervals are missing before it (see <see cref="TimelineBucket.AfterGap"/>).</param>
/// <param name="Counts">Its counts as a V2 counts payload; null for DoubleHistogram series.</param>
/// <param name="MovingValues">The moving-window percentiles at the end of its last interval (NaN where not known).</param>
internal sealed record TimelineLeaf(long Index, double FirstStartSec, double LastStartSec, double TimeSec, int Intervals, bool AfterGap, byte[]? Counts, IReadOnlyList<double> MovingValues);
