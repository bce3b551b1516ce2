using System.Numerics;

namespace HdrHistogram.Utilities;

public static partial class Bitwise
{
    /// <summary>Counts the leading zero bits of <paramref name="value"/> with the hardware instruction where available.</summary>
    /// <param name="value">The value to inspect.</param>
    /// <returns>A number from 0 to 64.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int LeadingZeroCount(ulong value) => BitOperations.LeadingZeroCount(value);

    /// <summary>Counts the one bits of <paramref name="value"/> with the hardware instruction where available.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int PopCount(ulong value) => BitOperations.PopCount(value);
}
