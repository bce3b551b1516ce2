namespace HdrHistogram.UnitTests.Upstream250;

/// <summary>Decoding 2.5.0's zero-padded payloads keeps the decode path allocation-free (runs alone, see <see cref="AllocationMeter"/>).</summary>
[Collection(AllocationMeter.Collection)]
public class Net250AllocationTests
{
    [Theory]
    [InlineData("long-large")]
    [InlineData("short-large")]
    [InlineData("long-sd5-large")]
    public void Decoding_a_2_5_0_payload_into_an_existing_histogram_allocates_nothing(string name)
    {
        byte[] bytes = Net250Fixture.Compressed(name);
        var expected = Net250Fixture.Expected(name);
        using var decoder = new HistogramDecoder();
        var target = Net250PayloadTests.NewOfExpectedType(expected);
        decoder.DecodeInto(bytes, target);

        long allocated = AllocationMeter.Measure(() => decoder.DecodeInto(bytes, target), iterations: 20);

        allocated.Should().Be(0, "the zero padding is checked while inflating, never inflated into a buffer");
        Net250Fixture.ShouldMatch(target, expected, "after the measured decodes");
    }
}
