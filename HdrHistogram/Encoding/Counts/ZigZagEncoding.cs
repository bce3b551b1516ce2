#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>
/// The variable-length integer encoding of the V2 histogram format, exactly as Java HdrHistogram's
/// <c>ZigZagEncoding</c>: ZigZag (so small negative numbers are small too), then LEB128 in 7-bit groups, least
/// significant first, with the twist that a 9th byte carries a full 8 bits ("LEB128-64b9B"): every 64-bit value
/// takes 1 to 9 bytes.
/// </summary>
public static partial class ZigZagEncoding
{
    /// <summary>The most bytes one encoded 64-bit value takes.</summary>
    public const int MaxBytesPerLong = 9;

    /// <summary>The number of bytes <paramref name="value"/> takes when encoded (1 to 9).</summary>
    /// <param name="value">The value.</param>
    /// <returns>The encoded length.</returns>
    public static int GetByteCount(long value)
    {
        ulong z = ZigZag(value);
        int bytes = 1;
        while (z >= 0x80 && bytes < 9)
        {
            z >>= 7;
            bytes++;
        }

        return bytes;
    }

    /// <summary>ZigZag-maps a signed value: 0, -1, 1, -2, ... become 0, 1, 2, 3, ...</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong ZigZag(long value) => (ulong)((value << 1) ^ (value >> 63));

    /// <summary>Undoes <see cref="ZigZag"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static long UnZigZag(ulong z) => (long)(z >> 1) ^ -(long)(z & 1);

    /// <summary>
    /// Writes <paramref name="value"/> to the start of <paramref name="destination"/>, which must have room for
    /// <see cref="MaxBytesPerLong"/> bytes (or at least the encoded length).
    /// </summary>
    /// <returns>The number of bytes written (1 to 9).</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int WriteLong(Span<byte> destination, long value)
    {
        ulong z = ZigZag(value);
        if (z < 0x80)
        {
            destination[0] = (byte)z;
            return 1;
        }

        return WriteLongMultiByte(destination, z);
    }

    /// <summary>Writes <paramref name="value"/> if the encoding fits in <paramref name="destination"/>.</summary>
    /// <returns><c>false</c>, with nothing written, when it does not fit.</returns>
    internal static bool TryWriteLong(Span<byte> destination, long value, out int bytesWritten)
    {
        if (destination.Length >= MaxBytesPerLong)
        {
            bytesWritten = WriteLong(destination, value);
            return true;
        }

        int needed = GetByteCount(value);
        if (needed > destination.Length)
        {
            bytesWritten = 0;
            return false;
        }

        Span<byte> scratch = stackalloc byte[MaxBytesPerLong];
        bytesWritten = WriteLong(scratch, value);
        scratch.Slice(0, bytesWritten).CopyTo(destination);
        return true;
    }

    /// <summary>
    /// Reads one value from the start of <paramref name="source"/>. Any byte sequence that does not end early is
    /// accepted, as in Java (including non-minimal encodings).
    /// </summary>
    /// <returns><c>false</c> when <paramref name="source"/> ends inside the value.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryReadLong(ReadOnlySpan<byte> source, out long value, out int bytesRead)
    {
        if (source.Length > 0 && source[0] < 0x80)
        {
            value = UnZigZag(source[0]);
            bytesRead = 1;
            return true;
        }

        return TryReadLongMultiByte(source, out value, out bytesRead);
    }

    private static int WriteLongMultiByte(Span<byte> destination, ulong z)
    {
        // Bytes 1..8 carry 7 bits each with a continuation flag; a 9th byte carries the remaining 8 bits as they are.
        _ = destination[1];
        int i = 0;
        while (true)
        {
            if (i == 8)
            {
                destination[8] = (byte)z;
                return 9;
            }

            if (z < 0x80)
            {
                destination[i] = (byte)z;
                return i + 1;
            }

            destination[i] = (byte)(z | 0x80);
            z >>= 7;
            i++;
        }
    }

    private static bool TryReadLongMultiByte(ReadOnlySpan<byte> source, out long value, out int bytesRead)
    {
        ulong z = 0;
        int shift = 0;
        for (int i = 0; i < source.Length; i++)
        {
            ulong b = source[i];
            if (i == 8)
            {
                z |= b << 56;
                value = UnZigZag(z);
                bytesRead = 9;
                return true;
            }

            z |= (b & 0x7F) << shift;
            if (b < 0x80)
            {
                value = UnZigZag(z);
                bytesRead = i + 1;
                return true;
            }

            shift += 7;
        }

        value = 0;
        bytesRead = 0;
        return false;
    }
}
