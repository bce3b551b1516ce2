using System;
using System.Runtime.CompilerServices;

namespace HdrHistogram.Encoding;

internal static partial class V2Encoder
{
    private const int ScalarZeroScan = 16;

    /// <summary>The length of the zero run starting at <paramref name="start"/> (whose count is zero), at least 1.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int ZeroRunLength<T>(ReadOnlySpan<T> counts, int start)
        where T : unmanaged, IEquatable<T>
    {
        // Most runs in dense histograms are short: scan a few slots before starting a vectorized search.
        int end = start + 1;
        int scalarEnd = Math.Min(counts.Length, start + ScalarZeroScan);
        while (end < scalarEnd)
        {
            if (ToInt64(in counts[end]) != 0)
            {
                return end - start;
            }

            end++;
        }

        if (end == counts.Length)
        {
            return end - start;
        }

        int found = counts.Slice(end).IndexOfAnyExcept(default(T));
        return found < 0 ? counts.Length - start : end + found - start;
    }
}
