using System.Runtime.CompilerServices;
using HdrHistogram.Utilities;

namespace HdrHistogram.Packed;

/// <summary>
/// The packed counts store: 64-bit counts in a <see cref="PackedLongArray"/>, whose memory grows with the distinct
/// slots holding a count rather than with the length. A count wraps silently on overflow, as a long count does.
/// </summary>
internal sealed class PackedCounts : CountsStore<PackedSlots>
{
    // This object on a 64-bit runtime: header and method table, one reference.
    private const int ObjectBytes = 24;

    private PackedLongArray _array;

    /// <summary>Creates <paramref name="length"/> zero counts holding no storage yet.</summary>
    /// <param name="length">The number of slots.</param>
    public PackedCounts(int length)
    {
        _array = new PackedLongArray(length);
    }

    /// <inheritdoc />
    public override int Length => _array.Length;

    /// <summary>The packed array itself (tests).</summary>
    internal PackedLongArray Array => _array;

    /// <summary>The bytes this store occupies on a 64-bit runtime.</summary>
    public long FootprintInBytes => ObjectBytes + _array.FootprintInBytes;

    /// <summary>
    /// Adds one to the count in <paramref name="slot"/> if the slot exists, its page holds storage and its width has
    /// room: the recording fast path. Otherwise changes nothing and returns <c>false</c>.
    /// </summary>
    /// <param name="slot">The physical slot (any int).</param>
    /// <returns>Whether the count was incremented.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryIncrement(int slot) => (uint)slot < (uint)_array.Length && _array.TryIncrement(slot);

    /// <inheritdoc />
    public override long GetCount(int slot) => _array.Get(slot);

    /// <inheritdoc />
    public override void SetCount(int slot, long count) => _array.Set(slot, count);

    /// <inheritdoc />
    public override void AddToCount(int slot, long count) => _array.Add(slot, count);

    /// <inheritdoc />
    public override void Clear(int slotsInUse) => _array.Clear();

    /// <inheritdoc />
    public override void Resize(int oldLength, int newLength, int normalizingIndexOffset)
    {
        if (normalizingIndexOffset == 0)
        {
            _array.Grow(newLength);
            return;
        }

        // A shifted histogram's physical layout depends on the length: place each non-zero count anew.
        var resized = new PackedLongArray(newLength);
        for (int slot = _array.NextNonZeroIndex(0); slot >= 0 && slot < oldLength; slot = _array.NextNonZeroIndex(slot + 1))
        {
            long logical = ((long)slot + normalizingIndexOffset) % oldLength;
            if (logical < 0)
            {
                logical += oldLength;
            }

            resized.Set(HistogramBase.NormalizeIndex((int)logical, normalizingIndexOffset, newLength), _array.Get(slot));
        }

        _array = resized;
    }

    /// <inheritdoc />
    private protected override PackedSlots GetSlots(ref int normalizingIndexOffset) => new(_array);
}
