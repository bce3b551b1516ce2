using System;
using System.IO;
using System.Net;

namespace HdrHistogram.Benchmarking.Legacy;

/// <summary>
/// Baseline for the ByteBuffer benchmarks: a byte buffer in the style of upstream HdrHistogram.NET before this fork
/// (written for this project, not copied): big-endian conversion with <see cref="IPAddress"/> host/network order
/// swaps, and a fresh <see cref="BitConverter.GetBytes(long)"/> array for every multi-byte write.
/// </summary>
internal sealed class LegacyByteBuffer
{
    private readonly byte[] _bytes;

    private LegacyByteBuffer(byte[] bytes)
    {
        _bytes = bytes;
    }

    public int Position { get; set; }

    /// <summary>Creates a buffer over a new zeroed array.</summary>
    public static LegacyByteBuffer Allocate(int capacity) => new(new byte[capacity]);

    /// <summary>Creates a buffer holding a copy of <paramref name="source"/> (the old behaviour).</summary>
    public static LegacyByteBuffer Allocate(byte[] source)
    {
        var copy = new byte[source.Length];
        Buffer.BlockCopy(source, 0, copy, 0, source.Length);
        return new LegacyByteBuffer(copy);
    }

    public int Capacity() => _bytes.Length;

    public int Remaining() => _bytes.Length - Position;

    public byte Get() => _bytes[Position++];

    public short GetShort()
    {
        short raw = BitConverter.ToInt16(_bytes, Position);
        Position += sizeof(short);
        return IPAddress.NetworkToHostOrder(raw);
    }

    public int GetInt()
    {
        int raw = BitConverter.ToInt32(_bytes, Position);
        Position += sizeof(int);
        return IPAddress.NetworkToHostOrder(raw);
    }

    public long GetLong()
    {
        long raw = BitConverter.ToInt64(_bytes, Position);
        Position += sizeof(long);
        return IPAddress.NetworkToHostOrder(raw);
    }

    public double GetDouble()
    {
        // Assemble the big-endian bytes one at a time, then reinterpret the bits.
        long bits = 0;
        for (int i = 0; i < sizeof(double); i++)
        {
            bits = (bits << 8) | _bytes[Position + i];
        }

        Position += sizeof(double);
        return BitConverter.Int64BitsToDouble(bits);
    }

    public void Put(byte value) => _bytes[Position++] = value;

    public void PutInt(int value)
    {
        byte[] bytes = BitConverter.GetBytes(IPAddress.HostToNetworkOrder(value));
        Array.Copy(bytes, 0, _bytes, Position, bytes.Length);
        Position += bytes.Length;
    }

    public void PutInt(int index, int value)
    {
        byte[] bytes = BitConverter.GetBytes(IPAddress.HostToNetworkOrder(value));
        Array.Copy(bytes, 0, _bytes, index, bytes.Length);
    }

    public void PutLong(long value)
    {
        byte[] bytes = BitConverter.GetBytes(IPAddress.HostToNetworkOrder(value));
        Array.Copy(bytes, 0, _bytes, Position, bytes.Length);
        Position += bytes.Length;
    }

    public void PutDouble(double value)
    {
        // Little-endian hosts only, as the old code assumed.
        byte[] bytes = BitConverter.GetBytes(value);
        Array.Reverse(bytes);
        Array.Copy(bytes, 0, _bytes, Position, bytes.Length);
        Position += bytes.Length;
    }

    /// <summary>Reads up to <paramref name="length"/> bytes from <paramref name="source"/> at the position (one <c>Read</c> call; the position is not moved).</summary>
    public int ReadFrom(Stream source, int length) => source.Read(_bytes, Position, length);

    /// <summary>Copies <paramref name="count"/> bytes of <paramref name="source"/> to <paramref name="destinationOffset"/> and advances the position by <paramref name="count"/>.</summary>
    public void BlockCopy(byte[] source, int sourceOffset, int destinationOffset, int count)
    {
        Buffer.BlockCopy(source, sourceOffset, _bytes, destinationOffset, count);
        Position += count;
    }

    /// <summary>Copies the whole backing array, whatever was written (the old behaviour).</summary>
    public byte[] ToArray()
    {
        var copy = new byte[_bytes.Length];
        Array.Copy(_bytes, copy, _bytes.Length);
        return copy;
    }
}
