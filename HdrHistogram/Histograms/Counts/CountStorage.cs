using System.Runtime.CompilerServices;

namespace HdrHistogram.Utilities;

/// <summary>Reads the counts arrays of every count type (long[], int[], short[]) through one generic path.</summary>
internal static class CountStorage
{
    /// <summary>Reads a count of the storage type as a long (the type tests fold away in each instantiation).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long ToInt64<T>(in T count)
        where T : unmanaged
    {
        if (typeof(T) == typeof(long))
        {
            return Unsafe.As<T, long>(ref Unsafe.AsRef(in count));
        }

        if (typeof(T) == typeof(int))
        {
            return Unsafe.As<T, int>(ref Unsafe.AsRef(in count));
        }

        return Unsafe.As<T, short>(ref Unsafe.AsRef(in count));
    }
}
