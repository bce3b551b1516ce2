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
    /// <summary>
    /// The cases by name only: test discovery serializes every argument, and a megabyte of input as an argument cost
    /// the whole project's discovery seconds. <see cref="Input"/> builds each case's bytes when it runs.
    /// </summary>
    public static TheoryData<string> Inputs() => new()
    {
        "empty", "1 byte", "3 bytes", "4 equal bytes", "noise 59", "noise 60", "noise 61", "noise 300", "noise 70000",
        "zeros 1 MB", "zeros 67", "zeros 69", "text 20000", "far", "near",
    };

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Decompresses_to_the_input(string name)
    {
        byte[] input = Input(name);
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

    private static byte[] Input(string name)
    {
        var random = new Random(12345);
        byte[] Noise(int n)
        {
            var bytes = new byte[n];
            random.NextBytes(bytes);
            return bytes;
        }

        byte[] Text(int n) => System.Text.Encoding.ASCII.GetBytes(string.Concat(Enumerable.Range(0, n).Select(i => "series_" + (i % 37) + "{route=\"/r" + (i % 11) + "\"} "))).Take(n * 8).ToArray();

        switch (name)
        {
            case "far":
                var far = Noise(70_000).Concat(Noise(1000)).ToArray();
                far.AsSpan(0, 1000).CopyTo(far.AsSpan(70_000)); // a match 70,000 back: beyond a copy's reach
                return far;
            case "near":
                var near = Noise(3000).Concat(Noise(3000)).ToArray();
                near.AsSpan(0, 3000).CopyTo(near.AsSpan(3000)); // a match 3,000 back: a two-byte offset
                return near;
            case "empty":
                return Array.Empty<byte>();
            case "1 byte":
                return new byte[] { 7 };
            case "3 bytes":
                return new byte[] { 1, 2, 3 };
            case "4 equal bytes":
                return new byte[] { 9, 9, 9, 9 };
            case "zeros 1 MB":
                return new byte[1 << 20];
            case "text 20000":
                return Text(20_000);
            default:
                string[] words = name.Split(' ');
                int n = int.Parse(words[1], System.Globalization.CultureInfo.InvariantCulture);
                return words[0] == "noise" ? Noise(n) : new byte[n];
        }
    }
}
