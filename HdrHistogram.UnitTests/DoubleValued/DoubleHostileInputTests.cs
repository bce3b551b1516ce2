using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO.Compression;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Encoding;
using HdrHistogram.UnitTests.Encoding;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;
using Xunit.Abstractions;

namespace HdrHistogram.UnitTests.DoubleValued;

/// <summary>
/// Malformed and hostile DoubleHistogram encodings: whatever the bytes, decoding either succeeds (giving a histogram
/// that re-encodes and decodes to itself) or raises <see cref="HistogramFormatException"/> saying what is wrong and
/// where; a histogram decoded into is then left unchanged and usable.
/// </summary>
public class DoubleHostileInputTests
{
    // Keeps fuzzed headers that declare a huge (valid) range from allocating tens of MB per input.
    private static readonly HistogramDecoderOptions FuzzOptions = new() { MaxCountsArrayLength = 1 << 18 };

    private readonly ITestOutputHelper _output;

    public DoubleHostileInputTests(ITestOutputHelper output)
    {
        _output = output;
    }

    /// <summary>The reference encodings plus our own compressed encodings of every case.</summary>
    public static IEnumerable<(string Name, byte[] Bytes)> Inputs()
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

    [Trait("Category", "Heavy")]
    [Fact]
    public void Every_truncation_of_every_double_encoding_is_a_format_error_and_leaves_a_target_unchanged()
    {
        var decoder = new HistogramDecoder(FuzzOptions);
        var targets = new Dictionary<int, DoubleHistogram>();
        int inputs = 0;
        foreach (var (name, bytes) in Inputs())
        {
            int digits = BinaryPrimitives.ReadInt32BigEndian(bytes.AsSpan(4));
            if (!targets.TryGetValue(digits, out var target))
            {
                target = targets[digits] = new DoubleHistogram(digits);
            }

            for (int length = 0; length < bytes.Length; length++)
            {
                string what = name + " cut to " + length + " bytes";
                var e = ExpectFormatError(() => decoder.DecodeDouble(bytes.AsSpan(0, length)), what);
                if (length >= 4)
                {
                    e.Message.Should().Contain("DoubleHistogram", what);
                }

                ExpectFormatError(() => decoder.DecodeAny(bytes.AsSpan(0, length)), what);
                target.RecordValue(1.5);
                long before = target.TotalCount;
                long atOneAndAHalfBefore = target.GetCountAtValue(1.5);
                double maxBefore = target.GetMaxValue();
                long ratioBefore = target.GetHighestToLowestValueRatio();
                ExpectFormatError(() => decoder.DecodeInto(bytes.AsSpan(0, length), target), what + " into a histogram");
                target.TotalCount.Should().Be(before, "a failed decode leaves the target unchanged: {0}", what);
                target.GetCountAtValue(1.5).Should().Be(atOneAndAHalfBefore, what);
                target.GetMaxValue().Should().Be(maxBefore, what);
                target.GetHighestToLowestValueRatio().Should().Be(ratioBefore, what);
                if (length % 17 == 0)
                {
                    ExpectFormatError(() => decoder.DecodeDouble(new TrickleStream(bytes.AsSpan(0, length).ToArray(), 5)), what + " (stream)");
                    ExpectFormatError(() => decoder.DecodeInto(new TrickleStream(bytes.AsSpan(0, length).ToArray(), 5), target), what + " (stream into a histogram)");
                    target.TotalCount.Should().Be(before, "a failed decode leaves the target unchanged: {0} (stream)", what);
                    ExpectFormatError(() => decoder.DecodeFromBase64Into(Convert.ToBase64String(bytes, 0, length).AsSpan(), target), what + " (base64 into a histogram)");
                    target.TotalCount.Should().Be(before, "a failed decode leaves the target unchanged: {0} (base64)", what);
                }

                inputs++;
            }

            // After all those failures the target is still consistent: the full input decodes into it exactly.
            // (It keeps the widest dynamic range it has seen, so compare content, through fresh decodes.)
            decoder.DecodeInto(bytes, target);
            var expected = decoder.DecodeDouble(bytes);
            decoder.DecodeDouble(HistogramEncoder.Encode(target)).Equals(expected).Should().BeTrue(name);
            target.IntegerToDoubleValueConversionRatio.Should().Be(expected.IntegerToDoubleValueConversionRatio, name);
        }

        _output.WriteLine(inputs + " truncated inputs");
    }

    [Trait("Category", "Heavy")]
    [Fact]
    public void Random_byte_corruption_never_raises_anything_but_a_format_error()
    {
        var decoder = new HistogramDecoder(FuzzOptions);
        var seeds = Inputs().ToArray();
        var targets = seeds.Select(s => new DoubleHistogram(BinaryPrimitives.ReadInt32BigEndian(s.Bytes.AsSpan(4)))).ToArray();
        var random = new Random(31337);
        const int Iterations = 30_000;
        int decoded = 0;
        var stopwatch = System.Diagnostics.Stopwatch.StartNew();
        for (int i = 0; i < Iterations; i++)
        {
            int seedIndex = random.Next(seeds.Length);
            var (name, original) = seeds[seedIndex];
            byte[] bytes = (byte[])original.Clone();
            int flips = 1 + random.Next(4);
            for (int f = 0; f < flips; f++)
            {
                // Half the corruption goes to the wrapper and the internal header, where every field matters.
                int position = random.Next(2) == 0 ? random.Next(Math.Min(bytes.Length, 64)) : random.Next(bytes.Length);
                bytes[position] = random.Next(3) switch
                {
                    0 => (byte)(bytes[position] ^ (1 << random.Next(8))),
                    1 => (byte)random.Next(256),
                    _ => random.Next(2) == 0 ? (byte)0 : (byte)0xFF,
                };
            }

            int length = random.Next(8) == 0 ? random.Next(bytes.Length + 1) : bytes.Length;
            byte[] input = bytes.AsSpan(0, length).ToArray();
            string what = name + " corrupted (iteration " + i + ")";
            DoubleHistogram? result = null;
            int path = random.Next(10);
            long targetCountBefore = targets[seedIndex].TotalCount;
            try
            {
                switch (path)
                {
                    case 0:
                    case 1:
                    case 2:
                        result = decoder.DecodeDouble(input);
                        break;
                    case 3:
                    case 4:
                        result = decoder.DecodeAny(input) as DoubleHistogram;
                        break;
                    case 5:
                        result = decoder.DecodeDouble(new TrickleStream(input, 11));
                        break;
                    default:
                        decoder.DecodeInto(input, targets[seedIndex]);
                        result = targets[seedIndex];
                        break;
                }
            }
            catch (HistogramFormatException e)
            {
                e.Message.Should().NotBeNullOrEmpty();
                if (path >= 6)
                {
                    targets[seedIndex].TotalCount.Should().Be(targetCountBefore, "a failed decode leaves the target unchanged: {0}", what);
                }

                continue;
            }
            catch (Exception e)
            {
                Assert.Fail(what + ": " + e.GetType().Name + " instead of HistogramFormatException: " + e);
            }

            decoded++;
            if (result is not null)
            {
                // Whatever decoded is a consistent histogram: it re-encodes, decodes to itself, answers queries.
                byte[] again = HistogramEncoder.Encode(result);
                var back = decoder.DecodeDouble(again);
                back.Equals(result).Should().BeTrue(what);
                HistogramEncoder.Encode(back).Should().Equal(again, what);
                _ = result.GetMean() + result.GetStdDeviation() + result.GetValueAtPercentile(99) + result.GetMaxValue();
            }
        }

        _output.WriteLine(Iterations + " corrupted inputs in " + stopwatch.ElapsedMilliseconds + " ms, " + decoded + " still decoded");
    }

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
        nested = nested.Concat(HostileInputTests.Compressed(plain)).ToArray();
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
        return wrapper.Concat(HostileInputTests.Compressed(plain.Skip(16).ToArray())).ToArray();
    }

    private static HistogramFormatException ExpectFormatError(Action action, string what)
    {
        try
        {
            action();
        }
        catch (HistogramFormatException e)
        {
            e.Message.Should().NotBeNullOrEmpty();
            return e;
        }
        catch (Exception e)
        {
            Assert.Fail(what + ": " + e.GetType().Name + " instead of HistogramFormatException: " + e);
        }

        Assert.Fail(what + ": decoded without error");
        return null!;
    }
}
