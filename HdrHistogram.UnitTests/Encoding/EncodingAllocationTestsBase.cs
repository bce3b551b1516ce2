using Xunit.Abstractions;

namespace HdrHistogram.UnitTests.Encoding;

/// <summary>
/// The base of the encoding allocation tests (<see cref="AllocationTests"/>, <see cref="DoubleAllocationTests"/>):
/// each figure is measured with <see cref="AllocationMeter"/> and written to the test's output, after the library
/// build it belongs to; and the plain encode and decode-into paths, the same for both histogram kinds, are checked
/// here once.
/// </summary>
public abstract class EncodingAllocationTestsBase
{
    /// <summary>How many calls a figure covers, unless a test says otherwise.</summary>
    protected const int Iterations = 100;

    protected EncodingAllocationTestsBase(ITestOutputHelper output)
    {
        Output = output;
        AllocationMeter.WriteLibraryBuild(output);
    }

    /// <summary>The test's output, which the figures go to.</summary>
    protected ITestOutputHelper Output { get; }

    /// <summary>The bytes <paramref name="action"/> allocates in <paramref name="iterations"/> calls, written to the output.</summary>
    protected long Measure(string what, Action action, int iterations = Iterations)
        => AllocationMeter.Measure(Output, what, action, iterations);

    /// <summary>
    /// Encoding <paramref name="h"/> into a buffer writer, into a span of the largest encoded length and into one of
    /// exactly its length, and <paramref name="decodeIntoTarget"/> (its encoding, <paramref name="plain"/>, decoded into
    /// <paramref name="target"/>), each allocate nothing in steady state and give back <paramref name="plain"/>.
    /// </summary>
    /// <param name="kind">What the measurements' labels name before the destination: empty, or "DoubleHistogram, ".</param>
    /// <param name="h">The histogram encoded.</param>
    /// <param name="plain">The plain encoding of <paramref name="h"/>.</param>
    /// <param name="target">The reused histogram <paramref name="decodeIntoTarget"/> decodes into.</param>
    /// <param name="decodeIntoTarget">Decodes <paramref name="plain"/> into <paramref name="target"/>.</param>
    protected void PlainEncodeAndDecodeIntoShouldAllocateNothing(
        string kind, EncodableHistogram h, byte[] plain, EncodableHistogram target, Action decodeIntoTarget)
    {
        var writer = new FixedBufferWriter(HistogramEncoder.GetMaxEncodedLength(h));
        var span = new byte[HistogramEncoder.GetMaxEncodedLength(h)];
        var exact = new byte[plain.Length];

        Measure("Encode(" + kind + "IBufferWriter)", () =>
        {
            writer.Clear();
            HistogramEncoder.Encode(h, writer);
        }).Should().Be(0);
        writer.WrittenSpan.ToArray().Should().Equal(plain);

        Measure("TryEncode(" + kind + "span)", () => HistogramEncoder.TryEncode(h, span, out _)).Should().Be(0);
        Measure("TryEncode(" + kind + "exact span)", () => HistogramEncoder.TryEncode(h, exact, out _)).Should().Be(0, "the pooled scratch path allocates nothing either");
        exact.Should().Equal(plain);

        Measure("DecodeInto(" + kind + "span)", decodeIntoTarget).Should().Be(0);
        target.Equals(h).Should().BeTrue();
        HistogramEncoder.Encode(target).Should().Equal(plain);
    }
}
