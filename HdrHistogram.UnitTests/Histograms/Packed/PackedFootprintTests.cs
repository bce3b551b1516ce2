using Xunit.Abstractions;

namespace HdrHistogram.UnitTests.Histograms.Packed;

/// <summary>
/// GetEstimatedFootprintInBytes is what the histogram really holds: the bytes allocated to construct it, and after
/// recording, what stays reachable (measured with the GC over many histograms).
/// </summary>
[Collection(AllocationMeter.Collection)]
public class PackedFootprintTests
{
    private readonly ITestOutputHelper _output;

    public PackedFootprintTests(ITestOutputHelper output)
    {
        _output = output;
    }

    public static TheoryData<string> Types => new() { "PackedHistogram", "PackedConcurrentHistogram", "LongHistogram", "IntHistogram", "ShortHistogram", "SynchronizedHistogram" };

    [Theory]
    [MemberData(nameof(Types))]
    public void The_footprint_of_a_new_histogram_is_what_constructing_it_allocates(string type)
    {
        Create(type); // warm up (type initialization)
        long before = GC.GetAllocatedBytesForCurrentThread();
        var h = Create(type);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        _output.WriteLine($"{type}: allocated {allocated}, estimated {h.GetEstimatedFootprintInBytes()}");
        if (type.StartsWith("Packed", StringComparison.Ordinal))
        {
            h.GetEstimatedFootprintInBytes().Should().Be((int)allocated);
        }
        else
        {
            // Java's formula (512 + the counts array) covers the object and its array.
            h.GetEstimatedFootprintInBytes().Should().BeGreaterThanOrEqualTo((int)allocated);
        }
    }

    [Theory]
    [InlineData("PackedHistogram", 10)]
    [InlineData("PackedHistogram", 1000)]
    [InlineData("PackedConcurrentHistogram", 100)]
    [InlineData("PackedHistogram", 10_000)]
    public void After_recording_the_footprint_is_what_stays_reachable(string type, int distinct)
    {
        int histograms = distinct < 1000 ? 1000 : 100;
        long[] values = DistinctValues(distinct);

        // GetTotalMemory is process-wide and approximate (threads and finalizers left by other tests move it, runs vary
        // by several percent): a sanity bound, not an exact check, measured up to three times before it counts.
        for (int attempt = 1; ; attempt++)
        {
            long baseline = GC.GetTotalMemory(true);
            var kept = new HistogramBase[histograms];
            long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < histograms; i++)
            {
                kept[i] = Create(type);
                foreach (long v in values)
                {
                    kept[i].RecordValue(v);
                }
            }

            long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;
            long reachable = GC.GetTotalMemory(true) - baseline - (24 + (8 * histograms));
            long estimated = kept.Sum(h => (long)h.GetEstimatedFootprintInBytes());
            _output.WriteLine($"{type} {distinct}: estimated {estimated / histograms}, reachable {reachable / histograms}, allocated {allocated / histograms} per histogram");
            estimated.Should().BeLessThanOrEqualTo(allocated, "nothing is held that was not allocated");
            double tolerance = estimated * 0.2;
            GC.KeepAlive(kept);
            if (attempt == 3 || Math.Abs(reachable - estimated) <= tolerance)
            {
                ((double)reachable).Should().BeInRange(estimated - tolerance, estimated + tolerance, "the estimate is what the histograms hold");
                return;
            }
        }
    }

    internal static long[] DistinctValues(int distinct)
    {
        // Distinct buckets of a 3-digit histogram, spread log-uniformly from 1 us to 1 s as latencies are.
        var h = new LongHistogram(1, 3_600_000_000_000, 3);
        var random = new Random(distinct);
        var values = new System.Collections.Generic.List<long>();
        var seen = new System.Collections.Generic.HashSet<long>();
        while (values.Count < distinct)
        {
            long v = (long)Math.Exp(Math.Log(1_000) + (random.NextDouble() * Math.Log(1_000_000)));
            if (seen.Add(h.LowestEquivalentValue(v)))
            {
                values.Add(v);
            }
        }

        return values.ToArray();
    }

    private static HistogramBase Create(string type) => type switch
    {
        "PackedHistogram" => new PackedHistogram(1, 3_600_000_000_000, 3),
        "PackedConcurrentHistogram" => new PackedConcurrentHistogram(1, 3_600_000_000_000, 3),
        "LongHistogram" => new LongHistogram(1, 3_600_000_000_000, 3),
        "IntHistogram" => new IntHistogram(1, 3_600_000_000_000, 3),
        "SynchronizedHistogram" => new SynchronizedHistogram(1, 3_600_000_000_000, 3),
        _ => new ShortHistogram(1, 3_600_000_000_000, 3),
    };
}
