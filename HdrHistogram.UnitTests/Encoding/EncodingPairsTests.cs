using System.Buffers.Binary;

namespace HdrHistogram.UnitTests.Encoding;

/// <summary>
/// HistogramEncoding's named pairs: the compressed and uncompressed forms are the ones the other spellings write (so
/// the names cannot disagree with them), each form starts with its own cookie, and the decoders read both.
/// </summary>
public class EncodingPairsTests
{
    private const int UncompressedV2Cookie = 0x1c849313; // Java's V2 encoding cookie (word size 8 in bits 4-7)
    private const int CompressedV2Cookie = 0x1c849314; // Java's V2 compressed encoding cookie

    private static LongHistogram Sample()
    {
        var histogram = new LongHistogram(1, 3_600_000_000_000, 3);
        for (long us = 500; us < 5_000; us++)
        {
            histogram.RecordValue(us * 1_000);
        }

        histogram.RecordValueWithCount(48_000_000, 7);
        return histogram;
    }

    [Fact]
    public void The_compressed_pair_writes_what_the_compressor_and_the_log_writer_write_and_reads_it_back()
    {
        var histogram = Sample();
        using var compressor = new HistogramCompressor();

        string text = HistogramEncoding.ToCompressedBase64(histogram);
        byte[] bytes = HistogramEncoding.ToCompressedBytes(histogram);

        text.Should().Be(compressor.EncodeToBase64(histogram)).And.Be(HistogramEncoder.EncodeCompressedToBase64(histogram));
        bytes.Should().Equal(compressor.Encode(histogram)).And.Equal(Convert.FromBase64String(text));
        BinaryPrimitives.ReadInt32BigEndian(bytes).Should().Be(CompressedV2Cookie);
        HistogramEncoder.Encode(HistogramEncoding.FromBase64(text)).Should().Equal(HistogramEncoder.Encode(histogram));
        HistogramEncoder.Encode(HistogramEncoding.FromBytes(bytes)).Should().Equal(HistogramEncoder.Encode(histogram));
    }

    [Fact]
    public void The_uncompressed_pair_writes_the_plain_V2_bytes_and_is_larger_than_the_compressed_form_here()
    {
        var histogram = Sample();

        string text = HistogramEncoding.ToUncompressedBase64(histogram);
        byte[] bytes = HistogramEncoding.ToUncompressedBytes(histogram);

        bytes.Should().Equal(HistogramEncoder.Encode(histogram));
        text.Should().Be(HistogramEncoder.EncodeToBase64(histogram)).And.Be(Convert.ToBase64String(bytes));
        BinaryPrimitives.ReadInt32BigEndian(bytes).Should().Be(UncompressedV2Cookie);
        text.Length.Should().BeGreaterThan(HistogramEncoding.ToCompressedBase64(histogram).Length * 10);
        HistogramEncoder.Encode(HistogramEncoding.FromBase64(text)).Should().Equal(bytes);
        HistogramEncoder.Encode(HistogramEncoding.FromBytes(bytes)).Should().Equal(bytes);
    }

    [Fact]
    public void Misuse_and_bad_input_throw_what_the_other_spellings_throw()
    {
        FluentActions.Invoking(() => HistogramEncoding.ToCompressedBase64(null!)).Should().Throw<ArgumentNullException>();
        FluentActions.Invoking(() => HistogramEncoding.ToUncompressedBytes(null!)).Should().Throw<ArgumentNullException>();
        FluentActions.Invoking(() => HistogramEncoding.FromBase64(null!)).Should().Throw<ArgumentNullException>();
        FluentActions.Invoking(() => HistogramEncoding.FromBase64("not base64!")).Should().Throw<HistogramFormatException>();
        FluentActions.Invoking(() => HistogramEncoding.FromBytes(new byte[] { 1, 2, 3 })).Should().Throw<HistogramFormatException>();
    }
}
