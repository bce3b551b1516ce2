using System;
using System.Buffers;
using System.Buffers.Binary;

namespace HdrHistogram.Prometheus.Exposition;

/// <summary>Protocol-buffers wire primitives written straight into a buffer writer, and their sizes.</summary>
internal static class ProtobufOutput
{
    public const int WireVarint = 0;
    public const int WireFixed64 = 1;
    public const int WireLengthDelimited = 2;

    public static int VarintSize(ulong value)
    {
        int size = 1;
        while (value >= 0x80)
        {
            value >>= 7;
            size++;
        }

        return size;
    }

    public static ulong ZigZag(long value) => (ulong)((value << 1) ^ (value >> 63));

    public static uint ZigZag(int value) => (uint)((value << 1) ^ (value >> 31));

    public static int TagSize(int field) => VarintSize((ulong)(uint)(field << 3));

    /// <summary>The size of a length-delimited field whose content is <paramref name="contentSize"/> bytes.</summary>
    public static int LengthDelimitedSize(int field, int contentSize) => TagSize(field) + VarintSize((ulong)contentSize) + contentSize;

    public static void WriteVarint(IBufferWriter<byte> output, ulong value)
    {
        var span = output.GetSpan(10);
        int i = 0;
        while (value >= 0x80)
        {
            span[i++] = (byte)(value | 0x80);
            value >>= 7;
        }

        span[i++] = (byte)value;
        output.Advance(i);
    }

    /// <summary>Writes <paramref name="value"/> as a varint at the start of <paramref name="destination"/> (room for 10 bytes).</summary>
    /// <returns>The bytes written.</returns>
    public static int PutVarint(Span<byte> destination, ulong value)
    {
        int i = 0;
        while (value >= 0x80)
        {
            destination[i++] = (byte)(value | 0x80);
            value >>= 7;
        }

        destination[i++] = (byte)value;
        return i;
    }

    /// <summary>Writes each value zig-zag encoded as a varint, filling each span the writer hands out.</summary>
    public static void WriteZigZagVarints(IBufferWriter<byte> output, ReadOnlySpan<long> values)
    {
        int i = 0;
        while (i < values.Length)
        {
            var span = output.GetSpan(10);
            int written = 0;
            while (i < values.Length && span.Length - written >= 10)
            {
                written += PutVarint(span.Slice(written), ZigZag(values[i++]));
            }

            output.Advance(written);
        }
    }

    public static void WriteTag(IBufferWriter<byte> output, int field, int wireType) => WriteVarint(output, (ulong)(uint)((field << 3) | wireType));

    public static void WriteVarintField(IBufferWriter<byte> output, int field, ulong value)
    {
        WriteTag(output, field, WireVarint);
        WriteVarint(output, value);
    }

    public static void WriteDoubleField(IBufferWriter<byte> output, int field, double value)
    {
        WriteTag(output, field, WireFixed64);
        var span = output.GetSpan(8);
        BinaryPrimitives.WriteInt64LittleEndian(span, BitConverter.DoubleToInt64Bits(value));
        output.Advance(8);
    }

    public static void WriteLengthPrefix(IBufferWriter<byte> output, int field, int contentSize)
    {
        WriteTag(output, field, WireLengthDelimited);
        WriteVarint(output, (ulong)contentSize);
    }

    public static void WriteBytesField(IBufferWriter<byte> output, int field, ReadOnlySpan<byte> bytes)
    {
        WriteLengthPrefix(output, field, bytes.Length);
        WriteRaw(output, bytes);
    }

    public static void WriteRaw(IBufferWriter<byte> output, ReadOnlySpan<byte> bytes)
    {
        while (bytes.Length > 0)
        {
            var span = output.GetSpan(1);
            int n = Math.Min(span.Length, bytes.Length);
            bytes.Slice(0, n).CopyTo(span);
            output.Advance(n);
            bytes = bytes.Slice(n);
        }
    }

    /// <summary>A length-delimited field encoded once, for content that never changes (names, help, labels).</summary>
    public static byte[] EncodeBytesField(int field, ReadOnlySpan<byte> content)
    {
        var writer = new ArrayBufferWriter<byte>(LengthDelimitedSize(field, content.Length));
        WriteBytesField(writer, field, content);
        return writer.WrittenSpan.ToArray();
    }
}
