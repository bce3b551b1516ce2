using System.Runtime.CompilerServices;

namespace HdrHistogram.Utilities;

public static partial class Bitwise
{
    // Position of the highest set bit of a byte-sized value, used for the last step of the binary search.
    private static readonly byte[] HighestBitInByte = BuildHighestBitTable();

    /// <summary>Counts the leading zero bits of <paramref name="value"/> without hardware intrinsics (netstandard2.0).</summary>
    /// <param name="value">The value to inspect.</param>
    /// <returns>A number from 0 to 64.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int LeadingZeroCount(ulong value)
    {
        // Narrow to the highest non-zero byte with three halving steps, then finish with a 256-entry table.
        int n = 0;
        if ((value & 0xFFFFFFFF00000000UL) == 0)
        {
            n += 32;
            value <<= 32;
        }

        if ((value & 0xFFFF000000000000UL) == 0)
        {
            n += 16;
            value <<= 16;
        }

        if ((value & 0xFF00000000000000UL) == 0)
        {
            n += 8;
            value <<= 8;
        }

        return n + 8 - HighestBitInByte[value >> 56];
    }

    private static byte[] BuildHighestBitTable()
    {
        // table[b] = number of significant bits of b (0 for 0), so 8 - table[b] is the byte's leading-zero count.
        var table = new byte[256];
        for (int b = 1; b < 256; b++)
        {
            table[b] = (byte)(table[b >> 1] + 1);
        }

        return table;
    }
}
