namespace HdrHistogram.Histograms.Counts;

/// <summary>
/// The counts of a concurrent histogram (<see cref="LongConcurrentHistogram"/>, <see cref="IntConcurrentHistogram"/>):
/// a counts array that writers add to without a lock, and that a resize, shift or reset replaces by a new one without
/// losing a concurrently recorded count.
/// </summary>
/// <remarks>
/// Why no count is lost when an array is replaced while writers add to it (<see cref="Rebuild"/>, always under
/// <see cref="UpdateLock"/>):
/// <list type="number">
/// <item>The rebuild sets the old array's <see cref="CountsArray.Successor"/> with an atomic exchange, then publishes
/// the new array, then drains every old slot with an atomic exchange to 0, adding what it took to the new array.</item>
/// <item>A writer adds to a slot of the array it read atomically, then reads that array's successor. Both sides'
/// atomics are full fences, so this is Dekker's pattern: either the rebuild's drain of the slot comes after the add in
/// the slot's order (and the rebuild moves the count), or the writer's read comes after the successor was set (and the
/// writer sees it).</item>
/// <item>A writer that sees a successor drains the slot itself with an atomic exchange and adds what it took to the
/// successor, repeating the check there. Each exchange takes a count exactly once, so a count is moved by exactly one
/// of the rebuild and the writers, never twice, never by neither.</item>
/// </list>
/// The phaser Java's <c>ConcurrentHistogram</c> enters on every record would cost two more atomic operations, both on
/// cache lines every writer shares. Skipping it only when no resize or shift is possible (auto-resize off, offset 0)
/// would not be safe: <see cref="HistogramBase.AutoResize"/> can be switched on and values shifted at any time, and a
/// writer that decided to skip could still be adding to an array being replaced. A <see cref="Recorder"/>'s own phaser
/// still guarantees that an interval histogram is complete and quiescent when handed out: every add and every move a
/// writer makes happens inside its recorder critical section.
/// </remarks>
/// <typeparam name="TSlot">The count type.</typeparam>
/// <typeparam name="TAtomics">The atomic operations on one count (a struct, so they are inlined).</typeparam>
internal sealed class ConcurrentCounts<TSlot, TAtomics> : CountsStore<ArraySlots<TSlot>>
    where TSlot : unmanaged, IEquatable<TSlot>
    where TAtomics : struct, ICountSlotAtomics<TSlot>
{
    // The total of the counts is derived from them, not counted on every record (see Total): recording then makes one
    // atomic operation, the count's, instead of two. _cachedTotal is the sum as of the last time _totalState was Clean.
    private const int TotalClean = 0;
    private const int TotalStale = 1;
    private const int TotalSumming = 2;

    private readonly HistogramBase _histogram;
    private CountsArray _current;
    private long _cachedTotal;
    private int _totalState = TotalClean;

    // What adds that wrapped a count (int counts only) did not leave in the counts: the total adds it back, so that it
    // counts every recorded value as 2.5.0's does, and HasOverflowed sees the counts fall short of it.
    private long _wrapped;

    /// <summary>Creates <paramref name="length"/> empty counts, unshifted, for <paramref name="histogram"/>.</summary>
    public ConcurrentCounts(HistogramBase histogram, int length)
    {
        _histogram = histogram;
        _current = new CountsArray(new TSlot[length], 0, 0);
    }

    /// <summary>Serializes the operations that replace the array (resizes, shifts, resets) with each other.</summary>
    public object UpdateLock { get; } = new();

    /// <summary>The array writers add to; a writer may keep using the one it read after it has been replaced.</summary>
    public CountsArray Current => Volatile.Read(ref _current);

    /// <summary>Adds to logical index <paramref name="index"/>; <c>false</c> (nothing added) when the current array does not reach it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryAdd(int index, long count)
    {
        var counts = Current;
        if ((uint)index >= (uint)counts.Slots.Length)
        {
            return false;
        }

        AddTo(counts, index, count);
        return true;
    }

    /// <summary>
    /// A writer's add to logical index <paramref name="index"/> of <paramref name="counts"/>, the array it read: when
    /// that array has been replaced meanwhile, the writer moves what it added to the replacement itself.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void AddTo(CountsArray counts, int index, long count)
    {
        int slot = counts.SlotOf(index);
        AddToSlot(ref counts.Slots[slot], count);
        if (Volatile.Read(ref counts.Successor) is not null)
        {
            MoveToSuccessors(counts, index);
        }

        counts.Totals.MarkSlot(slot);
        MarkTotalStale();
    }

    /// <summary>
    /// The sum of the counts: cached, and summed again (under <see cref="UpdateLock"/>) only when a count has changed
    /// since the last sum, and then only the blocks of counts that changed (<see cref="BlockTotals"/>). While writers
    /// add, it is a recent total, as any read of a concurrent histogram is.
    /// </summary>
    /// <remarks>
    /// Why no add is missed: after its add (an atomic operation, a full fence) and its block's flag, a writer reads the
    /// state and sets it to stale unless it is stale already; a sum first sets the state to summing with an atomic
    /// exchange (a full fence), then sums the flagged blocks, then publishes the cached sum and sets the state to clean
    /// only if it is still summing. That is Dekker's pattern again: either the sum sees the writer's flag and add, or
    /// the writer's read comes after the exchange and the writer leaves the state stale, so the next read sums again.
    /// Once the state is stale, writers only read it: the cache line stays shared between the writers' cores instead
    /// of moving on every record.
    /// </remarks>
    public long Total()
        => (Volatile.Read(ref _totalState) == TotalClean ? Volatile.Read(ref _cachedTotal) : SumAndCacheTotal())
            + Volatile.Read(ref _wrapped);

    /// <summary>Marks the whole cached total stale after counts were changed other than by atomic adds.</summary>
    public void InvalidateTotal()
    {
        Current.Totals.MarkAll();
        Interlocked.Exchange(ref _totalState, TotalStale);
    }

    /// <summary>Marks the cached total stale after an atomic add to a count, which is the full fence this relies on.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void MarkTotalStale()
    {
        if (Volatile.Read(ref _totalState) != TotalStale)
        {
            Volatile.Write(ref _totalState, TotalStale);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private long SumAndCacheTotal()
    {
        // Under the update lock no rebuild is draining an array while the counts are summed.
        lock (UpdateLock)
        {
            Interlocked.Exchange(ref _totalState, TotalSumming);
            var counts = Current;
            long sum = counts.Totals.Resum<TSlot, TAtomics>(counts.Slots);
            Volatile.Write(ref _cachedTotal, sum);
            Interlocked.CompareExchange(ref _totalState, TotalClean, TotalSumming);
            return sum;
        }
    }

    /// <summary>The count at a logical index (0 beyond the current array).</summary>
    public long GetAtLogicalIndex(int index)
    {
        var counts = Current;
        return (uint)index < (uint)counts.Slots.Length ? default(TAtomics).Read(ref counts.Slots[counts.SlotOf(index)]) : 0;
    }

    /// <summary>The count in physical slot <paramref name="normalizedIndex"/>.</summary>
    public long GetAtNormalizedIndex(int normalizedIndex) => default(TAtomics).Read(ref Current.Slots[normalizedIndex]);

    /// <summary>Stores a count in physical slot <paramref name="normalizedIndex"/>.</summary>
    public void SetAtNormalizedIndex(int normalizedIndex, long value)
    {
        default(TAtomics).Write(ref Current.Slots[normalizedIndex], value);

        // A plain store is no fence: the whole total goes stale (stores are rare: shifts of the zero-value count).
        InvalidateTotal();
    }

    /// <summary>Adds to the count in physical slot <paramref name="normalizedIndex"/>.</summary>
    public void AddAtNormalizedIndex(int normalizedIndex, long value)
    {
        var counts = Current;
        AddToSlot(ref counts.Slots[normalizedIndex], value);
        counts.Totals.MarkSlot(normalizedIndex);
        MarkTotalStale();
    }

    /// <inheritdoc />
    public override long MaxCount => CountStorage.MaxValue<TSlot>();

    /// <inheritdoc />
    public override int BytesPerCount => Unsafe.SizeOf<TSlot>();

    /// <inheritdoc />
    public override bool HasConcurrentWriters => true;

    /// <inheritdoc />
    /// <remarks>
    /// The sum of the counts, cached until a count changes: recording then makes one atomic operation (the count's)
    /// rather than two. The sum is kept per block of 64 counts, so the first read after records re-sums only the blocks
    /// written since the read before; a read with nothing recorded since is one memory read.
    /// </remarks>
    public override long GetTotalCount() => Total();

    /// <summary>Marks the cached sum stale: the counts define the total.</summary>
    /// <param name="totalCount">Ignored.</param>
    public override void SetTotalCount(long totalCount) => InvalidateTotal();

    /// <summary>Marks the cached sum stale: the counts define the total.</summary>
    /// <param name="count">Ignored.</param>
    public override void AddToTotalCount(long count) => InvalidateTotal();

    /// <summary>Adds to the count without a lock, and raises or lowers the extremes by compare-and-set.</summary>
    /// <inheritdoc />
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public override void RecordValue(HistogramBase histogram, long value) => histogram.RecordConcurrently(this, 1, value, trackExtremes: true);

    /// <summary>Adds to the count without a lock and leaves the extremes alone (a thread-safe <see cref="Recorder"/>'s writers).</summary>
    /// <inheritdoc />
    public override void RecordCountOnly(HistogramBase histogram, long value) => histogram.RecordConcurrently(this, 1, value, trackExtremes: false);

    /// <inheritdoc />
    public override void RecordCount(HistogramBase histogram, long count, long value) => histogram.RecordConcurrently(this, count, value, trackExtremes: true);

    /// <summary>Grows the histogram under <see cref="UpdateLock"/>, which serializes every replacement of the counts array.</summary>
    /// <inheritdoc />
    public override void ResizeHistogram(HistogramBase histogram, long newHighestTrackableValue)
    {
        lock (UpdateLock)
        {
            histogram.ResizeUnsynchronized(newHighestTrackableValue);
        }
    }

    /// <summary>Shifts by laying the counts out anew under <see cref="UpdateLock"/> (Java shifts the array in place).</summary>
    /// <inheritdoc />
    public override void ShiftHistogram(HistogramBase histogram, int shiftAmount, bool lowestHalfBucketPopulated)
    {
        lock (UpdateLock)
        {
            Rebuild(histogram.CountsArrayLength, histogram.NormalizingIndexOffset + shiftAmount, shiftAmount);
            histogram.AddToNormalizingIndexOffset(shiftAmount);
        }
    }

    /// <summary>Lays the slots out anew for the new offset, keeping every logical index's count.</summary>
    /// <inheritdoc />
    public override void OnNormalizingIndexOffsetSet(int newNormalizingIndexOffset)
    {
        lock (UpdateLock)
        {
            Rebuild(_histogram.CountsArrayLength, newNormalizingIndexOffset, 0);
        }
    }

    /// <inheritdoc />
    public override long GetCountAtLogicalIndex(HistogramBase histogram, int index) => GetAtLogicalIndex(index);

    /// <inheritdoc />
    public override int Length => Current.Slots.Length;

    /// <inheritdoc />
    public override long GetCount(int slot) => GetAtNormalizedIndex(slot);

    /// <inheritdoc />
    public override void SetCount(int slot, long count) => SetAtNormalizedIndex(slot, count);

    /// <inheritdoc />
    public override void AddToCount(int slot, long count) => AddAtNormalizedIndex(slot, count);

    /// <inheritdoc />
    /// <remarks>Every slot: recorder writers leave the maximum to be completed later, so nothing bounds the slots in use.</remarks>
    public override void Clear(int slotsInUse)
    {
        lock (UpdateLock)
        {
            Clear();
        }
    }

    /// <inheritdoc />
    public override void Resize(int oldLength, int newLength, int normalizingIndexOffset) => Rebuild(newLength, normalizingIndexOffset, 0);

    /// <summary>The current array, and the normalizing offset its slots are laid out with, from one snapshot.</summary>
    /// <inheritdoc />
    private protected override ArraySlots<TSlot> GetSlots(ref int normalizingIndexOffset)
    {
        var counts = Current;
        normalizingIndexOffset = counts.Offset;
        return new ArraySlots<TSlot>(counts.Slots);
    }

    /// <summary>
    /// Zeroes every count; a shifted layout is then laid out anew unshifted, carrying along whatever was recorded
    /// since the clear, so that writers see the new layout and no count recorded after the clear is lost. Call under
    /// <see cref="UpdateLock"/>.
    /// </summary>
    public void Clear()
    {
        var counts = Current;
        TSlot[] slots = counts.Slots;
        for (int i = 0; i < slots.Length; i++)
        {
            // Whole-word stores: a concurrent add lands before or after, never inside, the clearing of its slot.
            default(TAtomics).Write(ref slots[i], 0);
        }

        if (counts.Offset != 0)
        {
            Rebuild(slots.Length, 0, 0);
        }

        Interlocked.Exchange(ref _wrapped, 0);
        InvalidateTotal();
    }

    /// <summary>
    /// Replaces the counts array by one of <paramref name="newLength"/> slots laid out with
    /// <paramref name="newOffset"/>, moving every count from logical index i to
    /// <see cref="HistogramBase.ShiftedLogicalIndex"/>(i, <paramref name="shiftAmount"/>). Call under
    /// <see cref="UpdateLock"/>, so rebuilds never overlap: by the time an array is itself replaced, this rebuild has
    /// moved everything it took into it. The order of the steps is what <see cref="AddTo"/> relies on.
    /// </summary>
    public void Rebuild(int newLength, int newOffset, int shiftAmount)
    {
        var old = Current;
        var fresh = new CountsArray(new TSlot[newLength], newOffset, shiftAmount);

        // 1. Mark the old array as replaced (a full fence: it precedes every drain below).
        Interlocked.Exchange(ref old.Successor, fresh);

        // 2. Send new writers to the new array.
        Volatile.Write(ref _current, fresh);

        // 3. Drain the old array. Writers that add to it from now on see the mark and move their counts themselves.
        TSlot[] oldSlots = old.Slots;
        for (int i = 0; i < oldSlots.Length; i++)
        {
            long count = default(TAtomics).TakeAll(ref oldSlots[old.SlotOf(i)]);
            if (count != 0)
            {
                int index = ClampToRange(_histogram.ShiftedLogicalIndex(i, shiftAmount), newLength);
                AddToSlot(ref fresh.Slots[fresh.SlotOf(index)], count);
            }
        }

        // 4. The new array's block sums start out stale: the next read of the total sums all of it.
        Interlocked.Exchange(ref _totalState, TotalStale);
    }

    /// <summary>Adds to one slot; what a wrap of the count lost is kept for the total.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void AddToSlot(ref TSlot slot, long count)
    {
        long lost = default(TAtomics).Add(ref slot, count);
        if (lost != 0)
        {
            NoteWrapped(lost);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void NoteWrapped(long lost) => Interlocked.Add(ref _wrapped, lost);

    /// <summary>
    /// A shift checks the recorded range before it starts; a value recorded concurrently that the shift would have
    /// refused is kept at the nearest end of the range rather than lost.
    /// </summary>
    private static int ClampToRange(int index, int length) => index < 0 ? 0 : index >= length ? length - 1 : index;

    /// <summary>
    /// Moves whatever is in logical slot <paramref name="index"/> of a replaced array to its successor, following the
    /// chain while the array moved into has itself been replaced.
    /// </summary>
    private void MoveToSuccessors(CountsArray replaced, int index)
    {
        while (true)
        {
            var successor = Volatile.Read(ref replaced.Successor)!;
            long count = default(TAtomics).TakeAll(ref replaced.Slots[replaced.SlotOf(index)]);
            if (count == 0)
            {
                return; // Already moved by the rebuild or another writer, which carries it further if needed.
            }

            index = ClampToRange(_histogram.ShiftedLogicalIndex(index, successor.ShiftFromPredecessor), successor.Slots.Length);
            int slot = successor.SlotOf(index);
            AddToSlot(ref successor.Slots[slot], count);
            successor.Totals.MarkSlot(slot);
            if (Volatile.Read(ref successor.Successor) is null)
            {
                return;
            }

            replaced = successor;
        }
    }

    /// <summary>A counts array, the normalizing offset its slots are laid out with, and its place in the chain of replacements.</summary>
    internal sealed class CountsArray
    {
        /// <summary>The array that replaced this one; set once, before this array's counts are moved.</summary>
        public CountsArray? Successor;

        public CountsArray(TSlot[] slots, int offset, int shiftFromPredecessor)
        {
            Slots = slots;
            Offset = offset;
            ShiftFromPredecessor = shiftFromPredecessor;
            Totals = new BlockTotals(slots.Length);
        }

        public TSlot[] Slots { get; }

        /// <summary>The sums of this array's blocks of counts, for the total.</summary>
        public BlockTotals Totals { get; }

        public int Offset { get; }

        /// <summary>How far counts move (in logical indexes) from the array this one replaced.</summary>
        public int ShiftFromPredecessor { get; }

        /// <summary>The physical slot of logical index <paramref name="index"/>.</summary>
        public int SlotOf(int index) => HistogramBase.NormalizeIndex(index, Offset, Slots.Length);
    }
}
