using System;

namespace HdrHistogram.Packed;

/// <summary>
/// A <see cref="PackedLongArray"/> that many threads may add to and read at once (the role of Java's
/// <c>ConcurrentPackedLongArray</c>): every operation runs under one lock.
/// </summary>
/// <remarks>
/// A packed array moves regions on growth (a new page, a wider count, a new pool), so an unsynchronized increment
/// could land in a region that has just been copied away. Java lets writers enter a phaser critical section on every
/// add and flips it around each move; here an uncontended lock costs about the same as that critical section and
/// keeps every read consistent as well. <see cref="SyncRoot"/> lets a caller run several operations as one.
/// </remarks>
internal sealed class ConcurrentPackedLongArray
{
    private readonly PackedLongArray _array;

    /// <summary>Creates an array of <paramref name="length"/> zero counts that holds no storage yet.</summary>
    /// <param name="length">The number of indexes.</param>
    public ConcurrentPackedLongArray(int length)
    {
        _array = new PackedLongArray(length);
    }

    /// <summary>The lock every operation takes; hold it to run several as one.</summary>
    public object SyncRoot => _array;

    /// <summary>The array itself, for callers that hold <see cref="SyncRoot"/>.</summary>
    public PackedLongArray Unsynchronized => _array;

    /// <summary>The number of indexes.</summary>
    public int Length
    {
        get
        {
            lock (_array)
            {
                return _array.Length;
            }
        }
    }

    /// <summary>The bytes this array occupies on a 64-bit runtime, this wrapper included.</summary>
    public long FootprintInBytes
    {
        get
        {
            lock (_array)
            {
                return 24 + _array.FootprintInBytes;
            }
        }
    }

    /// <summary>Lengthens the array; see <see cref="PackedLongArray.Grow"/>.</summary>
    /// <param name="newLength">The new length, at least the current one.</param>
    public void Grow(int newLength)
    {
        lock (_array)
        {
            _array.Grow(newLength);
        }
    }

    /// <summary>The count at <paramref name="index"/>.</summary>
    /// <param name="index">The index.</param>
    /// <returns>The count.</returns>
    public long Get(int index)
    {
        lock (_array)
        {
            return _array.Get(index);
        }
    }

    /// <summary>Adds one to the count at <paramref name="index"/>.</summary>
    /// <param name="index">The index.</param>
    public void Increment(int index)
    {
        lock (_array)
        {
            if (!_array.TryIncrement(index))
            {
                _array.Add(index, 1);
            }
        }
    }

    /// <summary>Adds <paramref name="delta"/> to the count at <paramref name="index"/>.</summary>
    /// <param name="index">The index.</param>
    /// <param name="delta">The amount to add.</param>
    public void Add(int index, long delta)
    {
        lock (_array)
        {
            _array.Add(index, delta);
        }
    }

    /// <summary>Replaces the count at <paramref name="index"/>.</summary>
    /// <param name="index">The index.</param>
    /// <param name="value">The new count.</param>
    public void Set(int index, long value)
    {
        lock (_array)
        {
            _array.Set(index, value);
        }
    }

    /// <summary>Sets every count to 0.</summary>
    public void Clear()
    {
        lock (_array)
        {
            _array.Clear();
        }
    }

    /// <summary>Copies a range of counts as one consistent snapshot; see <see cref="PackedLongArray.CopyTo"/>.</summary>
    /// <param name="start">The first index.</param>
    /// <param name="destination">Receives the counts.</param>
    public void CopyTo(int start, Span<long> destination)
    {
        lock (_array)
        {
            _array.CopyTo(start, destination);
        }
    }
}
