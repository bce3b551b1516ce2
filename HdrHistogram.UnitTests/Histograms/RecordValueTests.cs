namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// <c>RecordValue</c> one value at a time (the plain count types take a fast path for values inside the range recorded
/// so far): every count, the total and the extremes against a reference computed here from the bucket definition
/// alone, including after shifts (a normalizing offset, with slots that wrap around the counts array), at count
/// limits, and for values the fast path must hand to the general path (zero, below the unit, negative, new extremes,
/// beyond the range).
/// </summary>
public class RecordValueTests
{
    public static TheoryData<string, long, long, int> Configurations()
    {
        var data = new TheoryData<string, long, long, int>();
        foreach (string type in new[] { "long", "int", "short", "long-concurrent", "int-concurrent" })
        {
            data.Add(type, 1, 3_600_000_000_000, 3);
            data.Add(type, 1024, 1L << 50, 2);
            data.Add(type, 1, long.MaxValue / 2, 2);
            data.Add(type, 3, 5_000_000, 4);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Every_value_lands_in_the_bucket_its_definition_gives(string type, long lowest, long highest, int digits)
    {
        var h = HistogramKinds.Create(type, lowest, highest, digits);
        var reference = new Reference(lowest, digits);
        var random = new Random(11);
        for (int i = 0; i < 20_000; i++)
        {
            long value = i % 97 == 0 ? 0 : i % 89 == 0 ? random.Next((int)Math.Min(lowest, 1000)) : LogUniform(random, highest);
            h.RecordValue(value);
            reference.Record(value);
        }

        h.RecordValue(highest);
        reference.Record(highest);

        reference.Check(h);
    }

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Values_recorded_after_a_right_shift_land_in_their_buckets_also_where_slots_wrap_around(string type, long lowest, long highest, int digits)
    {
        var h = HistogramKinds.Create(type, lowest, highest, digits);
        var reference = new Reference(lowest, digits);
        var random = new Random(5);

        // From bucket 3 up only, so that dividing by 8 keeps every bucket exact.
        long bottom = reference.SubBucketCount << (reference.UnitMagnitude + 2);
        for (int i = 0; i < 2000; i++)
        {
            long value = bottom + (long)(random.NextDouble() * ((highest >> 1) - bottom));
            h.RecordValue(value);
            reference.Record(value >> 3);
        }

        h.ShiftValuesRight(3);
        h.NormalizingIndexOffset.Should().BeNegative();

        // The top of the range now lives in the first slots of the counts array.
        for (int i = 0; i < 20_000; i++)
        {
            long value = i % 2 == 0 ? LogUniform(random, highest) : highest - (long)(random.NextDouble() * (highest >> 2));
            h.RecordValue(value);
            reference.Record(value);
        }

        reference.Check(h);
    }

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Values_recorded_after_a_left_shift_land_in_their_buckets_also_where_slots_wrap_around(string type, long lowest, long highest, int digits)
    {
        var h = HistogramKinds.Create(type, lowest, highest, digits);
        var reference = new Reference(lowest, digits);
        var random = new Random(9);

        // Above bucket 0 only, so that multiplying by 4 moves whole buckets.
        long bottom = reference.SubBucketCount << reference.UnitMagnitude;
        for (int i = 0; i < 2000; i++)
        {
            long value = bottom + (long)(random.NextDouble() * ((highest >> 4) - bottom));
            h.RecordValue(value);
            reference.Record(value << 2);
        }

        h.ShiftValuesLeft(2);
        h.NormalizingIndexOffset.Should().BePositive();

        // The bottom of the range now lives in the last slots of the counts array.
        for (int i = 0; i < 20_000; i++)
        {
            long value = i % 2 == 0 ? LogUniform(random, highest) : (long)(random.NextDouble() * bottom);
            h.RecordValue(value);
            reference.Record(value);
        }

        reference.Check(h);
    }

    [Theory]
    [InlineData("int", int.MaxValue)]
    [InlineData("short", short.MaxValue)]
    [InlineData("int-concurrent", int.MaxValue)]
    public void A_count_at_its_limit_wraps_as_in_2_5_0(string type, long limit)
    {
        var h = HistogramKinds.Create(type, 1, 1_000_000, 3);
        h.RecordValue(5);
        h.RecordValue(900_000);
        h.RecordValueWithCount(1000, limit - 2);

        h.RecordValue(1000);
        h.GetCountAtValue(1000).Should().Be(limit - 1);
        h.RecordValue(1000);
        h.GetCountAtValue(1000).Should().Be(limit);

        h.HasOverflowed().Should().BeFalse();
        h.RecordValue(1000);
        h.GetCountAtValue(1000).Should().Be(-limit - 1, "the count wraps to its type's minimum");
        h.TotalCount.Should().Be(limit + 3);
        h.HasOverflowed().Should().BeTrue();
    }

    [Theory]
    [InlineData("long")]
    [InlineData("int")]
    [InlineData("short")]
    [InlineData("long-concurrent")]
    [InlineData("int-concurrent")]
    public void Values_outside_the_recorded_range_update_what_they_should(string type)
    {
        var h = HistogramKinds.Create(type, 1024, 100_000_000, 2);
        h.RecordValue(50_000);
        h.RecordValue(60_000);

        h.Invoking(x => x.RecordValue(-1)).Should().Throw<IndexOutOfRangeException>();
        h.Invoking(x => x.RecordValue(long.MinValue)).Should().Throw<IndexOutOfRangeException>();
        h.Invoking(x => x.RecordValue(200_000_000)).Should().Throw<IndexOutOfRangeException>();
        h.TotalCount.Should().Be(2);
        h.GetMaxValue().Should().Be(h.HighestEquivalentValue(60_000));

        h.RecordValue(0);
        h.RecordValue(1023); // below the unit: indistinguishable from 0, not a new minimum
        h.GetCountAtValue(0).Should().Be(2);
        h.GetMinNonZeroValue().Should().Be(h.LowestEquivalentValue(50_000));
        h.GetMinValue().Should().Be(0);

        h.RecordValue(1024);
        h.GetMinNonZeroValue().Should().Be(1024);
        h.RecordValue(99_000_000);
        h.GetMaxValue().Should().Be(h.HighestEquivalentValue(99_000_000));
        h.RecordValue(55_000);
        h.TotalCount.Should().Be(7);
        h.GetCountAtValue(55_000).Should().Be(1);

        h.AutoResize = true;
        h.RecordValue(400_000_000);
        h.GetCountAtValue(400_000_000).Should().Be(1);
        h.RecordValue(300_000_000);
        h.GetCountAtValue(300_000_000).Should().Be(1);
        h.TotalCount.Should().Be(9);

        h.Reset();
        h.RecordValue(70_000);
        h.TotalCount.Should().Be(1);
        h.GetMinNonZeroValue().Should().Be(h.LowestEquivalentValue(70_000));
        h.GetMaxValue().Should().Be(h.HighestEquivalentValue(70_000));
    }

    private static long LogUniform(Random random, long highest)
        => Math.Min(highest, (long)Math.Exp(random.NextDouble() * Math.Log(highest)));

    /// <summary>
    /// Counts per bucket from the definition: 2^u (u = floor(log2(lowest))) is the unit, s = the smallest power of two
    /// of at least 2 x 10^digits sub-buckets; a value's bucket is the smallest k with value &lt; s x 2^(k+u), and its
    /// bucket holds the values sharing value >> (k+u).
    /// </summary>
    private sealed class Reference
    {
        private readonly SortedDictionary<long, long> _counts = new();
        private long _total;
        private long _maxValue = -1;
        private long _minNonZeroValue = long.MaxValue;

        public Reference(long lowest, int digits)
        {
            UnitMagnitude = 63 - System.Numerics.BitOperations.LeadingZeroCount((ulong)lowest);
            long needed = 2 * (long)Math.Pow(10, digits);
            SubBucketCount = 1;
            while (SubBucketCount < needed)
            {
                SubBucketCount <<= 1;
            }
        }

        public int UnitMagnitude { get; }

        public long SubBucketCount { get; }

        public void Record(long value)
        {
            _counts[Lowest(value)] = _counts.GetValueOrDefault(Lowest(value)) + 1;
            _total++;
            _maxValue = Math.Max(_maxValue, value);
            if (value >= 1L << UnitMagnitude)
            {
                _minNonZeroValue = Math.Min(_minNonZeroValue, value);
            }
        }

        public void Check(HistogramBase h)
        {
            var actual = h.RecordedValues().ToDictionary(v => Lowest(v.ValueIteratedTo), v => v.CountAtValueIteratedTo);
            actual.Should().Equal(_counts);
            h.TotalCount.Should().Be(_total);
            h.GetMaxValue().Should().Be(HighestEquivalent(_maxValue));
            h.GetMinNonZeroValue().Should().Be(_minNonZeroValue == long.MaxValue ? long.MaxValue : Lowest(_minNonZeroValue));
        }

        private int Shift(long value)
        {
            int k = 0;
            while (value >= SubBucketCount << (k + UnitMagnitude) && (SubBucketCount << (k + UnitMagnitude)) > 0)
            {
                k++;
            }

            return k + UnitMagnitude;
        }

        private long Lowest(long value) => value >> Shift(value) << Shift(value);

        private long HighestEquivalent(long value) => Lowest(value) + (1L << Shift(value)) - 1;
    }
}
