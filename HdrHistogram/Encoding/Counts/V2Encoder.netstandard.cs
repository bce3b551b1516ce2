using System;
using System.Runtime.CompilerServices;

using HdrHistogram.Utilities;

namespace HdrHistogram.Encoding;

internal static partial class V2Encoder
{
    /// <summary>The length of the zero run starting at <paramref name="start"/> (whose count is zero), at least 1.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int ZeroRunLength<T>(ReadOnlySpan<T> counts, int start)
        where T : unmanaged, IEquatable<T>
    {
        int end = start + 1;
        while (end < counts.Length && CountStorage.ToInt64(in counts[end]) == 0)
        {
            end++;
        }

        return end - start;
    }
}
