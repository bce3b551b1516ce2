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
public class AllocationTests
{
    private const int Iterations = 100;

    private readonly ITestOutputHelper _output;

    public AllocationTests(ITestOutputHelper output)
    {
        _output = output;
        AllocationMeter.WriteLibraryBuild(output);
    }

    [Fact]
    public void Plain_encode_and_decode_into_allocate_nothing()
    {
        byte[] hdr = EncodingTestSupport.WorkloadBytes("latency-1h-3sd");
        var decoder = new HistogramDecoder();
        var h = decoder.Decode(hdr);
        var target = decoder.Decode(hdr);
        var writer = new FixedBufferWriter(HistogramEncoder.GetMaxEncodedLength(h));
        var span = new byte[HistogramEncoder.GetMaxEncodedLength(h)];
        var exact = new byte[hdr.Length];

        Measure("Encode(IBufferWriter)", () =>
        {
            writer.Clear();
            HistogramEncoder.Encode(h, writer);
        }).Should().Be(0);
        writer.WrittenSpan.ToArray().Should().Equal(hdr);

        Measure("TryEncode(span)", () => HistogramEncoder.TryEncode(h, span, out _)).Should().Be(0);
        Measure("TryEncode(exact span)", () => HistogramEncoder.TryEncode(h, exact, out _)).Should().Be(0, "the pooled scratch path allocates nothing either");
        exact.Should().Equal(hdr);

        Measure("DecodeInto(span)", () => decoder.DecodeInto(hdr, target)).Should().Be(0);
        target.Equals(h).Should().BeTrue();
        HistogramEncoder.Encode(target).Should().Equal(hdr);
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
        _output.WriteLine("  = " + perCall + " B per compressed encode of " + name);
        return perCall;
    }

    private long Measure(string what, Action action, int iterations = Iterations)
        => AllocationMeter.Measure(_output, what, action, iterations);
}
