using System.Buffers.Binary;
using System.IO.Compression;

namespace HdrHistogram.UnitTests.Encoding;

/// <content>The DoubleHistogram wrapper and its internal histogram: each field's lies and limits, and the DoubleHistogram inputs of the fuzz tests.</content>
public partial class HostileInputTests
{
    [Theory]
    [InlineData(-1)]
    [InlineData(6)]
    [InlineData(int.MaxValue)]
    [InlineData(int.MinValue)]
    public void Invalid_wrapper_digits_are_a_format_error_at_offset_4(int digits)
    {
        foreach (bool compressed in new[] { false, true })
        {
            byte[] bytes = Sample(compressed);
            BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), digits);
            var e = ExpectFormatError(() => new HistogramDecoder().DecodeDouble(bytes), "digits " + digits);
            e.ByteOffset.Should().Be(4);
            e.Message.Should().Contain("significant value digits");
        }
    }

    [Theory]
    [InlineData(0L)]
    [InlineData(1L)]
    [InlineData(-1L)]
    [InlineData(-512L)]
    [InlineData(long.MinValue)]
    [InlineData(long.MaxValue)]
    [InlineData(2_305_843_009_213_694L)] // 2^61 / 1000, rounded up: ratio x 10^3 reaches 2^61
    public void An_invalid_wrapper_ratio_is_a_format_error_at_offset_8(long ratio)
    {
        foreach (bool compressed in new[] { false, true })
        {
            byte[] bytes = Sample(compressed);
            BinaryPrimitives.WriteInt64BigEndian(bytes.AsSpan(8), ratio);
            var e = ExpectFormatError(() => new HistogramDecoder().DecodeDouble(bytes), "ratio " + ratio);
            e.ByteOffset.Should().Be(8);
            e.Message.Should().Contain("highest-to-lowest value ratio");
        }
    }

    [Theory]
    [InlineData(2L)]
    [InlineData(256L)]
    [InlineData(1024L)]
    [InlineData(1L << 40)]
    public void A_valid_wrapper_ratio_that_does_not_fit_the_internal_histogram_is_a_format_error_at_its_highest_value(long ratio)
    {
        // The sample's ratio is 512 (internal highest 2097151): 513..1023 give the same internal histogram.
        byte[] bytes = Sample(compressed: false);
        BinaryPrimitives.WriteInt64BigEndian(bytes.AsSpan(8), ratio);
        var e = ExpectFormatError(() => new HistogramDecoder().DecodeDouble(bytes), "ratio " + ratio);
        e.ByteOffset.Should().Be(16 + 24);
        e.Message.Should().Contain("highest trackable value").And.Contain("internal histogram");

        byte[] compressed = Sample(compressed: true);
        BinaryPrimitives.WriteInt64BigEndian(compressed.AsSpan(8), ratio);
        ExpectFormatError(() => new HistogramDecoder().DecodeDouble(compressed), "compressed, ratio " + ratio)
            .Message.Should().Contain("highest trackable value").And.Contain("decompressed histogram at offset 24");

        BinaryPrimitives.WriteInt64BigEndian(bytes.AsSpan(8), 1000);
        var sameRange = new HistogramDecoder().DecodeDouble(bytes);
        sameRange.GetHighestToLowestValueRatio().Should().Be(1000, "513 to 1023 need the same internal histogram as 512");
    }

    [Theory]
    [InlineData(0x7FF8000000000000UL)] // NaN
    [InlineData(0x7FF0000000000001UL)] // signalling NaN
    [InlineData(0xFFFFFFFFFFFFFFFFUL)] // negative NaN
    [InlineData(0x0000000000000000UL)] // 0
    [InlineData(0x8000000000000000UL)] // -0
    [InlineData(0xBFF0000000000000UL)] // -1
    [InlineData(0x7FF0000000000000UL)] // +infinity
    [InlineData(0xFFF0000000000000UL)] // -infinity
    [InlineData(0x0000000000000001UL)] // double.Epsilon: its inverse is infinite
    [InlineData(0x0000000000001000UL)] // 2e-320 (subnormal): its inverse is infinite
    [InlineData(0x7FEFFFFFFFFFFFFFUL)] // double.MaxValue
    [InlineData(0x7ED754E31CD072DAUL)] // 1e303: the covered range (x 2^21) overflows
    public void A_lying_internal_conversion_ratio_is_a_format_error_at_its_offset(ulong bits)
    {
        double ratio = BitConverter.Int64BitsToDouble((long)bits);
        byte[] plain = Sample(compressed: false);
        BinaryPrimitives.WriteUInt64BigEndian(plain.AsSpan(16 + 32), bits);
        var e = ExpectFormatError(() => new HistogramDecoder().DecodeDouble(plain), "ratio " + ratio);
        e.ByteOffset.Should().Be(16 + 32);
        e.Message.Should().Contain("conversion ratio").And.Contain("internal histogram");

        byte[] compressed = Recompress(plain);
        var ce = ExpectFormatError(() => new HistogramDecoder().DecodeDouble(compressed), "compressed, ratio " + ratio);
        ce.Message.Should().Contain("conversion ratio").And.Contain("decompressed histogram at offset 32");

        var target = new DoubleHistogram(3);
        target.RecordValue(3.0);
        ExpectFormatError(() => new HistogramDecoder().DecodeInto(compressed, target), "into, ratio " + ratio);
        target.TotalCount.Should().Be(1, "a failed decode leaves the target unchanged");
        target.RecordValue(3.0);
        target.GetCountAtValue(3.0).Should().Be(2, "the target is usable after a failed decode");
    }

    [Fact]
    public void Small_and_large_but_usable_internal_conversion_ratios_decode()
    {
        foreach (double ratio in new[] { BitConverter.Int64BitsToDouble(0x000FFFFFFFFFFFFF), 1e-300, 1e-30, 1.0, 3.0, 1e30, 1e290 })
        {
            byte[] plain = Sample(compressed: false);
            BinaryPrimitives.WriteInt64BigEndian(plain.AsSpan(16 + 32), BitConverter.DoubleToInt64Bits(ratio));
            var h = new HistogramDecoder().DecodeDouble(plain);
            h.IntegerToDoubleValueConversionRatio.Should().Be(ratio);
            HistogramEncoder.Encode(h).Should().Equal(plain);
        }
    }

    [Fact]
    public void An_internal_histogram_that_Javas_constructor_rejects_is_a_format_error_naming_the_field()
    {
        var decoder = new HistogramDecoder();

        byte[] lowest = Sample(compressed: false);
        BinaryPrimitives.WriteInt64BigEndian(lowest.AsSpan(16 + 16), 2);
        ExpectFormatError(() => decoder.DecodeDouble(lowest), "lowest 2").ByteOffset.Should().Be(32);
        ExpectFormatError(() => decoder.DecodeDouble(Recompress(lowest)), "compressed lowest 2").Message.Should().Contain("lowest discernible value");

        // (A sample without a normalizing offset: the offset is checked against the counts array first.)
        byte[] digits = JavaCase.Load("double-zero-and-values-sd2").V2.ToArray();
        BinaryPrimitives.WriteInt32BigEndian(digits.AsSpan(16 + 12), 3);
        ExpectFormatError(() => decoder.DecodeDouble(digits), "inner digits 3").ByteOffset.Should().Be(28);
        ExpectFormatError(() => decoder.DecodeDouble(Recompress(digits)), "compressed inner digits 3").Message.Should().Contain("differs from the DoubleHistogram header");

        foreach (long delta in new[] { -1L, 1L, 1L << 20 })
        {
            byte[] highest = Sample(compressed: false);
            long value = BinaryPrimitives.ReadInt64BigEndian(highest.AsSpan(40));
            BinaryPrimitives.WriteInt64BigEndian(highest.AsSpan(40), value + delta);
            ExpectFormatError(() => decoder.DecodeDouble(highest), "highest + " + delta).ByteOffset.Should().Be(40);
        }

        byte[] offset = Sample(compressed: false);
        BinaryPrimitives.WriteInt32BigEndian(offset.AsSpan(16 + 8), int.MaxValue);
        ExpectFormatError(() => decoder.DecodeDouble(offset), "normalizing offset").ByteOffset.Should().Be(24);

        byte[] payloadLength = Sample(compressed: false);
        BinaryPrimitives.WriteInt32BigEndian(payloadLength.AsSpan(16 + 4), int.MaxValue);
        ExpectFormatError(() => decoder.DecodeDouble(payloadLength), "payload length").ByteOffset.Should().Be(20);

        byte[] compressedLength = Sample(compressed: true);
        BinaryPrimitives.WriteInt32BigEndian(compressedLength.AsSpan(16 + 4), compressedLength.Length);
        ExpectFormatError(() => decoder.DecodeDouble(compressedLength), "compressed length").ByteOffset.Should().Be(20);
    }

    [Fact]
    public void The_internal_histogram_must_be_plain_or_compressed_as_the_wrapper_says()
    {
        var decoder = new HistogramDecoder();
        byte[] plain = Sample(compressed: false);
        byte[] compressed = Sample(compressed: true);

        byte[] compressedInPlain = compressed.ToArray();
        BinaryPrimitives.WriteInt32BigEndian(compressedInPlain, 0x0c72124e);
        ExpectFormatError(() => decoder.DecodeDouble(compressedInPlain), "compressed in plain").ByteOffset.Should().Be(16);

        byte[] plainInCompressed = plain.ToArray();
        BinaryPrimitives.WriteInt32BigEndian(plainInCompressed, 0x0c72124f);
        ExpectFormatError(() => decoder.DecodeDouble(plainInCompressed), "plain in compressed").ByteOffset.Should().Be(16);

        byte[] doubleInDouble = plain.Take(16).Concat(plain).ToArray();
        ExpectFormatError(() => decoder.DecodeDouble(doubleInDouble), "double in double").ByteOffset.Should().Be(16);
        ExpectFormatError(() => decoder.DecodeDouble(new TrickleStream(doubleInDouble, 1)), "double in double, stream");

        // A compressed internal histogram whose zlib stream holds a DoubleHistogram.
        byte[] nested = plain.Take(16).ToArray();
        BinaryPrimitives.WriteInt32BigEndian(nested, 0x0c72124f);
        nested = nested.Concat(Compressed(plain)).ToArray();
        ExpectFormatError(() => decoder.DecodeDouble(nested), "DoubleHistogram inside the zlib stream").Message.Should().Contain("DoubleHistogram");
    }

    [Fact]
    public void Encoded_configuration_check_agrees_with_the_constructor()
    {
        for (int digits = 0; digits <= 4; digits++)
        {
            long largest = LargestRatio(digits);
            foreach (long ratio in new[] { long.MinValue, -1, 0, 1, 2, 3, 1000, largest - 1, largest, largest + 1, largest + 1000, long.MaxValue })
            {
                string? problem = DoubleHistogram.CheckEncodedConfiguration(ratio, digits, out long range, out _);
                DoubleHistogram? h = null;
                try
                {
                    h = new DoubleHistogram(ratio, digits);
                }
                catch (ArgumentOutOfRangeException)
                {
                }

                (problem is null).Should().Be(h is not null, "ratio {0}, digits {1}", ratio, digits);
                if (h is not null)
                {
                    h.IntegerValuesHistogram.HighestTrackableValue.Should().Be(range - 1);
                }
            }
        }
    }

    [Fact]
    public void The_largest_ratios_round_trip_including_Javas_wrapped_integer_range()
    {
        // ratio x 10^d just below 2^61 makes integerValueRange 2^63, which wraps in Java (and here) to
        // long.MinValue: the internal histogram then covers 1 .. long.MaxValue.
        for (int digits = 0; digits <= 3; digits++)
        {
            long ratio = LargestRatio(digits);
            var h = new DoubleHistogram(ratio, digits);
            if (digits > 0)
            {
                h.IntegerValuesHistogram.HighestTrackableValue.Should().Be(long.MaxValue, "the wrapped range at digits {0}", digits);
            }

            foreach (double v in new[] { 1e-3, 0.5, 7.0, 1e6, 3e9 })
            {
                h.RecordValue(v);
            }

            byte[] plain = HistogramEncoder.Encode(h);
            var decoded = new HistogramDecoder().DecodeDouble(plain);
            decoded.Equals(h).Should().BeTrue("digits {0}, ratio {1}", digits, ratio);
            decoded.GetHighestToLowestValueRatio().Should().Be(ratio);
            HistogramEncoder.Encode(decoded).Should().Equal(plain);
            new HistogramDecoder().DecodeDouble(HistogramEncoder.EncodeCompressed(h)).Equals(h).Should().BeTrue();
        }
    }

    /// <summary>The reference encodings plus our own compressed encodings of every case.</summary>
    private static IEnumerable<(string Name, byte[] Bytes)> DoubleInputs()
    {
        foreach (var input in DoubleEncodingTests.AllDoubleInputs())
        {
            yield return input;
        }

        foreach (string name in JavaCase.DoubleCaseNames().Select(c => (string)c[0]))
        {
            var h = JavaCase.Load(name).ReplayDouble();
            yield return (name + "/ours-compressed", HistogramEncoder.EncodeCompressed(h));
            yield return (name + "/ours-stored", HistogramEncoder.EncodeCompressed(h, CompressionLevel.NoCompression));
        }
    }

    /// <summary>The largest ratio Java's constructor accepts for <paramref name="digits"/> (ratio x 10^digits below 2^61 in double arithmetic).</summary>
    private static long LargestRatio(int digits)
    {
        long ratio = (long)((1L << 61) / Math.Pow(10, digits)) + 1;
        while (DoubleHistogram.CheckEncodedConfiguration(ratio, digits, out _, out _) is not null)
        {
            ratio--;
        }

        DoubleHistogram.CheckEncodedConfiguration(ratio + 1, digits, out _, out _).Should().NotBeNull();
        return ratio;
    }

    /// <summary>A valid DoubleHistogram encoding (double-auto-sd3-ms: ratio 512, 3 digits, offset 6144), as a fresh array.</summary>
    private static byte[] Sample(bool compressed)
    {
        var c = JavaCase.Load("double-auto-sd3-ms");
        return (compressed ? c.V2Compressed : c.V2).ToArray();
    }

    /// <summary>The compressed DoubleHistogram encoding of a (possibly patched) plain one.</summary>
    private static byte[] Recompress(byte[] plain)
    {
        byte[] wrapper = plain.Take(16).ToArray();
        BinaryPrimitives.WriteInt32BigEndian(wrapper, 0x0c72124f);
        return wrapper.Concat(Compressed(plain.Skip(16).ToArray())).ToArray();
    }
}
