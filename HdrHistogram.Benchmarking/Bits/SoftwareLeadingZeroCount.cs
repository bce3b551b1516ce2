using System;
using System.Runtime.CompilerServices;

namespace HdrHistogram.Benchmarking.Bits;

/// <summary>
/// Classic software leading-zero counts (64-bit), the yardsticks for the library's <c>Bitwise.LeadingZeroCount</c>.
/// Each returns 64 for 0; <see cref="LeadingZeroCountBenchmark"/> checks all of them against the hardware instruction
/// over every bit position and random values before anything is measured.
/// </summary>
internal static class SoftwareLeadingZeroCount
{
    // De Bruijn multiplier whose top 6 bits are distinct for the 64 values 2^(p+1)-1 (a value with its bits below
    // the highest one smeared); the table maps them back to p.
    private const ulong DeBruijn = 0x03F79D71B4CB0A89UL;

    private static readonly byte[] DeBruijnHighestBit = BuildDeBruijnTable();

    // Number of significant bits of each byte (0 for 0).
    private static readonly byte[] BitsInByte = BuildBitsInByteTable();

    /// <summary>Binary search on halves, quarters, ... (Hacker's Delight <c>nlz</c>, Java's <c>Long.numberOfLeadingZeros</c>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int BinarySearch(ulong value)
    {
        if (value == 0)
        {
            return 64;
        }

        int n = 1;
        if ((value >> 32) == 0)
        {
            n += 32;
            value <<= 32;
        }

        if ((value >> 48) == 0)
        {
            n += 16;
            value <<= 16;
        }

        if ((value >> 56) == 0)
        {
            n += 8;
            value <<= 8;
        }

        if ((value >> 60) == 0)
        {
            n += 4;
            value <<= 4;
        }

        if ((value >> 62) == 0)
        {
            n += 2;
            value <<= 2;
        }

        return n - (int)(value >> 63);
    }

    /// <summary>Smear the highest bit down, then a De Bruijn multiply and a 64-entry table give its position.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int DeBruijnSmear(ulong value)
    {
        if (value == 0)
        {
            return 64;
        }

        value |= value >> 1;
        value |= value >> 2;
        value |= value >> 4;
        value |= value >> 8;
        value |= value >> 16;
        value |= value >> 32;
        return 63 - DeBruijnHighestBit[(int)((value * DeBruijn) >> 58)];
    }

    /// <summary>
    /// The exponent of the value converted to <see cref="double"/>. <c>v &amp; ~(v &gt;&gt; 1)</c> keeps the highest bit
    /// and leaves no two adjacent ones, so the conversion cannot round up to the next power of two; the top bit is
    /// shifted away first so the conversion is a signed one.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int FloatExponent(ulong value)
    {
        if ((long)value < 0)
        {
            return 0;
        }

        if (value == 0)
        {
            return 64;
        }

        ulong isolated = value & ~(value >> 1);
        return 1086 - (int)(BitConverter.DoubleToInt64Bits((double)(long)isolated) >> 52);
    }

    /// <summary>
    /// Three halving steps to the highest non-zero byte, then a 256-entry table: the library's netstandard2.0 fallback
    /// before the double-exponent one, kept so the two are measured side by side.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int HalvingTable(ulong value)
    {
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

        return n + 8 - BitsInByte[(int)(value >> 56)];
    }

    /// <summary>Scan the bytes from the top for the first non-zero one, then a 256-entry table.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int ByteScanTable(ulong value)
    {
        for (int shift = 56; shift >= 0; shift -= 8)
        {
            ulong b = value >> shift;
            if (b != 0)
            {
                return 64 - shift - BitsInByte[(int)b];
            }
        }

        return 64;
    }

    private static byte[] BuildDeBruijnTable()
    {
        var table = new byte[64];
        var seen = new bool[64];
        for (int p = 0; p < 64; p++)
        {
            ulong smeared = p == 63 ? ulong.MaxValue : (1UL << (p + 1)) - 1;
            int index = (int)((smeared * DeBruijn) >> 58);
            if (seen[index])
            {
                throw new InvalidOperationException("The De Bruijn constant does not separate smeared values.");
            }

            seen[index] = true;
            table[index] = (byte)p;
        }

        return table;
    }

    private static byte[] BuildBitsInByteTable()
    {
        var table = new byte[256];
        for (int b = 1; b < 256; b++)
        {
            table[b] = (byte)(table[b >> 1] + 1);
        }

        return table;
    }
}
