namespace HdrHistogram.Histograms.Counts;

/// <summary>
/// The plain counts store: an array of <typeparamref name="T"/> (long, int or short) and its total, for one writer at a
/// time, or under a synchronized histogram's lock. Every count wraps silently on overflow, as 2.5.0's do (and Java's
/// 64-bit ones); the total keeps counting, so <see cref="HistogramBase.HasOverflowed"/> reports it.
/// </summary>
/// <typeparam name="T">The count type.</typeparam>
internal sealed class ArrayCounts<T> : CountsStore<ArraySlots<T>>
    where T : unmanaged, IEquatable<T>
{
    private readonly HistogramLock? _updateLock;
    private T[] _slots;
    private long _totalCount;

    /// <summary>Creates <paramref name="length"/> zero counts.</summary>
    /// <param name="length">The number of slots.</param>
    /// <param name="updateLock">
    /// Null for a single-writer histogram; a synchronized histogram's lock, under which every record and resize then
    /// runs (the histogram's other operations take it themselves).
    /// </param>
    public ArrayCounts(int length, HistogramLock? updateLock = null)
    {
        _slots = new T[length];
        _updateLock = updateLock;
    }

    /// <inheritdoc />
    public override int Length => _slots.Length;

    /// <inheritdoc />
    public override long MaxCount => CountStorage.MaxValue<T>();

    /// <inheritdoc />
    public override int BytesPerCount => Unsafe.SizeOf<T>();

    /// <inheritdoc />
    public override long GetTotalCount()
    {
        if (_updateLock is null)
        {
            return _totalCount;
        }

        lock (_updateLock)
        {
            return _totalCount;
        }
    }

    /// <inheritdoc />
    public override void SetTotalCount(long totalCount)
    {
        if (_updateLock is null)
        {
            _totalCount = totalCount;
            return;
        }

        lock (_updateLock)
        {
            _totalCount = totalCount;
        }
    }

    /// <inheritdoc />
    public override void AddToTotalCount(long count) => _totalCount += count;

    /// <summary>The record of <see cref="RecordValueSingleWriter"/>, under the synchronized histogram's lock when there is one.</summary>
    /// <inheritdoc />
    public override void RecordValue(HistogramBase histogram, long value)
    {
        if (_updateLock is null)
        {
            RecordValueSingleWriter(histogram, value);
        }
        else
        {
            RecordValueLocked(histogram, value);
        }
    }

    /// <summary>
    /// Adds one to the count of <paramref name="value"/> and to the total when the value lies inside the range recorded
    /// so far (its count wraps past the type's maximum, as 2.5.0's counts do), else records it the general way; for a
    /// store without a lock.
    /// </summary>
    /// <param name="histogram">The histogram that owns this store.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void RecordValueSingleWriter(HistogramBase histogram, long value)
    {
        T[] slots = _slots;
        int slot = histogram.FastRecordSlot(value);
        if ((uint)slot < (uint)slots.Length)
        {
            CountStorage.Increment(ref slots[slot]);
            _totalCount++;
        }
        else
        {
            histogram.RecordCountAtValueUnsynchronized(1, value);
        }
    }

    /// <inheritdoc />
    public override void RecordCount(HistogramBase histogram, long count, long value)
    {
        if (_updateLock is null)
        {
            histogram.RecordCountAtValueUnsynchronized(count, value);
            return;
        }

        lock (_updateLock)
        {
            histogram.RecordCountAtValueUnsynchronized(count, value);
        }
    }

    /// <inheritdoc />
    public override void ResizeHistogram(HistogramBase histogram, long newHighestTrackableValue)
    {
        if (_updateLock is null)
        {
            histogram.ResizeUnsynchronized(newHighestTrackableValue);
            return;
        }

        lock (_updateLock)
        {
            histogram.ResizeUnsynchronized(newHighestTrackableValue);
        }
    }

    /// <inheritdoc />
    public override long GetCount(int slot) => CountStorage.ToInt64(in _slots[slot]);

    /// <inheritdoc />
    public override void SetCount(int slot, long count) => _slots[slot] = CountStorage.FromInt64<T>(count);

    /// <inheritdoc />
    public override void AddToCount(int slot, long count)
    {
        // Wraps past a short or int count's range, as 2.5.0's counts do; the total keeps the whole count.
        ref T current = ref _slots[slot];
        current = CountStorage.FromInt64<T>(unchecked(CountStorage.ToInt64(in current) + count));
    }

    /// <inheritdoc />
    public override void Clear(int slotsInUse) => Array.Clear(_slots, 0, Math.Min(slotsInUse, _slots.Length));

    /// <inheritdoc />
    public override void Resize(int oldLength, int newLength, int normalizingIndexOffset)
    {
        if (normalizingIndexOffset == 0)
        {
            Array.Resize(ref _slots, newLength);
            return;
        }

        // A shifted histogram's physical layout depends on the array length: place each logical index anew.
        var resized = new T[newLength];
        for (int i = 0; i < oldLength; i++)
        {
            resized[HistogramBase.NormalizeIndex(i, normalizingIndexOffset, newLength)] = _slots[HistogramBase.NormalizeIndex(i, normalizingIndexOffset, oldLength)];
        }

        _slots = resized;
    }

    /// <summary>The record of a synchronized histogram: the slot is found under the lock, where the extremes it depends on cannot move.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void RecordValueLocked(HistogramBase histogram, long value)
    {
        lock (_updateLock!)
        {
            RecordValueSingleWriter(histogram, value);
        }
    }

    /// <inheritdoc />
    private protected override ArraySlots<T> GetSlots(ref int normalizingIndexOffset) => new(_slots);
}
