using System.IO.Compression;
using HdrHistogram.Utilities;

namespace HdrHistogram.UnitTests.Encoding;

/// <summary>Decoding into existing histograms, decoder options, and the upstream-compatible entry points.</summary>
public class DecodeIntoAndApiTests
{
    private static LongHistogram Sample(long highest = 3_600_000_000_000, int digits = 3)
    {
        var h = new LongHistogram(1, highest, digits);
        for (long v = 1; v < 1_000_000; v = (v * 3) + 1)
        {
            h.RecordValueWithCount(v, v % 7);
        }

        return h;
    }

    [Fact]
    public void DecodeInto_grows_a_narrower_target_and_keeps_a_wider_one()
    {
        var source = Sample();
        byte[] bytes = HistogramEncoder.Encode(source);
        var decoder = new HistogramDecoder();

        var narrow = new IntHistogram(1, 1000, 3);
        narrow.RecordValue(5);
        narrow.Tag = "old";
        narrow.StartTimeStamp = 42;
        decoder.DecodeInto(bytes, narrow);
        narrow.HighestTrackableValue.Should().Be(source.HighestTrackableValue);
        narrow.Equals(source).Should().BeTrue();
        narrow.AutoResize.Should().BeTrue();
        narrow.Tag.Should().BeNull();
        narrow.StartTimeStamp.Should().Be(0);
        HistogramEncoder.Encode(narrow).Should().Equal(bytes);

        var wide = new LongConcurrentHistogram(1, long.MaxValue / 2, 3);
        decoder.DecodeInto(bytes, wide);
        wide.HighestTrackableValue.Should().Be(long.MaxValue / 2);
        wide.Equals(source).Should().BeTrue();
    }

    [Fact]
    public void DecodeInto_rejects_a_target_of_another_configuration_without_touching_it()
    {
        byte[] bytes = HistogramEncoder.Encode(Sample());
        var decoder = new HistogramDecoder();

        var otherDigits = new LongHistogram(1, 3_600_000_000_000, 2);
        otherDigits.RecordValue(77);
        var act = () => decoder.DecodeInto(bytes, otherDigits);
        act.Should().Throw<HistogramFormatException>().Which.ByteOffset.Should().Be(12);
        otherDigits.TotalCount.Should().Be(1, "a configuration mismatch is found before the target is touched");

        var otherLowest = new LongHistogram(1000, 3_600_000_000_000, 3);
        act = () => decoder.DecodeInto(bytes, otherLowest);
        act.Should().Throw<HistogramFormatException>().Which.ByteOffset.Should().Be(16);

        var nullTarget = () => decoder.DecodeInto(bytes, (HistogramBase)null!);
        nullTarget.Should().Throw<ArgumentNullException>();
    }

    [Fact]
    public void DecodeInto_a_concurrent_target_honours_the_normalizing_offset_for_later_recording()
    {
        var source = Sample();
        source.ShiftValuesLeft(2);
        byte[] bytes = HistogramEncoder.Encode(source);
        foreach (HistogramBase target in new HistogramBase[] { new LongConcurrentHistogram(1, 2, 3), new IntConcurrentHistogram(1, 2, 3), new LongHistogram(1, 2, 3), new ShortHistogram(1, 2, 3) })
        {
            new HistogramDecoder().DecodeInto(bytes, target);
            target.NormalizingIndexOffset.Should().Be(source.NormalizingIndexOffset);
            target.Equals(source).Should().BeTrue(target.GetType().Name);
            HistogramEncoder.Encode(target).Should().Equal(bytes);

            var expected = source.Copy();
            expected.RecordValue(123_456);
            target.RecordValue(123_456);
            target.Equals(expected).Should().BeTrue("recording after the decode works on " + target.GetType().Name);
        }
    }

    [Fact]
    public void The_minimum_bar_raises_the_highest_trackable_value()
    {
        byte[] bytes = HistogramEncoder.Encode(Sample(highest: 10_000_000));
        var decoder = new HistogramDecoder(new HistogramDecoderOptions { MinBarForHighestTrackableValue = 1L << 40 });
        decoder.Options.MinBarForHighestTrackableValue.Should().Be(1L << 40);
        var h = decoder.Decode(bytes);
        h.HighestTrackableValue.Should().Be(1L << 40);
        h.Equals(new HistogramDecoder().Decode(bytes)).Should().BeTrue();

        using var buffer = ByteBuffer.Wrap(bytes);
        HistogramEncoding.DecodeFromByteBuffer(buffer, 1L << 41).HighestTrackableValue.Should().Be(1L << 41);
        buffer.Position.Should().Be(bytes.Length);
    }

    [Fact]
    public void Options_are_validated_and_copied()
    {
        var options = new HistogramDecoderOptions();
        options.MaxCountsArrayLength.Should().Be(HistogramDecoderOptions.DefaultMaxCountsArrayLength);
        options.MaxDecompressedBytes.Should().Be(HistogramDecoderOptions.DefaultMaxDecompressedBytes);
        HistogramDecoderOptions.DefaultMaxDecompressedBytes.Should().BeGreaterThan(40 + (9 * HistogramDecoderOptions.DefaultMaxCountsArrayLength));
        var tooSmall = () => options.MaxCountsArrayLength = 0;
        tooSmall.Should().Throw<ArgumentOutOfRangeException>();
        var tooSmallDecompressed = () => options.MaxDecompressedBytes = 39;
        tooSmallDecompressed.Should().Throw<ArgumentOutOfRangeException>();

        var decoder = new HistogramDecoder(options);
        options.MaxCountsArrayLength = 10;
        decoder.Options.MaxCountsArrayLength.Should().Be(HistogramDecoderOptions.DefaultMaxCountsArrayLength, "the decoder copied the options");
        options.Clone().MaxCountsArrayLength.Should().Be(10);
        var nullOptions = () => new HistogramDecoder(null!);
        nullOptions.Should().Throw<ArgumentNullException>();
    }

    [Fact]
    public void Upstream_ByteBuffer_entry_points_round_trip_and_advance_the_position()
    {
        var first = Sample();
        var second = Sample(highest: 1_000_000_000, digits: 2);
        using var buffer = ByteBuffer.Allocate(first.GetNeededByteBufferCapacity() + second.GetNeededByteBufferCapacity() + 100);

        int n1 = first.Encode(buffer, HistogramEncoderV2.Instance);
        int n2 = second.EncodeIntoCompressedByteBuffer(buffer);
        int n3 = second.EncodeIntoCompressedByteBuffer(buffer, CompressionLevel.Fastest);
        int n4 = first.EncodeIntoByteBuffer(buffer);
        buffer.Position.Should().Be(n1 + n2 + n3 + n4);

        buffer.Position = 0;
        HistogramEncoding.DecodeFromByteBuffer(buffer, 0).Equals(first).Should().BeTrue();
        buffer.Position.Should().Be(n1);
        HistogramEncoding.DecodeFromCompressedByteBuffer(buffer, 0).Equals(second).Should().BeTrue();
        HistogramEncoding.DecodeFromCompressedByteBuffer(buffer, 0).Equals(second).Should().BeTrue();
        HistogramEncoding.DecodeFromByteBuffer(buffer, 0).Equals(first).Should().BeTrue();
        buffer.Position.Should().Be(n1 + n2 + n3 + n4);

        // A bad input leaves the position where it was.
        buffer.Position = 1;
        var bad = () => HistogramEncoding.DecodeFromByteBuffer(buffer, 0);
        bad.Should().Throw<HistogramFormatException>();
        buffer.Position.Should().Be(1);
    }

    [Fact]
    public void Encoding_into_a_too_small_ByteBuffer_throws_and_leaves_the_position()
    {
        var h = Sample();
        int length = HistogramEncoder.Encode(h).Length;
        using var buffer = ByteBuffer.Allocate(length + 2);
        buffer.Position = 3;
        var plain = () => h.Encode(buffer, HistogramEncoderV2.Instance);
        plain.Should().Throw<InvalidOperationException>().WithMessage("*overflow*");
        buffer.Position.Should().Be(3);

        using var tiny = ByteBuffer.Allocate(20);
        var compressed = () => h.EncodeIntoCompressedByteBuffer(tiny);
        compressed.Should().Throw<InvalidOperationException>();
        tiny.Position.Should().Be(0);

        var nullEncoder = () => h.Encode(buffer, null!);
        nullEncoder.Should().Throw<ArgumentNullException>();
        var nullBuffer = () => HistogramEncoderV2.Instance.Encode(h, null!);
        nullBuffer.Should().Throw<ArgumentNullException>();
    }

    [Fact]
    public void Static_shortcuts_use_per_thread_instances()
    {
        var h = Sample();
        byte[] plain = HistogramEncoder.Encode(h);
        HistogramEncoding.Decode(plain).Equals(h).Should().BeTrue();
        HistogramEncoding.Decode(new MemoryStream(HistogramEncoder.EncodeCompressed(h))).Equals(h).Should().BeTrue();
        HistogramEncoding.DecodeFromBase64(HistogramEncoder.EncodeCompressedToBase64(h, CompressionLevel.NoCompression)).Equals(h).Should().BeTrue();
        HistogramEncoding.Decode(plain, HistogramCountType.Int).Should().BeOfType<IntHistogram>();

        using var stream = new MemoryStream();
        HistogramEncoder.EncodeCompressed(h, stream);
        var writer = new FixedBufferWriter(1 << 16);
        HistogramEncoder.EncodeCompressed(h, writer).Should().Be((int)stream.Length);
        writer.WrittenSpan.ToArray().Should().Equal(stream.ToArray(), "deflate is deterministic for the same input and level");
        var span = new byte[writer.WrittenCount];
        HistogramEncoder.TryEncodeCompressed(h, span, out int written).Should().BeTrue();
        written.Should().Be(span.Length);
        HistogramEncoder.TryEncodeCompressed(h, new byte[10], out written).Should().BeFalse();
        written.Should().Be(0);
    }

    [Fact]
    public void The_compressor_offers_every_form_and_refuses_use_after_dispose()
    {
        var h = Sample();
        var compressor = new HistogramCompressor();
        byte[] bytes = compressor.Encode(h);
        using (var stream = new MemoryStream())
        {
            compressor.Encode(h, stream);
            stream.ToArray().Should().Equal(bytes);
        }

        compressor.EncodeToBase64(h).Should().Be(Convert.ToBase64String(bytes));
        var utf8 = new FixedBufferWriter(1 << 16);
        compressor.EncodeToBase64Utf8(h, utf8);
        System.Text.Encoding.ASCII.GetString(utf8.WrittenSpan.ToArray()).Should().Be(Convert.ToBase64String(bytes));
        var badLevel = () => compressor.Encode(h, (CompressionLevel)42);
        badLevel.Should().Throw<ArgumentOutOfRangeException>();

        compressor.Dispose();
        compressor.Dispose();
        var afterDispose = () => compressor.Encode(h);
        afterDispose.Should().Throw<ObjectDisposedException>();
    }

    [Fact]
    public void Encoding_a_negative_count_is_an_invalid_operation_not_a_format_error()
    {
        var h = new LongHistogram(1, 1000, 2);
        h.RecordValueWithCount(10, long.MaxValue);
        h.RecordValueWithCount(10, long.MaxValue); // long counts wrap silently, as in Java
        var act = () => HistogramEncoder.Encode(h);
        act.Should().Throw<InvalidOperationException>().WithMessage("*negative count*");
        var compressed = () => HistogramEncoder.EncodeCompressed(h);
        compressed.Should().Throw<InvalidOperationException>();
    }

    [Fact]
    public void Arguments_are_checked()
    {
        var h = Sample();
        Action act = () => HistogramEncoder.Encode(null!);
        act.Should().Throw<ArgumentNullException>();
        act = () => HistogramEncoder.Encode(h, (Stream)null!);
        act.Should().Throw<ArgumentNullException>();
        act = () => HistogramEncoder.Encode(h, (System.Buffers.IBufferWriter<byte>)null!);
        act.Should().Throw<ArgumentNullException>();
        act = () => new HistogramDecoder().DecodeFromBase64((string)null!);
        act.Should().Throw<ArgumentNullException>();
        act = () => HistogramEncoding.DecodeFromByteBuffer(null!, 0);
        act.Should().Throw<ArgumentNullException>();
    }
}
