using System;
using System.Runtime.CompilerServices;
using System.Threading;
using HdrHistogram.Utilities;

namespace HdrHistogram;

/// <summary>
/// A histogram with 64-bit counts that many threads may record into at once (Java's <c>ConcurrentHistogram</c>).
/// </summary>
/// <remarks>
/// <para>
/// Recording is wait-free unless it has to grow the histogram: one atomic add to the count, one atomic add to a
/// per-processor cell of the total, and compare-and-set updates of the minimum and maximum only when they change.
/// </para>
/// <para>
/// Growing (auto-resize), shifting and resetting a shifted histogram swap in a new counts array and move the old
/// counts over, and no concurrently recorded count is lost. Unlike Java, writers do not enter a
/// <see cref="WriterReaderPhaser"/> critical section on every record to make that safe: an array that has been
/// replaced is marked with its successor before its counts are moved, and a writer that finds the mark after its
/// add moves what it added itself (see <see cref="RecordCountAtValue"/> for why no count can be missed).
/// </para>
/// <para>
/// Reads while writers are active see a recent, not necessarily consistent, state and never fail; take consistent
/// snapshots with a <see cref="Recorder"/>.
/// </para>
/// </remarks>
public class LongConcurrentHistogram : HistogramBase
{
    private readonly object _updateLock = new();
    private readonly StripedCounter _totalCount = new();
    private CountsArray _counts;

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
        _counts = new CountsArray(new long[CountsArrayLength], 0, 0);
    }

    /// <summary>Creates a histogram with an explicit instance id.</summary>
    /// <param name="instanceId">An identity for this histogram, for diagnostics.</param>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    public LongConcurrentHistogram(long instanceId, long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(instanceId, lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
        _counts = new CountsArray(new long[CountsArrayLength], 0, 0);
    }

    /// <inheritdoc />
    /// <remarks>
    /// The total is kept in per-processor cells (see <see cref="StripedCounter"/>) rather than one atomic field:
    /// every record would otherwise write the same cache line from every writer. It is not derived from the counts
    /// on read, because reading it must stay cheap: iteration checks it on every step, as Java does.
    /// </remarks>
    public override long TotalCount
    {
        get => _totalCount.Sum();
        protected set => _totalCount.Set(value);
    }

    /// <inheritdoc />
    public override long MaxAllowableCount => long.MaxValue;

    /// <inheritdoc />
    protected override int WordSizeInBytes => sizeof(long);

    private protected override bool IsConcurrent => true;

    /// <summary>
    /// Adds to the count without a phaser critical section. Why no count is lost when a resize, shift or reset
    /// replaces the counts array meanwhile (<see cref="Rebuild"/>, always under <c>_updateLock</c>):
    /// <list type="number">
    /// <item>The rebuild sets the old array's <see cref="CountsArray.Successor"/> with an atomic exchange, then
    /// publishes the new array, then drains every old slot with an atomic exchange to 0, adding what it took to the
    /// new array.</item>
    /// <item>The writer adds to a slot of the array it read with an atomic add, then reads that array's successor.
    /// Both sides' atomics are full fences, so this is Dekker's pattern: either the rebuild's drain of the slot
    /// comes after the add in the slot's order (and the rebuild moves the count), or the writer's read comes after
    /// the successor was set (and the writer sees it).</item>
    /// <item>A writer that sees a successor drains the slot itself with an atomic exchange and adds what it took to
    /// the successor, repeating the check there. Each exchange takes a count exactly once, so a count is moved by
    /// exactly one of the rebuild and the writers, never twice, never by neither.</item>
    /// </list>
    /// The phaser Java's <c>ConcurrentHistogram</c> enters here would cost two more atomic operations per record,
    /// both on cache lines every writer shares. Skipping it only when no resize or shift is possible (auto-resize
    /// off, offset 0) would not be safe: <see cref="HistogramBase.AutoResize"/> can be switched on and values
    /// shifted at any time, and a writer that decided to skip could still be adding to an array being replaced. A
    /// <see cref="Recorder"/>'s own phaser still guarantees that an interval histogram is complete and quiescent
    /// when handed out: every add and every move a writer makes happens inside its recorder critical section.
    /// </summary>
    private protected override void RecordCountAtValue(long count, long value)
    {
        int index = CountsArrayIndex(value);
        var counts = Volatile.Read(ref _counts);
        while ((uint)index >= (uint)counts.Slots.Length)
        {
            GrowToCover(value, index);
            counts = Volatile.Read(ref _counts);
        }

        AddToCounts(counts, index, count);
        UpdateMinAndMax(value);
        _totalCount.Add(count);
    }

    /// <summary>
    /// The counts array writers add to; a writer may keep using the one it read after it has been replaced.
    /// Internal so that tests can play such a late writer.
    /// </summary>
    internal CountsArray CurrentCounts => Volatile.Read(ref _counts);

    /// <summary>
    /// A writer's add to logical index <paramref name="index"/> of <paramref name="counts"/>, the array it read:
    /// when that array has been replaced meanwhile, the writer moves what it added to the replacement itself.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void AddToCounts(CountsArray counts, int index, long count)
    {
        Interlocked.Add(ref counts.Slots[counts.SlotOf(index)], count);
        if (Volatile.Read(ref counts.Successor) is not null)
        {
            MoveToSuccessors(counts, index);
        }
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

    private protected override long GetCountAtLogicalIndex(int index)
    {
        var counts = Volatile.Read(ref _counts);
        return (uint)index < (uint)counts.Slots.Length ? Volatile.Read(ref counts.Slots[counts.SlotOf(index)]) : 0;
    }

    private protected override long GetCountAtNormalizedIndex(int normalizedIndex) => Volatile.Read(ref _counts.Slots[normalizedIndex]);

    private protected override void SetCountAtNormalizedIndex(int normalizedIndex, long value) => Volatile.Write(ref _counts.Slots[normalizedIndex], value);

    private protected override void AddToCountAtNormalizedIndex(int normalizedIndex, long value) => Interlocked.Add(ref _counts.Slots[normalizedIndex], value);

    private protected override void AddToTotalCount(long value) => _totalCount.Add(value);

    private protected override void ClearCounts()
    {
        lock (_updateLock)
        {
            var counts = Volatile.Read(ref _counts);
            long[] slots = counts.Slots;
            for (int i = 0; i < slots.Length; i++)
            {
                // Whole-word stores: a concurrent add lands before or after, never inside, the clearing of its slot.
                Volatile.Write(ref slots[i], 0);
            }

            if (counts.Offset != 0)
            {
                // Reset also clears the offset: re-lay out the (cleared) counts unshifted, moving along whatever
                // was recorded since the clear, so writers see the new layout and no count recorded after the
                // clear is lost.
                Rebuild(slots.Length, 0, 0);
            }

            _totalCount.Set(0);
        }
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

    /// <summary>Grows the histogram (or throws) so that logical index <paramref name="index"/> exists.</summary>
    private void GrowToCover(long value, int index)
    {
        lock (_updateLock)
        {
            if (index >= Volatile.Read(ref _counts).Slots.Length)
            {
                HandleValueOutOfRange(value, index);
            }
        }
    }

    /// <summary>
    /// Replaces the counts array by one of <paramref name="newLength"/> slots laid out with
    /// <paramref name="newOffset"/>, moving every count from logical index i to
    /// <see cref="HistogramBase.ShiftedLogicalIndex"/>(i, <paramref name="shiftAmount"/>). Called under
    /// <c>_updateLock</c>, so rebuilds never overlap: by the time an array is itself replaced, this rebuild has
    /// moved everything it took into it. The order of the steps is what <see cref="RecordCountAtValue"/> relies on.
    /// </summary>
    private void Rebuild(int newLength, int newOffset, int shiftAmount)
    {
        var old = Volatile.Read(ref _counts);
        var fresh = new CountsArray(new long[newLength], newOffset, shiftAmount);

        // 1. Mark the old array as replaced (a full fence: it precedes every drain below).
        Interlocked.Exchange(ref old.Successor, fresh);

        // 2. Send new writers to the new array.
        Volatile.Write(ref _counts, fresh);

        // 3. Drain the old array. Writers that add to it from now on see the mark and move their counts themselves.
        long[] oldSlots = old.Slots;
        for (int i = 0; i < oldSlots.Length; i++)
        {
            long count = Interlocked.Exchange(ref oldSlots[old.SlotOf(i)], 0);
            if (count != 0)
            {
                Interlocked.Add(ref fresh.Slots[fresh.SlotOf(ClampToRange(ShiftedLogicalIndex(i, shiftAmount), newLength))], count);
            }
        }
    }

    /// <summary>
    /// Moves whatever is in logical slot <paramref name="index"/> of a replaced array to its successor, following
    /// the chain while the array moved into has itself been replaced.
    /// </summary>
    private void MoveToSuccessors(CountsArray replaced, int index)
    {
        while (true)
        {
            var successor = Volatile.Read(ref replaced.Successor)!;
            long count = Interlocked.Exchange(ref replaced.Slots[replaced.SlotOf(index)], 0);
            if (count == 0)
            {
                return; // Already moved by the rebuild or another writer, which carries it further if needed.
            }

            index = ClampToRange(ShiftedLogicalIndex(index, successor.ShiftFromPredecessor), successor.Slots.Length);
            Interlocked.Add(ref successor.Slots[successor.SlotOf(index)], count);
            if (Volatile.Read(ref successor.Successor) is null)
            {
                return;
            }

            replaced = successor;
        }
    }

    /// <summary>
    /// A shift checks the recorded range before it starts; a value recorded concurrently that the shift would have
    /// refused is kept at the nearest end of the range rather than lost.
    /// </summary>
    private static int ClampToRange(int index, int length) => index < 0 ? 0 : index >= length ? length - 1 : index;

    /// <summary>A counts array, the normalizing offset its slots are laid out with, and its place in the chain of replacements.</summary>
    internal sealed class CountsArray
    {
        /// <summary>The array that replaced this one; set once, before this array's counts are moved.</summary>
        public CountsArray? Successor;

        public CountsArray(long[] slots, int offset, int shiftFromPredecessor)
        {
            Slots = slots;
            Offset = offset;
            ShiftFromPredecessor = shiftFromPredecessor;
        }

        public long[] Slots { get; }

        public int Offset { get; }

        /// <summary>How far counts move (in logical indexes) from the array this one replaced.</summary>
        public int ShiftFromPredecessor { get; }

        /// <summary>The physical slot of logical index <paramref name="index"/>.</summary>
        public int SlotOf(int index) => NormalizeIndex(index, Offset, Slots.Length);
    }
}
