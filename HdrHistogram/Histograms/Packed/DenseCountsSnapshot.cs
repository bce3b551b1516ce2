using System;

namespace HdrHistogram.Packed;

/// <summary>
/// A per-thread long[] that packed histograms copy their counts into, physical layout kept, for the readers that
/// walk a counts array (encoders, percentile search). The array is reused while its length matches, so readers of
/// packed histograms allocate nothing in steady state, and no packed histogram keeps a dense array of its own.
/// </summary>
/// <remarks>
/// One array per thread: a snapshot is valid until the same thread takes the next one, so a caller never holds two
/// (the block arithmetic, which would read two histograms at once, is not used for packed histograms).
/// </remarks>
internal static class DenseCountsSnapshot
{
    [ThreadStatic]
    private static long[]? _buffer;

    /// <summary>The counts of <paramref name="counts"/> as a dense array of exactly its length.</summary>
    /// <param name="counts">The packed counts.</param>
    /// <returns>The thread's snapshot array.</returns>
    public static long[] Take(PackedLongArray counts)
    {
        long[]? buffer = _buffer;
        if (buffer == null || buffer.Length != counts.Length)
        {
            buffer = new long[counts.Length];
            _buffer = buffer;
        }

        counts.CopyTo(0, buffer);
        return buffer;
    }

    /// <summary>The thread's array of <paramref name="length"/> zeros, for a decoder to fill before the counts are packed.</summary>
    /// <param name="length">The array length.</param>
    /// <returns>The thread's snapshot array, cleared.</returns>
    public static long[] Cleared(int length)
    {
        long[]? buffer = _buffer;
        if (buffer == null || buffer.Length != length)
        {
            buffer = new long[length];
            _buffer = buffer;
        }
        else
        {
            Array.Clear(buffer, 0, length);
        }

        return buffer;
    }
}
