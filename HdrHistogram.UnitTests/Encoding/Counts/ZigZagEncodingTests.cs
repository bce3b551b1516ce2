using HdrHistogram.Utilities;

namespace HdrHistogram.UnitTests.Encoding.Counts;

/// <summary>Java's LEB128-64b9B ZigZag encoding, checked against the format notes and a literal reference.</summary>
public class ZigZagEncodingTests
{
    public static IEnumerable<object[]> KnownVectors()
    {
        yield return new object[] { 0L, new byte[] { 0x00 } };
        yield return new object[] { -1L, new byte[] { 0x01 } };
        yield return new object[] { 1L, new byte[] { 0x02 } };
        yield return new object[] { 63L, new byte[] { 0x7e } };
        yield return new object[] { -64L, new byte[] { 0x7f } };
        yield return new object[] { 64L, new byte[] { 0x80, 0x01 } };
        yield return new object[] { -65L, new byte[] { 0x81, 0x01 } };
        yield return new object[] { long.MaxValue, new byte[] { 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff } };
        yield return new object[] { long.MinValue, new byte[] { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff } };
        yield return new object[] { 1L << 62, new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80 } };
    }

    [Theory]
    [MemberData(nameof(KnownVectors))]
    public void Known_vectors_encode_and_decode(long value, byte[] expected)
    {
        var buffer = new byte[9];
        int n = ZigZagEncoding.WriteLong(buffer, value);
        buffer.AsSpan(0, n).ToArray().Should().Equal(expected);
        ZigZagEncoding.GetByteCount(value).Should().Be(expected.Length);
        ZigZagEncoding.TryReadLong(expected, out long decoded, out int read).Should().BeTrue();
        decoded.Should().Be(value);
        read.Should().Be(expected.Length);

        using var bb = ByteBuffer.Allocate(16);
        ZigZagEncoding.PutLong(bb, value);
        bb.Position.Should().Be(expected.Length);
        bb.Position = 0;
        ZigZagEncoding.GetLong(bb).Should().Be(value);
    }

    [Trait("Category", "Heavy")]
    [Fact]
    public void Every_length_boundary_matches_the_reference()
    {
        var values = new List<long> { 0, long.MaxValue, long.MinValue };
        for (int bit = 0; bit < 63; bit++)
        {
            long p = 1L << bit;
            values.AddRange(new[] { p - 1, p, p + 1, -p, -p - 1, -p + 1 });
        }

        var random = new Random(99);
        for (int i = 0; i < 20_000; i++)
        {
            values.Add(random.NextInt64(long.MinValue, long.MaxValue) >> random.Next(64));
        }

        var buffer = new byte[9];
        foreach (long v in values)
        {
            byte[] reference = Reference(v);
            int n = ZigZagEncoding.WriteLong(buffer, v);
            buffer.AsSpan(0, n).ToArray().Should().Equal(reference, "value {0}", v);
            ZigZagEncoding.TryReadLong(reference, out long back, out int read).Should().BeTrue();
            back.Should().Be(v);
            read.Should().Be(n);
            for (int cut = 0; cut < n; cut++)
            {
                ZigZagEncoding.TryReadLong(reference.AsSpan(0, cut), out _, out _).Should().BeFalse();
                ZigZagEncoding.TryWriteLong(buffer.AsSpan(0, cut), v, out int w).Should().BeFalse();
                w.Should().Be(0);
            }

            ZigZagEncoding.TryWriteLong(buffer.AsSpan(0, n), v, out int exact).Should().BeTrue();
            exact.Should().Be(n);
        }
    }

    [Fact]
    public void ByteBuffer_forms_fail_cleanly_at_the_end()
    {
        using var small = ByteBuffer.Allocate(3);
        var act = () => ZigZagEncoding.PutLong(small, long.MaxValue);
        act.Should().Throw<InvalidOperationException>();
        small.Position.Should().Be(0);

        var truncated = ByteBuffer.Wrap(new byte[] { 0x80, 0x80 });
        var read = () => ZigZagEncoding.GetLong(truncated);
        read.Should().Throw<InvalidOperationException>();
        truncated.Position.Should().Be(0);

        var nullPut = () => ZigZagEncoding.PutLong(null!, 1);
        nullPut.Should().Throw<ArgumentNullException>();
    }

    /// <summary>Java's putLong, transcribed literally from the format notes.</summary>
    private static byte[] Reference(long value)
    {
        var bytes = new List<byte>();
        ulong z = (ulong)((value << 1) ^ (value >> 63));
        while (z >= 0x80 && bytes.Count < 8)
        {
            bytes.Add((byte)((z & 0x7F) | 0x80));
            z >>= 7;
        }

        bytes.Add((byte)z);
        return bytes.ToArray();
    }
}
