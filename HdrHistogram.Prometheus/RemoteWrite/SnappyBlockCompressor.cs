using System;
using System.Buffers.Binary;

namespace HdrHistogram.Prometheus.RemoteWrite;

/// <summary>
/// Snappy's block format (what remote write's <c>Content-Encoding: snappy</c> means), compressed with a kept hash table,
/// so compressing allocates nothing (a library's compressor object per call would). Greedy: each 4-byte sequence
/// seen at most 64 KiB back becomes a copy, extended as far as it matches; everything else is literal. Not
/// thread-safe: one compression at a time.
/// </summary>
internal sealed class SnappyBlockCompressor
{
    private const int HashBits = 14;
    private const int MaxOffset = 65535;

    // Each entry is a position + 1 of the input being compressed (0: none).
    private readonly int[] _table = new int[1 << HashBits];

    /// <summary>The most bytes compressing <paramref name="length"/> bytes can produce (snappy's own bound).</summary>
    public static int MaxCompressedLength(int length) => 32 + length + (length / 6);

    /// <summary>Compresses <paramref name="input"/> into <paramref name="output"/>; returns the compressed length.</summary>
    /// <exception cref="ArgumentException"><paramref name="output"/> is shorter than <see cref="MaxCompressedLength"/>.</exception>
    public int Compress(ReadOnlySpan<byte> input, Span<byte> output)
    {
        if (output.Length < MaxCompressedLength(input.Length))
        {
            throw new ArgumentException("The output is shorter than the most compressing can produce.", nameof(output));
        }

        Array.Clear(_table);
        int op = WriteVarint(output, (uint)input.Length);
        int literal = 0;
        int ip = 0;
        int last = input.Length - 4;
        while (ip <= last)
        {
            uint word = BinaryPrimitives.ReadUInt32LittleEndian(input[ip..]);
            int hash = (int)((word * 0x1E35A7BDu) >> (32 - HashBits));
            int candidate = _table[hash] - 1;
            _table[hash] = ip + 1;
            if (candidate < 0 || ip - candidate > MaxOffset || BinaryPrimitives.ReadUInt32LittleEndian(input[candidate..]) != word)
            {
                ip++;
                continue;
            }

            int length = 4;
            while (ip + length < input.Length && input[candidate + length] == input[ip + length])
            {
                length++;
            }

            op = WriteLiteral(output, op, input[literal..ip]);
            op = WriteCopy(output, op, ip - candidate, length);
            ip += length;
            literal = ip;
        }

        return WriteLiteral(output, op, input[literal..]);
    }

    private static int WriteVarint(Span<byte> output, uint value)
    {
        int i = 0;
        while (value >= 0x80)
        {
            output[i++] = (byte)(value | 0x80);
            value >>= 7;
        }

        output[i++] = (byte)value;
        return i;
    }

    private static int WriteLiteral(Span<byte> output, int op, ReadOnlySpan<byte> literal)
    {
        if (literal.IsEmpty)
        {
            return op;
        }

        // Tag 00: length - 1 in the tag's upper six bits below 60, else in the 1-4 bytes that follow (60-63 says how many).
        uint n = (uint)literal.Length - 1;
        if (n < 60)
        {
            output[op++] = (byte)(n << 2);
        }
        else
        {
            int bytes = n < 1 << 8 ? 1 : n < 1 << 16 ? 2 : n < 1 << 24 ? 3 : 4;
            output[op++] = (byte)((59 + bytes) << 2);
            for (int i = 0; i < bytes; i++)
            {
                output[op++] = (byte)(n >> (8 * i));
            }
        }

        literal.CopyTo(output[op..]);
        return op + literal.Length;
    }

    private static int WriteCopy(Span<byte> output, int op, int offset, int length)
    {
        // Tag 10 (a two-byte offset) copies 1-64 bytes; longer copies are several, none left shorter than 4.
        while (length >= 68)
        {
            op = WriteCopy2(output, op, offset, 64);
            length -= 64;
        }

        if (length > 64)
        {
            op = WriteCopy2(output, op, offset, 60);
            length -= 60;
        }

        if (length <= 11 && offset < 2048)
        {
            // Tag 01: 4-11 bytes, an 11-bit offset.
            output[op++] = (byte)(((offset >> 8) << 5) | ((length - 4) << 2) | 1);
            output[op++] = (byte)offset;
            return op;
        }

        return WriteCopy2(output, op, offset, length);
    }

    private static int WriteCopy2(Span<byte> output, int op, int offset, int length)
    {
        output[op++] = (byte)(((length - 1) << 2) | 2);
        output[op++] = (byte)offset;
        output[op++] = (byte)(offset >> 8);
        return op;
    }
}
