using Xunit.Abstractions;

namespace HdrHistogram.UnitTests.Encoding;

/// <summary>
/// Steady-state allocation of encoding and decoding with reused buffers and histograms, measured with
/// <see cref="GC.GetAllocatedBytesForCurrentThread"/> over 100 calls after a warm-up. The same expectations hold for
/// the netstandard2.0 build (it uses the same pooled paths), so no assertion depends on the loaded build. The class
/// runs alone (a gen2 collection caused by tests running alongside trims the shared array pool, and a rent after
/// that allocates), and each figure is the least of three measurements.
/// </summary>
[Collection(AllocationMeter.Collection)]
public class AllocationTests(ITestOutputHelper output) : EncodingAllocationTestsBase(output)
{

    [Fact]
    public void Plain_encode_and_decode_into_allocate_nothing()
    {
        byte[] hdr = EncodingTestSupport.WorkloadBytes("latency-1h-3sd");
        var decoder = new HistogramDecoder();
        var h = decoder.Decode(hdr);
        var target = decoder.Decode(hdr);
        PlainEncodeAndDecodeIntoShouldAllocateNothing(string.Empty, h, hdr, target, () => decoder.DecodeInto(hdr, target));
    }

    [Fact]
    public void Compressed_decode_into_allocates_nothing()
    {
        byte[] compressed = EncodingTestSupport.WorkloadCompressedBytes("latency-1h-3sd");
        var decoder = new HistogramDecoder();
        var target = decoder.Decode(compressed);
        Measure("DecodeInto(compressed span)", () => decoder.DecodeInto(compressed, target)).Should().Be(0);
        HistogramEncoder.Encode(target).Should().Equal(EncodingTestSupport.WorkloadBytes("latency-1h-3sd"));
    }

    [Fact]
    public void Compressed_encode_allocates_a_small_constant_that_does_not_grow_with_the_histogram()
    {
        var decoder = new HistogramDecoder();
        long perCallSmall = MeasureCompressedEncode(decoder.Decode(EncodingTestSupport.WorkloadBytes("latency-1h-3sd")), "latency-1h-3sd");
        long perCallLarge = MeasureCompressedEncode(decoder.Decode(EncodingTestSupport.WorkloadBytes("latency-1h-5sd")), "latency-1h-5sd");

        // The platform deflater (DeflateStream) allocates its managed wrapper per stream; everything else is pooled.
        perCallSmall.Should().BeLessThan(1024);
        perCallLarge.Should().BeLessThanOrEqualTo(perCallSmall + 64, "the per-call allocation must not grow with the histogram (18 KB vs 500 KB encodings)");
    }

    private long MeasureCompressedEncode(HistogramBase h, string name)
    {
        using var compressor = new HistogramCompressor();
        var writer = new FixedBufferWriter(HistogramEncoder.GetMaxEncodedLength(h) + 1024);
        int iterations = name.EndsWith("5sd", StringComparison.Ordinal) ? 5 : 20;
        long total = Measure("HistogramCompressor.Encode " + name, () =>
        {
            writer.Clear();
            compressor.Encode(h, writer);
        }, iterations);
        long perCall = total / iterations;
        Output.WriteLine("  = " + perCall + " B per compressed encode of " + name);
        return perCall;
    }
}
