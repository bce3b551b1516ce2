namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// <see cref="HistogramBase.Reset"/> clears only the slots up to the tracked maximum's (the slots that can hold a
/// count), so these tests change a histogram in every way that places counts, reset it, and read every slot back.
/// </summary>
public class ResetTests
{
    private const long Lowest = 1;
    private const long Highest = 3_600_000_000L;
    private const int Digits = 3;

    public static IEnumerable<object[]> Cases()
    {
        string[] types = { nameof(LongHistogram), nameof(IntHistogram), nameof(ShortHistogram), nameof(LongConcurrentHistogram), nameof(IntConcurrentHistogram) };
        return from type in types from change in Changes.Keys select new object[] { type, change };
    }

    /// <summary>The ways of placing counts, each applied to a fresh histogram of the type under test.</summary>
    private static readonly Dictionary<string, Action<HistogramBase>> Changes = new()
    {
        ["low values only"] = h =>
        {
            for (long v = 1; v <= 500; v++)
            {
                h.RecordValue(v);
            }
        },
        ["a low value, then lower and higher ones"] = h =>
        {
            h.RecordValue(1_000);
            h.RecordValue(3);
            h.RecordValue(90_000);
            h.RecordValue(1_000);
        },
        ["zero only"] = h => h.RecordValue(0),
        ["the highest trackable value"] = h => h.RecordValue(Highest),
        ["counts across the range"] = h =>
        {
            for (long v = 1; v < Highest; v = (v * 7) + 3)
            {
                h.RecordValueWithCount(v, 5);
            }
        },
        ["a record with an expected interval"] = h => h.RecordValueWithExpectedInterval(50_000_000, 1_000),
        ["Add of the same type"] = h => h.Add(WithHighValues(Create(h.GetType().Name))),
        ["Add of another count type"] = h => h.Add(WithHighValues(new IntHistogram(Lowest, Highest, Digits))),
        ["Add of another layout"] = h => h.Add(WithHighValues(new LongHistogram(1, 2 * Highest, 2))),
        ["Subtract emptying the maximum"] = h =>
        {
            var high = new LongHistogram(Lowest, Highest, Digits);
            high.RecordValue(2_000_000_000);
            h.RecordValue(10);
            h.Add(high);
            h.Subtract(high);
        },
        ["ShiftValuesLeft"] = h =>
        {
            h.RecordValue(1_000);
            h.RecordValue(40_000);
            h.ShiftValuesLeft(4);
        },
        ["ShiftValuesRight"] = h =>
        {
            // The counts keep their slots and the offset moves: they now lie above the maximum's logical index.
            h.RecordValue(70_000);
            h.RecordValue(1_000_000);
            h.ShiftValuesRight(3);
        },
        ["ShiftValuesLeft then ShiftValuesRight"] = h =>
        {
            h.RecordValue(70_000);
            h.ShiftValuesLeft(3);
            h.ShiftValuesRight(3);
        },
        ["DecodeInto over low values"] = h =>
        {
            h.RecordValue(5);
            new HistogramDecoder().DecodeInto(HistogramEncoder.Encode(WithHighValues(new LongHistogram(Lowest, Highest, Digits))), h);
        },
        ["CopyInto over low values"] = h =>
        {
            h.RecordValue(5);
            WithHighValues(new LongHistogram(Lowest, Highest, Digits)).CopyInto(h);
        },
        ["a Reset, then high values"] = h =>
        {
            h.RecordValue(5);
            h.Reset();
            WithHighValues(h);
        },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Reset_leaves_no_count_behind(string type, string change)
    {
        var h = Create(type);
        Changes[change](h);
        h.TotalCount.Should().BeGreaterThan(0, "the change under test records something");

        h.Reset();

        SlotsHoldingCounts(h).Should().BeEmpty();
        h.TotalCount.Should().Be(0);
        h.GetMaxValue().Should().Be(0);
        h.HasOverflowed().Should().BeFalse();
        h.RecordValue(12_345);
        SlotsHoldingCounts(h).Should().Equal(h.CountsArrayIndex(12_345));
        h.GetCountAtValue(12_345).Should().Be(1);
        h.TotalCount.Should().Be(1);
    }

    [Fact]
    public void Reset_leaves_no_count_behind_after_an_auto_resize()
    {
        var h = new LongHistogram(Lowest, 10_000, Digits) { AutoResize = true };
        h.RecordValue(7);
        h.RecordValue(Highest);
        h.CountsArrayLength.Should().BeGreaterThan(new LongHistogram(Lowest, 10_000, Digits).CountsArrayLength);

        h.Reset();

        SlotsHoldingCounts(h).Should().BeEmpty();
    }

    [Theory]
    [InlineData(false, false)]
    [InlineData(false, true)]
    [InlineData(true, false)]
    [InlineData(true, true)]
    public void A_double_histogram_reset_leaves_no_count_behind_in_its_integer_histogram(bool withRatio, bool wideValues)
    {
        // Values far apart move the integer histogram's counts under a normalizing offset; close ones need no shift.
        var h = withRatio ? new DoubleHistogram(1_000_000_000, 3) : new DoubleHistogram(3);
        double[] values = wideValues ? new[] { 1.5, 0.003, 250.0, 7_000.0, 0.25 } : new[] { 1.5, 1.75, 2.0 };
        foreach (double value in values)
        {
            h.RecordValue(value);
        }

        h.Reset();

        SlotsHoldingCounts(h.IntegerValuesHistogram).Should().BeEmpty();
        h.RecordValue(42.0);
        SlotsHoldingCounts(h.IntegerValuesHistogram).Should().HaveCount(1);
        h.TotalCount.Should().Be(1);
        h.GetCountAtValue(42.0).Should().Be(1);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_recycled_recorder_interval_holds_only_the_values_recorded_after_it_was_handed_back(bool singleWriter)
    {
        // The recycled histogram is reset and becomes the one the writers record into next.
        Func<HistogramBase?, HistogramBase> interval;
        Action<long> record;
        if (singleWriter)
        {
            var recorder = new SingleWriterRecorder(Lowest, Highest, Digits);
            interval = recorder.GetIntervalHistogram;
            record = recorder.RecordValue;
        }
        else
        {
            var recorder = new Recorder(Lowest, Highest, Digits);
            interval = recorder.GetIntervalHistogram;
            record = recorder.RecordValue;
        }

        record(3_000_000_000);
        record(8);
        var first = interval(null);
        var second = interval(first);
        record(9);

        var third = interval(second);

        third.Should().BeSameAs(first);
        SlotsHoldingCounts(third).Should().Equal(third.CountsArrayIndex(9));
        third.TotalCount.Should().Be(1);
        third.GetMaxValue().Should().Be(9);
    }

    [Theory]
    [InlineData(nameof(LongHistogram))]
    [InlineData(nameof(IntHistogram))]
    [InlineData(nameof(ShortHistogram))]
    public void A_plain_histogram_clears_only_up_to_the_tracked_maximum(string type)
    {
        // A slot above the maximum is written behind the tracking's back (nothing public can do that) to show which
        // slots Reset touches: a histogram of low values does not clear the rest of its array.
        var h = Create(type);
        h.RecordValue(100);
        int untracked = h.CountsArrayLength - 1;
        h.SetCountAtIndex(untracked, 1);

        h.Reset();

        SlotsHoldingCounts(h).Should().Equal(untracked);
    }

    [Theory]
    [InlineData(nameof(LongConcurrentHistogram))]
    [InlineData(nameof(IntConcurrentHistogram))]
    public void A_concurrent_histogram_clears_every_slot(string type)
    {
        // Their recorder writers add counts without moving the maximum until the interval completes.
        var h = Create(type);
        h.RecordValue(100);
        h.SetCountAtIndex(h.CountsArrayLength - 1, 1);

        h.Reset();

        SlotsHoldingCounts(h).Should().BeEmpty();
    }

    private static HistogramBase Create(string type) => type switch
    {
        nameof(LongHistogram) => new LongHistogram(Lowest, Highest, Digits),
        nameof(IntHistogram) => new IntHistogram(Lowest, Highest, Digits),
        nameof(ShortHistogram) => new ShortHistogram(Lowest, Highest, Digits),
        nameof(LongConcurrentHistogram) => new LongConcurrentHistogram(Lowest, Highest, Digits),
        nameof(IntConcurrentHistogram) => new IntConcurrentHistogram(Lowest, Highest, Digits),
        _ => throw new ArgumentOutOfRangeException(nameof(type), type, null),
    };

    private static HistogramBase WithHighValues(HistogramBase h)
    {
        h.RecordValue(1_000_000);
        h.RecordValueWithCount(2_500_000_000, 3);
        return h;
    }

    /// <summary>The logical indexes whose count is not zero.</summary>
    private static int[] SlotsHoldingCounts(HistogramBase h)
        => Enumerable.Range(0, h.CountsArrayLength).Where(i => h.GetCountAtIndex(i) != 0).ToArray();
}
