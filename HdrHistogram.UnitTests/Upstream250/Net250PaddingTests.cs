using System.Buffers.Binary;
using System.IO.Compression;
using HdrHistogram.UnitTests.Encoding;

namespace HdrHistogram.UnitTests.Upstream250;

/// <summary>
/// Zero padding after the histogram in compressed data (what HdrHistogram.NET 2.5.0 writes) is accepted, and only
/// zeros: any other byte after the histogram, wherever it is and however the compressor coded it (literal, stored
/// block, a match copying histogram bytes), is a <see cref="HistogramFormatException"/> naming its decompressed
/// offset; truncation stays an error; a bomb of zeros stops at <see cref="HistogramDecoderOptions.MaxDecompressedBytes"/>
/// without allocating.
/// </summary>
public class Net250PaddingTests
{
    private const int V2CompressedCookie = 0x1c849314;

    public static TheoryData<CompressionLevel, bool> Compressions() => new()
    {
        { CompressionLevel.NoCompression, false },
        { CompressionLevel.NoCompression, true },
        { CompressionLevel.Fastest, false },
        { CompressionLevel.Fastest, true },
        { CompressionLevel.Optimal, false },
        { CompressionLevel.SmallestSize, true },
    };

    [Theory]
    [MemberData(nameof(Compressions))]
    public void Zero_padding_is_accepted_however_it_is_compressed(CompressionLevel level, bool adler32)
    {
        var (histogram, plain) = Sample();
        foreach (int padding in new[] { 1, 7, 258, 32_768, 40_000, 300_000 })
        {
            byte[] payload = CompressedPayload(plain.Concat(new byte[padding]).ToArray(), level, adler32);
            var decoded = new HistogramDecoder().Decode(payload);
            decoded.Equals(histogram).Should().BeTrue("padding " + padding);
            decoded.TotalCount.Should().Be(histogram.TotalCount);
        }
    }

    [Theory]
    [MemberData(nameof(Compressions))]
    public void A_non_zero_byte_anywhere_in_the_padding_is_an_error_naming_its_offset(CompressionLevel level, bool adler32)
    {
        var (_, plain) = Sample();
        foreach (int at in new[] { 0, 1, 257, 32_767, 32_768, 99_999 })
        {
            byte[] inflated = plain.Concat(new byte[100_000]).ToArray();
            inflated[plain.Length + at] = 0x01;
            byte[] payload = CompressedPayload(inflated, level, adler32);

            var error = ExpectError(payload);
            error.Message.Should().Contain("non-zero byte after the " + plain.Length + " bytes its histogram header declares")
                .And.Contain("at offset " + (plain.Length + at) + ")").And.NotContain("\n");
        }
    }

    [Theory]
    [MemberData(nameof(Compressions))]
    public void A_tail_that_repeats_histogram_bytes_is_an_error(CompressionLevel level, bool adler32)
    {
        // The compressor codes the repeat as a match reaching back into the histogram: the copied bytes are checked there.
        var (_, plain) = Sample();
        byte[] tail = plain.Skip(plain.Length - 64).ToArray();
        byte[] inflated = plain.Concat(tail).Concat(tail).Concat(new byte[5000]).ToArray();
        int firstNonZero = plain.Length + Array.FindIndex(tail, b => b != 0);

        ExpectError(CompressedPayload(inflated, level, adler32)).Message.Should().Contain("at offset " + firstNonZero + ")");
    }

    [Fact]
    public void A_wrong_Adler_32_over_the_padding_is_still_an_error()
    {
        var (_, plain) = Sample();
        byte[] payload = CompressedPayload(plain.Concat(new byte[1000]).ToArray(), CompressionLevel.Optimal, adler32: true);
        payload[^1] ^= 0x01;

        ExpectError(payload).Message.Should().Contain("Adler-32");
    }

    [Theory]
    [MemberData(nameof(Net250PayloadTests.Payloads), MemberType = typeof(Net250PayloadTests))]
    public void A_2_5_0_payload_cut_short_by_one_byte_is_an_error_at_every_entry_point(string name)
    {
        byte[] bytes = Net250Fixture.Compressed(name);
        byte[] cut = bytes.AsSpan(0, bytes.Length - 1).ToArray();
        using var decoder = new HistogramDecoder();

        AssertOneLine(Record.Exception(() => decoder.Decode(cut)), "span");
        AssertOneLine(Record.Exception(() => decoder.Decode(Segment.Split(cut, 4))), "sequence");
        AssertOneLine(Record.Exception(() => decoder.Decode(new TrickleStream(cut, 7))), "stream");
        AssertOneLine(Record.Exception(() => decoder.DecodeFromBase64(Convert.ToBase64String(cut))), "base64");

        // The length field made to agree: now the zlib stream itself ends early.
        BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), cut.Length - 8);
        var inside = Record.Exception(() => decoder.Decode(cut));
        AssertOneLine(inside, "span, consistent length");
        inside.Message.Should().Contain("zlib stream ends");

        static void AssertOneLine(Exception? e, string entryPoint)
        {
            e.Should().BeOfType<HistogramFormatException>(entryPoint);
            e!.Message.Should().NotContain("\n", entryPoint);
        }
    }

    [Fact]
    public void The_widest_histogram_2_5_0_can_write_decodes_with_its_padding_within_the_default_limits()
    {
        // 2.5.0 pads its compressed payload to its buffer capacity, counts array length x word size + 32 bytes: for a
        // LongHistogram from 1 to long.MaxValue / 2 at 5 digits that is 48,234,528 bytes, under the default
        // MaxDecompressedBytes (64 MiB). 2.5.0 itself fails to read such a payload back.
        var histogram = new LongHistogram(1, long.MaxValue / 2, 5);
        for (long v = 1; v < long.MaxValue / 4; v = (v * 7) + 3)
        {
            histogram.RecordValueWithCount(v, (v % 97) + 1);
        }

        byte[] plain = HistogramEncoder.Encode(histogram);
        int capacity = (histogram.CountsArrayLength * 8) + 32;
        capacity.Should().Be(48_234_528);
        byte[] inflated = new byte[capacity];
        plain.CopyTo(inflated, 0);
        byte[] payload = CompressedPayload(inflated, CompressionLevel.Optimal, adler32: false);

        var decoded = new HistogramDecoder().Decode(payload);
        decoded.Equals(histogram).Should().BeTrue();
        decoded.TotalCount.Should().Be(histogram.TotalCount);
        decoded.GetMaxValue().Should().Be(histogram.GetMaxValue());
    }

    [Trait("Category", "Heavy")]
    [Fact]
    public void A_bomb_of_zeros_stops_at_MaxDecompressedBytes_without_allocating_for_it()
    {
        // 200 MiB of zeros after a small histogram: about 200 KB compressed.
        var (_, plain) = Sample();
        byte[] payload;
        using (var output = new MemoryStream())
        {
            using (var zlib = new ZLibStream(output, CompressionLevel.SmallestSize, leaveOpen: true))
            {
                zlib.Write(plain);
                byte[] zeros = new byte[1 << 20];
                for (int i = 0; i < 200; i++)
                {
                    zlib.Write(zeros);
                }
            }

            payload = Frame(output.ToArray());
        }

        using var decoder = new HistogramDecoder();
        ExpectError(payload, decoder); // warm up
        long before = GC.GetAllocatedBytesForCurrentThread();
        var error = ExpectError(payload, decoder);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        error.Message.Should().Contain("more than MaxDecompressedBytes (67108864)");
        allocated.Should().BeLessThan(16 * 1024, "only the exception; nothing proportional to the zeros");
    }

    [Fact]
    public void The_padding_counts_towards_MaxDecompressedBytes()
    {
        var (histogram, plain) = Sample();
        int limit = plain.Length + 10_000;
        using var decoder = new HistogramDecoder(new HistogramDecoderOptions { MaxDecompressedBytes = limit });

        decoder.Decode(CompressedPayload(plain.Concat(new byte[10_000]).ToArray(), CompressionLevel.Optimal, true)).Equals(histogram).Should().BeTrue();
        ExpectError(CompressedPayload(plain.Concat(new byte[10_001]).ToArray(), CompressionLevel.Optimal, true), decoder)
            .Message.Should().Contain("more than MaxDecompressedBytes (" + limit + ")");
    }

    [Fact]
    public void A_zero_padded_DoubleHistogram_decodes_through_every_entry_point_and_only_zeros_pass()
    {
        var original = new DoubleHistogram(3);
        foreach (double v in new[] { 0.000_125, 0.5, 2.5, 2.5, 17.25, 1234.5 })
        {
            original.RecordValue(v);
        }

        byte[] plain = HistogramEncoder.Encode(original);
        byte[] padded = DoublePayload(plain, new byte[50_000]);
        using var decoder = new HistogramDecoder();

        ShouldEqualOriginal(decoder.DecodeDouble(padded), "DecodeDouble(span)");
        ShouldEqualOriginal(decoder.DecodeDouble(Segment.Split(padded, 3)), "DecodeDouble(sequence)");
        ShouldEqualOriginal(decoder.DecodeDouble(new TrickleStream(padded, 5)), "DecodeDouble(stream)");
        ShouldEqualOriginal(decoder.DecodeDoubleFromBase64(Convert.ToBase64String(padded)), "DecodeDoubleFromBase64");
        ShouldEqualOriginal((DoubleHistogram)decoder.DecodeAny(padded), "DecodeAny");
        var target = new DoubleHistogram(3);
        target.RecordValue(99);
        decoder.DecodeInto(padded, target);
        ShouldEqualOriginal(target, "DecodeInto(span)");
        decoder.DecodeInto(new MemoryStream(padded), target);
        ShouldEqualOriginal(target, "DecodeInto(stream)");

        byte[] tail = new byte[50_000];
        tail[12_345] = 7;
        var error = Record.Exception(() => decoder.DecodeDouble(DoublePayload(plain, tail)));
        error.Should().BeOfType<HistogramFormatException>();
        error!.Message.Should().Contain("non-zero byte").And.Contain("at offset " + (plain.Length - 16 + 12_345) + ")");
        Record.Exception(() => decoder.DecodeInto(DoublePayload(plain, tail), target)).Should().BeOfType<HistogramFormatException>();

        void ShouldEqualOriginal(DoubleHistogram decoded, string because)
        {
            decoded.TotalCount.Should().Be(6, because);
            decoded.GetMaxValue().Should().Be(original.GetMaxValue(), because);
            decoded.GetValueAtPercentile(50).Should().Be(original.GetValueAtPercentile(50), because);
            HistogramEncoder.Encode(decoded).Should().Equal(plain, because);
        }
    }

    /// <summary>A histogram (several kinds of V2 entries) and its V2 encoding.</summary>
    private static (LongHistogram Histogram, byte[] Plain) Sample()
    {
        var histogram = new LongHistogram(1, 3_600_000_000_000, 3);
        for (long v = 1; v < 2_000_000_000; v = (v * 3) + 1)
        {
            histogram.RecordValueWithCount(v, v % 1000 + 1);
        }

        histogram.RecordValueWithCount(5, 5_000_000_000);
        return (histogram, HistogramEncoder.Encode(histogram));
    }

    /// <summary>A compressed V2 payload whose zlib stream inflates to <paramref name="inflated"/>: with an Adler-32 trailer, or as 2.5.0 writes it (header <c>58 85</c>, raw deflate, no trailer).</summary>
    private static byte[] CompressedPayload(byte[] inflated, CompressionLevel level, bool adler32)
    {
        using var output = new MemoryStream();
        if (adler32)
        {
            using var zlib = new ZLibStream(output, level, leaveOpen: true);
            zlib.Write(inflated);
        }
        else
        {
            output.Write(new byte[] { 0x58, 0x85 });
            using var deflate = new DeflateStream(output, level, leaveOpen: true);
            deflate.Write(inflated);
        }

        return Frame(output.ToArray());
    }

    private static byte[] Frame(byte[] zlib)
    {
        byte[] payload = new byte[8 + zlib.Length];
        BinaryPrimitives.WriteInt32BigEndian(payload, V2CompressedCookie);
        BinaryPrimitives.WriteInt32BigEndian(payload.AsSpan(4), zlib.Length);
        zlib.CopyTo(payload, 8);
        return payload;
    }

    /// <summary>A compressed DoubleHistogram: the wrapper with the compressed cookie, then the internal histogram compressed with <paramref name="tail"/> after it.</summary>
    private static byte[] DoublePayload(byte[] plainDouble, byte[] tail)
    {
        byte[] wrapper = plainDouble.AsSpan(0, 16).ToArray();
        BinaryPrimitives.WriteInt32BigEndian(wrapper, 0x0c72124f);
        byte[] inner = CompressedPayload(plainDouble.Skip(16).Concat(tail).ToArray(), CompressionLevel.Optimal, adler32: false);
        return wrapper.Concat(inner).ToArray();
    }

    private static HistogramFormatException ExpectError(byte[] payload, HistogramDecoder? decoder = null)
    {
        var e = Record.Exception(() => (decoder ?? new HistogramDecoder()).Decode(payload));
        e.Should().BeOfType<HistogramFormatException>();
        return (HistogramFormatException)e!;
    }
}
