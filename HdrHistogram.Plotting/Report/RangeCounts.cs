using System;
using System.Collections.Generic;
using System.Linq;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Timeline;

namespace HdrHistogram.Plotting.Report;

/// <summary>
/// The counts the report's page answers time ranges from: each series' finest timeline buckets, or runs of 2, 4, ...
/// of them added together, as fine as fits <see cref="BudgetBytes"/> for all series together. A range of these blocks
/// is answered exactly (its counts added), so a page of any log stays small and exact at its resolution.
/// </summary>
internal static class RangeCounts
{
    /// <summary>The most bytes of counts (before base64) a page carries, all series together.</summary>
    public const int BudgetBytes = 2_400_000;

    /// <summary>The blocks of every series (empty for series without counts: DoubleHistograms, inputs without timestamps).</summary>
    public static IReadOnlyList<IReadOnlyList<TimelineLeaf>> Blocks(IReadOnlyList<LatencySeries> series, int budgetBytes = BudgetBytes)
    {
        var levels = series.Select(s => s.CountsLayout is null ? (IReadOnlyList<TimelineLeaf>)Array.Empty<TimelineLeaf>() : s.TimelineLeaves).ToList();
        while (levels.Sum(Bytes) > budgetBytes && levels.Any(l => l.Count > 1))
        {
            levels = levels.Select(Coarser).ToList();
        }

        return levels;
    }

    private static long Bytes(IReadOnlyList<TimelineLeaf> blocks) => blocks.Sum(b => (long)(b.Counts?.Length ?? 0));

    /// <summary>Blocks i and i + 1 of the grid added together (by their index halved).</summary>
    private static IReadOnlyList<TimelineLeaf> Coarser(IReadOnlyList<TimelineLeaf> blocks)
    {
        var coarser = new List<TimelineLeaf>(blocks.Count / 2 + 1);
        foreach (var b in blocks)
        {
            long index = b.Index >> 1;
            if (coarser.Count > 0 && coarser[^1].Index == index)
            {
                var a = coarser[^1];
                coarser[^1] = new TimelineLeaf(
                    index,
                    Math.Min(a.FirstStartSec, b.FirstStartSec),
                    Math.Max(a.LastStartSec, b.LastStartSec),
                    Math.Max(a.TimeSec, b.TimeSec),
                    a.Intervals + b.Intervals,
                    a.AfterGap,
                    CountsPayload.Add(a.Counts!, b.Counts!),
                    b.TimeSec >= a.TimeSec ? b.MovingValues : a.MovingValues);
            }
            else
            {
                coarser.Add(b with { Index = index });
            }
        }

        return coarser;
    }
}
