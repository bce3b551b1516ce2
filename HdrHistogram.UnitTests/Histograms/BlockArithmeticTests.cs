namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// Add, Subtract, Copy and CopyInto of histograms of the same layout and count type take one pass over the counts
/// arrays: the results equal histograms recorded value by value (counts, total, minimum, maximum, encoded bytes).
/// </summary>
public class BlockArithmeticTests
{
    public static IEnumerable<object[]> CountTypes()
        => new[] { "long", "int", "short" }.SelectMany(t => new[] { 1, 2, 3 }.Select(seed => new object[] { t, seed }));

    [Theory]
    [MemberData(nameof(CountTypes))]
    public void Add_and_subtract_equal_recording_the_values(string countType, int seed)
    {
        var random = new Random(seed);
        for (int round = 0; round < 10; round++)
        {
            int digits = random.Next(1, 4);
            long highest = 1L << random.Next(30, 40);
            var valuesA = RandomValues(random, random.Next(0, 2000));
            var valuesB = RandomValues(random, random.Next(0, 2000));
            int shift = round % 2; // Odd rounds: both histograms shifted, so the counts no longer start at slot 0.

            var a = Recorded(countType, highest, digits, valuesA, shift);
            var b = Recorded(countType, highest, digits, valuesB, shift);
            var both = Recorded(countType, highest, digits, valuesA.Concat(valuesB), shift);

            var sum = Recorded(countType, highest, digits, valuesA, shift);
            sum.Add(b);
            ShouldEqual(sum, both, $"{countType} seed {seed} round {round}: a + b");

            sum.Subtract(b);
            ShouldEqual(sum, a, $"{countType} seed {seed} round {round}: (a + b) - b");

            var copy = both.Copy();
            ShouldEqual(copy, both, $"{countType} seed {seed} round {round}: copy", sameLayout: shift == 0);

            var target = HistogramKinds.Create(countType, 1, highest, digits);
            target.RecordValue(12345);
            both.CopyInto(target);
            ShouldEqual(target, both, $"{countType} seed {seed} round {round}: copy into", sameLayout: shift == 0);
        }
    }

    [Theory]
    [InlineData("long")]
    [InlineData("int")]
    [InlineData("short")]
    public void Adding_or_subtracting_a_histogram_to_or_from_itself(string countType)
    {
        var values = RandomValues(new Random(7), 500).ToArray();
        var h = Recorded(countType, 1L << 30, 3, values, 0);
        h.Add(h);
        ShouldEqual(h, Recorded(countType, 1L << 30, 3, values.Concat(values), 0), countType + " h + h");

        h.Subtract(h);
        h.TotalCount.Should().Be(0);
        h.GetMaxValue().Should().Be(0);
        h.GetMinNonZeroValue().Should().Be(long.MaxValue);
        HistogramEncoder.Encode(h).Should().Equal(HistogramEncoder.Encode(HistogramKinds.Create(countType, 1, 1L << 30, 3)));
    }

    [Theory]
    [InlineData("int", 2_000_000_000L, 4_000_000_000L - 4_294_967_296L)]
    [InlineData("short", 30_000L, 60_000L - 65_536L)]
    public void An_add_that_overflows_a_count_wraps_it_as_2_5_0_does(string countType, long count, long wrapped)
    {
        var target = HistogramKinds.Create(countType, 1, 1L << 30, 3);
        target.RecordValueWithCount(1000, count);
        target.RecordValueWithCount(5, 3);
        var source = HistogramKinds.Create(countType, 1, 1L << 30, 3);
        source.RecordValueWithCount(1000, count);

        target.Add(source);

        target.GetCountAtValue(1000).Should().Be(wrapped);
        target.GetCountAtValue(5).Should().Be(3);
        target.TotalCount.Should().Be((2 * count) + 3);
        target.HasOverflowed().Should().BeTrue();
    }

    [Fact]
    public void A_subtract_that_would_go_below_zero_throws_and_changes_nothing()
    {
        var target = new LongHistogram(1L << 30, 3);
        target.RecordValueWithCount(1000, 2);
        target.RecordValueWithCount(9000, 5);
        var source = new LongHistogram(1L << 30, 3);
        source.RecordValueWithCount(9000, 1);
        source.RecordValueWithCount(1000, 3);
        var before = HistogramEncoder.Encode(target);

        Action act = () => target.Subtract(source);
        act.Should().Throw<ArgumentException>().WithMessage("The other histogram's count (3) at value 1000 is larger than this one's (2).*");
        HistogramEncoder.Encode(target).Should().Equal(before);
        target.TotalCount.Should().Be(7);
    }

    [Fact]
    public void Adding_a_histogram_of_the_same_layout_allocates_nothing()
    {
        var target = new LongHistogram(3600_000_000L, 3);
        var source = new LongHistogram(3600_000_000L, 3);
        foreach (long v in RandomValues(new Random(3), 1000))
        {
            source.RecordValue(v);
        }

        long allocated = AllocationMeter.Measure(
            () =>
            {
                target.Add(source);
                target.Subtract(source);
                source.CopyInto(target);
            },
            iterations: 3);
        allocated.Should().Be(0);
        target.TotalCount.Should().Be(1000);
    }

    [Theory]
    [InlineData("long")]
    [InlineData("int")]
    [InlineData("short")]
    public void A_copy_writes_every_count_whatever_its_new_memory_held_before(string countType)
    {
        // A 1 ns - 1 h histogram: its counts array is on the large object heap, whose freed memory a copy's
        // uninitialized array may reuse. Fill such memory with a pattern, free it, then copy many times.
        const long Highest = 3_600_000_000_000L;
        var source = Recorded(countType, Highest, 3, RandomValues(new Random(11), 2000), 0);
        source.StartTimeStamp = 17;
        source.EndTimeStamp = 42;
        source.Tag = "copied";
        int arrayBytes = source.CountsArrayLength * (countType == "long" ? 8 : countType == "int" ? 4 : 2);
        for (int round = 0; round < 20; round++)
        {
            for (int i = 0; i < 4; i++)
            {
                var garbage = new byte[arrayBytes];
                garbage.AsSpan().Fill(0x5A);
                GC.KeepAlive(garbage);
            }

            GC.Collect();
            var copy = source.Copy();
            ShouldEqual(copy, source, countType + " copy, round " + round);
            for (int index = 0; index < source.CountsArrayLength; index++)
            {
                if (copy.GetCountAtIndex(index) != source.GetCountAtIndex(index))
                {
                    copy.GetCountAtIndex(index).Should().Be(source.GetCountAtIndex(index), countType + " count at index " + index + ", round " + round);
                }
            }

            copy.GetType().Should().Be(source.GetType());
            (copy.StartTimeStamp, copy.EndTimeStamp, copy.Tag).Should().Be((17L, 42L, "copied"));
        }
    }

    [Theory]
    [InlineData("int", 3_000_000_000L)]
    [InlineData("short", 40_000L)]
    public void A_copy_of_a_wrapped_count_is_what_an_add_into_an_empty_histogram_gives(string countType, long count)
    {
        var source = HistogramKinds.Create(countType, 1, 1L << 30, 3);
        source.RecordValueWithCount(1000, count);
        source.RecordValueWithCount(5, 3);
        source.GetCountAtValue(1000).Should().BeNegative("the count wrapped");
        var added = HistogramKinds.Create(countType, 1, 1L << 30, 3);
        added.Add(source);

        var copy = source.Copy();

        copy.GetCountAtValue(1000).Should().Be(added.GetCountAtValue(1000));
        copy.GetCountAtValue(5).Should().Be(3);
        copy.TotalCount.Should().Be(added.TotalCount);
        HistogramEncoder.Encode(copy).Should().Equal(HistogramEncoder.Encode(added));
    }

    private static List<long> RandomValues(Random random, int count)
        => Enumerable.Range(0, count).Select(_ => random.Next(0, 5) == 0 ? 0L : (long)(Math.Pow(2, random.NextDouble() * 22) * (1 + random.Next(0, 50)))).ToList();

    private static HistogramBase Recorded(string countType, long highest, int digits, IEnumerable<long> values, int shift)
    {
        var h = HistogramKinds.Create(countType, 1, highest, digits);
        foreach (long v in values)
        {
            h.RecordValue(v);
        }

        h.ShiftValuesLeft(shift);
        return h;
    }

    /// <summary>Equal data; with <paramref name="sameLayout"/> (a copy of a shifted histogram is not shifted, as in Java) also equal bytes.</summary>
    private static void ShouldEqual(HistogramBase actual, HistogramBase expected, string because, bool sameLayout = true)
    {
        actual.TotalCount.Should().Be(expected.TotalCount, because);
        actual.GetMaxValue().Should().Be(expected.GetMaxValue(), because);
        actual.GetMinNonZeroValue().Should().Be(expected.GetMinNonZeroValue(), because);
        actual.GetMinValue().Should().Be(expected.GetMinValue(), because);
        actual.Equals(expected).Should().BeTrue(because);
        if (sameLayout)
        {
            actual.NormalizingIndexOffset.Should().Be(expected.NormalizingIndexOffset, because);
            HistogramEncoder.Encode(actual).Should().Equal(HistogramEncoder.Encode(expected), because);
        }
    }
}
