using HdrHistogram.Histograms.Counts;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>The lock-free recording of a <see cref="ConcurrentCounts{TSlot, TAtomics}"/> store (the concurrent histograms).</summary>
public abstract partial class HistogramBase
{
    /// <summary>
    /// Adds <paramref name="count"/> to the count of <paramref name="value"/> without a lock or a phaser critical
    /// section; a resize, shift or reset that replaces the counts array meanwhile loses nothing (see
    /// <see cref="ConcurrentCounts{TSlot, TAtomics}"/>). With <paramref name="trackExtremes"/> off (the thread-safe
    /// <see cref="Recorder"/>'s writers, whose interval histogram gets its minimum and maximum from its counts once
    /// they have left it, <see cref="CompleteTrackingFromCounts"/>) the minimum and maximum are left alone.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void RecordConcurrently<TSlot, TAtomics>(ConcurrentCounts<TSlot, TAtomics> counts, long count, long value, bool trackExtremes)
        where TSlot : unmanaged, System.IEquatable<TSlot>
        where TAtomics : struct, ICountSlotAtomics<TSlot>
    {
        int index = CountsArrayIndex(value);
        while (!counts.TryAdd(index, count))
        {
            GrowToCover(counts, value, index);
        }

        if (trackExtremes)
        {
            UpdateMinAndMax(value);
        }
    }

    /// <summary>Grows the histogram (or throws) so that logical index <paramref name="index"/> exists.</summary>
    private void GrowToCover<TSlot, TAtomics>(ConcurrentCounts<TSlot, TAtomics> counts, long value, int index)
        where TSlot : unmanaged, System.IEquatable<TSlot>
        where TAtomics : struct, ICountSlotAtomics<TSlot>
    {
        lock (counts.UpdateLock)
        {
            if (index >= counts.Current.Slots.Length)
            {
                HandleValueOutOfRange(value, index);
            }
        }
    }
}
