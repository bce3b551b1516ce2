using System;
using System.Threading;

namespace HdrHistogram;

/// <summary>
/// A histogram with 64-bit counts that many threads may record into at once (Java's <c>ConcurrentHistogram</c>).
/// </summary>
/// <remarks>
/// Recording is wait-free: a phaser critical section around one atomic add to the count, plus atomic updates of the
/// total and, when they change, the minimum and maximum. Growing (auto-resize) and shifting swap in a new counts
/// array, wait for writers still using the old one with a <see cref="WriterReaderPhaser"/> flip, then fold the old
/// counts in, so no concurrently recorded count is lost. Reads while writers are active see a recent, not
/// necessarily consistent, state: take consistent snapshots with a recorder.
/// </remarks>
public class LongConcurrentHistogram : HistogramBase
{
    private readonly WriterReaderPhaser _phaser = new();
    private readonly object _updateLock = new();
    private CountsArray _counts;
    private long _totalCount;

    /// <summary>Creates an auto-resizing histogram (lowest value 1) that grows to fit whatever is recorded.</summary>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public LongConcurrentHistogram(int numberOfSignificantValueDigits)
        : this(1, 2, numberOfSignificantValueDigits)
    {
        AutoResize = true;
    }

    /// <summary>Creates a histogram tracking values from 1 to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least 2.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public LongConcurrentHistogram(long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(1, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram tracking values from <paramref name="lowestTrackableValue"/> to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public LongConcurrentHistogram(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
        _counts = new CountsArray(new long[CountsArrayLength], 0);
    }

    /// <summary>Creates a histogram with an explicit instance id.</summary>
    /// <param name="instanceId">An identity for this histogram, for diagnostics.</param>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public LongConcurrentHistogram(long instanceId, long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(instanceId, lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
        _counts = new CountsArray(new long[CountsArrayLength], 0);
    }

    /// <inheritdoc />
    public override long TotalCount
    {
        get => Interlocked.Read(ref _totalCount);
        protected set => Interlocked.Exchange(ref _totalCount, value);
    }

    /// <inheritdoc />
    public override long MaxAllowableCount => long.MaxValue;

    /// <inheritdoc />
    protected override int WordSizeInBytes => sizeof(long);

    private protected override bool IsConcurrent => true;

    private protected override void RecordCountAtValue(long count, long value)
    {
        int index = CountsArrayIndex(value);
        while (true)
        {
            long criticalValue = _phaser.WriterCriticalSectionEnter();
            try
            {
                // Array and offset are read together: a resize or shift swaps both at once.
                var counts = Volatile.Read(ref _counts);
                long[] slots = counts.Slots;
                if ((uint)index < (uint)slots.Length)
                {
                    Interlocked.Add(ref slots[NormalizeIndex(index, counts.Offset, slots.Length)], count);
                    break;
                }
            }
            finally
            {
                _phaser.WriterCriticalSectionExit(criticalValue);
            }

            // Out of range: grow (or throw) outside the critical section, since growing waits for writers to leave it.
            lock (_updateLock)
            {
                if (index >= CountsArrayLength)
                {
                    HandleValueOutOfRange(value, index);
                }
            }
        }

        UpdateMinAndMax(value);
        Interlocked.Add(ref _totalCount, count);
    }

    private protected override void UpdateMaxValue(long value)
    {
        long internalValue = value | UnitMagnitudeMask;
        ref long max = ref RawMaxValue;
        long current;
        while (internalValue > (current = Volatile.Read(ref max)))
        {
            if (Interlocked.CompareExchange(ref max, internalValue, current) == current)
            {
                return;
            }
        }
    }

    private protected override void UpdateMinNonZeroValue(long value)
    {
        if (value <= UnitMagnitudeMask)
        {
            return;
        }

        long internalValue = value & ~UnitMagnitudeMask;
        ref long min = ref RawMinNonZeroValue;
        long current;
        while (internalValue < (current = Volatile.Read(ref min)))
        {
            if (Interlocked.CompareExchange(ref min, internalValue, current) == current)
            {
                return;
            }
        }
    }

    private protected override long GetCountAtNormalizedIndex(int normalizedIndex) => Volatile.Read(ref _counts.Slots[normalizedIndex]);

    private protected override void SetCountAtNormalizedIndex(int normalizedIndex, long value) => Volatile.Write(ref _counts.Slots[normalizedIndex], value);

    private protected override void AddToCountAtNormalizedIndex(int normalizedIndex, long value) => Interlocked.Add(ref _counts.Slots[normalizedIndex], value);

    private protected override void AddToTotalCount(long value) => Interlocked.Add(ref _totalCount, value);

    private protected override void ClearCounts()
    {
        var counts = Volatile.Read(ref _counts);
        if (counts.Offset == 0)
        {
            Array.Clear(counts.Slots, 0, counts.Slots.Length);
        }
        else
        {
            // Reset also clears the offset: swap in an unshifted array so writers see both changes at once.
            Volatile.Write(ref _counts, new CountsArray(new long[counts.Slots.Length], 0));
        }

        Interlocked.Exchange(ref _totalCount, 0);
    }

    private protected override void Resize(long newHighestTrackableValue)
    {
        lock (_updateLock)
        {
            base.Resize(newHighestTrackableValue);
        }
    }

    private protected override void ResizeCounts(int oldLength, int newLength) => Rebuild(newLength, NormalizingIndexOffset, 0);

    private protected override void ShiftNormalizingIndexByOffset(int shiftAmount, bool lowestHalfBucketPopulated)
    {
        lock (_updateLock)
        {
            Rebuild(CountsArrayLength, NormalizingIndexOffset + shiftAmount, shiftAmount);
            AddToNormalizingIndexOffset(shiftAmount);
        }
    }

    internal override Array GetRawCounts(out int normalizingIndexOffset)
    {
        // Array and offset from the same snapshot: a resize or shift swaps both at once.
        var counts = Volatile.Read(ref _counts);
        normalizingIndexOffset = counts.Offset;
        return counts.Slots;
    }

    private protected override void OnNormalizingIndexOffsetSet(int newNormalizingIndexOffset)
    {
        // The slots are laid out for the offset they carry: lay them out anew, keeping every logical index's count.
        lock (_updateLock)
        {
            Rebuild(CountsArrayLength, newNormalizingIndexOffset, 0);
        }
    }

    private protected override HistogramBase CreateEmptyCopy()
        => new LongConcurrentHistogram(LowestTrackableValue, HighestTrackableValue, NumberOfSignificantValueDigits) { AutoResize = AutoResize };

    /// <summary>
    /// Swaps in a new counts array, waits until no writer still uses the old one, then folds the old counts in at
    /// their (possibly shifted) logical indexes. Counts recorded meanwhile go straight to the new array.
    /// </summary>
    private void Rebuild(int newLength, int newOffset, int shiftAmount)
    {
        _phaser.ReaderLock();
        try
        {
            var old = Volatile.Read(ref _counts);
            var fresh = new CountsArray(new long[newLength], newOffset);
            Volatile.Write(ref _counts, fresh);
            _phaser.FlipPhase();

            int oldLength = old.Slots.Length;
            for (int i = 0; i < oldLength; i++)
            {
                long count = old.Slots[NormalizeIndex(i, old.Offset, oldLength)];
                if (count != 0)
                {
                    int target = ShiftedLogicalIndex(i, shiftAmount);
                    Interlocked.Add(ref fresh.Slots[NormalizeIndex(target, newOffset, newLength)], count);
                }
            }
        }
        finally
        {
            _phaser.ReaderUnlock();
        }
    }

    /// <summary>A counts array and the normalizing offset its slots are laid out with, swapped as one.</summary>
    private sealed class CountsArray
    {
        public CountsArray(long[] slots, int offset)
        {
            Slots = slots;
            Offset = offset;
        }

        public long[] Slots { get; }

        public int Offset { get; }
    }
}
