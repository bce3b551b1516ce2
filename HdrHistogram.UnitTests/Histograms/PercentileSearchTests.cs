namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// The vectorized percentile search and the one-pass <see cref="HistogramBase.GetValuesAtPercentiles"/> give exactly
/// the values Java gives on every reference case, and exactly what a count-by-count walk gives on random histograms of
/// every count type, shifted and resized ones included.
/// </summary>
public class PercentileSearchTests
{
    private static readonly double[] Percentiles =
    {
        0.0, 1e-9, 0.1, 1.0, 10.0, 25.0, 33.333333333333336, 50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0, -5.0, 250.0,
    };

    public static IEnumerable<object[]> Cases => JavaCase.IntegerCaseNames();

    [Theory]
    [MemberData(nameof(Cases))]
    public void One_pass_query_gives_Javas_value_at_every_percentile_of_every_case(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.Replay();
        var expected = c.Expected.GetProperty("valueAtPercentile").EnumerateArray().Select(p => (P: p[0].GetDouble(), V: p[1].GetInt64())).ToArray();

        var values = new long[expected.Length];
        h.GetValuesAtPercentiles(expected.Select(e => e.P).ToArray(), values);
        values.Should().Equal(expected.Select(e => e.V), name);

        // Descending order asks the same questions.
        var reversed = Enumerable.Reverse(expected).ToArray();
        h.GetValuesAtPercentiles(reversed.Select(e => e.P).ToArray(), values);
        values.Should().Equal(reversed.Select(e => e.V), name + " (descending)");
    }

    public static IEnumerable<object[]> CountTypes()
        => new[] { "long", "int", "short", "long-concurrent", "int-concurrent" }.SelectMany(t => new[] { 1, 2, 3, 4, 5 }.Select(seed => new object[] { t, seed }));

    [Theory]
    [MemberData(nameof(CountTypes))]
    public void Random_histograms_give_what_a_count_by_count_walk_gives(string countType, int seed)
    {
        var random = new Random(seed);
        for (int round = 0; round < 20; round++)
        {
            int digits = random.Next(0, 4);
            HistogramBase h = HistogramKinds.Create(countType, 1L << random.Next(0, 4), 1L << random.Next(20, 40), digits);
            int values = random.Next(0, 3000);
            int maxShift = random.Next(2, 30);
            for (int i = 0; i < values; i++)
            {
                long value = random.Next(0, 4) == 0 ? 0 : (long)(Math.Pow(2, random.NextDouble() * maxShift) * (1 + random.Next(0, 100)));
                h.RecordValueWithCount(Math.Min(value, h.HighestTrackableValue), 1 + random.Next(0, countType == "short" ? 3 : 1000));
            }

            if (round % 3 == 2 && countType is "long" or "int" or "short")
            {
                // Subtracting the low values leaves the tracked minimum below the lowest remaining count.
                var low = HistogramKinds.Create(countType, h.LowestTrackableValue, h.HighestTrackableValue, digits);
                for (int i = 0; i < h.CountsArrayLength; i++)
                {
                    long value = h.ValueFromIndex(i);
                    if (value > 0 && value < 100_000)
                    {
                        low.RecordValueWithCount(value, h.GetCountAtIndex(i));
                    }
                }

                h.Subtract(low);
            }

            if (round % 3 == 1 && h.TotalCount > h.GetCountAtIndex(0))
            {
                try
                {
                    h.ShiftValuesLeft(random.Next(1, 3)); // Moves the normalizing offset: the counts no longer start at slot 0.
                }
                catch (ArgumentOutOfRangeException)
                {
                    // The recorded values did not leave room to shift; the histogram is unchanged.
                }
            }

            var percentiles = Enumerable.Range(0, 40).Select(_ => random.NextDouble() * 101 - 0.5).Concat(Percentiles).ToArray();
            var multi = new long[percentiles.Length];
            h.GetValuesAtPercentiles(percentiles, multi);
            for (int i = 0; i < percentiles.Length; i++)
            {
                long expected = WalkToPercentile(h, percentiles[i]);
                h.GetValueAtPercentile(percentiles[i]).Should().Be(expected, "{0} seed {1} round {2} percentile {3}", countType, seed, round, percentiles[i]);
                multi[i].Should().Be(expected, "one pass, {0} seed {1} round {2} percentile {3}", countType, seed, round, percentiles[i]);
            }
        }
    }

    [Fact]
    public void Empty_histogram_gives_zero_everywhere()
    {
        var h = new LongHistogram(3600_000_000L, 3);
        var values = new long[] { 7, 7, 7 };
        h.GetValuesAtPercentiles(new[] { 0.0, 50.0, 100.0 }, values);
        values.Should().Equal(0L, 0L, 0L);
        h.GetValueAtPercentile(99).Should().Be(0);
    }

    [Fact]
    public void A_values_span_shorter_than_the_percentiles_is_rejected()
    {
        var h = new LongHistogram(3600_000_000L, 3);
        Action act = () => h.GetValuesAtPercentiles(new[] { 50.0, 99.0 }, new long[1]);
        act.Should().Throw<ArgumentException>().WithMessage("*shorter than the percentiles*");
    }

    [Fact]
    public void More_percentiles_than_fit_on_the_stack_still_answer_each_one()
    {
        var h = new IntHistogram(3600_000_000L, 2);
        for (long v = 1; v < 1_000_000; v = (v * 5 / 4) + 1)
        {
            h.RecordValueWithCount(v, v % 7 + 1);
        }

        var percentiles = Enumerable.Range(0, 500).Select(i => (i * 37 % 500) / 5.0).ToArray();
        var values = new long[percentiles.Length];
        h.GetValuesAtPercentiles(percentiles, values);
        values.Should().Equal(percentiles.Select(p => WalkToPercentile(h, p)));
    }

    [Fact]
    public void Querying_several_percentiles_of_a_populated_histogram_allocates_nothing()
    {
        var h = new LongHistogram(3600_000_000L, 3);
        for (long v = 1; v < 10_000_000; v = (v * 11 / 10) + 1)
        {
            h.RecordValue(v);
        }

        var percentiles = new[] { 50.0, 90.0, 99.0, 99.9, 99.99, 100.0 };
        var values = new long[percentiles.Length];
        long allocated = AllocationMeter.Measure(
            () =>
            {
                h.GetValuesAtPercentiles(percentiles, values);
                h.GetValueAtPercentile(99.9);
            },
            iterations: 3);
        allocated.Should().Be(0);
    }

    /// <summary>The reference: Java's getValueAtPercentile, walking the logical counts one by one.</summary>
    private static long WalkToPercentile(HistogramBase h, double percentile)
    {
        double below = percentile == 0.0 ? -double.Epsilon
            : double.IsNaN(percentile) ? percentile
            : BitConverter.Int64BitsToDouble(BitConverter.DoubleToInt64Bits(percentile) + (percentile > 0 ? -1 : 1));
        double requested = Math.Min(Math.Max(below, 0.0), 100.0);
        long countAtPercentile = Math.Max((long)Math.Ceiling(requested / 100.0 * h.TotalCount), 1);
        long total = 0;
        for (int i = 0; i < h.CountsArrayLength; i++)
        {
            total += h.GetCountAtIndex(i);
            if (total >= countAtPercentile)
            {
                long value = h.ValueFromIndex(i);
                return percentile == 0.0 ? h.LowestEquivalentValue(value) : h.HighestEquivalentValue(value);
            }
        }

        return 0;
    }
}
