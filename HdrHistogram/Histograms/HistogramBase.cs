using System.Diagnostics.CodeAnalysis;
using HdrHistogram.Histograms.Counts;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>
/// A High Dynamic Range histogram: records integer values (typically latencies) with a fixed number of significant
/// decimal digits of precision over a configurable range, in constant time and space.
/// </summary>
/// <remarks>
/// <para>
/// This is the common base of every integer histogram: <see cref="LongHistogram"/>, <see cref="IntHistogram"/>,
/// <see cref="ShortHistogram"/>, <see cref="LongConcurrentHistogram"/>, <see cref="IntConcurrentHistogram"/>,
/// <see cref="PackedHistogram"/>, <see cref="PackedConcurrentHistogram"/> and <see cref="SynchronizedHistogram"/>. They
/// differ in their counts store (<see cref="Store"/>), which keeps the counts and their total, records, and decides
/// how it is updated: by one writer, lock-free, or under its own lock. The bucket arithmetic, statistics, iteration and
/// text output follow Java HdrHistogram 2.2.2 exactly, so results (and encoded bytes) are identical to the Java
/// reference implementation.
/// </para>
/// <para>
/// The operations here take no lock. Those that read or change more than one field at once are virtual, and
/// <see cref="SynchronizedHistogram"/> overrides them to run under its lock, taken once at the start of the operation;
/// encoders, the decoder and log writers reach a histogram through one internal member each (its encoding, a decode
/// into it), which it overrides the same way. An operation on two histograms hands itself to its operand, so that a
/// synchronized operand is read under its own lock whatever the other histogram's type.
/// </para>
/// <para>
/// The implementation is split into partial files by concern: configuration and recording (this file), queries
/// (<c>HistogramBase.Queries.cs</c>), arithmetic (<c>HistogramBase.Arithmetic.cs</c>), iteration
/// (<c>HistogramBase.Iteration.cs</c>), encoding (<c>HistogramBase.Encoding.cs</c>), coordinated-omission correction
/// (<c>HistogramBase.CoordinatedOmission.cs</c>) and the lock-free recording path (<c>HistogramBase.Concurrent.cs</c>).
/// </para>
/// </remarks>
public abstract partial class HistogramBase : EncodableHistogram, IValueRecorder, IEquatable<HistogramBase>
{
    private static long _instanceIdSequencer;

    private readonly int _subBucketHalfCountMagnitude;
    private readonly int _subBucketHalfCount;
    private readonly int _subBucketCount;
    private readonly long _subBucketMask;
    private readonly int _unitMagnitude;
    private readonly long _unitMagnitudeMask;
    private readonly int _leadingZeroCountBase;

    // The one-value record path computes a value's shift (bucket index + unit magnitude) from this base, and its
    // physical slot as (shift << half-count magnitude) + (value >> shift) - _slotBias, where _slotBias folds the unit
    // magnitude's share of the index and the normalizing offset into one subtraction (see FastRecordSlot).
    private readonly int _shiftBase;
    private int _slotBias;

    // Raw tracking values, kept exactly as Java keeps them: the max is stored with the unit-magnitude bits set, the
    // minimum non-zero value with them cleared (long.MaxValue when nothing non-zero was recorded).
    private long _maxValue;
    private long _minNonZeroValue = long.MaxValue;

    private int _normalizingIndexOffset;
    private double _integerToDoubleValueConversionRatio = 1.0;

    /// <summary>Creates a histogram with a fresh instance id.</summary>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0 (at least 1; rounded down to a power of two internally).</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice <paramref name="lowestTrackableValue"/>.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">A parameter is outside its valid range.</exception>
    protected HistogramBase(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        : this(NextInstanceId(), lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits)
    {
    }

    /// <summary>Creates a histogram with the given instance id.</summary>
    /// <param name="instanceId">An identity for this histogram, for diagnostics.</param>
    /// <param name="lowestTrackableValue">The lowest value that can be discerned from 0 (at least 1; rounded down to a power of two internally).</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice <paramref name="lowestTrackableValue"/>.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <exception cref="ArgumentOutOfRangeException">A parameter is outside its valid range.</exception>
    protected HistogramBase(long instanceId, long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
    {
        ValidateConfiguration(lowestTrackableValue, highestTrackableValue, numberOfSignificantValueDigits);

        InstanceId = instanceId;
        LowestTrackableValue = lowestTrackableValue;
        NumberOfSignificantValueDigits = numberOfSignificantValueDigits;

        // Single-unit resolution is needed up to 2 x 10^digits: "+/- 1 at 1000" also means "not +/- 2 at 1999".
        long largestValueWithSingleUnitResolution = 2 * PowerOfTen(numberOfSignificantValueDigits);

        // Both magnitudes are computed with floating-point logs exactly as Java does, so that every lowest value
        // (including those just below a power of two) gets Java's unit magnitude.
        _unitMagnitude = ComputeUnitMagnitude(lowestTrackableValue);
        _unitMagnitudeMask = (1L << _unitMagnitude) - 1;
        int subBucketCountMagnitude = ComputeSubBucketCountMagnitude(largestValueWithSingleUnitResolution);
        _subBucketHalfCountMagnitude = subBucketCountMagnitude - 1;
        _subBucketCount = 1 << subBucketCountMagnitude;
        _subBucketHalfCount = _subBucketCount / 2;
        _subBucketMask = ((long)_subBucketCount - 1) << _unitMagnitude;

        if (subBucketCountMagnitude + _unitMagnitude > 62)
        {
            throw new ArgumentOutOfRangeException(
                nameof(numberOfSignificantValueDigits),
                "Cannot represent numberOfSignificantValueDigits worth of values beyond lowestTrackableValue.");
        }

        _leadingZeroCountBase = 64 - _unitMagnitude - subBucketCountMagnitude;
        _shiftBase = _leadingZeroCountBase + _unitMagnitude;
        StoreNormalizingIndexOffset(0);
        EstablishSize(highestTrackableValue);
    }

    /// <summary>An identity for this histogram, for diagnostics.</summary>
    public long InstanceId { get; }

    /// <summary>The recorder that created this histogram as one of its interval histograms (Java's containing instance), if any.</summary>
    internal object? ContainingRecorder { get; set; }

    /// <summary>The lowest value that can be discerned from 0 (Java's <c>lowestDiscernibleValue</c>).</summary>
    public long LowestTrackableValue { get; }

    /// <summary>The lowest value that can be discerned from 0; the Java name of <see cref="LowestTrackableValue"/>.</summary>
    public long LowestDiscernibleValue => LowestTrackableValue;

    /// <summary>The highest value the histogram currently tracks; grows when <see cref="AutoResize"/> is on.</summary>
    public long HighestTrackableValue { get; private set; }

    /// <summary>The number of significant decimal digits of precision the histogram maintains.</summary>
    public int NumberOfSignificantValueDigits { get; }

    /// <summary>
    /// Whether values beyond the current range grow the histogram instead of throwing (Java's <c>setAutoResize</c>).
    /// Decoded histograms always auto-resize, as in Java.
    /// </summary>
    public bool AutoResize { get; set; }

    /// <summary>The total number of recorded values.</summary>
    /// <remarks>The counts' store keeps it (see <see cref="CountsStore.GetTotalCount"/>): a concurrent histogram derives it from its counts.</remarks>
    public virtual long TotalCount
    {
        get => Store.GetTotalCount();
        protected set => Store.SetTotalCount(value);
    }

    /// <summary>The largest count a single bucket can hold.</summary>
    public virtual long MaxAllowableCount => Store.MaxCount;

    /// <summary>The number of bytes one count takes in memory (8, 4 or 2).</summary>
    protected virtual int WordSizeInBytes => Store.BytesPerCount;

    /// <summary>The number of exponentially growing buckets covering the range.</summary>
    public int BucketCount { get; private set; }

    /// <summary>The number of linear sub-buckets in each bucket.</summary>
    public int SubBucketCount => _subBucketCount;

    /// <summary>The number of counts the histogram holds (one per distinguishable value range).</summary>
    public int CountsArrayLength { get; private set; }

    /// <summary>The ratio that converts the internal integer values to doubles; 1.0 unless set by a double-valued wrapper.</summary>
    public double IntegerToDoubleValueConversionRatio
    {
        get => _integerToDoubleValueConversionRatio;
        internal set => _integerToDoubleValueConversionRatio = value;
    }

    /// <summary>
    /// The rotation between logical and physical count indexes introduced by <see cref="ShiftValuesLeft"/> and
    /// <see cref="ShiftValuesRight"/>; written into the V2 header exactly as Java writes it.
    /// </summary>
    public int NormalizingIndexOffset => _normalizingIndexOffset;

    internal int UnitMagnitude => _unitMagnitude;

    internal int SubBucketHalfCount => _subBucketHalfCount;

    internal int SubBucketHalfCountMagnitude => _subBucketHalfCountMagnitude;

    /// <summary>The V2 encoding word size used by the decoder to size count arrays (8, 4 or 2).</summary>
    internal int CountWordSize => WordSizeInBytes;

    /// <summary>Records one occurrence of <paramref name="value"/>.</summary>
    /// <param name="value">The value to record; must not be negative.</param>
    /// <exception cref="IndexOutOfRangeException">The value is negative, or beyond the range and <see cref="AutoResize"/> is off (as in 2.5.0).</exception>
    /// <remarks>A short or int count that passes its type's maximum wraps, as in 2.5.0; <see cref="HasOverflowed"/> then reports it.</remarks>
    public void RecordValue(long value) => RecordSingleValue(value);

    /// <summary>
    /// Records one occurrence of <paramref name="value"/> through the store (<see cref="CountsStore.RecordValue"/>).
    /// A class that knows its store's type calls it directly, so that the record path is one call and inlines.
    /// </summary>
    private protected virtual void RecordSingleValue(long value) => Store.RecordValue(this, value);

    /// <summary>Records <paramref name="count"/> occurrences of <paramref name="value"/>.</summary>
    /// <param name="value">The value to record; must not be negative.</param>
    /// <param name="count">How many occurrences; must not be negative.</param>
    /// <exception cref="IndexOutOfRangeException">The value is negative, or beyond the range and <see cref="AutoResize"/> is off (as in 2.5.0).</exception>
    /// <exception cref="ArgumentOutOfRangeException">The count is negative.</exception>
    /// <remarks>A short or int count that passes its type's maximum wraps, as in 2.5.0; <see cref="HasOverflowed"/> then reports it.</remarks>
    public void RecordValueWithCount(long value, long count)
    {
        if (count < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(count), count, "A recorded count cannot be negative.");
        }

        RecordCountAtValue(count, value);
    }

    /// <summary>
    /// Records <paramref name="value"/>, and corrects for coordinated omission by also recording the values a
    /// stalled measurement loop would have seen every <paramref name="expectedIntervalBetweenValueSamples"/>.
    /// </summary>
    /// <param name="value">The value to record; must not be negative.</param>
    /// <param name="expectedIntervalBetweenValueSamples">The expected interval between samples; 0 or less disables the correction.</param>
    /// <exception cref="IndexOutOfRangeException">The value is negative, or beyond the range and <see cref="AutoResize"/> is off (as in 2.5.0).</exception>
    public virtual void RecordValueWithExpectedInterval(long value, long expectedIntervalBetweenValueSamples)
        => RecordValueWithCountAndExpectedInterval(value, 1, expectedIntervalBetweenValueSamples);

    /// <summary>Clears every count, the tracked minimum and maximum, the tag and the timestamps.</summary>
    /// <remarks>
    /// A plain histogram (<see cref="LongHistogram"/>, <see cref="IntHistogram"/>, <see cref="ShortHistogram"/>) clears
    /// its counts only up to the slot of the tracked maximum, since no count lies above it, so a reset costs what the
    /// histogram recorded rather than its size: a wide histogram reused for narrow intervals (a recycled recorder
    /// interval, a decode or copy into it, a log reader's recycled histogram) stays cheap to reuse. The concurrent
    /// histograms clear every slot.
    /// </remarks>
    public virtual void Reset() => ResetCore();

    /// <summary>What <see cref="Reset"/> does, for the library's own operations that reset a histogram as one of their steps.</summary>
    internal void ResetCore()
    {
        // Every count lies at or below the tracked maximum's slot (the encoders and Add read no further), so a
        // histogram whose values stayed low, such as a log interval in a wide histogram, clears only those slots.
        ClearCounts(SlotsHolding(this));
        TotalCount = 0;
        ResetMaxValue(0);
        ResetMinNonZeroValue(long.MaxValue);
        StoreNormalizingIndexOffset(0);
        StartTimeStampValue = 0;
        EndTimeStampValue = 0;
        TagValue = null;
    }

    /// <summary>
    /// Whether any bucket count (or the total) has overflowed: a short or int count recorded or added past its type's
    /// maximum wraps (as in 2.5.0), and long counts can wrap through arithmetic.
    /// </summary>
    /// <returns><c>true</c> when the sum of the counts differs from <see cref="TotalCount"/> or is negative.</returns>
    public virtual bool HasOverflowed()
    {
        long sum = 0;
        for (int i = 0; i < CountsArrayLength; i++)
        {
            sum += GetCountAtIndex(i);
        }

        return sum != TotalCount || sum < 0;
    }

    /// <summary>
    /// Java's <c>getNeededByteBufferCapacity</c>: an upper bound on the uncompressed V2 encoding size
    /// (every count may take 9 bytes, plus the 40-byte header).
    /// </summary>
    /// <returns>The capacity in bytes.</returns>
    public override int GetNeededByteBufferCapacity() => (CountsArrayLength * 9) + 40;

    /// <summary>
    /// The histogram's memory footprint: Java's estimate (512 bytes plus the counts array) for the array-backed types;
    /// for the packed ones, the object and its packed storage as the runtime lays them out on 64 bits (docs/memory.md).
    /// </summary>
    /// <returns>The estimated footprint in bytes.</returns>
    public virtual int GetEstimatedFootprintInBytes() => Store.EstimatedFootprintInBytes(CountsArrayLength);

    /// <summary>
    /// Records one occurrence of <paramref name="value"/> for a recorder's writer; a store with concurrent writers adds
    /// to the count only and leaves the minimum and maximum to <see cref="CompleteTrackingFromCounts"/>, which the
    /// recorder calls once no writer can record into the histogram any more.
    /// </summary>
    internal void RecordCountOnly(long value) => Store.RecordCountOnly(this, value);

    /// <summary>
    /// Widens the tracked minimum and maximum to the lowest non-zero and highest recorded buckets (as Java's
    /// <c>establishInternalTackingValues</c>, keeping extremes recorded without a count): makes what
    /// <see cref="RecordCountOnly"/> recorded visible. The total needs nothing: the concurrent histograms derive it from
    /// the counts, and the plain ones counted it as they recorded. Only while nothing records into the histogram.
    /// </summary>
    internal void CompleteTrackingFromCounts()
    {
        int maxIndex = -1;
        int minNonZeroIndex = -1;
        int length = CountsArrayLength;
        for (int index = IndexOfNonZero(0, length); index < length; index = IndexOfNonZero(index + 1, length))
        {
            if (GetCountAtIndex(index) > 0)
            {
                maxIndex = index;
                if (minNonZeroIndex == -1 && index != 0)
                {
                    minNonZeroIndex = index;
                }
            }
        }

        if (maxIndex >= 0)
        {
            UpdateMaxValue(HighestEquivalentValue(ValueFromIndex(maxIndex)));
        }

        if (minNonZeroIndex >= 0)
        {
            UpdateMinNonZeroValue(ValueFromIndex(minNonZeroIndex));
        }
    }

    /// <summary>
    /// The physical counts slot of <paramref name="value"/> for the one-value fast path, or -1. A slot is returned only
    /// when <paramref name="value"/> lies between the smallest non-zero and the largest value recorded so far, so that
    /// it is not negative, not zero, changes neither tracked extreme and falls inside the covered range; the caller
    /// must still check the slot against its counts array, which also catches a slot that wraps around under the
    /// normalizing offset. Everything else (-1 or a slot outside the array) belongs to <see cref="RecordCountAtValue"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal int FastRecordSlot(long value)
    {
        if (value < _minNonZeroValue || value > _maxValue)
        {
            return -1;
        }

        // (bucket index << m) + sub-bucket index is the logical index: the Java form ((bucket index + 1) << m) +
        // sub-bucket index - half count with the half count (1 << m) cancelled.
        int shift = _shiftBase - Bitwise.LeadingZeroCount((ulong)(value | _subBucketMask));
        return (shift << _subBucketHalfCountMagnitude) + (int)((ulong)value >> shift) - _slotBias;
    }

    /// <summary>The recording path shared by every public record method; <paramref name="count"/> may be negative internally (subtraction).</summary>
    private protected void RecordCountAtValue(long count, long value) => Store.RecordCount(this, count, value);

    /// <summary>The single-writer recording path, which the store runs as it requires (<see cref="CountsStore.RecordCount"/>).</summary>
    internal void RecordCountAtValueUnsynchronized(long count, long value)
    {
        int index = CountsArrayIndex(value);
        if ((uint)index >= (uint)CountsArrayLength)
        {
            HandleValueOutOfRange(value, index);
            index = CountsArrayIndex(value);
        }

        AddToCountAtIndex(index, count);
        UpdateMinAndMax(value);
        AddToTotalCount(count);
    }

    /// <summary>Grows the histogram to cover <paramref name="value"/> or throws, as Java's <c>handleRecordException</c>.</summary>
    private protected void HandleValueOutOfRange(long value, int index)
    {
        if (!AutoResize)
        {
            ThrowValueOutOfRange(value, HighestTrackableValue, index);
        }

        Resize(value);
        HighestTrackableValue = HighestEquivalentValue(ValueFromIndex(CountsArrayLength - 1));
    }

    /// <summary>Grows the counts so that <paramref name="newHighestTrackableValue"/> fits, keeping every count.</summary>
    private protected void Resize(long newHighestTrackableValue) => Store.ResizeHistogram(this, newHighestTrackableValue);

    /// <summary>The resize itself, which the store runs as it requires (<see cref="CountsStore.ResizeHistogram"/>).</summary>
    internal void ResizeUnsynchronized(long newHighestTrackableValue)
    {
        int oldLength = CountsArrayLength;
        EstablishSize(newHighestTrackableValue);
        ResizeCounts(oldLength, CountsArrayLength);
    }

    private void EstablishSize(long newHighestTrackableValue)
    {
        if (newHighestTrackableValue < 2L * LowestTrackableValue)
        {
            throw new ArgumentOutOfRangeException(
                nameof(newHighestTrackableValue),
                newHighestTrackableValue,
                "highestTrackableValue cannot be < (2 * lowestTrackableValue).");
        }

        int bucketsNeeded = GetBucketsNeededToCoverValue(newHighestTrackableValue);
        CountsArrayLength = GetLengthForNumberOfBuckets(bucketsNeeded);
        BucketCount = bucketsNeeded;
        HighestTrackableValue = newHighestTrackableValue;
    }

    /// <summary>
    /// The next id of the sequence that numbers histograms and recorders alike, so that a recorder's id never
    /// equals the id a histogram was given by default.
    /// </summary>
    /// <returns>A fresh id.</returns>
    internal static long NextInstanceId() => Interlocked.Increment(ref _instanceIdSequencer);

    internal int GetBucketsNeededToCoverValue(long value) => GetBucketsNeededToCoverValue(_subBucketCount, _unitMagnitude, value);

    /// <summary>Java's <c>getBucketsNeededToCoverValue</c> for a given layout (shared with header validation).</summary>
    private static int GetBucketsNeededToCoverValue(int subBucketCount, int unitMagnitude, long value)
    {
        // The k'th bucket can express from 0 * 2^k to subBucketCount * 2^k in units of 2^k.
        long smallestUntrackableValue = (long)subBucketCount << unitMagnitude;
        int bucketsNeeded = 1;
        while (smallestUntrackableValue <= value)
        {
            if (smallestUntrackableValue > long.MaxValue / 2)
            {
                // The next shift would overflow: this bucket already reaches past long.MaxValue.
                return bucketsNeeded + 1;
            }

            smallestUntrackableValue <<= 1;
            bucketsNeeded++;
        }

        return bucketsNeeded;
    }

    internal int GetLengthForNumberOfBuckets(int numberOfBuckets) => (numberOfBuckets + 1) * _subBucketHalfCount;

    /// <summary>The logical counts index of <paramref name="value"/>; may be past the end for values beyond the range.</summary>
    /// <exception cref="IndexOutOfRangeException"><paramref name="value"/> is negative.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal int CountsArrayIndex(long value)
    {
        if (value < 0)
        {
            ThrowNegativeValue(value);
        }

        int bucketIndex = GetBucketIndex(value);
        int subBucketIndex = GetSubBucketIndex(value, bucketIndex);
        return CountsArrayIndex(bucketIndex, subBucketIndex);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int CountsArrayIndex(int bucketIndex, int subBucketIndex)
    {
        int bucketBaseIndex = (bucketIndex + 1) << _subBucketHalfCountMagnitude;
        int offsetInBucket = subBucketIndex - _subBucketHalfCount;
        return bucketBaseIndex + offsetInBucket;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int GetBucketIndex(long value)
        => _leadingZeroCountBase - Bitwise.LeadingZeroCount((ulong)(value | _subBucketMask));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int GetSubBucketIndex(long value, int bucketIndex)
        => (int)((ulong)value >> (bucketIndex + _unitMagnitude));

    /// <summary>The lowest value that falls into logical counts index <paramref name="index"/>.</summary>
    internal long ValueFromIndex(int index)
    {
        int bucketIndex = (index >> _subBucketHalfCountMagnitude) - 1;
        int subBucketIndex = (index & (_subBucketHalfCount - 1)) + _subBucketHalfCount;
        if (bucketIndex < 0)
        {
            subBucketIndex -= _subBucketHalfCount;
            bucketIndex = 0;
        }

        return ValueFromIndex(bucketIndex, subBucketIndex);
    }

    private long ValueFromIndex(int bucketIndex, int subBucketIndex) => (long)subBucketIndex << (bucketIndex + _unitMagnitude);

    /// <summary>Maps a logical index to its physical slot under a normalizing offset (Java's <c>normalizeIndex</c>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int NormalizeIndex(int index, int normalizingIndexOffset, int arrayLength)
    {
        if (normalizingIndexOffset == 0)
        {
            return index;
        }

        int normalizedIndex = index - normalizingIndexOffset;

        // The offset never wraps more than once, so one correction either way is an unsigned remainder.
        if (normalizedIndex < 0)
        {
            normalizedIndex += arrayLength;
        }
        else if (normalizedIndex >= arrayLength)
        {
            normalizedIndex -= arrayLength;
        }

        return normalizedIndex;
    }

    /// <summary>The physical slot of logical index <paramref name="index"/> under the current offset.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal int NormalizeIndex(int index) => NormalizeIndex(index, _normalizingIndexOffset, CountsArrayLength);

    /// <summary>
    /// Sets the normalizing offset directly, as Java's <c>setNormalizingIndexOffset</c>: used by the decoder, which
    /// reads it from the V2 header, on an empty histogram. Counts stay in their physical slots, except in the
    /// concurrent variants, whose counts array carries its own copy of the offset and is laid out anew.
    /// </summary>
    internal void SetNormalizingIndexOffset(int normalizingIndexOffset)
    {
        if (normalizingIndexOffset == _normalizingIndexOffset)
        {
            return;
        }

        Store.OnNormalizingIndexOffsetSet(normalizingIndexOffset);
        StoreNormalizingIndexOffset(normalizingIndexOffset);
    }

    /// <summary>Sets the normalizing offset and the slot bias the one-value fast path derives from it (<see cref="FastRecordSlot"/>).</summary>
    private protected void StoreNormalizingIndexOffset(int normalizingIndexOffset)
    {
        _normalizingIndexOffset = normalizingIndexOffset;

        // Wraps like the index arithmetic itself: slot = logical index - offset, modulo 2^32, as NormalizeIndex computes it.
        _slotBias = unchecked((_unitMagnitude << _subBucketHalfCountMagnitude) + normalizingIndexOffset);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private protected void UpdateMinAndMax(long value)
    {
        if (value > _maxValue)
        {
            UpdateMaxValue(value);
        }

        if (value < _minNonZeroValue && value != 0)
        {
            UpdateMinNonZeroValue(value);
        }
    }

    /// <summary>
    /// Raises the tracked maximum to cover <paramref name="value"/> (stored with the unit bits set): by compare-and-set,
    /// only when it changes, where the store has concurrent writers.
    /// </summary>
    private protected void UpdateMaxValue(long value)
    {
        long internalValue = value | _unitMagnitudeMask;
        if (Store.HasConcurrentWriters)
        {
            AtomicExtremes.RaiseTo(ref _maxValue, internalValue);
        }
        else if (internalValue > _maxValue)
        {
            _maxValue = internalValue;
        }
    }

    /// <summary>
    /// Lowers the tracked minimum non-zero value to cover <paramref name="value"/> (stored with the unit bits cleared):
    /// by compare-and-set, only when it changes, where the store has concurrent writers.
    /// </summary>
    private protected void UpdateMinNonZeroValue(long value)
    {
        if (value <= _unitMagnitudeMask)
        {
            return; // Values below the unit are indistinguishable from 0.
        }

        long internalValue = value & ~_unitMagnitudeMask;
        if (Store.HasConcurrentWriters)
        {
            AtomicExtremes.LowerTo(ref _minNonZeroValue, internalValue);
        }
        else if (internalValue < _minNonZeroValue)
        {
            _minNonZeroValue = internalValue;
        }
    }

    private void ResetMaxValue(long maxValue) => Volatile.Write(ref _maxValue, maxValue | _unitMagnitudeMask);

    private void ResetMinNonZeroValue(long minNonZeroValue)
    {
        long internalValue = minNonZeroValue & ~_unitMagnitudeMask;
        Volatile.Write(ref _minNonZeroValue, minNonZeroValue == long.MaxValue ? minNonZeroValue : internalValue);
    }

    /// <summary>
    /// Recomputes the total count, maximum and minimum non-zero value from the counts of the first
    /// <paramref name="lengthToCover"/> logical indexes (Java's <c>establishInternalTackingValues</c>).
    /// </summary>
    internal void EstablishInternalTrackingValues(int lengthToCover)
    {
        int maxIndex = -1;
        int minNonZeroIndex = -1;
        long observedTotalCount = 0;
        for (int index = 0; index < lengthToCover; index++)
        {
            long countAtIndex = GetCountAtIndex(index);
            if (countAtIndex > 0)
            {
                observedTotalCount += countAtIndex;
                maxIndex = index;
                if (minNonZeroIndex == -1 && index != 0)
                {
                    minNonZeroIndex = index;
                }
            }
        }

        SetInternalTrackingValues(observedTotalCount, maxIndex, minNonZeroIndex);
    }

    /// <summary>
    /// Sets the total count, maximum and minimum non-zero value from the logical indexes of the highest and lowest
    /// non-zero counts (-1 for none), as <see cref="EstablishInternalTrackingValues(int)"/> does after its scan; the
    /// decoder computes them while it fills the counts.
    /// </summary>
    internal void SetInternalTrackingValues(long totalCount, int maxIndex, int minNonZeroIndex)
    {
        ResetMaxValue(0);
        ResetMinNonZeroValue(long.MaxValue);
        if (maxIndex >= 0)
        {
            UpdateMaxValue(HighestEquivalentValue(ValueFromIndex(maxIndex)));
        }

        if (minNonZeroIndex >= 0)
        {
            UpdateMinNonZeroValue(ValueFromIndex(minNonZeroIndex));
        }

        TotalCount = totalCount;
    }

    internal void EstablishInternalTrackingValues() => EstablishInternalTrackingValues(CountsArrayLength);

    /// <summary>
    /// The first logical index in [<paramref name="fromIndex"/>, <paramref name="endIndex"/>) whose count is not 0, or
    /// <paramref name="endIndex"/>: the store's walk (vectorized over arrays, skipping empty packed pages) where its
    /// layout allows, index by index otherwise.
    /// </summary>
    internal int IndexOfNonZero(int fromIndex, int endIndex)
    {
        if (Store.TryIndexOfNonZero(_normalizingIndexOffset, fromIndex, endIndex, out int index))
        {
            return index;
        }

        for (int i = fromIndex; i < endIndex; i++)
        {
            if (GetCountAtIndex(i) != 0)
            {
                return i;
            }
        }

        return endIndex;
    }

    /// <summary>The count at logical index <paramref name="index"/>.</summary>
    internal long GetCountAtIndex(int index) => GetCountAtLogicalIndex(index);

    /// <summary>Reads the count at logical index <paramref name="index"/> as the store allows (<see cref="CountsStore.GetCountAtLogicalIndex"/>).</summary>
    private protected long GetCountAtLogicalIndex(int index) => Store.GetCountAtLogicalIndex(this, index);

    /// <summary>Replaces the count at logical index <paramref name="index"/>.</summary>
    internal void SetCountAtIndex(int index, long value) => SetCountAtNormalizedIndex(NormalizeIndex(index), value);

    /// <summary>Adds to the count at logical index <paramref name="index"/>; a short or int count wraps past its type's range, as in 2.5.0.</summary>
    private protected void AddToCountAtIndex(int index, long value) => AddToCountAtNormalizedIndex(NormalizeIndex(index), value);

    /// <summary>
    /// The store holding the counts (see <see cref="CountsStore"/>): the one way the histogram, the encoders, the
    /// decoders, the queries and the arithmetic reach them. Every constructor of a derived class sets it.
    /// </summary>
    internal CountsStore Store { get; private protected set; } = null!;

    /// <summary>
    /// Runs <paramref name="operation"/>(<paramref name="target"/>, this, <paramref name="argument"/>): an operation of
    /// <paramref name="target"/> (an add, a subtraction, a copy, a comparison) with this histogram as its other
    /// operand. Here it just runs; <see cref="SynchronizedHistogram"/> runs it under its lock, so that an operation
    /// of a histogram of another type sees a synchronized operand between two of its records (double dispatch: the
    /// operand's type decides).
    /// </summary>
    internal virtual TResult AsOperandOf<TArgument, TResult>(HistogramBase target, TArgument argument, Func<HistogramBase, HistogramBase, TArgument, TResult> operation)
        => operation(target, this, argument);

    /// <summary>Reads the count stored in physical slot <paramref name="normalizedIndex"/>.</summary>
    private protected long GetCountAtNormalizedIndex(int normalizedIndex) => Store.GetCount(normalizedIndex);

    /// <summary>Replaces the count stored in physical slot <paramref name="normalizedIndex"/>.</summary>
    private protected void SetCountAtNormalizedIndex(int normalizedIndex, long value) => Store.SetCount(normalizedIndex, value);

    /// <summary>Adds to the count in physical slot <paramref name="normalizedIndex"/>; short and int counts throw instead of wrapping.</summary>
    private protected void AddToCountAtNormalizedIndex(int normalizedIndex, long value) => Store.AddToCount(normalizedIndex, value);

    /// <summary>Adds to the total count.</summary>
    private protected void AddToTotalCount(long value) => Store.AddToTotalCount(value);

    /// <summary>
    /// Sets every count to zero and the total with them. <paramref name="slotsInUse"/> leading physical slots hold every
    /// non-zero count (<see cref="Reset"/> passes <c>SlotsHolding(this)</c>); the plain count types clear only those,
    /// the concurrent ones, whose recorder writers leave the maximum to be completed later, clear every slot.
    /// </summary>
    /// <param name="slotsInUse">How many leading physical slots may hold a non-zero count.</param>
    private protected void ClearCounts(int slotsInUse) => Store.ClearCountsAndTotal(slotsInUse);

    /// <summary>
    /// Grows the counts storage from <paramref name="oldLength"/> to <paramref name="newLength"/> slots, keeping every
    /// logical index's count under the current <see cref="NormalizingIndexOffset"/>.
    /// </summary>
    private protected void ResizeCounts(int oldLength, int newLength) => Store.Resize(oldLength, newLength, NormalizingIndexOffset);

    /// <summary>Creates an empty histogram of the same type and configuration (used by copies and decoders).</summary>
    /// <returns>A new, empty histogram.</returns>
    private protected abstract HistogramBase CreateEmptyCopy();

    /// <summary>
    /// Throws the error for recording a value beyond the covered range: <see cref="IndexOutOfRangeException"/>, as
    /// HdrHistogram 2.5.0 throws (Java's <c>ArrayIndexOutOfBoundsException</c>), so that code catching it keeps working.
    /// </summary>
    [DoesNotReturn]
    [SuppressMessage("Usage", "CA2201:Do not raise reserved exception types", Justification = "The type HdrHistogram 2.5.0 throws here, which callers catch.")]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowValueOutOfRange(long value, long highestTrackableValue, int index)
        => throw new IndexOutOfRangeException(
            "The value " + value.ToString(CultureInfo.InvariantCulture)
            + " is outside the histogram's covered range (0 to highest trackable value "
            + highestTrackableValue.ToString(CultureInfo.InvariantCulture) + ", counts index "
            + index.ToString(CultureInfo.InvariantCulture) + ").");

    /// <summary>
    /// Throws the error for a negative value given to a record or query: <see cref="IndexOutOfRangeException"/>, as
    /// HdrHistogram 2.5.0 throws for it.
    /// </summary>
    [DoesNotReturn]
    [SuppressMessage("Usage", "CA2201:Do not raise reserved exception types", Justification = "The type HdrHistogram 2.5.0 throws here, which callers catch.")]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowNegativeValue(long value)
        => throw new IndexOutOfRangeException(
            "The value " + value.ToString(CultureInfo.InvariantCulture) + " is negative: a histogram holds values from 0 up.");

    private static void ValidateConfiguration(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits)
    {
        if (lowestTrackableValue < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(lowestTrackableValue), lowestTrackableValue, "lowestTrackableValue must be >= 1.");
        }

        if (lowestTrackableValue > long.MaxValue / 2)
        {
            throw new ArgumentOutOfRangeException(nameof(lowestTrackableValue), lowestTrackableValue, "lowestTrackableValue must be <= long.MaxValue / 2.");
        }

        if (highestTrackableValue < 2L * lowestTrackableValue)
        {
            throw new ArgumentOutOfRangeException(nameof(highestTrackableValue), highestTrackableValue, "highestTrackableValue must be >= 2 * lowestTrackableValue.");
        }

        if (numberOfSignificantValueDigits < 0 || numberOfSignificantValueDigits > 5)
        {
            throw new ArgumentOutOfRangeException(nameof(numberOfSignificantValueDigits), numberOfSignificantValueDigits, "numberOfSignificantValueDigits must be between 0 and 5.");
        }
    }

    /// <summary>Java's <c>unitMagnitude</c>: floor(log2(lowest)) computed with floating-point logs, exactly as Java does.</summary>
    private static int ComputeUnitMagnitude(long lowestTrackableValue) => (int)(Math.Log(lowestTrackableValue) / Math.Log(2));

    /// <summary>Java's <c>subBucketCountMagnitude</c>: ceil(log2(2 * 10^digits)) computed with floating-point logs.</summary>
    private static int ComputeSubBucketCountMagnitude(long largestValueWithSingleUnitResolution)
        => (int)Math.Ceiling(Math.Log(largestValueWithSingleUnitResolution) / Math.Log(2));

    /// <summary>
    /// Checks a configuration the way the constructor does, without throwing, and computes the counts array length a
    /// histogram of that configuration has. Used to validate encoded headers before anything is allocated.
    /// </summary>
    /// <returns><c>null</c> when the configuration is valid, else what is wrong with it.</returns>
    internal static string? CheckConfiguration(long lowestTrackableValue, long highestTrackableValue, int numberOfSignificantValueDigits, out int countsArrayLength)
    {
        countsArrayLength = 0;
        if (numberOfSignificantValueDigits < 0 || numberOfSignificantValueDigits > 5)
        {
            return "numberOfSignificantValueDigits must be between 0 and 5";
        }

        if (lowestTrackableValue < 1)
        {
            return "lowestDiscernibleValue must be >= 1";
        }

        if (lowestTrackableValue > long.MaxValue / 2)
        {
            return "lowestDiscernibleValue must be <= long.MaxValue / 2";
        }

        if (highestTrackableValue < 2L * lowestTrackableValue)
        {
            return "highestTrackableValue must be >= 2 * lowestDiscernibleValue";
        }

        int unitMagnitude = ComputeUnitMagnitude(lowestTrackableValue);
        int subBucketCountMagnitude = ComputeSubBucketCountMagnitude(2 * PowerOfTen(numberOfSignificantValueDigits));
        if (subBucketCountMagnitude + unitMagnitude > 62)
        {
            return "numberOfSignificantValueDigits worth of values cannot be represented beyond lowestDiscernibleValue";
        }

        int subBucketCount = 1 << subBucketCountMagnitude;
        int bucketsNeeded = GetBucketsNeededToCoverValue(subBucketCount, unitMagnitude, highestTrackableValue);
        countsArrayLength = (bucketsNeeded + 1) * (subBucketCount / 2);
        return null;
    }

    private static long PowerOfTen(int exponent)
    {
        long result = 1;
        for (int i = 0; i < exponent; i++)
        {
            result *= 10;
        }

        return result;
    }
}
