using HdrHistogram.Encoding;
using HdrHistogram.Encoding.Counts;
using HdrHistogram.Histograms.Counts;

namespace HdrHistogram.Histograms.Packed;

/// <summary>
/// Packed counts that many threads may change and read at once (the role of Java's <c>ConcurrentPackedLongArray</c>):
/// every operation of a <see cref="PackedLongArray"/>, bulk ones included, runs under one lock (the inner array's).
/// </summary>
/// <remarks>
/// Packed storage moves when a page, a wider count or a larger pool is needed, so an unsynchronized increment could
/// land in a region that has just been copied away. Java makes writers enter a phaser critical section on every add
/// and flips it around each move; an uncontended lock costs about as much, and keeps every read and every bulk walk
/// (encoding, percentile search, arithmetic) consistent as well.
/// </remarks>
internal sealed class ConcurrentPackedCounts : CountsStore
{
    // This object on a 64-bit runtime: header and method table, one reference.
    private const int ObjectBytes = 24;

    // A PackedConcurrentHistogram object as the runtime lays it out on 64 bits, without its store (the footprint tests measure it).
    private const int HistogramObjectBytes = 168;

    private readonly PackedLongArray _counts;

    /// <summary>Creates <paramref name="length"/> zero counts holding no storage yet.</summary>
    /// <param name="length">The number of slots.</param>
    public ConcurrentPackedCounts(int length)
    {
        _counts = new PackedLongArray(length);
    }

    /// <inheritdoc />
    public override int Length
    {
        get
        {
            lock (_counts)
            {
                return _counts.Length;
            }
        }
    }

    /// <inheritdoc />
    public override long MaxCount => long.MaxValue;

    /// <inheritdoc />
    public override int BytesPerCount => sizeof(long);

    /// <inheritdoc />
    public override bool HasConcurrentWriters => true;

    /// <inheritdoc />
    public override long GetTotalCount()
    {
        lock (_counts)
        {
            return _counts.GetTotalCount();
        }
    }

    /// <inheritdoc />
    public override void SetTotalCount(long totalCount)
    {
        lock (_counts)
        {
            _counts.SetTotalCount(totalCount);
        }
    }

    /// <inheritdoc />
    public override void AddToTotalCount(long count)
    {
        lock (_counts)
        {
            _counts.AddToTotalCount(count);
        }
    }

    /// <summary>The histogram object and this store's (both as the runtime lays them out on 64 bits).</summary>
    /// <inheritdoc />
    public override int EstimatedFootprintInBytes(int countsArrayLength)
    {
        lock (_counts)
        {
            return (int)Math.Min(int.MaxValue, HistogramObjectBytes + ObjectBytes + _counts.FootprintInBytes);
        }
    }

    /// <summary>Records under the lock: the slot is found there, where the storage and the extremes cannot move.</summary>
    /// <inheritdoc />
    public override void RecordValue(HistogramBase histogram, long value)
    {
        lock (_counts)
        {
            _counts.RecordValue(histogram, value);
        }
    }

    /// <inheritdoc />
    public override void RecordCount(HistogramBase histogram, long count, long value)
    {
        lock (_counts)
        {
            histogram.RecordCountAtValueUnsynchronized(count, value);
        }
    }

    /// <inheritdoc />
    public override void ResizeHistogram(HistogramBase histogram, long newHighestTrackableValue)
    {
        lock (_counts)
        {
            histogram.ResizeUnsynchronized(newHighestTrackableValue);
        }
    }

    /// <inheritdoc />
    public override void ShiftHistogram(HistogramBase histogram, int shiftAmount, bool lowestHalfBucketPopulated)
    {
        lock (_counts)
        {
            histogram.ShiftInPlace(shiftAmount, lowestHalfBucketPopulated);
        }
    }

    /// <inheritdoc />
    public override void ClearCountsAndTotal(int slotsInUse)
    {
        lock (_counts)
        {
            _counts.ClearCountsAndTotal(slotsInUse);
        }
    }

    /// <summary>The count in <paramref name="slot"/>; 0 for a slot past the end (a read racing a resize).</summary>
    /// <param name="slot">The physical slot.</param>
    /// <returns>The count.</returns>
    public override long GetCount(int slot)
    {
        lock (_counts)
        {
            return (uint)slot < (uint)_counts.Length ? _counts.GetCount(slot) : 0;
        }
    }

    /// <inheritdoc />
    public override void SetCount(int slot, long count)
    {
        lock (_counts)
        {
            _counts.SetCount(slot, count);
        }
    }

    /// <inheritdoc />
    public override void AddToCount(int slot, long count)
    {
        lock (_counts)
        {
            _counts.AddToCount(slot, count);
        }
    }

    /// <summary>Adds one to the count in <paramref name="slot"/>.</summary>
    /// <param name="slot">The physical slot.</param>
    public void Increment(int slot)
    {
        lock (_counts)
        {
            if ((uint)slot >= (uint)_counts.Length || !_counts.TryIncrement(slot))
            {
                _counts.AddToCount(slot, 1);
            }
        }
    }

    /// <inheritdoc />
    public override void Clear(int slotsInUse)
    {
        lock (_counts)
        {
            _counts.Clear(slotsInUse);
        }
    }

    /// <inheritdoc />
    public override void Resize(int oldLength, int newLength, int normalizingIndexOffset)
    {
        lock (_counts)
        {
            _counts.Resize(oldLength, newLength, normalizingIndexOffset);
        }
    }

    /// <inheritdoc />
    public override int WriteV2Payload(HistogramBase histogram, int relevantLength, ref int normalizingIndexOffset, Span<byte> destination)
    {
        lock (_counts)
        {
            return _counts.WriteV2Payload(histogram, relevantLength, ref normalizingIndexOffset, destination);
        }
    }

    /// <inheritdoc />
    public override CountsFiller.Tracking Fill(int normalizingIndexOffset, in EncodedHeader header, long maxAllowable, ReadOnlySpan<byte> payload, int payloadOffset, DecodeErrors errors)
    {
        lock (_counts)
        {
            return _counts.Fill(normalizingIndexOffset, header, maxAllowable, payload, payloadOffset, errors);
        }
    }

    /// <inheritdoc />
    public override int FindLogicalIndex(int normalizingIndexOffset, int logicalLength, int fromIndex, long target, ref long cumulative)
    {
        lock (_counts)
        {
            return _counts.FindLogicalIndex(normalizingIndexOffset, logicalLength, fromIndex, target, ref cumulative);
        }
    }

    /// <inheritdoc />
    public override bool TryIndexOfNonZero(int normalizingIndexOffset, int fromIndex, int endIndex, out int index)
    {
        lock (_counts)
        {
            return _counts.TryIndexOfNonZero(normalizingIndexOffset, fromIndex, endIndex, out index);
        }
    }

    /// <summary>Adds a plain packed store's counts (a concurrent source is left to the per-index path: no two locks are held).</summary>
    /// <inheritdoc />
    public override bool TryAdd(CountsStore source, int length, out long addedTotal)
    {
        lock (_counts)
        {
            return _counts.TryAdd(source, length, out addedTotal);
        }
    }

    /// <summary>Subtracts a plain packed store's counts (a concurrent source is left to the per-index path).</summary>
    /// <inheritdoc />
    public override bool TrySubtract(CountsStore source, int length, out long subtractedTotal)
    {
        lock (_counts)
        {
            return _counts.TrySubtract(source, length, out subtractedTotal);
        }
    }

    /// <summary>Copies a range of counts as one consistent snapshot (tests).</summary>
    /// <param name="start">The first slot.</param>
    /// <param name="destination">Receives the counts.</param>
    internal void CopyTo(int start, Span<long> destination)
    {
        lock (_counts)
        {
            _counts.CopyTo(start, destination);
        }
    }
}
