namespace HdrHistogram.UnitTests.Histograms.Packed;

/// <summary>
/// Recording into a packed histogram allocates only when its storage grows; encoding one, and decoding into one
/// that already holds the storage, allocate nothing.
/// </summary>
[Collection(AllocationMeter.Collection)]
public class PackedAllocationTests
{
    [Fact]
    public void Recording_allocates_only_while_the_storage_grows()
    {
        long[] values = PackedFootprintTests.DistinctValues(2000);
        var h = new PackedHistogram(1, 3_600_000_000_000, 3);
        h.RecordValue(values[0]);
        long footprintBefore = h.GetEstimatedFootprintInBytes();
        long before = GC.GetAllocatedBytesForCurrentThread();
        foreach (long v in values)
        {
            h.RecordValue(v);
        }

        long growing = GC.GetAllocatedBytesForCurrentThread() - before;
        growing.Should().BeGreaterThan(0, "2,000 new values grow the storage");
        h.GetEstimatedFootprintInBytes().Should().BeGreaterThan((int)footprintBefore);

        // Every value again, many times: counts grow (and cross the one-byte width), the set of pages does not.
        long steady = AllocationMeter.Measure(
            () =>
            {
                foreach (long v in values)
                {
                    h.RecordValue(v);
                }
            },
            iterations: 1,
            warmUp: 300);
        steady.Should().Be(0);
        h.GetCountAtValue(values[5]).Should().BeGreaterThan(300);
    }

    [Fact]
    public void Encoding_and_decoding_into_a_packed_histogram_allocate_nothing_in_steady_state()
    {
        var h = new PackedHistogram(1, 3_600_000_000_000, 3);
        foreach (long v in PackedFootprintTests.DistinctValues(3000))
        {
            h.RecordValueWithCount(v, (v % 300) + 1);
        }

        var buffer = new byte[HistogramEncoder.GetMaxEncodedLength(h)];
        int length = 0;
        HistogramEncoder.TryEncode(h, buffer, out length).Should().BeTrue();
        var compressed = new byte[buffer.Length + 64];
        HistogramEncoder.TryEncodeCompressed(h, compressed, out int compressedLength).Should().BeTrue();
        var decoder = new HistogramDecoder();
        var target = new PackedHistogram(1, 3_600_000_000_000, 3);

        AllocationMeter.Measure(() => HistogramEncoder.TryEncode(h, buffer, out length), 100).Should().Be(0, "plain encode");
        // Compressed encoding allocates the deflater's small constant whatever the count type (see AllocationTests).
        var plain = new LongHistogram(1, 3_600_000_000_000, 3);
        plain.Add(h);
        long plainCompressed = AllocationMeter.Measure(() => HistogramEncoder.TryEncodeCompressed(plain, compressed, out compressedLength), 20);
        AllocationMeter.Measure(() => HistogramEncoder.TryEncodeCompressed(h, compressed, out compressedLength), 20).Should().BeLessThanOrEqualTo(plainCompressed, "compressed encode");
        AllocationMeter.Measure(() => decoder.DecodeInto(buffer.AsSpan(0, length), target), 100).Should().Be(0, "decode into");
        AllocationMeter.Measure(() => decoder.DecodeInto(compressed.AsSpan(0, compressedLength), target), 20).Should().Be(0, "compressed decode into");
        AllocationMeter.Measure(() => h.GetValueAtPercentile(99.9), 100).Should().Be(0, "percentile");
        target.Should().Be(h);
    }
}
