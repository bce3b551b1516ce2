using System.Buffers.Binary;
using System.IO.Compression;

namespace HdrHistogram.UnitTests.Encoding;

/// <content>The integer encodings (V0, V1, V2 and the compressed form): each field's lies and limits, and the builders of such inputs.</content>
public partial class HostileInputTests
{
    [Theory]
    [InlineData(int.MaxValue)]
    [InlineData(-1)]
    [InlineData(int.MinValue)]
    [InlineData(4)] // payload present is 3 bytes
    [InlineData(1 << 30)]
    public void A_lying_payload_length_is_a_format_error_at_offset_4(int payloadLength)
    {
        byte[] bytes = V2(Entries(5, 6, 7), payloadLength: payloadLength);
        var e = ExpectFormatError(new HistogramDecoder(), bytes, "payload length " + payloadLength);
        e.ByteOffset.Should().Be(4);
    }

    [Theory]
    [InlineData(int.MaxValue)]
    [InlineData(-1)]
    [InlineData(1)]
    public void A_lying_compressed_length_is_a_format_error(int delta)
    {
        byte[] compressed = Compressed(V2(Entries(5, 6, 7)));
        int actual = compressed.Length - 8;
        int lie = delta == int.MaxValue ? int.MaxValue : delta == -1 ? -1 : actual + delta;
        BinaryPrimitives.WriteInt32BigEndian(compressed.AsSpan(4), lie);
        ExpectFormatError(new HistogramDecoder(), compressed, "compressed length " + lie).ByteOffset.Should().Be(4);

        // Shorter than the stream: the inflater runs out of input.
        BinaryPrimitives.WriteInt32BigEndian(compressed.AsSpan(4), actual - 7);
        ExpectFormatError(new HistogramDecoder(), compressed, "compressed length cut short");
    }

    [Fact]
    public void Zero_runs_past_the_end_of_the_counts_array_are_format_errors()
    {
        var decoder = new HistogramDecoder();
        int length = CountsLength(1, 3_600_000_000_000, 3);

        decoder.Decode(V2(Entries(-length))).TotalCount.Should().Be(0, "a run up to the end is fine");
        ExpectFormatError(decoder, V2(Entries(-(length + 1))), "run past the end").Message.Should().Contain("runs past the end");
        ExpectFormatError(decoder, V2(Entries(-length, 1)), "count after a run to the end").Message.Should().Contain("more counts");
        ExpectFormatError(decoder, V2(Entries(1, -(length - 1), 0)), "zero after the end").Message.Should().Contain("more counts");
        ExpectFormatError(decoder, V2(Entries(-(long)int.MaxValue - 1)), "run of 2^31").Message.Should().Contain("exceeds int.MaxValue");
        ExpectFormatError(decoder, V2(Entries(long.MinValue)), "run of 2^63").Message.Should().Contain("exceeds int.MaxValue");
        ExpectFormatError(decoder, V2(Entries(-int.MaxValue)), "run of int.MaxValue").Message.Should().Contain("runs past the end");
    }

    [Fact]
    public void Counts_too_large_for_the_target_count_type_are_format_errors()
    {
        var decoder = new HistogramDecoder();
        byte[] big16 = V2(Entries(0, short.MaxValue + 1L));
        byte[] big32 = V2(Entries(0, int.MaxValue + 1L));

        decoder.Decode(V2(Entries(0, short.MaxValue)), HistogramCountType.Short).TotalCount.Should().Be(short.MaxValue);
        ExpectFormatError(decoder, big16, "32768 into short", HistogramCountType.Short).Message.Should().Contain("does not fit");
        decoder.Decode(big16, HistogramCountType.Int).TotalCount.Should().Be(32768);
        ExpectFormatError(decoder, big32, "2^31 into int", HistogramCountType.Int).Message.Should().Contain("does not fit");
        ExpectFormatError(decoder, big32, "2^31 into concurrent int", HistogramCountType.IntConcurrent);
        decoder.Decode(big32, HistogramCountType.LongConcurrent).TotalCount.Should().Be(int.MaxValue + 1L);

        var target = new ShortHistogram(1, 3_600_000_000_000, 3);
        target.RecordValue(42);
        var act = () => decoder.DecodeInto(big16, target);
        act.Should().Throw<HistogramFormatException>();
        target.TotalCount.Should().Be(1, "a failed decode leaves the target unchanged, whatever the error");
        target.GetCountAtValue(42).Should().Be(1);

        // V1 words go through the same check.
        ExpectFormatError(decoder, V1(8, 0L, 40_000L), "V1 40000 into short", HistogramCountType.Short);
    }

    [Theory]
    [InlineData(0x00000000)]
    [InlineData(0x1c849300)]
    [InlineData(0x1c849305)]
    [InlineData(0x1c84930a)]
    [InlineData(unchecked((int)0xffffffff))]
    [InlineData(0x1c849361)] // V1 with word size 6
    [InlineData(0x1c849311)] // V1 with word size 0
    [InlineData(0x1c849318)] // V0 with word size 0
    [InlineData(0x1c849362)] // compressed V1 with word size 6
    public void Unknown_cookies_are_format_errors_at_offset_0(int cookie)
    {
        byte[] bytes = V2(Entries(1, 2, 3), cookie: cookie);
        ExpectFormatError(new HistogramDecoder(), bytes, "cookie " + cookie.ToString("x8")).ByteOffset.Should().Be(0);
    }

    [Theory]
    [InlineData(0x0c72124e)]
    [InlineData(0x0c72124f)]
    public void DoubleHistogram_cookies_given_to_the_integer_decoder_name_the_DoubleHistogram_entry_points(int cookie)
    {
        byte[] bytes = V2(Entries(1, 2, 3), cookie: cookie);
        var e = ExpectFormatError(new HistogramDecoder(), bytes, "DoubleHistogram");
        e.Message.Should().Contain("DoubleHistogram").And.Contain("DecodeDouble").And.Contain("DecodeAny");
        e.ByteOffset.Should().Be(0);
    }

    [Theory]
    [InlineData(double.NaN)]
    [InlineData(-1.0)]
    [InlineData(0.0)]
    [InlineData(double.Epsilon * -1)]
    [InlineData(double.PositiveInfinity)]
    [InlineData(double.NegativeInfinity)]
    public void An_invalid_conversion_ratio_is_a_format_error_at_offset_32(double ratio)
    {
        ExpectFormatError(new HistogramDecoder(), V2(Entries(1), ratio: ratio), "ratio " + ratio).ByteOffset.Should().Be(32);
    }

    [Fact]
    public void A_valid_non_integer_conversion_ratio_is_kept()
    {
        var h = new HistogramDecoder().Decode(V2(Entries(0, 3), ratio: 0.001));
        h.IntegerToDoubleValueConversionRatio.Should().Be(0.001);
        HistogramEncoder.Encode(h).Should().Equal(V2(Entries(0, 3), ratio: 0.001));
    }

    [Theory]
    [InlineData(6, 1L, 1000L, 12)]
    [InlineData(-1, 1L, 1000L, 12)]
    [InlineData(int.MaxValue, 1L, 1000L, 12)]
    [InlineData(3, 0L, 1000L, 16)]
    [InlineData(3, -5L, 1000L, 16)]
    [InlineData(3, long.MaxValue, long.MaxValue, 16)]
    [InlineData(3, 10L, 19L, 24)]
    [InlineData(3, 1L, 1L, 24)]
    [InlineData(3, 1L, -1L, 24)]
    [InlineData(5, 1L << 46, long.MaxValue, 12)] // 2^46 x 2^18 sub-buckets cannot be represented
    public void An_invalid_configuration_is_a_format_error_naming_the_field(int digits, long lowest, long highest, long offset)
    {
        var e = ExpectFormatError(new HistogramDecoder(), V2(Entries(0), digits: digits, lowest: lowest, highest: highest), "config");
        e.ByteOffset.Should().Be(offset);
    }

    [Fact]
    public void A_normalizing_offset_outside_the_counts_array_is_a_format_error_at_offset_8()
    {
        int length = CountsLength(1, 3_600_000_000_000, 3);
        var decoder = new HistogramDecoder();
        decoder.Decode(V2(Entries(0, 1), offset: length - 1)).NormalizingIndexOffset.Should().Be(length - 1);
        decoder.Decode(V2(Entries(0, 1), offset: -(length - 1))).NormalizingIndexOffset.Should().Be(-(length - 1));
        ExpectFormatError(decoder, V2(Entries(0, 1), offset: length), "offset = length").ByteOffset.Should().Be(8);
        ExpectFormatError(decoder, V2(Entries(0, 1), offset: -length), "offset = -length").ByteOffset.Should().Be(8);
        ExpectFormatError(decoder, V2(Entries(0, 1), offset: int.MinValue), "offset = int.MinValue").ByteOffset.Should().Be(8);
    }

    [Fact]
    public void A_range_needing_more_counts_than_the_limit_is_rejected_before_allocating()
    {
        // Lowest 1, 5 digits, highest long.MaxValue: the largest valid histogram, exactly the default limit.
        HistogramBase.CheckConfiguration(1, long.MaxValue, 5, out int largest).Should().BeNull();
        largest.Should().Be(HistogramDecoderOptions.DefaultMaxCountsArrayLength);

        var limited = new HistogramDecoder(new HistogramDecoderOptions { MaxCountsArrayLength = 100_000 });
        byte[] bytes = V2(Entries(1), digits: 5, highest: long.MaxValue);
        long before = GC.GetAllocatedBytesForCurrentThread();
        var e = ExpectFormatError(limited, bytes, "6M counts over the limit");
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        e.Message.Should().Contain("MaxCountsArrayLength");
        e.ByteOffset.Should().Be(24);
        allocated.Should().BeLessThan(1 << 20);

        // The minimum bar counts against the limit too.
        var barred = new HistogramDecoder(new HistogramDecoderOptions { MaxCountsArrayLength = 50_000, MinBarForHighestTrackableValue = long.MaxValue });
        ExpectFormatError(barred, V2(Entries(1), digits: 3, highest: 1000), "minimum bar over the limit");
    }

    [Fact]
    public void A_30_byte_payload_claiming_2_pow_30_counts_allocates_less_than_1_MB()
    {
        var decoder = new HistogramDecoder();
        decoder.Decode(V2(Entries(1))).TotalCount.Should().Be(1, "a warm-up decode");

        // Six zero runs of 2^28 counts each: 30 bytes of payload, 1.5 x 2^30 counts claimed.
        byte[] runs = Entries(Enumerable.Repeat(-(1L << 28), 6).ToArray());
        runs.Length.Should().Be(30);
        AssertAllocatesLittle(decoder, V2(runs), "zero runs claiming 2^30 counts");

        // A payload length of 2^30 bytes with 30 present, in V2 and V1 (2^27 8-byte counts).
        AssertAllocatesLittle(decoder, V2(runs, payloadLength: 1 << 30), "V2 payload length 2^30");
        AssertAllocatesLittle(decoder, V1(8, new long[3], payloadLength: 1 << 30), "V1 payload length 2^30");

        // A 30-byte zlib stream whose header declares 50 MB of payload for the largest valid range: the
        // decompression buffer is bounded by what 30 bytes of deflate can expand to, not by the claim.
        byte[] header = V2(Array.Empty<byte>(), payloadLength: 50_000_000, digits: 5, highest: long.MaxValue);
        byte[] compressed = Compressed(header);
        compressed.Length.Should().BeLessThan(80);
        AssertAllocatesLittle(decoder, compressed, "compressed header claiming 50 MB");

        // The same through a stream: the read buffer grows only as bytes arrive.
        byte[] lyingCompressed = (byte[])compressed.Clone();
        BinaryPrimitives.WriteInt32BigEndian(lyingCompressed.AsSpan(4), 60_000_000);
        long before = GC.GetAllocatedBytesForCurrentThread();
        var act = () => decoder.Decode(new TrickleStream(lyingCompressed, 1 << 20));
        act.Should().Throw<HistogramFormatException>().WithMessage("*stream ends*");
        (GC.GetAllocatedBytesForCurrentThread() - before).Should().BeLessThan(1 << 20);
    }

    [Fact]
    public void Payload_entries_follow_Java_leniency_and_strictness()
    {
        var decoder = new HistogramDecoder();

        // An empty payload is an empty histogram; -1 is accepted as a run of one zero (Java writes 0).
        decoder.Decode(V2(Array.Empty<byte>())).TotalCount.Should().Be(0);
        var h = decoder.Decode(V2(Entries(-1, 5)));
        h.GetCountAtValue(1).Should().Be(5);

        // Non-minimal LEB128 is accepted, as Java's reader does.
        decoder.Decode(V2(new byte[] { 0x00, 0x82, 0x00 })).GetCountAtValue(1).Should().Be(1);

        // A 9-byte entry carries 8 bits in its last byte.
        decoder.Decode(V2(Entries(0, long.MaxValue))).TotalCount.Should().Be(long.MaxValue);

        // A payload that ends inside an entry.
        var e = ExpectFormatError(decoder, V2(new byte[] { 0x02, 0x80 }), "truncated entry");
        e.ByteOffset.Should().Be(41);
        e.Message.Should().Contain("ends inside");

        // A V2 payload longer than 9 bytes per count cannot be valid.
        ExpectFormatError(decoder, V2(new byte[10], payloadLength: (9 * CountsLength(1, 1000, 1)) + 1, digits: 1, highest: 1000), "oversized payload").ByteOffset.Should().Be(4);
    }

    [Fact]
    public void Legacy_payloads_are_checked()
    {
        var decoder = new HistogramDecoder();
        decoder.Decode(V1(4, 0, 3, 0, 7)).TotalCount.Should().Be(10);
        ExpectFormatError(decoder, V1(2, 0, -5), "negative V1 count").Message.Should().Contain("negative count");
        ExpectFormatError(decoder, V1(4, new long[] { 1, 2 }, payloadLength: 7), "V1 payload not whole words").ByteOffset.Should().Be(4);
        ExpectFormatError(decoder, V1(8, new long[CountsLength(1, 1000, 1) + 1], digits: 1, highest: 1000), "V1 more words than counts").ByteOffset.Should().Be(4);

        // V0: 32-byte header, then the whole counts array; a shorter one is incomplete.
        int length = CountsLength(1, 1000, 1);
        var full = V0(8, new long[length], digits: 1, highest: 1000);
        decoder.Decode(full).TotalCount.Should().Be(0);
        ExpectFormatError(decoder, full.AsSpan(0, full.Length - 8).ToArray(), "V0 short one word");
    }

    [Fact]
    public void Compressed_framing_problems_are_format_errors()
    {
        var decoder = new HistogramDecoder();
        byte[] plain = V2(Entries(0, 1, 2, -3, 4));

        // A compressed histogram inside a compressed histogram, and a DoubleHistogram inside one.
        ExpectFormatError(decoder, Compressed(Compressed(plain)), "nested compression").Message.Should().Contain("another compressed histogram");
        byte[] doubleInside = (byte[])plain.Clone();
        BinaryPrimitives.WriteInt32BigEndian(doubleInside, 0x0c72124e);
        ExpectFormatError(decoder, Compressed(doubleInside), "DoubleHistogram inside").Message.Should().Contain("DoubleHistogram");

        // More decompressed data than the header declares (Java ignores it; we reject it unless it is zeros, the padding
        // HdrHistogram.NET 2.5.0 writes: Upstream250/Net250PaddingTests).
        byte[] padded = plain.Concat(new byte[] { 0, 2, 3 }).ToArray();
        ExpectFormatError(decoder, Compressed(padded), "extra decompressed data").Message.Should().Contain("non-zero byte")
            .And.Contain("offset " + (plain.Length + 1));
        decoder.Decode(Compressed(plain.Concat(new byte[3]).ToArray())).TotalCount.Should().Be(decoder.Decode(plain).TotalCount);

        // Less than declared.
        byte[] shortPayload = (byte[])plain.Clone();
        BinaryPrimitives.WriteInt32BigEndian(shortPayload.AsSpan(4), plain.Length - 40 + 1);
        ExpectFormatError(decoder, Compressed(shortPayload.Concat(Array.Empty<byte>()).ToArray()), "short decompressed payload");

        // A declared size over MaxDecompressedBytes.
        var small = new HistogramDecoder(new HistogramDecoderOptions { MaxDecompressedBytes = 44 });
        ExpectFormatError(small, Compressed(plain), "over MaxDecompressedBytes").Message.Should().Contain("MaxDecompressedBytes");

        // A corrupted Adler-32 trailer is caught, with the offset in the input (not in the zlib stream).
        byte[] corrupted = Compressed(plain);
        corrupted[^1] ^= 0x55;
        var e = ExpectFormatError(decoder, corrupted, "bad Adler-32");
        e.Message.Should().Contain("Adler-32");
        e.ByteOffset.Should().Be(corrupted.Length - 4);

        // The legacy form without a trailer (upstream .NET wrote it) still decodes.
        byte[] legacy = Compressed(plain).AsSpan(0, Compressed(plain).Length - 4).ToArray();
        BinaryPrimitives.WriteInt32BigEndian(legacy.AsSpan(4), legacy.Length - 8);
        HistogramEncoder.Encode(decoder.Decode(legacy)).Should().Equal(plain);

        // Garbage instead of a zlib header.
        byte[] garbage = Compressed(plain);
        garbage[8] = 0x12;
        ExpectFormatError(decoder, garbage, "bad zlib header").ByteOffset.Should().Be(8);
    }

    [Fact]
    public void Invalid_base64_is_a_format_error()
    {
        var decoder = new HistogramDecoder();
        foreach (string text in new[] { "!!!!", "HIST", "HISTEwAA\u00e9AAA", "A", "HISTFAAAK154nE2cD4gV2Zr", string.Empty })
        {
            var act = () => decoder.DecodeFromBase64(text);
            act.Should().Throw<HistogramFormatException>(text);
        }
    }

    [Fact]
    public void Configuration_check_agrees_with_the_constructor()
    {
        foreach (long lowest in new[] { 1L, 2, 3, 1000, 1024, 1L << 20, (1L << 32) + 1, 1L << 40 })
        {
            for (int digits = 0; digits <= 5; digits++)
            {
                foreach (long factor in new[] { 2L, 3, 1000, 1L << 20 })
                {
                    long highest = lowest > long.MaxValue / factor ? long.MaxValue : lowest * factor;
                    string? problem = HistogramBase.CheckConfiguration(lowest, highest, digits, out int length);
                    HistogramBase? h = null;
                    try
                    {
                        h = new LongHistogram(lowest, highest, digits);
                    }
                    catch (ArgumentOutOfRangeException)
                    {
                    }

                    (problem is null).Should().Be(h is not null, "lowest {0}, highest {1}, digits {2}", lowest, highest, digits);
                    if (h is not null)
                    {
                        length.Should().Be(h.CountsArrayLength);
                    }
                }
            }
        }
    }

    internal static byte[] Entries(params long[] values)
    {
        var bytes = new List<byte>();
        Span<byte> scratch = stackalloc byte[9];
        foreach (long v in values)
        {
            int n = ZigZagEncoding.WriteLong(scratch, v);
            for (int i = 0; i < n; i++)
            {
                bytes.Add(scratch[i]);
            }
        }

        return bytes.ToArray();
    }

    internal static byte[] V2(byte[] payload, int? payloadLength = null, int offset = 0, int digits = 3, long lowest = 1, long highest = 3_600_000_000_000, double ratio = 1.0, int cookie = 0x1c849313)
    {
        var bytes = new byte[40 + payload.Length];
        BinaryPrimitives.WriteInt32BigEndian(bytes, cookie);
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), payloadLength ?? payload.Length);
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(8), offset);
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(12), digits);
        BinaryPrimitives.WriteInt64BigEndian(bytes.AsSpan(16), lowest);
        BinaryPrimitives.WriteInt64BigEndian(bytes.AsSpan(24), highest);
        BinaryPrimitives.WriteInt64BigEndian(bytes.AsSpan(32), BitConverter.DoubleToInt64Bits(ratio));
        payload.CopyTo(bytes, 40);
        return bytes;
    }

    internal static byte[] V1(int wordSize, params long[] counts) => V1(wordSize, counts, null);

    internal static byte[] V1(int wordSize, long[] counts, int? payloadLength = null, int digits = 3, long highest = 3_600_000_000_000)
    {
        var payload = new byte[counts.Length * wordSize];
        for (int i = 0; i < counts.Length; i++)
        {
            WriteWord(payload.AsSpan(i * wordSize), wordSize, counts[i]);
        }

        return V2(payload, payloadLength, digits: digits, highest: highest, cookie: 0x1c849301 + (wordSize << 4));
    }

    internal static byte[] V0(int wordSize, long[] counts, int digits, long highest)
    {
        var bytes = new byte[32 + (counts.Length * wordSize)];
        BinaryPrimitives.WriteInt32BigEndian(bytes, 0x1c849308 + (wordSize << 4));
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), digits);
        BinaryPrimitives.WriteInt64BigEndian(bytes.AsSpan(8), 1);
        BinaryPrimitives.WriteInt64BigEndian(bytes.AsSpan(16), highest);
        BinaryPrimitives.WriteInt64BigEndian(bytes.AsSpan(24), counts.Sum());
        for (int i = 0; i < counts.Length; i++)
        {
            WriteWord(bytes.AsSpan(32 + (i * wordSize)), wordSize, counts[i]);
        }

        return bytes;
    }

    /// <summary>Wraps <paramref name="plain"/> in the compressed framing with a zlib stream made by ZLibStream.</summary>
    internal static byte[] Compressed(byte[] plain, int cookie = 0x1c849314)
    {
        using var zlibBytes = new MemoryStream();
        using (var zlib = new ZLibStream(zlibBytes, CompressionLevel.Optimal, leaveOpen: true))
        {
            zlib.Write(plain, 0, plain.Length);
        }

        byte[] z = zlibBytes.ToArray();
        var bytes = new byte[8 + z.Length];
        BinaryPrimitives.WriteInt32BigEndian(bytes, cookie);
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), z.Length);
        z.CopyTo(bytes, 8);
        return bytes;
    }

    internal static int CountsLength(long lowest, long highest, int digits)
    {
        HistogramBase.CheckConfiguration(lowest, highest, digits, out int length).Should().BeNull();
        return length;
    }

    private static void WriteWord(Span<byte> destination, int wordSize, long value)
    {
        switch (wordSize)
        {
            case 2:
                BinaryPrimitives.WriteInt16BigEndian(destination, (short)value);
                break;
            case 4:
                BinaryPrimitives.WriteInt32BigEndian(destination, (int)value);
                break;
            default:
                BinaryPrimitives.WriteInt64BigEndian(destination, value);
                break;
        }
    }

    private static void AssertAllocatesLittle(HistogramDecoder decoder, byte[] bytes, string what)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        ExpectFormatError(decoder, bytes, what);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        allocated.Should().BeLessThan(1 << 20, what);
    }
}
