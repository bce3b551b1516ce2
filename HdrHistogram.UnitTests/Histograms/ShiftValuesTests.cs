using System.Buffers;

namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// A shift either gives a histogram whose counts all survive encoding, or throws before changing
/// anything. Java 2.2.2 loses the lowest half bucket's counts when the unit magnitude is 32 or more.
/// </summary>
public class ShiftValuesTests
{
    private const long Lowest = 86_051_730_487_232; // unit magnitude 46
    private const long Highest = 172_103_460_974_464;

    public static IEnumerable<object[]> TypeNames() => new[] { "long", "int", "short", "long-concurrent", "int-concurrent" }.Select(n => new object[] { n });

    [Theory]
    [MemberData(nameof(TypeNames))]
    public void Shifting_left_a_large_unit_magnitude_histogram_keeps_every_count_in_its_rescaled_bucket(string type)
    {
        var h = HistogramKinds.Create(type, Lowest, Highest, 4);
        h.RecordValueWithCount(255, 757);                     // below the unit: the zero bucket
        h.RecordValueWithCount(86_051_730_487_232, 1000);     // 1.22 x 2^46: index 1
        h.RecordValueWithCount(172_103_460_974_463, 5);       // 2.45 x 2^46: index 2

        h.ShiftValuesLeft(1);

        // Index 1 (2^46) doubles to 2^47, index 2 (2^47) to 2^48; the zero bucket stays.
        Counts(h).Should().Equal(
            (0L, 757L),
            (140_737_488_355_328L, 1000L),
            (281_474_976_710_656L, 5L));
        h.TotalCount.Should().Be(1762);

        var decoded = RoundTrip(h);
        decoded.TotalCount.Should().Be(1762);
        Counts(decoded).Should().Equal(Counts(h));
    }

    [Theory]
    [MemberData(nameof(TypeNames))]
    public void Shifting_left_then_right_restores_a_large_unit_magnitude_histogram_above_its_lowest_half_bucket(string type)
    {
        // Unit magnitude 40, 2 digits: half bucket 128 units. Values above the lowest half bucket shift exactly.
        long unit = 1L << 40;
        var h = HistogramKinds.Create(type, unit, unit << 15, 2);
        h.RecordValueWithCount(200 * unit, 7);
        h.RecordValueWithCount(1000 * unit, 3);
        var before = Counts(h);

        h.ShiftValuesLeft(2);
        Counts(h).Should().Equal((800 * unit, 7L), (4000 * unit, 3L));
        Counts(RoundTrip(h)).Should().Equal(Counts(h));

        h.ShiftValuesRight(2);
        Counts(h).Should().Equal(before);
    }

    [Theory]
    [MemberData(nameof(TypeNames))]
    public void A_shift_amount_whose_slot_count_overflows_throws_and_changes_nothing(string type)
    {
        var h = HistogramKinds.Create(type, 1, 1_000_000, 3);
        h.RecordValueWithCount(5, 2);
        h.RecordValueWithCount(5000, 3);
        var before = Counts(h);

        // 3 x 2^20 orders of magnitude x 1024 slots each wraps a 32-bit slot count to -2^30.
        h.Invoking(x => x.ShiftValuesLeft(3 << 20)).Should().Throw<ArgumentOutOfRangeException>();
        h.Invoking(x => x.ShiftValuesRight(3 << 20)).Should().Throw<ArgumentOutOfRangeException>();
        h.Invoking(x => x.ShiftValuesLeft(int.MaxValue)).Should().Throw<ArgumentOutOfRangeException>();
        h.Invoking(x => x.ShiftValuesRight(int.MaxValue)).Should().Throw<ArgumentOutOfRangeException>();
        h.Invoking(x => x.ShiftValuesLeft(64)).Should().Throw<ArgumentOutOfRangeException>();

        Counts(h).Should().Equal(before);
        h.TotalCount.Should().Be(5);
        h.GetMaxValue().Should().Be(5003); // 5000 lies in [5000, 5003] at 3 digits
        h.GetMinNonZeroValue().Should().Be(5);
        h.NormalizingIndexOffset.Should().Be(0);
    }

    [Theory]
    [MemberData(nameof(TypeNames))]
    public void Every_shift_of_random_histograms_either_keeps_all_counts_through_encoding_or_changes_nothing(string type)
    {
        var random = new Random(15_02);
        for (int round = 0; round < 150; round++)
        {
            int unitMagnitude = random.Next(0, 50);
            int digits = random.Next(0, 4);
            long lowest = 1L << unitMagnitude;
            long highest = lowest * (2L << random.Next(1, Math.Min(20, 61 - unitMagnitude)));
            HistogramBase h;
            try
            {
                h = HistogramKinds.Create(type, lowest, highest, digits);
            }
            catch (ArgumentOutOfRangeException)
            {
                continue; // digits too many for the unit magnitude
            }

            int values = random.Next(1, 6);
            for (int i = 0; i < values; i++)
            {
                long value = (long)(random.NextDouble() * highest);
                h.RecordValueWithCount(value, random.Next(1, 100));
            }

            var before = Counts(h);
            long total = h.TotalCount;
            int shift = random.Next(1, 12);
            try
            {
                h.ShiftValuesLeft(shift);
            }
            catch (ArgumentOutOfRangeException)
            {
                Counts(h).ShouldEqualSequence(before, "a refused shift changes nothing (round {0})", round);
                continue;
            }

            h.TotalCount.Should().Be(total);
            var after = Counts(h);
            after.Sum(c => c.Count).Should().Be(total, "round {0}", round);
            var decoded = RoundTrip(h);
            decoded.TotalCount.Should().Be(total, "round {0}: every count survives encoding", round);
            Counts(decoded).ShouldEqualSequence(after, "round {0}", round);

            // Each bucket's count moved to the bucket of its value times 2^shift.
            var expected = before
                .GroupBy(c => h.LowestEquivalentValue(c.Value << shift))
                .Select(g => (g.Key, g.Sum(c => c.Count)))
                .OrderBy(c => c.Key)
                .ToList();
            after.ShouldEqualSequence(expected, "round {0}", round);
        }
    }

    [Fact]
    public void DoubleHistogram_values_that_move_the_range_down_keep_every_count()
    {
        var h = new DoubleHistogram(1L << 20, 2);
        h.RecordValueWithCount(1e12, 4);
        h.RecordValueWithCount(3e12, 5);
        h.RecordValueWithCount(1e7, 6); // below the range: shifts the recorded values left
        h.TotalCount.Should().Be(15);
        h.GetCountAtValue(1e12).Should().Be(4);
        h.GetCountAtValue(3e12).Should().Be(5);
        h.GetCountAtValue(1e7).Should().Be(6);

        using var compressor = new HistogramCompressor();
        var output = new ArrayBufferWriter<byte>();
        compressor.Encode(h, output);
        using var decoder = new HistogramDecoder();
        var decoded = (DoubleHistogram)decoder.DecodeAny(output.WrittenSpan);
        decoded.TotalCount.Should().Be(15);
        decoded.GetCountAtValue(1e12).Should().Be(4);
        decoded.GetCountAtValue(1e7).Should().Be(6);
    }

    private static List<(long Value, long Count)> Counts(HistogramBase h)
        => h.RecordedValues().Select(v => (h.LowestEquivalentValue(v.ValueIteratedTo), v.CountAtValueIteratedTo)).ToList();

    private static HistogramBase RoundTrip(HistogramBase h)
    {
        var output = new ArrayBufferWriter<byte>();
        HistogramEncoder.Encode(h, output);
        using var decoder = new HistogramDecoder();
        return decoder.Decode(output.WrittenSpan);
    }
}
