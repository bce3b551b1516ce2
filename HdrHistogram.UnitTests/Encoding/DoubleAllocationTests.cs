using Xunit.Abstractions;

namespace HdrHistogram.UnitTests.Encoding;

/// <summary>
/// Steady-state allocation of DoubleHistogram encoding and decoding with reused buffers and histograms (measured as
/// in <see cref="AllocationTests"/>, in its collection so that it runs alone), on a DoubleHistogram holding the
/// latency-1h-3sd workload in milliseconds.
/// </summary>
[Collection(AllocationMeter.Collection)]
public class DoubleAllocationTests(ITestOutputHelper output) : EncodingAllocationTestsBase(output)
{
    /// <summary>The latency-1h-3sd workload's buckets recorded as milliseconds into a DoubleHistogram(3).</summary>
    internal static DoubleHistogram LatencyInMilliseconds()
    {
        var source = new HistogramDecoder().Decode(EncodingTestSupport.WorkloadBytes("latency-1h-3sd"));
        var h = new DoubleHistogram(3);
        foreach (var v in source.RecordedValues())
        {
            h.RecordValueWithCount(v.ValueIteratedTo / 1e6, v.CountAtValueIteratedTo);
        }

        h.TotalCount.Should().Be(source.TotalCount);
        return h;
    }

    [Fact]
    public void Plain_encode_and_decode_into_allocate_nothing()
    {
        var h = LatencyInMilliseconds();
        byte[] plain = HistogramEncoder.Encode(h);
        var decoder = new HistogramDecoder();
        var target = decoder.DecodeDouble(plain);
        PlainEncodeAndDecodeIntoShouldAllocateNothing("DoubleHistogram, ", h, plain, target, () => decoder.DecodeInto(plain, target));
    }

    [Fact]
    public void Compressed_decode_into_allocates_nothing()
    {
        var h = LatencyInMilliseconds();
        byte[] compressed = HistogramEncoder.EncodeCompressed(h);
        var decoder = new HistogramDecoder();
        var target = decoder.DecodeDouble(compressed);
        Measure("DecodeInto(compressed span, DoubleHistogram)", () => decoder.DecodeInto(compressed, target)).Should().Be(0);
        HistogramEncoder.Encode(target).Should().Equal(HistogramEncoder.Encode(h));
    }

    [Fact]
    public void Compressed_encode_allocates_the_same_small_constant_as_for_integer_histograms()
    {
        var h = LatencyInMilliseconds();
        var integer = new HistogramDecoder().Decode(EncodingTestSupport.WorkloadBytes("latency-1h-3sd"));
        using var compressor = new HistogramCompressor();
        var writer = new FixedBufferWriter(HistogramEncoder.GetMaxEncodedLength(h) + 1024);
        long doublePerCall = Measure("HistogramCompressor.Encode(DoubleHistogram)", () =>
        {
            writer.Clear();
            compressor.Encode(h, writer);
        }, 20) / 20;
        long integerPerCall = Measure("HistogramCompressor.Encode(HistogramBase)", () =>
        {
            writer.Clear();
            compressor.Encode(integer, writer);
        }, 20) / 20;
        Output.WriteLine("  = " + doublePerCall + " B per compressed DoubleHistogram encode, " + integerPerCall + " B per integer one");

        // The platform deflater (DeflateStream) allocates its managed wrapper per stream; everything else is pooled.
        doublePerCall.Should().BeLessThan(1024);
        doublePerCall.Should().BeLessThanOrEqualTo(integerPerCall + 16);
    }
}
