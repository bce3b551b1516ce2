using System.Collections.Generic;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram.Utilities;

/// <summary>Array helpers of HdrHistogram 2.5.0, kept at their 2.5.0 full name.</summary>
public static class ArrayExtensions
{
    /// <summary>
    /// Whether two arrays hold equal elements in the same order (by <see cref="EqualityComparer{T}.Default"/>); two
    /// null arrays are equal, a null and a non-null array are not.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">The first array.</param>
    /// <param name="other">The second array.</param>
    /// <returns><see langword="true"/> when the arrays have the same length and equal elements.</returns>
    public static bool IsSequenceEqual<T>(this T[]? source, T[]? other)
    {
        if (ReferenceEquals(source, other))
        {
            return true;
        }

        if (source is null || other is null)
        {
            return false;
        }

        if (source.Length != other.Length)
        {
            return false;
        }

        var comparer = EqualityComparer<T>.Default;
        for (int i = 0; i < source.Length; i++)
        {
            if (!comparer.Equals(source[i], other[i]))
            {
                return false;
            }
        }

        return true;
    }
}
