namespace HdrHistogram.UnitTests.Histograms;

/// <summary>Recording into a synchronized histogram takes a lock and allocates nothing.</summary>
[Collection(AllocationMeter.Collection)]
public class SynchronizedAllocationTests
{
    [Fact]
    [Trait("Category", "Allocation")]
    public void Recording_allocates_nothing()
    {
        var h = new SynchronizedHistogram(1, 3_600_000_000_000, 3);
        h.RecordValue(1);
        h.RecordValue(1_000_000_000);
        long value = 1;
        long allocated = AllocationMeter.Measure(
            () =>
            {
                h.RecordValue(value);
                h.RecordValueWithCount(value * 7, 2);
                value = (value * 31) % 1_000_000_000;
            },
            10_000);
        allocated.Should().Be(0);
    }
}
