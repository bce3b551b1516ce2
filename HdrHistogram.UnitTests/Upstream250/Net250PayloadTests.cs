using System.Buffers;
using System.Text.Json;
using HdrHistogram.UnitTests.Encoding;
using HdrHistogram.Utilities;

namespace HdrHistogram.UnitTests.Upstream250;

/// <summary>
/// Payloads written by the published HdrHistogram 2.5.0 package (Fixtures/Net250/) decode, through every decoder
/// entry point, to exactly what 2.5.0 reported about the histogram before encoding it. Its compressed payloads carry
/// the histogram followed by zeros up to its encoding buffer's capacity; the large ones (thousands of buckets) are
/// those 2.5.0 itself cannot read back.
/// </summary>
public class Net250PayloadTests
{
    public static TheoryData<string> Payloads()
    {
        var data = new TheoryData<string>();
        foreach (var name in Net250Fixture.PayloadNames())
        {
            data.Add((string)name[0]);
        }

        return data;
    }

    [Fact]
    public void The_fixtures_cover_every_2_5_0_histogram_type_and_the_large_ones_2_5_0_cannot_read_back()
    {
        var expected = Net250Fixture.PayloadNames().Select(p => Net250Fixture.Expected((string)p[0])).ToList();
        expected.Select(e => e.GetProperty("type").GetString()).Distinct().Should().BeEquivalentTo(
            "LongHistogram", "IntHistogram", "ShortHistogram", "LongConcurrentHistogram", "IntConcurrentHistogram");

        // 2.5.0 fails on its own large compressed payloads: "The buffer does not contain the indicated payload amount".
        var unreadable = expected.Where(e => !e.GetProperty("readBackBy250Compressed").GetBoolean()).ToList();
        unreadable.Select(e => e.GetProperty("name").GetString()).Should().Contain(new[]
        {
            "long-large", "int-large", "short-large", "long-concurrent-large", "int-concurrent-large",
        });
        unreadable.Should().OnlyContain(e => e.GetProperty("readBackBy250CompressedError").GetString()!.Contains("indicated payload amount"));
        unreadable.Should().OnlyContain(e => e.GetProperty("buckets").GetArrayLength() > 5000);
    }

    [Theory]
    [MemberData(nameof(Payloads))]
    public void The_compressed_fixture_inflates_to_the_histogram_and_zeros_up_to_2_5_0s_buffer_capacity(string name)
    {
        // Checked with the platform's inflater, not this library's: the fixture really exercises the zero padding.
        var expected = Net250Fixture.Expected(name);
        byte[] inflated = Net250Fixture.InflateIndependently(Net250Fixture.Compressed(name));
        byte[] plain = Net250Fixture.Plain(name);

        inflated.Length.Should().Be(expected.GetProperty("bufferCapacity").GetInt32());
        inflated.AsSpan(0, plain.Length).ToArray().Should().Equal(plain, "2.5.0 compresses the same V2 encoding it writes plain");
        inflated.Skip(plain.Length).Should().OnlyContain(b => b == 0);
        (inflated.Length - plain.Length).Should().BeGreaterThan(1000);
    }

    [Theory]
    [MemberData(nameof(Payloads))]
    public void Compressed_payloads_decode_from_a_span(string name)
    {
        var expected = Net250Fixture.Expected(name);
        byte[] bytes = Net250Fixture.Compressed(name);
        using var decoder = new HistogramDecoder();

        Net250Fixture.ShouldMatch(decoder.Decode(bytes), expected, "Decode(span)");

        // Followed by other data (a file of several payloads): exactly the payload is consumed.
        byte[] followed = bytes.Concat(new byte[] { 1, 2, 3 }).ToArray();
        Net250Fixture.ShouldMatch(decoder.Decode(followed, out int consumed), expected, "Decode(span, out consumed)");
        consumed.Should().Be(bytes.Length);

        Net250Fixture.ShouldMatch((HistogramBase)decoder.DecodeAny(bytes), expected, "DecodeAny(span)");
        Net250Fixture.ShouldMatch(HistogramEncoding.Decode(bytes), expected, "HistogramEncoding.Decode(span)");
    }

    [Theory]
    [MemberData(nameof(Payloads))]
    public void Compressed_payloads_decode_into_an_existing_histogram_of_2_5_0s_type(string name)
    {
        var expected = Net250Fixture.Expected(name);
        byte[] bytes = Net250Fixture.Compressed(name);
        using var decoder = new HistogramDecoder();
        var target = NewOfExpectedType(expected);
        target.RecordValue(1); // overwritten: DecodeInto resets first

        decoder.DecodeInto(bytes, target);
        target.GetType().Name.Should().Be(expected.GetProperty("type").GetString());
        Net250Fixture.ShouldMatch(target, expected, "DecodeInto(span)");

        decoder.DecodeInto(bytes, target); // reused
        Net250Fixture.ShouldMatch(target, expected, "DecodeInto(span) again");

        decoder.DecodeInto(new ReadOnlySequence<byte>(bytes), target);
        Net250Fixture.ShouldMatch(target, expected, "DecodeInto(sequence)");
        decoder.DecodeInto(Segment.Split(bytes, 7), target);
        Net250Fixture.ShouldMatch(target, expected, "DecodeInto(multi-segment sequence)");
        decoder.DecodeInto(new TrickleStream(bytes, 3), target);
        Net250Fixture.ShouldMatch(target, expected, "DecodeInto(stream)");
        decoder.DecodeFromBase64Into(Convert.ToBase64String(bytes).AsSpan(), target);
        Net250Fixture.ShouldMatch(target, expected, "DecodeFromBase64Into");
        decoder.DecodeFromBase64Utf8Into(System.Text.Encoding.ASCII.GetBytes(Convert.ToBase64String(bytes)), target);
        Net250Fixture.ShouldMatch(target, expected, "DecodeFromBase64Utf8Into");
    }

    [Theory]
    [MemberData(nameof(Payloads))]
    public void Compressed_payloads_decode_from_sequences_streams_and_base64(string name)
    {
        var expected = Net250Fixture.Expected(name);
        byte[] bytes = Net250Fixture.Compressed(name);
        using var decoder = new HistogramDecoder();

        Net250Fixture.ShouldMatch(decoder.Decode(new ReadOnlySequence<byte>(bytes)), expected, "Decode(sequence)");
        Net250Fixture.ShouldMatch(decoder.Decode(Segment.Split(bytes, 5)), expected, "Decode(multi-segment sequence)");
        Net250Fixture.ShouldMatch((HistogramBase)decoder.DecodeAny(Segment.Split(bytes, 64)), expected, "DecodeAny(sequence)");

        // A stream of two payloads, read one by one, a byte at a time.
        var stream = new TrickleStream(bytes.Concat(bytes).ToArray(), 1);
        Net250Fixture.ShouldMatch(decoder.Decode(stream), expected, "Decode(stream), first");
        Net250Fixture.ShouldMatch((HistogramBase)decoder.DecodeAny(stream), expected, "DecodeAny(stream), second");
        Net250Fixture.ShouldMatch(HistogramEncoding.Decode(new MemoryStream(bytes)), expected, "HistogramEncoding.Decode(stream)");

        string base64 = Convert.ToBase64String(bytes);
        Net250Fixture.ShouldMatch(decoder.DecodeFromBase64(base64), expected, "DecodeFromBase64");
        Net250Fixture.ShouldMatch(decoder.DecodeFromBase64Utf8(System.Text.Encoding.ASCII.GetBytes(base64)), expected, "DecodeFromBase64Utf8");
        Net250Fixture.ShouldMatch((HistogramBase)decoder.DecodeAnyFromBase64(base64), expected, "DecodeAnyFromBase64");
        Net250Fixture.ShouldMatch(HistogramEncoding.DecodeFromBase64(base64), expected, "HistogramEncoding.DecodeFromBase64");
    }

    [Theory]
    [MemberData(nameof(Payloads))]
    public void Compressed_payloads_decode_as_each_count_type(string name)
    {
        var expected = Net250Fixture.Expected(name);
        byte[] bytes = Net250Fixture.Compressed(name);
        var countType = CountTypeOf(expected);
        using var decoder = new HistogramDecoder();

        var decoded = decoder.Decode(bytes, countType);
        decoded.GetType().Name.Should().Be(expected.GetProperty("type").GetString());
        Net250Fixture.ShouldMatch(decoded, expected, "Decode(span, " + countType + ")");
        Net250Fixture.ShouldMatch(decoder.Decode(new MemoryStream(bytes), countType), expected, "Decode(stream, " + countType + ")");
    }

    [Theory]
    [MemberData(nameof(Payloads))]
    public void A_program_written_against_2_5_0_reads_them_as_2_5_0_reads_its_own(string name)
    {
        // 2.5.0's API: DecodeFromCompressedByteBuffer / DecodeFromByteBuffer over a ByteBuffer, as 2.5.0's callers do.
        var expected = Net250Fixture.Expected(name);
        var buffer = ByteBuffer.Allocate(Net250Fixture.Compressed(name));
        var decoded = HistogramEncoding.DecodeFromCompressedByteBuffer(buffer, 0);
        Net250Fixture.ShouldMatch(decoded, expected, "DecodeFromCompressedByteBuffer");
        buffer.Position.Should().Be(expected.GetProperty("compressedLength").GetInt32());

        var plain = ByteBuffer.Allocate(Net250Fixture.Plain(name));
        Net250Fixture.ShouldMatch(HistogramEncoding.DecodeFromByteBuffer(plain, 0), expected, "DecodeFromByteBuffer");
    }

    [Theory]
    [MemberData(nameof(Payloads))]
    public void Plain_payloads_decode_through_every_entry_point(string name)
    {
        var expected = Net250Fixture.Expected(name);
        byte[] bytes = Net250Fixture.Plain(name);
        using var decoder = new HistogramDecoder();

        Net250Fixture.ShouldMatch(decoder.Decode(bytes), expected, "Decode(span)");
        Net250Fixture.ShouldMatch(decoder.Decode(Segment.Split(bytes, 9)), expected, "Decode(multi-segment sequence)");
        Net250Fixture.ShouldMatch(decoder.Decode(new TrickleStream(bytes, 2)), expected, "Decode(stream)");
        Net250Fixture.ShouldMatch(decoder.DecodeFromBase64(Convert.ToBase64String(bytes)), expected, "DecodeFromBase64");

        // 2.5.0's whole encoding buffer (the histogram, then zeros up to its capacity): the histogram is read, the rest left.
        byte[] wholeBuffer = new byte[expected.GetProperty("bufferCapacity").GetInt32()];
        bytes.CopyTo(wholeBuffer, 0);
        Net250Fixture.ShouldMatch(decoder.Decode(wholeBuffer, out int consumed), expected, "Decode(whole 2.5.0 buffer)");
        consumed.Should().Be(bytes.Length);

        var target = NewOfExpectedType(expected);
        decoder.DecodeInto(bytes, target);
        Net250Fixture.ShouldMatch(target, expected, "DecodeInto(span)");
        decoder.DecodeInto(new MemoryStream(wholeBuffer), target);
        Net250Fixture.ShouldMatch(target, expected, "DecodeInto(stream of the whole buffer)");
    }

    internal static HistogramBase NewOfExpectedType(JsonElement expected)
    {
        long lowest = expected.GetProperty("lowestTrackableValue").GetInt64();
        long highest = expected.GetProperty("highestTrackableValue").GetInt64();
        int digits = expected.GetProperty("significantDigits").GetInt32();
        return expected.GetProperty("type").GetString() switch
        {
            "LongHistogram" => new LongHistogram(lowest, highest, digits),
            "IntHistogram" => new IntHistogram(lowest, highest, digits),
            "ShortHistogram" => new ShortHistogram(lowest, highest, digits),
            "LongConcurrentHistogram" => new LongConcurrentHistogram(lowest, highest, digits),
            "IntConcurrentHistogram" => new IntConcurrentHistogram(lowest, highest, digits),
            var other => throw new InvalidOperationException("Unknown 2.5.0 histogram type " + other),
        };
    }

    private static HistogramCountType CountTypeOf(JsonElement expected) => expected.GetProperty("type").GetString() switch
    {
        "LongHistogram" => HistogramCountType.Long,
        "IntHistogram" => HistogramCountType.Int,
        "ShortHistogram" => HistogramCountType.Short,
        "LongConcurrentHistogram" => HistogramCountType.LongConcurrent,
        "IntConcurrentHistogram" => HistogramCountType.IntConcurrent,
        var other => throw new InvalidOperationException("Unknown 2.5.0 histogram type " + other),
    };
}
