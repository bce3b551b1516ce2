namespace HdrHistogram.UnitTests.DoubleValued;

public class DoubleHistogramBehaviourTests
{
    // 10^-6 to 10^8 in steps of a quarter decade: fourteen decimal orders of magnitude.
    private static readonly double[] WideValues = Enumerable.Range(-24, 57).Select(k => Math.Pow(10, k / 4.0)).ToArray();

    public static IEnumerable<object[]> RecordingOrders => new[]
    {
        new object[] { "ascending" },
        new object[] { "descending" },
        new object[] { "shuffled" },
        new object[] { "from the middle out" },
    };

    [Theory]
    [MemberData(nameof(RecordingOrders))]
    public void Auto_ranging_covers_fourteen_orders_of_magnitude_in_any_recording_order(string order)
    {
        var h = new DoubleHistogram(3);
        foreach (double value in Ordered(WideValues, order))
        {
            h.RecordValue(value);
        }

        h.TotalCount.Should().Be(WideValues.Length);
        foreach (double value in WideValues)
        {
            h.GetCountAtValue(value).Should().Be(1, "{0} was recorded once", value);
            h.LowestEquivalentValue(value).Should().BeLessThanOrEqualTo(value);
            h.NextNonEquivalentValue(value).Should().BeGreaterThan(value);
            h.SizeOfEquivalentValueRange(value).Should().BeLessThanOrEqualTo(value / 1000, "3 significant digits are kept at {0}", value);
        }

        h.GetMinNonZeroValue().Should().Be(h.LowestEquivalentValue(1e-6));

        // Java's getMaxValue() converts the internal maximum (here an integer above 2^53, which a double cannot hold
        // exactly) to a double before taking its highest equivalent value: it may land one bucket higher.
        h.GetMaxValue().Should().BeGreaterThanOrEqualTo(h.HighestEquivalentValue(1e8)).And.BeLessThan(1e8 * 1.002);
        h.GetMaxValue().Should().Be(h.HighestEquivalentValue(h.IntegerValuesHistogram.GetMaxValue() * h.IntegerToDoubleValueConversionRatio));
        h.ValuesAreEquivalent(h.GetValueAtPercentile(50), WideValues[28]).Should().BeTrue();
        // The internal range is 2 to 4 times the configured ratio (one binary order above the containing one).
        h.GetHighestToLowestValueRatio().Should().BeGreaterThan(25_000_000_000_000L, "auto-resizing grew the dynamic range from 2");
    }

    [Fact]
    public void The_recorded_unit_does_not_matter()
    {
        // Scaling every value by a power of two moves the covered range by exactly that much and nothing else.
        var milliseconds = new DoubleHistogram(3);
        var nanoseconds = new DoubleHistogram(3);
        var random = new Random(7);
        for (int i = 0; i < 10_000; i++)
        {
            double value = Math.Exp((random.NextDouble() * 10) - 3);
            milliseconds.RecordValue(value);
            nanoseconds.RecordValue(value * (1 << 20));
        }

        nanoseconds.IntegerToDoubleValueConversionRatio.Should().Be(milliseconds.IntegerToDoubleValueConversionRatio * (1 << 20));
        Render(nanoseconds, 1 << 20).Should().Be(Render(milliseconds, 1));
        nanoseconds.IntegerValuesHistogram.Should().Be(
            WithRatio(milliseconds.IntegerValuesHistogram.Copy(), nanoseconds.IntegerToDoubleValueConversionRatio),
            "the internal integer histograms hold the same counts");
    }

    [Fact]
    public void A_value_beyond_what_auto_resizing_can_reach_throws_and_keeps_what_was_recorded()
    {
        var h = new DoubleHistogram(3);
        h.RecordValue(1.0);

        h.Invoking(x => x.RecordValue(1e30))
            .Should().Throw<ArgumentOutOfRangeException>()
            .WithMessage("The value 1E+30 is out of bounds for histogram, current covered range [*) cannot be extended any further.*")
            .Which.ParamName.Should().Be("value");

        h.TotalCount.Should().Be(1);
        h.GetCountAtValue(1.0).Should().Be(1);
        h.RecordValue(2.0);
        h.GetCountAtValue(2.0).Should().Be(1);
        h.GetMaxValue().Should().Be(h.HighestEquivalentValue(2.0));
    }

    [Fact]
    public void A_fixed_dynamic_range_moves_but_does_not_grow()
    {
        var h = new DoubleHistogram(1000, 3);
        h.AutoResize.Should().BeFalse();
        h.RecordValue(1.0);
        h.RecordValue(0.001); // Still within a ratio of 1000 (the range moves down).
        h.GetHighestToLowestValueRatio().Should().Be(1000);

        h.Invoking(x => x.RecordValue(10.0)).Should().Throw<ArgumentOutOfRangeException>()
            .WithMessage("*cannot be extended any further. Caused by: Value outside of histogram covered range.*");
        h.TotalCount.Should().Be(2);
        h.GetCountAtValue(1.0).Should().Be(1);
        h.GetCountAtValue(0.001).Should().Be(1);

        h.AutoResize = true;
        h.RecordValue(10.0);
        h.GetCountAtValue(10.0).Should().Be(1);
        h.GetHighestToLowestValueRatio().Should().BeGreaterThan(1000);
    }

    [Fact]
    public void Zero_is_always_recordable_and_keeps_its_count_while_the_range_moves()
    {
        var h = new DoubleHistogram(2);
        h.RecordValueWithCount(0.0, 3);
        h.RecordValue(-0.0);
        h.TotalCount.Should().Be(4);
        h.GetCountAtValue(0.0).Should().Be(4);
        h.GetMinValue().Should().Be(0.0);
        h.GetMinNonZeroValue().Should().Be(long.MaxValue * h.IntegerToDoubleValueConversionRatio, "nothing non-zero was recorded (Java's Long.MAX_VALUE, scaled)");

        foreach (double value in new[] { 1.5, 1234.5678, 0.001, 1e6 })
        {
            h.RecordValue(value);
            h.GetCountAtValue(0.0).Should().Be(4, "the zero count stays put when the range moves for {0}", value);
        }

        h.TotalCount.Should().Be(8);
        h.GetMinValue().Should().Be(0.0);
        h.GetMinNonZeroValue().Should().Be(h.LowestEquivalentValue(0.001));
        h.GetValueAtPercentile(50).Should().Be(0.0, "half the values are zeros, and the zero bucket is one internal unit wide");
    }

    [Fact]
    public void The_maximum_of_a_histogram_without_non_zero_values_is_Javas_highest_equivalent_value_of_zero()
    {
        // Java: getMaxValue() = highestEquivalentValue(0 * ratio), the top of the zero bucket at the current scale,
        // which for a histogram whose range never moved is about 2^800 / subBucketHalfCount.
        var empty = new DoubleHistogram(3);
        empty.GetMaxValue().Should().Be(empty.HighestEquivalentValue(0.0));
        empty.GetMaxValue().Should().BeGreaterThan(1e230);

        var zeros = new DoubleHistogram(3);
        zeros.RecordValueWithCount(0.0, 10);
        zeros.GetMaxValue().Should().Be(empty.GetMaxValue());

        // The text output divides the internal maximum (0) instead, so it prints 0.
        Render(zeros, 1).Should().Contain("#[Max     =        0.000, Total count    =           10]");
    }

    [Theory]
    [InlineData(-1.0)]
    [InlineData(-1e-300)]
    [InlineData(double.NaN)]
    [InlineData(double.PositiveInfinity)]
    [InlineData(double.NegativeInfinity)]
    [InlineData(double.MaxValue)]
    public void Negative_non_finite_and_huge_values_are_rejected(double value)
    {
        var h = new DoubleHistogram(3);
        h.RecordValue(1.0);

        h.Invoking(x => x.RecordValue(value)).Should().Throw<ArgumentOutOfRangeException>().Which.ParamName.Should().Be("value");
        h.Invoking(x => x.RecordValueWithCount(value, 2)).Should().Throw<ArgumentOutOfRangeException>();
        h.TotalCount.Should().Be(1);
        h.GetCountAtValue(1.0).Should().Be(1);
    }

    [Fact]
    public void A_negative_count_is_rejected()
    {
        var h = new DoubleHistogram(3);
        h.Invoking(x => x.RecordValueWithCount(1.0, -1)).Should().Throw<ArgumentOutOfRangeException>().Which.ParamName.Should().Be("count");
        h.TotalCount.Should().Be(0);
    }

    [Fact]
    public void Recording_with_an_expected_interval_fills_in_the_missing_values()
    {
        var h = new DoubleHistogram(3);
        h.RecordValueWithExpectedInterval(10.0, 1.0);

        h.TotalCount.Should().Be(10);
        for (int v = 1; v <= 10; v++)
        {
            h.GetCountAtValue(v).Should().Be(1);
        }

        var plain = new DoubleHistogram(3);
        plain.RecordValueWithExpectedInterval(10.0, 0.0);
        plain.TotalCount.Should().Be(1);

        // Java never returns from this one: 1e20 - 1 == 1e20.
        plain.Invoking(x => x.RecordValueWithExpectedInterval(1e20, 1.0))
            .Should().Throw<ArgumentOutOfRangeException>().Which.ParamName.Should().Be("expectedIntervalBetweenValueSamples");
        plain.TotalCount.Should().Be(1);
    }

    [Fact]
    public void Reset_clears_everything_and_moves_the_range_back_to_the_start()
    {
        var h = new DoubleHistogram(3);
        double initialRatio = h.IntegerToDoubleValueConversionRatio;
        h.RecordValue(1e-3);
        h.RecordValue(1e5);
        h.Tag = "t";
        h.StartTimeStamp = 1;
        h.EndTimeStamp = 2;
        long grownRatio = h.GetHighestToLowestValueRatio();

        h.Reset();

        h.TotalCount.Should().Be(0);
        h.IntegerToDoubleValueConversionRatio.Should().Be(initialRatio);
        h.GetHighestToLowestValueRatio().Should().Be(grownRatio, "Java keeps the grown dynamic range");
        h.Tag.Should().BeNull();
        h.StartTimeStamp.Should().Be(0);
        h.EndTimeStamp.Should().Be(0);
        h.IntegerValuesHistogram.NormalizingIndexOffset.Should().Be(0);

        h.RecordValue(42e9);
        h.GetCountAtValue(42e9).Should().Be(1);
        h.TotalCount.Should().Be(1);
    }

    [Fact]
    public void Copies_are_equal_independent_and_not_auto_resizing()
    {
        var h = Sample();
        h.Tag = "copied";
        h.StartTimeStamp = 100;
        h.EndTimeStamp = 200;

        var copy = h.Copy();
        copy.Should().Be(h);
        copy.GetHashCode().Should().Be(h.GetHashCode());
        copy.AutoResize.Should().BeFalse("Java's copy() uses the (ratio, digits) constructor");
        copy.Tag.Should().Be("copied");
        copy.StartTimeStamp.Should().Be(100);
        copy.EndTimeStamp.Should().Be(200);
        Render(copy, 1).Should().Be(Render(h, 1));

        copy.RecordValue(5.0);
        copy.Should().NotBe(h);
        h.GetCountAtValue(5.0).Should().Be(0);
    }

    [Fact]
    public void CopyInto_replaces_the_target_content()
    {
        var h = Sample();
        h.Tag = "source";
        var target = new DoubleHistogram(3);
        target.RecordValue(1e9);

        h.CopyInto(target);

        target.TotalCount.Should().Be(h.TotalCount);
        target.GetCountAtValue(1e9).Should().Be(0);
        target.Tag.Should().Be("source");
        target.GetMean().Should().Be(h.GetMean());
        target.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo))
            .Should().Equal(h.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo)));
    }

    [Fact]
    public void Add_merges_histograms_recorded_at_different_scales()
    {
        var small = new DoubleHistogram(3);
        var large = new DoubleHistogram(3);
        for (int i = 1; i <= 100; i++)
        {
            small.RecordValue(i / 1000.0);
            large.RecordValue(i * 1000.0);
        }

        small.Add(large);

        small.TotalCount.Should().Be(200);
        small.GetCountBetweenValues(0.0, 0.1).Should().Be(100);
        small.GetCountBetweenValues(1000.0, 100_000.0).Should().Be(100);
        small.GetMaxValue().Should().Be(small.HighestEquivalentValue(100_000.0));
        small.GetMinNonZeroValue().Should().Be(small.LowestEquivalentValue(0.001));
    }

    [Fact]
    public void Subtract_removes_counts_and_rejects_larger_counts_without_changing_anything()
    {
        var h = Sample();
        string before = Render(h, 1);

        var tooMuch = Sample();
        tooMuch.RecordValue(3.0);
        h.Invoking(x => x.Subtract(tooMuch)).Should().Throw<ArgumentException>().Which.ParamName.Should().Be("otherHistogram");
        Render(h, 1).Should().Be(before);

        var part = new DoubleHistogram(3);
        part.RecordValueWithCount(3.0, 2);
        h.Subtract(part);
        h.GetCountAtValue(3.0).Should().Be(2, "Sample() records 3.0 four times and part subtracts two");
        h.GetCountAtValue(2.75).Should().Be(1, "2.75 is in a bucket of its own, which part does not touch");
        h.TotalCount.Should().Be(Sample().TotalCount - 2);

        h.Subtract(h.Copy());
        h.TotalCount.Should().Be(0);
    }

    [Fact]
    public void Subtract_checks_the_sum_of_the_other_histograms_buckets_that_fall_into_one_bucket()
    {
        // With 1 digit this histogram's buckets are wider than the other's 3-digit ones.
        var coarse = new DoubleHistogram(1);
        coarse.RecordValueWithCount(1.0, 3);
        var fine = new DoubleHistogram(3);
        fine.RecordValueWithCount(1.0, 2);
        fine.RecordValueWithCount(1.01, 2);
        coarse.ValuesAreEquivalent(1.0, 1.01).Should().BeTrue();

        coarse.Invoking(x => x.Subtract(fine)).Should().Throw<ArgumentException>();
        coarse.TotalCount.Should().Be(3);
        coarse.GetCountAtValue(1.0).Should().Be(3);
    }

    [Fact]
    public void CopyCorrectedForCoordinatedOmission_adds_the_missing_values()
    {
        var h = new DoubleHistogram(3);
        h.RecordValue(1.0);
        h.RecordValue(10.0);

        var corrected = h.CopyCorrectedForCoordinatedOmission(1.0);
        corrected.TotalCount.Should().Be(11);
        corrected.GetCountBetweenValues(4.5, 5.5).Should().Be(1, "the corrections step down from the highest value equivalent to 10");
        h.CopyCorrectedForCoordinatedOmission(0).Should().Be(h);

        // A fresh target has a very different scale (its range starts near 2^800): Java 2.2.2 scales the other
        // histogram's values by the target's ratio and never returns here; this library uses the other's ratio.
        var target = new DoubleHistogram(3);
        target.AddWhileCorrectingForCoordinatedOmission(h, 1.0);
        target.TotalCount.Should().Be(11);
        target.GetCountBetweenValues(4.5, 5.5).Should().Be(1);
    }

    [Fact]
    public void Iterations_yield_fresh_steps_in_double_units()
    {
        var h = Sample();

        var recorded = h.RecordedValues().ToList();
        recorded.Sum(v => v.CountAddedInThisIterationStep).Should().Be(h.TotalCount);
        recorded.Select(v => v.ValueIteratedTo).Should().BeInAscendingOrder();
        recorded.Should().OnlyHaveUniqueItems();
        recorded[0].ValueIteratedTo.Should().Be(h.NextNonEquivalentValue(0.5) - h.IntegerToDoubleValueConversionRatio, "the internal highest equivalent value, scaled");
        recorded[0].IntegerHistogramIterationValue.IntegerToDoubleValueConversionRatio.Should().Be(h.IntegerToDoubleValueConversionRatio);
        recorded[^1].TotalCountToThisValue.Should().Be(h.TotalCount);
        recorded[^1].Percentile.Should().Be(100.0);

        var linear = h.LinearBucketValues(0.5).ToList();
        linear.Sum(v => v.CountAddedInThisIterationStep).Should().Be(h.TotalCount);
        linear[0].ValueIteratedTo.Should().Be(0.5 - h.IntegerToDoubleValueConversionRatio);
        linear[1].ValueIteratedTo.Should().Be(1.0 - h.IntegerToDoubleValueConversionRatio);
        linear[1].ValueIteratedFrom.Should().Be(linear[0].ValueIteratedTo);

        var logarithmic = h.LogarithmicBucketValues(0.25, 2).ToList();
        logarithmic.Sum(v => v.CountAddedInThisIterationStep).Should().Be(h.TotalCount);
        logarithmic.Select(v => v.ValueIteratedTo).Should().BeInAscendingOrder();

        var percentiles = h.Percentiles(5).ToList();
        percentiles[^1].PercentileLevelIteratedTo.Should().Be(100.0);
        percentiles[^1].ValueIteratedTo.Should().Be(h.NextNonEquivalentValue(17.25) - h.IntegerToDoubleValueConversionRatio);

        h.AllValues().Count().Should().Be(h.IntegerValuesHistogram.CountsArrayLength);
    }

    [Fact]
    public void Iteration_widths_must_be_representable()
    {
        var h = Sample();
        h.Invoking(x => x.LinearBucketValues(0)).Should().Throw<ArgumentOutOfRangeException>();
        h.Invoking(x => x.LinearBucketValues(double.NaN)).Should().Throw<ArgumentOutOfRangeException>();
        h.Invoking(x => x.LogarithmicBucketValues(1, 1)).Should().Throw<ArgumentOutOfRangeException>();
        h.Invoking(x => x.Percentiles(0)).Should().Throw<ArgumentOutOfRangeException>();

        // Narrower than one internal unit: rejected when the enumeration starts.
        h.Invoking(x => x.LinearBucketValues(h.IntegerToDoubleValueConversionRatio / 4).ToList())
            .Should().Throw<ArgumentOutOfRangeException>().Which.ParamName.Should().Be("valueUnitsPerBucket");
    }

    [Fact]
    public void Output_takes_the_unit_scaling_ratio_in_double_units()
    {
        var h = Sample();
        string seconds = Render(h, 1000.0);
        seconds.Should().StartWith("       Value     Percentile TotalCount 1/(1-Percentile)\n\n       0.001 0.000000000000");
        seconds.Should().EndWith("#[Buckets = " + h.IntegerValuesHistogram.BucketCount.ToString(System.Globalization.CultureInfo.InvariantCulture).PadLeft(12) + ", SubBuckets     =         2048]\n");

        h.Invoking(x => x.OutputPercentileDistribution(null!)).Should().Throw<ArgumentNullException>();
    }

    [Fact]
    public void Configuration_is_validated_like_Java()
    {
        FluentActions.Invoking(() => new DoubleHistogram(1, 3)).Should().Throw<ArgumentOutOfRangeException>().Which.ParamName.Should().Be("highestToLowestValueRatio");
        FluentActions.Invoking(() => new DoubleHistogram(6)).Should().Throw<ArgumentOutOfRangeException>().Which.ParamName.Should().Be("numberOfSignificantValueDigits");
        FluentActions.Invoking(() => new DoubleHistogram(-1)).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => new DoubleHistogram(1L << 45, 5)).Should().Throw<ArgumentOutOfRangeException>().WithMessage("*must be < (1L << 61)*");

        var h = new DoubleHistogram(1_000_000_000_000, 3);
        h.IntegerValuesHistogram.HighestTrackableValue.Should().Be((1024L << 41) - 1, "integerValueRange = subBucketHalfCount * 2^(bits(ratio) + 1)");
        h.GetHighestToLowestValueRatio().Should().Be(1_000_000_000_000);
        h.NumberOfSignificantValueDigits.Should().Be(3);
    }

    [Fact]
    public void A_wrapped_integer_histogram_keeps_its_scale()
    {
        // The decoder's path: Java's DoubleHistogram(ratio, digits, Histogram.class, decodedInternal).
        var h = Sample();
        var integerCopy = h.IntegerValuesHistogram.Copy();
        integerCopy.IntegerToDoubleValueConversionRatio = h.IntegerToDoubleValueConversionRatio;

        var wrapped = new DoubleHistogram(h.GetHighestToLowestValueRatio(), 3, integerCopy) { AutoResize = true };
        wrapped.Should().Be(h);
        wrapped.IntegerToDoubleValueConversionRatio.Should().Be(h.IntegerToDoubleValueConversionRatio);
        Render(wrapped, 1).Should().Be(Render(h, 1));
        wrapped.RecordValue(1e-3);
        wrapped.GetCountAtValue(1e-3).Should().Be(1);

        FluentActions.Invoking(() => new DoubleHistogram(h.GetHighestToLowestValueRatio(), 2, h.IntegerValuesHistogram.Copy()))
            .Should().Throw<ArgumentException>();
        FluentActions.Invoking(() => new DoubleHistogram(2, 3, new LongHistogram(1, 1000, 3)))
            .Should().Throw<ArgumentException>();
    }

    [Fact]
    public void Equality_follows_the_internal_histogram()
    {
        var a = Sample();
        var b = Sample();
        a.Should().Be(b);
        a.Equals((object)b).Should().BeTrue();
        a.Equals("not a histogram").Should().BeFalse();
        a.GetHashCode().Should().Be(b.GetHashCode());
        DoubleHistogram? none = null;
        a.Equals(none).Should().BeFalse();

        b.RecordValue(1.0);
        a.Should().NotBe(b);
    }

    private static DoubleHistogram Sample()
    {
        var h = new DoubleHistogram(3);
        h.RecordValue(0.5);
        h.RecordValueWithCount(3.0, 4);
        h.RecordValue(2.75);
        h.RecordValueWithCount(17.25, 2);
        return h;
    }

    private static HistogramBase WithRatio(HistogramBase histogram, double ratio)
    {
        histogram.IntegerToDoubleValueConversionRatio = ratio;
        return histogram;
    }

    private static IEnumerable<double> Ordered(double[] values, string order) => order switch
    {
        "ascending" => values,
        "descending" => Enumerable.Reverse(values),
        "shuffled" => values.OrderBy(v => new Random(BitConverter.DoubleToInt64Bits(v).GetHashCode()).Next()),
        "from the middle out" => values.Select((v, i) => (v, i)).OrderBy(p => Math.Abs(p.i - (values.Length / 2))).Select(p => p.v),
        _ => throw new ArgumentOutOfRangeException(nameof(order)),
    };

    private static string Render(DoubleHistogram h, double scale)
    {
        var writer = new StringWriter();
        h.OutputPercentileDistribution(writer, 5, scale);
        return writer.ToString();
    }
}
