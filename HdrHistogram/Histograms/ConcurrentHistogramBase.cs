using HdrHistogram.Histograms.Counts;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

/// <summary>
/// What <see cref="LongConcurrentHistogram"/> and <see cref="IntConcurrentHistogram"/> share: a histogram that many
/// threads may record into at once, over counts of type <typeparamref name="TCount"/>. Only this library derives from
/// it; use the two classes.
/// </summary>
/// <typeparam name="TCount">The count type: <see cref="long"/> or <see cref="int"/>.</typeparam>
/// <remarks>
/// <para>
/// Recording is wait-free unless it has to grow the histogram, and allocation-free; growing, shifting and resetting
/// while writers record lose no count. The total count is derived from the counts (see <see cref="TotalCount"/>).
/// </para>
/// <para>
/// Reads while writers are active see a recent, not necessarily consistent, state and never fail; take consistent
/// snapshots with a <see cref="Recorder"/>. How it works: docs/design.md.
/// </para>
/// </remarks>
public abstract class ConcurrentHistogramBase<TCount> : HistogramBase
    where TCount : unmanaged, IEquatable<TCount>
{
    private readonly ConcurrentCounts<TCount, SlotAtomics> _counts;

    /// <summary>Creates a histogram tracking values from <paramref name="lowestTrackableValue"/> to <paramref name="highestTrackableValue"/>.</summary>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    private protected ConcurrentHistogramBase(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
        Store = _counts = new ConcurrentCounts<TCount, SlotAtomics>(this, CountsArrayLength);
    }

    /// <summary>Creates a histogram with an explicit instance id.</summary>
    /// <param name="instanceId">An identity for this histogram, for diagnostics.</param>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    private protected ConcurrentHistogramBase(long instanceId, long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : base(instanceId, lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
        Store = _counts = new ConcurrentCounts<TCount, SlotAtomics>(this, CountsArrayLength);
    }

    /// <inheritdoc />
    /// <remarks>
    /// The total is the sum of the counts, cached until a count changes: recording then makes one atomic operation
    /// (the count's) rather than two. The sum is kept per block of 64 counts (16 bytes of bookkeeping per block), so
    /// the first read after records re-sums only the blocks written since the read before; a read with nothing
    /// recorded since, as iteration makes on every step, is one memory read. Setting it (subclasses) only marks the
    /// cached sum stale, since the counts define it.
    /// </remarks>
    public override long TotalCount
    {
        get => _counts.Total();
        protected set => _counts.InvalidateTotal();
    }

    /// <inheritdoc />
    public override long MaxAllowableCount => CountStorage.MaxValue<TCount>();

    /// <inheritdoc />
    protected override int WordSizeInBytes => Unsafe.SizeOf<TCount>();

    private protected override bool IsConcurrent => true;

    /// <summary>The counts writers add to and rebuilds replace (test hook: a late writer holds on to an old array).</summary>
    internal ConcurrentCounts<TCount, SlotAtomics> Counts => _counts;

    /// <summary>Adds to the count without a lock (see <see cref="ConcurrentCounts{TSlot, TAtomics}"/>).</summary>
    private protected override void RecordCountAtValue(long count, long value) => RecordConcurrently(_counts, count, value, trackExtremes: true);

    /// <summary>Adds one to the count of <paramref name="value"/> and leaves the minimum and maximum alone (the thread-safe <see cref="Recorder"/>'s writers).</summary>
    internal override void RecordCountOnly(long value) => RecordConcurrently(_counts, 1, value, trackExtremes: false);

    private protected override void UpdateMaxValue(long value) => RaiseMaxValueAtomically(value);

    private protected override void UpdateMinNonZeroValue(long value) => LowerMinNonZeroValueAtomically(value);

    private protected override long GetCountAtLogicalIndex(int index) => _counts.GetAtLogicalIndex(index);

    private protected override void AddToTotalCount(long value) => _counts.InvalidateTotal();

    private protected override void Resize(long newHighestTrackableValue) => ResizeUnderLock(_counts.UpdateLock, newHighestTrackableValue);

    private protected override void ShiftNormalizingIndexByOffset(int shiftAmount, bool lowestHalfBucketPopulated) => ShiftConcurrently(_counts, shiftAmount);

    private protected override void OnNormalizingIndexOffsetSet(int newNormalizingIndexOffset) => RelayOutConcurrently(_counts, newNormalizingIndexOffset);

    /// <summary>
    /// The atomic operations on a <typeparamref name="TCount"/> slot: <see cref="LongSlotAtomics"/>' or
    /// <see cref="IntSlotAtomics"/>' (the type tests fold away in each instantiation, so nothing is dispatched per count).
    /// </summary>
    internal readonly struct SlotAtomics : ICountSlotAtomics<TCount>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public long Read(ref TCount slot)
            => typeof(TCount) == typeof(long)
                ? default(LongSlotAtomics).Read(ref Unsafe.As<TCount, long>(ref slot))
                : default(IntSlotAtomics).Read(ref Unsafe.As<TCount, int>(ref slot));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Write(ref TCount slot, long value)
        {
            if (typeof(TCount) == typeof(long))
            {
                default(LongSlotAtomics).Write(ref Unsafe.As<TCount, long>(ref slot), value);
            }
            else
            {
                default(IntSlotAtomics).Write(ref Unsafe.As<TCount, int>(ref slot), value);
            }
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public long Add(ref TCount slot, long value)
            => typeof(TCount) == typeof(long)
                ? default(LongSlotAtomics).Add(ref Unsafe.As<TCount, long>(ref slot), value)
                : default(IntSlotAtomics).Add(ref Unsafe.As<TCount, int>(ref slot), value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public long TakeAll(ref TCount slot)
            => typeof(TCount) == typeof(long)
                ? default(LongSlotAtomics).TakeAll(ref Unsafe.As<TCount, long>(ref slot))
                : default(IntSlotAtomics).TakeAll(ref Unsafe.As<TCount, int>(ref slot));
    }
}
