using System.Globalization;

namespace HdrHistogram.UnitTests.Histograms.Packed;

/// <summary>
/// Packed histograms against what Java 2.2.2's <c>PackedHistogram</c> and <c>PackedDoubleHistogram</c> reported for
/// the same values (Fixtures/java/packed/cases.tsv): V2 bytes, percentiles, and a footprint no larger than Java's.
/// </summary>
public class PackedJavaFixtureTests
{
    public static IEnumerable<object[]> LongCases => Cases.Where(c => c.Type == "long").Select(c => new object[] { c.Name });

    public static IEnumerable<object[]> DoubleCases => Cases.Where(c => c.Type == "double").Select(c => new object[] { c.Name });

    private static IReadOnlyList<PackedCase> Cases { get; } = PackedCase.Load();

    [Theory]
    [MemberData(nameof(LongCases))]
    public void Packed_histograms_give_Javas_V2_bytes_percentiles_and_no_larger_footprint(string name)
    {
        var c = Cases.Single(x => x.Name == name);
        foreach (var h in new HistogramBase[] { new PackedHistogram(1, 3_600_000_000_000, 3), new PackedConcurrentHistogram(1, 3_600_000_000_000, 3) })
        {
            foreach (string line in c.Values)
            {
                h.RecordValue(long.Parse(line, CultureInfo.InvariantCulture));
            }

            h.TotalCount.Should().Be(c.TotalCount);
            HistogramEncoder.Encode(h).Should().Equal(Convert.FromBase64String(c.V2Base64), "{0} {1}", name, h.GetType().Name);
            h.GetValueAtPercentile(50).ToString(CultureInfo.InvariantCulture).Should().Be(c.P50);
            h.GetValueAtPercentile(99).ToString(CultureInfo.InvariantCulture).Should().Be(c.P99);
            h.GetValueAtPercentile(99.9).ToString(CultureInfo.InvariantCulture).Should().Be(c.P999);
            h.GetMaxValue().ToString(CultureInfo.InvariantCulture).Should().Be(c.Max);
            if (c.Values.Distinct().Count() >= 7)
            {
                h.GetEstimatedFootprintInBytes().Should().BeLessThanOrEqualTo(c.JavaFootprint, "{0}: Java's PackedHistogram reports {1} bytes", name, c.JavaFootprint);
            }
            else
            {
                // One value or none: Java's 320 bytes is below our histogram object and directory; a kilobyte bounds it.
                h.GetEstimatedFootprintInBytes().Should().BeLessThan(1024);
            }
        }
    }

    [Fact]
    public void An_empty_packed_histogram_over_an_hour_of_nanoseconds_takes_less_than_a_kilobyte()
    {
        new PackedHistogram(1, 3_600_000_000_000, 3).GetEstimatedFootprintInBytes().Should().BeLessThan(1024);
        new PackedConcurrentHistogram(1, 3_600_000_000_000, 3).GetEstimatedFootprintInBytes().Should().BeLessThan(1024);
        new LongHistogram(1, 3_600_000_000_000, 3).GetEstimatedFootprintInBytes().Should().Be(270_848, "Java's Histogram figure for the same range");
    }

    [Theory]
    [MemberData(nameof(LongCases))]
    public void Javas_bytes_decode_into_a_packed_target_with_the_same_counts(string name)
    {
        var c = Cases.Single(x => x.Name == name);
        var reference = new LongHistogram(1, 3_600_000_000_000, 3);
        foreach (string line in c.Values)
        {
            reference.RecordValue(long.Parse(line, CultureInfo.InvariantCulture));
        }

        var decoder = new HistogramDecoder();
        foreach (byte[] bytes in new[] { Convert.FromBase64String(c.V2Base64), Convert.FromBase64String(c.V2CompressedBase64) })
        {
            var target = new PackedHistogram(1, 3_600_000_000_000, 3);
            target.RecordValue(12345); // DecodeInto replaces what was there
            decoder.DecodeInto(bytes, target);
            target.Should().Be(reference);
            target.TotalCount.Should().Be(c.TotalCount);
            target.GetMaxValue().ToString(CultureInfo.InvariantCulture).Should().Be(c.Max);

            var created = (HistogramBase)decoder.Decode(bytes, HistogramCountType.Packed);
            created.Should().BeOfType<PackedHistogram>();
            HistogramEncoder.Encode(created).Should().Equal(Convert.FromBase64String(c.V2Base64));
            var createdConcurrent = decoder.Decode(bytes, HistogramCountType.PackedConcurrent);
            createdConcurrent.Should().BeOfType<PackedConcurrentHistogram>();
            createdConcurrent.Should().Be(reference);
        }
    }

    [Theory]
    [MemberData(nameof(DoubleCases))]
    public void Packed_double_histograms_give_Javas_V2_bytes_percentiles_and_no_larger_footprint(string name)
    {
        var c = Cases.Single(x => x.Name == name);
        foreach (var h in new DoubleHistogram[] { new PackedDoubleHistogram(3), new PackedConcurrentDoubleHistogram(3) })
        {
            foreach (string line in c.Values)
            {
                h.RecordValue(double.Parse(line, CultureInfo.InvariantCulture));
            }

            h.TotalCount.Should().Be(c.TotalCount);
            HistogramEncoder.Encode(h).Should().Equal(Convert.FromBase64String(c.V2Base64), "{0} {1}", name, h.GetType().Name);
            h.GetValueAtPercentile(50).Should().Be(double.Parse(c.P50, CultureInfo.InvariantCulture));
            h.GetValueAtPercentile(99).Should().Be(double.Parse(c.P99, CultureInfo.InvariantCulture));
            h.GetValueAtPercentile(99.9).Should().Be(double.Parse(c.P999, CultureInfo.InvariantCulture));
            h.GetMaxValue().Should().Be(double.Parse(c.Max, CultureInfo.InvariantCulture));
            h.GetEstimatedFootprintInBytes().Should().BeLessThanOrEqualTo(c.JavaFootprint, "{0}: Java's PackedDoubleHistogram reports {1} bytes", name, c.JavaFootprint);

            var decoded = new HistogramDecoder().DecodeDouble(Convert.FromBase64String(c.V2CompressedBase64));
            decoded.GetValueAtPercentile(99).Should().Be(h.GetValueAtPercentile(99));
        }
    }

    /// <summary>One row of cases.tsv.</summary>
    internal sealed record PackedCase(
        string Name, string Type, string[] Values, long TotalCount, int JavaFootprint, string P50, string P99, string P999, string Max, string V2Base64, string V2CompressedBase64)
    {
        public static IReadOnlyList<PackedCase> Load()
        {
            string[] lines = File.ReadAllLines(Path.Combine(FixturePaths.JavaPacked, "cases.tsv"));
            return lines.Skip(1).Where(l => l.Length > 0).Select(l =>
            {
                string[] f = l.Split('\t');
                string[] values = File.ReadAllLines(Path.Combine(FixturePaths.JavaPacked, f[3])).Where(v => v.Length > 0).ToArray();
                return new PackedCase(
                    f[0], f[1], values, long.Parse(f[4], CultureInfo.InvariantCulture), int.Parse(f[5], CultureInfo.InvariantCulture),
                    f[7], f[8], f[9], f[10], f[11], f[12]);
            }).ToList();
        }

        public override string ToString() => Name;
    }
}
