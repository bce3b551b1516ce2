using System.Buffers.Binary;
using System.Diagnostics;
using System.IO.Compression;
using HdrHistogram.Iteration;
using HdrHistogram.Persistence;
using HdrHistogram.UnitTests.Encoding;
using HdrHistogram.Utilities;

namespace HdrHistogram.UnitTests.Upstream250;

/// <summary>
/// The members HdrHistogram 2.5.0 has and this library added for it (eng/check-api-compat.sh proves they exist with
/// 2.5.0's signatures; these tests prove they work).
/// </summary>
public class Upstream250ApiTests
{
    private static readonly DateTime Start = new(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc);

    [Fact]
    public void Static_Read_can_be_enumerated_after_it_returns()
    {
        var first = new LongHistogram(1_000_000, 3);
        first.RecordValueWithCount(100, 3);
        var second = new LongHistogram(1_000_000, 3);
        second.RecordValue(200_000);
        using var log = new MemoryStream();
        using (var writer = new HistogramLogWriter(log))
        {
            writer.Write(Start, first, second);
        }

        // 2.5.0 disposes its reader before this enumeration runs and throws ObjectDisposedException here.
        var intervals = HistogramLogReader.Read(new MemoryStream(log.ToArray())).ToList();

        intervals.Select(h => h.TotalCount).Should().Equal(3, 1);
        intervals[0].GetCountAtValue(100).Should().Be(3);
        intervals[1].GetMaxValue().Should().Be(second.GetMaxValue());
    }

    [Fact]
    public void HistogramLogReader_is_a_2_5_0_IHistogramLogV1Reader()
    {
        var histogram = new LongHistogram(1_000_000, 3);
        histogram.RecordValue(7);
        using var log = new MemoryStream();
        HistogramLogWriter.Write(log, Start, histogram);

        using var reader = new HistogramLogReader(new MemoryStream(log.ToArray()));
        ReadThroughInterface(reader).Single().GetCountAtValue(7).Should().Be(1);

        static IEnumerable<HistogramBase> ReadThroughInterface(IHistogramLogV1Reader v1Reader) => v1Reader.ReadHistograms();
    }

    [Fact]
    public void No_public_type_name_is_in_two_namespaces()
    {
        var duplicated = typeof(HistogramBase).Assembly.GetExportedTypes()
            .GroupBy(t => t.Name)
            .Where(g => g.Count() > 1)
            .Select(g => string.Join(", ", g.Select(t => t.FullName)));

        duplicated.Should().BeEmpty("using both namespaces must never make a type name ambiguous");
    }

    [Theory]
    [InlineData("sparse-few-values-wide")]
    [InlineData("sparse-zero-run-boundaries")]
    [InlineData("alternating-zero-runs-of-1")]
    [InlineData("long-counts-zigzag-boundaries")]
    [InlineData("lowest-1000-latency-sd3")]
    [InlineData("dense-1-to-20000-sd2-varcounts")]
    public void Encoder_given_foreign_recorded_data_writes_Javas_V2_bytes(string name)
    {
        var c = JavaCase.Load(name);
        var histogram = c.Replay();
        var data = new RecordedData(histogram);
        var actual = ByteBuffer.Allocate(histogram.GetNeededByteBufferCapacity());

        int length = new HistogramEncoderV2().Encode(data, actual);

        length.Should().Be(c.V2.Length);
        actual.ToArray().Take(length).Should().Equal(c.V2, "Java 2.2.2 encoded the same counts to these bytes");
    }

    [Fact]
    public void Encode_with_a_custom_encoder_hands_it_the_histograms_recorded_data()
    {
        var histogram = new IntHistogram(10, 100_000, 2);
        histogram.RecordValueWithCount(5000, 4);
        histogram.RecordValue(90_000);
        var encoder = new CapturingEncoder();

        histogram.Encode(ByteBuffer.Allocate(16), encoder).Should().Be(7);

        var data = encoder.Data!;
        data.Cookie.Should().Be(0x1c849313);
        data.LowestDiscernibleValue.Should().Be(10);
        data.HighestTrackableValue.Should().Be(100_000);
        data.NumberOfSignificantValueDigits.Should().Be(2);
        data.IntegerToDoubleValueConversionRatio.Should().Be(1.0);
        data.Counts.Sum().Should().Be(5);
        data.Counts[histogram.CountsArrayIndex(5000)].Should().Be(4);
        data.Counts[histogram.CountsArrayIndex(90_000)].Should().Be(1);
    }

    [Fact]
    public void DecodeFromByteBuffer_reads_the_counts_from_the_decompressor()
    {
        var histogram = new LongHistogram(1_000_000, 3);
        histogram.RecordValueWithCount(12, 5);
        histogram.RecordValue(999_000);
        var plain = ByteBuffer.Allocate(histogram.GetNeededByteBufferCapacity());
        int length = histogram.EncodeIntoByteBuffer(plain);
        byte[] bytes = plain.ToArray();
        using var deflated = new MemoryStream();
        using (var deflate = new DeflateStream(deflated, CompressionLevel.Optimal, leaveOpen: true))
        {
            deflate.Write(bytes, 40, length - 40);
        }

        deflated.Position = 0;
        using var decompressor = new DeflateStream(deflated, CompressionMode.Decompress);
        var header = ByteBuffer.Allocate(bytes.Take(40).ToArray());

        var decoded = HistogramEncoding.DecodeFromByteBuffer(header, 0, decompressor);

        decoded.Should().Be(histogram);
        header.Position.Should().Be(40);
        plain.Position = 0;
        HistogramEncoding.DecodeFromByteBuffer(plain, 0, null).Should().Be(histogram);
    }

    [Fact]
    public void GetEncodingCookie_is_the_V2_cookie()
        => new ShortHistogram(1000, 1).GetEncodingCookie().Should().Be(0x1c849313);

    [Fact]
    public void V2_counts_decoder_reads_the_payload_the_encoder_wrote()
    {
        var histogram = new LongHistogram(1_000_000, 2);
        histogram.RecordValueWithCount(3, 2);
        histogram.RecordValue(500_000);
        var buffer = ByteBuffer.Allocate(histogram.GetNeededByteBufferCapacity());
        int length = histogram.EncodeIntoByteBuffer(buffer);
        buffer.Position = 40;
        var counts = new Dictionary<int, long>();

        int covered = CountsDecoder.GetDecoderForWordSize(9).ReadCounts(buffer, length - 40, histogram.CountsArrayLength, (i, c) => counts[i] = c);

        covered.Should().Be(histogram.CountsArrayIndex(500_000) + 1);
        buffer.Position.Should().Be(length);
        counts.Where(kv => kv.Value != 0).Should().BeEquivalentTo(new Dictionary<int, long>
        {
            [histogram.CountsArrayIndex(3)] = 2,
            [histogram.CountsArrayIndex(500_000)] = 1,
        });
    }

    [Theory]
    [InlineData(2, new byte[] { 0, 1, 0, 0, 0x7f, 0xff }, new long[] { 1, 0, short.MaxValue })]
    [InlineData(4, new byte[] { 0, 0, 0, 9, 0x80, 0, 0, 0 }, new long[] { 9, int.MinValue })]
    [InlineData(8, new byte[] { 0, 0, 0, 1, 0, 0, 0, 0 }, new long[] { 1L << 32 })]
    public void Fixed_width_counts_decoders_read_big_endian_words(int wordSize, byte[] payload, long[] expected)
    {
        var decoder = CountsDecoder.GetDecoderForWordSize(wordSize);
        var counts = new List<long>();

        int covered = decoder.ReadCounts(ByteBuffer.Allocate(payload), payload.Length, 10, (i, c) => counts.Add(c));

        decoder.WordSize.Should().Be(wordSize);
        covered.Should().Be(expected.Length);
        counts.Should().Equal(expected);
    }

    [Fact]
    public void Counts_decoders_reject_counts_beyond_the_target_and_unknown_word_sizes()
    {
        var twoCounts = ByteBuffer.Allocate(new byte[] { 0, 1, 0, 2 });
        FluentActions.Invoking(() => CountsDecoder.GetDecoderForWordSize(2).ReadCounts(twoCounts, 4, 1, (_, _) => { }))
            .Should().Throw<HistogramFormatException>().WithMessage("*2 counts*1*");
        var zeroRun = ByteBuffer.Allocate(new byte[] { 0x13 }); // zig-zag -10: ten zero counts
        FluentActions.Invoking(() => CountsDecoder.GetDecoderForWordSize(9).ReadCounts(zeroRun, 1, 5, (_, _) => { }))
            .Should().Throw<HistogramFormatException>().WithMessage("*zero run of 10 counts at index 0*past the end*(length 5)*");
        FluentActions.Invoking(() => CountsDecoder.GetDecoderForWordSize(9).ReadCounts(ByteBuffer.Allocate(4), 5, 5, (_, _) => { }))
            .Should().Throw<HistogramFormatException>().WithMessage("*length 5*4 remaining*");
        FluentActions.Invoking(() => CountsDecoder.GetDecoderForWordSize(3)).Should().Throw<ArgumentOutOfRangeException>();
    }

    [Theory]
    [MemberData(nameof(Net250Fixture.PayloadNames), MemberType = typeof(Net250Fixture))]
    public void V2_counts_decoder_reads_what_2_5_0_wrote_into_the_counts_the_decoder_gives(string name)
    {
        byte[] bytes = Net250Fixture.Plain(name);
        var decoded = HistogramEncoding.Decode(bytes);
        int payloadLength = BinaryPrimitives.ReadInt32BigEndian(bytes.AsSpan(4));
        var buffer = ByteBuffer.Allocate(bytes);
        buffer.Position = 40;
        var counts = new long[decoded.CountsArrayLength];

        int covered = CountsDecoder.GetDecoderForWordSize(9).ReadCounts(buffer, payloadLength, counts.Length, (i, c) => counts[i] = c);

        counts.ShouldEqualSequence(Enumerable.Range(0, counts.Length).Select(decoded.GetCountAtIndex), name);
        counts.Sum().Should().Be(Net250Fixture.Expected(name).GetProperty("totalCount").GetInt64(), "2.5.0 recorded that many");
        covered.Should().Be(decoded.CountsArrayIndex(decoded.GetMaxValue()) + 1, "2.5.0 wrote the counts through the maximum's");
        buffer.Position.Should().Be(40 + payloadLength);
    }

    [Theory]
    [InlineData("legacy-v1-word2")]
    [InlineData("legacy-v1-word4")]
    [InlineData("legacy-v1-word8")]
    [InlineData("legacy-v0-word8-full-array")]
    public void Fixed_width_counts_decoders_read_Javas_V1_and_V0_payloads_into_the_counts_the_decoder_gives(string name)
    {
        byte[] bytes = EncodingTestSupport.Base64(EncodingTestSupport.DecodeFixture(name), "bytes");
        var decoded = HistogramEncoding.Decode(bytes);
        var cookie = CookieInfo.Parse(BinaryPrimitives.ReadInt32BigEndian(bytes), DecodeErrors.Input);
        int payloadLength = cookie.Version == EncodingVersion.V0 ? bytes.Length - cookie.HeaderLength : BinaryPrimitives.ReadInt32BigEndian(bytes.AsSpan(4));
        var buffer = ByteBuffer.Allocate(bytes);
        buffer.Position = cookie.HeaderLength;
        var counts = new List<(int Index, long Count)>();

        int covered = CountsDecoder.GetDecoderForWordSize(cookie.WordSize).ReadCounts(buffer, payloadLength, decoded.CountsArrayLength, (i, c) => counts.Add((i, c)));

        covered.Should().Be(payloadLength / cookie.WordSize);
        counts.ShouldEqualSequence(Enumerable.Range(0, covered).Select(i => (i, decoded.GetCountAtIndex(i))), name + ": every word, zeros included, in order");
        counts.Sum(c => c.Count).Should().Be(decoded.TotalCount);
    }

    [Theory]
    [MemberData(nameof(Net250Fixture.PayloadNames), MemberType = typeof(Net250Fixture))]
    public void Encoder_given_foreign_recorded_data_writes_the_bytes_2_5_0_wrote(string name)
    {
        byte[] expected = Net250Fixture.Plain(name);
        var histogram = HistogramEncoding.Decode(expected);
        var actual = ByteBuffer.Allocate(histogram.GetNeededByteBufferCapacity());

        int length = HistogramEncoderV2.Instance.Encode(new RecordedData(histogram), actual);

        actual.ToArray().Should().Equal(expected, "2.5.0 encoded the same counts to these bytes");
        length.Should().Be(expected.Length);
        HistogramEncoder.Encode(histogram).Should().Equal(expected, "the histogram's own encoder writes the same bytes");
    }

    [Fact]
    public void Encoder_given_foreign_recorded_data_refuses_a_negative_count_and_a_short_buffer_and_writes_nothing()
    {
        var histogram = new LongHistogram(1000, 2);
        histogram.RecordValue(5);
        var data = new RecordedData(histogram);
        data.Counts[7] = -3;
        var buffer = ByteBuffer.Allocate(100);

        FluentActions.Invoking(() => HistogramEncoderV2.Instance.Encode(data, buffer))
            .Should().Throw<InvalidOperationException>().WithMessage("*negative count (-3) at index 7.");
        data.Counts[7] = 0;
        FluentActions.Invoking(() => HistogramEncoderV2.Instance.Encode(data, ByteBuffer.Allocate(41)))
            .Should().Throw<InvalidOperationException>().WithMessage("*needs 42 bytes*41 remaining*");
        buffer.Position.Should().Be(0);
    }

    [Fact]
    public void Unix_time_extensions_convert_both_ways()
    {
        Start.MillisecondsSinceUnixEpoch().Should().Be(1_704_164_645_000);
        Start.AddMilliseconds(250).SecondsSinceUnixEpoch().Should().Be(1_704_164_645.25);
        1_704_164_645_000L.ToDateFromMillisecondsSinceEpoch().Should().Be(Start).And.BeIn(DateTimeKind.Utc);
        1_704_164_645.25.ToDateFromSecondsSinceEpoch().Should().Be(Start.AddMilliseconds(250));
        FluentActions.Invoking(() => double.NaN.ToDateFromSecondsSinceEpoch()).Should().Throw<ArgumentOutOfRangeException>();
    }

    [Fact]
    public void IsLastValue_marks_only_the_100th_percentile_step()
    {
        var histogram = new LongHistogram(1_000_000, 3);
        histogram.RecordValue(10);
        histogram.RecordValue(1000);

        var steps = histogram.Percentiles(1).ToList();

        steps.Select(s => s.IsLastValue()).Should().Equal(steps.Select(s => s.PercentileLevelIteratedTo == 100.0));
        steps.Last().IsLastValue().Should().BeTrue();
        steps.Count(s => s.IsLastValue()).Should().Be(1);
        var empty = new HistogramIterationValue();
        empty.ValueIteratedTo.Should().Be(0);
        empty.IsLastValue().Should().BeFalse();
    }

    [Fact]
    public void Static_forms_of_the_queries_match_the_instance_methods()
    {
        var histogram = new LongHistogram(1_000_000, 3);
        histogram.RecordValueWithCount(100, 3);
        histogram.RecordValue(5000);
        var target = new LongHistogram(1_000_000, 3);

        HistogramExtensions.GetMean(histogram).Should().Be(1325.5); // (3 × 100 + 5002, the median of 5000..5003) / 4
        HistogramExtensions.GetMaxValue(histogram).Should().Be(histogram.GetMaxValue());
        HistogramExtensions.GetStdDeviation(histogram).Should().Be(histogram.GetStdDeviation());
        HistogramExtensions.HighestEquivalentValue(histogram, 5000).Should().Be(5003);
        HistogramExtensions.Percentiles(histogram, 1).Count().Should().Be(histogram.Percentiles(1).Count());
        HistogramExtensions.CopyInto(histogram, target);
        target.Should().Be(histogram);
        TimeStamp.Hours(2).Should().Be(Stopwatch.Frequency * 7200).And.Be(TimeStamp.Hours(2L));
        new[] { 1, 2 }.IsSequenceEqual(new[] { 1, 2 }).Should().BeTrue();
        new[] { 1, 2 }.IsSequenceEqual(new[] { 2, 1 }).Should().BeFalse();
        ((int[]?)null).IsSequenceEqual(null).Should().BeTrue();
    }

    private sealed class RecordedData : IRecordedData
    {
        public RecordedData(HistogramBase histogram)
        {
            LowestDiscernibleValue = histogram.LowestTrackableValue;
            HighestTrackableValue = histogram.HighestTrackableValue;
            NumberOfSignificantValueDigits = histogram.NumberOfSignificantValueDigits;
            Counts = Enumerable.Range(0, histogram.CountsArrayLength).Select(i => histogram.GetCountAtIndex(i)).ToArray();
        }

        public int Cookie => 0x1c849313;

        public long LowestDiscernibleValue { get; }

        public long HighestTrackableValue { get; }

        public int NumberOfSignificantValueDigits { get; }

        public int NormalizingIndexOffset => 0;

        public double IntegerToDoubleValueConversionRatio => 1.0;

        public long[] Counts { get; }
    }

    private sealed class CapturingEncoder : IEncoder
    {
        public IRecordedData? Data { get; private set; }

        public int Encode(IRecordedData data, ByteBuffer buffer)
        {
            Data = data;
            return 7;
        }
    }
}
