namespace HdrHistogram.UnitTests.Encoding;

/// <summary>The benchmark workloads: Java's bytes decode to Java's statistics and re-encode to the same bytes.</summary>
public class WorkloadEncodingTests
{
    public static IEnumerable<object[]> Workloads => EncodingTestSupport.WorkloadNameData();

    [Theory]
    [MemberData(nameof(Workloads))]
    public void Decoding_the_workload_gives_Javas_statistics_and_re_encodes_to_the_same_bytes(string name)
    {
        var w = EncodingTestSupport.Workload(name);
        byte[] hdr = EncodingTestSupport.WorkloadBytes(name);
        hdr.Length.Should().Be(w.GetProperty("v2Length").GetInt32());

        var decoder = new HistogramDecoder();
        var h = decoder.Decode(hdr);
        h.ShouldMatchSummary(w, name);
        HistogramEncoder.Encode(h).Should().Equal(hdr);

        var fromCompressed = decoder.Decode(EncodingTestSupport.WorkloadCompressedBytes(name));
        fromCompressed.Equals(h).Should().BeTrue();
        HistogramEncoder.Encode(fromCompressed).Should().Equal(hdr);

        var header = w.GetProperty("v2Header");
        h.HighestTrackableValue.Should().Be(header.GetProperty("highestTrackableValue").GetInt64());
        h.NumberOfSignificantValueDigits.Should().Be(header.GetProperty("numberOfSignificantValueDigits").GetInt32());
    }

    [Theory]
    [MemberData(nameof(Workloads))]
    public void Our_compressed_workload_round_trips(string name)
    {
        byte[] hdr = EncodingTestSupport.WorkloadBytes(name);
        var decoder = new HistogramDecoder();
        var h = decoder.Decode(hdr);
        using var compressor = new HistogramCompressor();
        byte[] compressed = compressor.Encode(h);
        var back = decoder.Decode(compressed);
        back.Equals(h).Should().BeTrue();
        HistogramEncoder.Encode(back).Should().Equal(hdr);
        decoder.DecodeFromBase64(compressor.EncodeToBase64(h)).Equals(h).Should().BeTrue();
    }

    [Fact]
    public void A_shifted_workload_keeps_its_bytes_through_every_count_type()
    {
        var decoder = new HistogramDecoder();
        var h = new LongHistogram(1, 1_000_000_000, 2);
        h.Add(decoder.Decode(EncodingTestSupport.WorkloadBytes("int-dense")));
        h.ShiftValuesLeft(3);
        h.NormalizingIndexOffset.Should().NotBe(0);
        byte[] shifted = HistogramEncoder.Encode(h);
        foreach (var type in new[] { HistogramCountType.Long, HistogramCountType.Int, HistogramCountType.Short, HistogramCountType.LongConcurrent, HistogramCountType.IntConcurrent })
        {
            var d = decoder.Decode(shifted, type);
            d.NormalizingIndexOffset.Should().Be(h.NormalizingIndexOffset);
            HistogramEncoder.Encode(d).Should().Equal(shifted, type.ToString());
            d.Equals(h).Should().BeTrue();
        }
    }
}
