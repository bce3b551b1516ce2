using HdrHistogram.Histograms.Counts;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>The concurrent recording and layout changes of <see cref="ConcurrentHistogramBase{TCount}"/>, over a <see cref="ConcurrentCounts{TSlot, TAtomics}"/> store.</summary>
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
    private protected void RecordConcurrently<TSlot, TAtomics>(ConcurrentCounts<TSlot, TAtomics> counts, long count, long value, bool trackExtremes)
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

    /// <summary>Raises the tracked maximum with compare-and-set, only when it changes.</summary>
    private protected void RaiseMaxValueAtomically(long value) => AtomicExtremes.RaiseTo(ref _maxValue, value | _unitMagnitudeMask);

    /// <summary>Lowers the tracked minimum non-zero value with compare-and-set, only when it changes.</summary>
    private protected void LowerMinNonZeroValueAtomically(long value)
    {
        if (value > _unitMagnitudeMask)
        {
            AtomicExtremes.LowerTo(ref _minNonZeroValue, value & ~_unitMagnitudeMask);
        }
    }

    /// <summary>Grows the counts under <paramref name="updateLock"/>, which serializes every replacement of the counts array.</summary>
    private protected void ResizeUnderLock(object updateLock, long newHighestTrackableValue)
    {
        lock (updateLock)
        {
            ResizeCore(newHighestTrackableValue);
        }
    }

    /// <summary>Shifts a concurrent histogram's counts by laying them out anew (Java shifts the array in place).</summary>
    private protected void ShiftConcurrently<TSlot, TAtomics>(ConcurrentCounts<TSlot, TAtomics> counts, int shiftAmount)
        where TSlot : unmanaged, System.IEquatable<TSlot>
        where TAtomics : struct, ICountSlotAtomics<TSlot>
    {
        lock (counts.UpdateLock)
        {
            counts.Rebuild(CountsArrayLength, NormalizingIndexOffset + shiftAmount, shiftAmount);
            AddToNormalizingIndexOffset(shiftAmount);
        }
    }

    /// <summary>Lays the slots out anew for <paramref name="newNormalizingIndexOffset"/>, keeping every logical index's count.</summary>
    private protected void RelayOutConcurrently<TSlot, TAtomics>(ConcurrentCounts<TSlot, TAtomics> counts, int newNormalizingIndexOffset)
        where TSlot : unmanaged, System.IEquatable<TSlot>
        where TAtomics : struct, ICountSlotAtomics<TSlot>
    {
        lock (counts.UpdateLock)
        {
            counts.Rebuild(CountsArrayLength, newNormalizingIndexOffset, 0);
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
