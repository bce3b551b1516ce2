using System.Buffers;
using System.Buffers.Binary;

namespace HdrHistogram.UnitTests.Encoding;

/// <summary>Streams (read one byte at a time) and multi-segment sequences decode exactly like contiguous spans.</summary>
public class StreamAndSequenceTests
{
    public static IEnumerable<object[]> ValidInputs()
    {
        var decoder = new HistogramDecoder();
        foreach (var (name, bytes) in EncodingTestSupport.AllEncodedInputs(includeLarge: false))
        {
            bool valid;
            try
            {
                decoder.Decode(bytes);
                valid = true;
            }
            catch (HistogramFormatException)
            {
                valid = false;
            }

            if (valid)
            {
                yield return new object[] { name };
            }
        }
    }

    [Trait("Category", "Heavy")]
    [Theory]
    [MemberData(nameof(ValidInputs))]
    public void A_one_byte_at_a_time_stream_and_one_byte_segments_decode_the_same(string name)
    {
        byte[] bytes = Input(name);
        var decoder = new HistogramDecoder();
        var expected = decoder.Decode(bytes);
        byte[] expectedV2 = HistogramEncoder.Encode(expected);

        var stream = new TrickleStream(bytes, 1);
        var fromStream = decoder.Decode(stream);
        stream.Position.Should().Be(bytes.Length, "exactly the histogram's bytes are read");
        fromStream.Equals(expected).Should().BeTrue();
        HistogramEncoder.Encode(fromStream).Should().Equal(expectedV2);

        var fromSequence = decoder.Decode(Segment.Split(bytes, 1));
        fromSequence.Equals(expected).Should().BeTrue();
        HistogramEncoder.Encode(fromSequence).Should().Equal(expectedV2);

        HistogramEncoder.Encode(decoder.Decode(new ReadOnlySequence<byte>(bytes))).Should().Equal(expectedV2, "single segment");
        HistogramEncoder.Encode(decoder.Decode(Segment.Split(bytes, 13))).Should().Equal(expectedV2);

        var target = expected.Copy();
        target.Reset();
        decoder.DecodeInto(new TrickleStream(bytes, 3), target);
        HistogramEncoder.Encode(target).Should().Equal(expectedV2);
        target.Reset();
        decoder.DecodeInto(Segment.Split(bytes, 1), target);
        HistogramEncoder.Encode(target).Should().Equal(expectedV2);

        string base64 = Convert.ToBase64String(bytes);
        HistogramEncoder.Encode(decoder.DecodeFromBase64(base64)).Should().Equal(expectedV2);
        HistogramEncoder.Encode(decoder.DecodeFromBase64Utf8(System.Text.Encoding.ASCII.GetBytes(base64))).Should().Equal(expectedV2);
        target.Reset();
        decoder.DecodeFromBase64Into(base64.AsSpan(), target);
        HistogramEncoder.Encode(target).Should().Equal(expectedV2);
    }

    [Fact]
    public void Consecutive_histograms_are_read_from_a_stream_one_by_one()
    {
        var inputs = EncodingTestSupport.AllEncodedInputs(includeLarge: false)
            .Where(i => !i.Name.StartsWith("decode/", StringComparison.Ordinal) || i.Name.Contains("legacy", StringComparison.Ordinal))
            .Take(40)
            .Select(i => i.Bytes)
            .ToList();
        byte[] all = inputs.SelectMany(b => b).ToArray();

        var decoder = new HistogramDecoder();
        foreach (int chunk in new[] { 1, 7, 4096 })
        {
            var stream = new TrickleStream(all, chunk);
            var sequence = new ReadOnlySequence<byte>(all);
            int offset = 0;
            foreach (byte[] expected in inputs)
            {
                var h = decoder.Decode(stream);
                HistogramEncoder.Encode(h).Should().Equal(HistogramEncoder.Encode(decoder.Decode(expected)));
                offset += expected.Length;
                stream.Position.Should().Be(offset);

                decoder.Decode(all.AsSpan(offset - expected.Length), out int consumed);
                consumed.Should().Be(expected.Length, "the span decoder reports the histogram's length");
                decoder.Decode(sequence.Slice(offset - expected.Length)).Equals(h).Should().BeTrue("trailing data is ignored");
            }

            var atEnd = () => decoder.Decode(stream);
            atEnd.Should().Throw<HistogramFormatException>().WithMessage("*stream ends after 0 byte(s)*");
        }
    }

    [Fact]
    public void A_stream_that_ends_inside_the_histogram_is_a_format_error()
    {
        byte[] plain = EncodingTestSupport.WorkloadBytes("int-dense");
        byte[] compressed = EncodingTestSupport.WorkloadCompressedBytes("int-dense");
        var decoder = new HistogramDecoder();
        foreach (byte[] bytes in new[] { plain, compressed })
        {
            foreach (int length in new[] { 0, 1, 3, 4, 7, 8, 20, 39, 40, 41, bytes.Length - 1 })
            {
                var act = () => decoder.Decode(new TrickleStream(bytes.AsSpan(0, length).ToArray(), 5));
                act.Should().Throw<HistogramFormatException>().WithMessage("*stream ends*");
            }
        }
    }

    [Fact]
    public void A_stream_with_an_invalid_header_fails_before_reading_the_payload()
    {
        byte[] bytes = (byte[])EncodingTestSupport.WorkloadBytes("int-dense").Clone();
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(12), 9); // digits
        var stream = new TrickleStream(bytes, 1);
        var act = () => new HistogramDecoder().Decode(stream);
        act.Should().Throw<HistogramFormatException>().Which.ByteOffset.Should().Be(12);
        stream.Position.Should().Be(40, "only the header was read");

        byte[] compressed = (byte[])EncodingTestSupport.WorkloadCompressedBytes("int-dense").Clone();
        BinaryPrimitives.WriteInt32BigEndian(compressed.AsSpan(4), int.MaxValue);
        stream = new TrickleStream(compressed, 1);
        act = () => new HistogramDecoder().Decode(stream);
        act.Should().Throw<HistogramFormatException>().Which.ByteOffset.Should().Be(4);
        stream.Position.Should().Be(8);

        var nullStream = () => new HistogramDecoder().Decode((Stream)null!);
        nullStream.Should().Throw<ArgumentNullException>();
    }

    [Fact]
    public void A_truncated_multi_segment_sequence_is_a_format_error()
    {
        byte[] bytes = EncodingTestSupport.WorkloadBytes("int-dense");
        var decoder = new HistogramDecoder();
        foreach (int length in new[] { 0, 2, 5, 39, 40, 100, bytes.Length - 1 })
        {
            var act = () => decoder.Decode(Segment.Split(bytes.AsSpan(0, length).ToArray(), 3));
            act.Should().Throw<HistogramFormatException>();
        }
    }

    private static byte[] Input(string name)
        => EncodingTestSupport.AllEncodedInputs(includeLarge: false).First(i => i.Name == name).Bytes;
}
