using System;
using System.Runtime.CompilerServices;

namespace HdrHistogram.Encoding;

internal static partial class V2Encoder
{
    /// <summary>The length of the zero run starting at <paramref name="start"/> (whose count is zero), at least 1.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int ZeroRunLength<T>(ReadOnlySpan<T> counts, int start)
        where T : unmanaged, IEquatable<T>
    {
        // Lone zeros are common in dense histograms: check the next slot before starting a vectorized search.
        int next = start + 1;
        if (next >= counts.Length || ToInt64(counts[next]) != 0)
        {
            return 1;
        }

        int found = counts.Slice(next + 1).IndexOfAnyExcept(default(T));
        return found < 0 ? counts.Length - start : found + 2;
    }
}
