using System;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Prometheus.RemoteWrite;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.RemoteWrite;

/// <summary>
/// The library's snappy block compressor against an independent decompressor (Snappier): every kind of element
/// (short and long literals, copies with one- and two-byte offsets, overlapping and longer than 64 bytes) decompresses
/// to exactly the input, within the format's bound.
/// </summary>
public class SnappyBlockCompressorTests
{
    public static TheoryData<string, byte[]> Inputs()
    {
        var random = new Random(12345);
        byte[] Noise(int n)
        {
            var bytes = new byte[n];
            random.NextBytes(bytes);
            return bytes;
        }

        byte[] Text(int n) => System.Text.Encoding.ASCII.GetBytes(string.Concat(Enumerable.Range(0, n).Select(i => "series_" + (i % 37) + "{route=\"/r" + (i % 11) + "\"} "))).Take(n * 8).ToArray();

        var far = Noise(70_000).Concat(Noise(1000)).ToArray();
        far.AsSpan(0, 1000).CopyTo(far.AsSpan(70_000)); // a match 70,000 back: beyond a copy's reach
        var near = Noise(3000).Concat(Noise(3000)).ToArray();
        near.AsSpan(0, 3000).CopyTo(near.AsSpan(3000)); // a match 3,000 back: a two-byte offset
        return new TheoryData<string, byte[]>
        {
            { "empty", Array.Empty<byte>() },
            { "1 byte", new byte[] { 7 } },
            { "3 bytes", new byte[] { 1, 2, 3 } },
            { "4 equal bytes", new byte[] { 9, 9, 9, 9 } },
            { "noise 59", Noise(59) },
            { "noise 60", Noise(60) },
            { "noise 61", Noise(61) },
            { "noise 300", Noise(300) },
            { "noise 70000", Noise(70_000) },
            { "zeros 1 MB", new byte[1 << 20] },
            { "zeros 67", new byte[67] },
            { "zeros 69", new byte[69] },
            { "text 20000", Text(20_000) },
            { "far", far },
            { "near", near },
        };
    }

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Decompresses_to_the_input(string name, byte[] input)
    {
        var compressor = new SnappyBlockCompressor();
        var output = new byte[SnappyBlockCompressor.MaxCompressedLength(input.Length)];

        int length = compressor.Compress(input, output);

        Snappier.Snappy.DecompressToArray(output.AsSpan(0, length)).Should().Equal(input, name);
        length.Should().BeLessThanOrEqualTo(Snappier.Snappy.GetMaxCompressedLength(input.Length));
    }

    [Fact]
    public void Repeated_content_compresses()
    {
        var compressor = new SnappyBlockCompressor();
        var input = new byte[1 << 20];
        var output = new byte[SnappyBlockCompressor.MaxCompressedLength(input.Length)];

        // A megabyte of zeros: a literal, then copies of 64 bytes at 3 bytes each.
        compressor.Compress(input, output).Should().BeLessThan(input.Length / 20);
        compressor.Compress(input, output).Should().BeLessThan(input.Length / 20, "a second compression with the same compressor");
    }
}
