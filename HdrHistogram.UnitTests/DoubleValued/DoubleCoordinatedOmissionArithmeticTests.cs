namespace HdrHistogram.UnitTests.DoubleValued;

/// <summary>
/// For <see cref="DoubleHistogram"/>: the coordinated-omission correction adds the back-filled counts
/// per bucket, in time proportional to the buckets, with exactly the results of Java's loop over every missing value
/// (written out here as the reference, in the same double arithmetic: <c>m -= interval</c>).
/// </summary>
public class DoubleCoordinatedOmissionArithmeticTests
{
    public static IEnumerable<object[]> Kinds() => new[] { new object[] { "double" }, new object[] { "double-concurrent" } };

    [Trait("Category", "Heavy")]
    [Theory]
    [MemberData(nameof(Kinds))]
    public void RecordValueWithExpectedInterval_equals_the_loop_over_every_missing_value(string kind)
    {
        var random = new Random(15_3_2);
        int thrown = 0;
        for (int round = 0; round < 400; round++)
        {
            int digits = random.Next(0, 4);
            long ratio = 1L << random.Next(8, 40);
            bool autoResize = random.Next(3) == 0;
            var actual = Create(kind, ratio, digits, autoResize);
            var expected = Create(kind, ratio, digits, autoResize);

            // Sometimes a value elsewhere first, so that the correction moves the covered range (or cannot).
            if (random.Next(3) == 0)
            {
                double other = Math.Pow(2, random.Next(-30, 40)) * (1 + random.NextDouble());
                actual.RecordValue(other);
                expected.RecordValue(other);
            }

            for (int r = 0; r < 2; r++)
            {
                var (value, interval) = Case(random);
                string what = FormattableString.Invariant($"round {round}: {value:R} every {interval:R}, ratio {ratio}, {digits} digits, autoResize {autoResize}");
                var expectedError = Catch(() => JavaCoordinatedOmissionLoop.Record(expected.RecordValueWithCount, value, 1, interval));
                var actualError = Catch(() => actual.RecordValueWithExpectedInterval(value, interval));
                (actualError?.GetType()).Should().Be(expectedError?.GetType(), what);
                ShouldEqual(actual, expected, what);
                if (expectedError is not null)
                {
                    thrown++;
                    break;
                }
            }
        }

        thrown.Should().BeGreaterThan(0, "some rounds reach a value the range cannot cover, and fail where the loop fails");
    }

    [Trait("Category", "Heavy")]
    [Theory]
    [MemberData(nameof(Kinds))]
    public void AddWhileCorrecting_and_CopyCorrected_equal_the_loop_over_every_recorded_bucket(string kind)
    {
        var random = new Random(15_3_3);
        for (int round = 0; round < 80; round++)
        {
            int digits = random.Next(1, 4);
            var source = Create(kind, 1L << 30, digits, autoResize: false);
            double scale = Math.Pow(2, random.Next(-20, 20)) * (1 + random.NextDouble());
            for (int i = 0; i < 12; i++)
            {
                source.RecordValueWithCount(scale * (1 + (random.NextDouble() * 1000)), random.Next(1, 1000));
            }

            double interval = scale * (0.05 + (random.NextDouble() * 3));
            string what = FormattableString.Invariant($"round {round}: scale {scale:R}, interval {interval:R}, {digits} digits");

            // Java's loops over every recorded bucket, at its highest equivalent value as the source holds it. The
            // copy starts from the source's range: an uncorrected copy (interval 0) has it, and the same counts at
            // the same values as the loop records first; the missing values are then added bucket by bucket.
            var added = Create(kind, 1L << 30, digits, autoResize: true);
            var referenceAdded = Create(kind, 1L << 30, digits, autoResize: true);
            var referenceCopy = source.CopyCorrectedForCoordinatedOmission(0);
            foreach (var step in source.IntegerValuesHistogram.RecordedValues())
            {
                double value = step.ValueIteratedTo * source.IntegerToDoubleValueConversionRatio;
                JavaCoordinatedOmissionLoop.Record(referenceAdded.RecordValueWithCount, value, step.CountAtValueIteratedTo, interval);
                JavaCoordinatedOmissionLoop.RecordMissing(referenceCopy.RecordValueWithCount, value, step.CountAtValueIteratedTo, interval);
            }

            added.AddWhileCorrectingForCoordinatedOmission(source, interval);
            ShouldEqual(added, referenceAdded, what + " (add while correcting)");
            ShouldEqual(source.CopyCorrectedForCoordinatedOmission(interval), referenceCopy, what + " (copy corrected)");
        }
    }

    [Fact]
    public void Intervals_halfway_between_two_ulps_follow_the_loop()
    {
        // In [2^20, 2^21) the ulp is 2^-32. An interval of (k + 1/2) ulps makes every step there a tie, rounded to
        // the even multiple: from an odd value the first step differs from the next, and the step is k or k + 1
        // ulps depending on k's parity. Below 2^20 the interval is a whole number of ulps and the steps are exact.
        double ulp = Math.Pow(2, -32);
        foreach (double value in new[] { Math.Pow(2, 20) + (3 * ulp), Math.Pow(2, 20) + (4 * ulp), Math.Pow(2, 21) - ulp, Math.Pow(2, 20) * 1.5 })
        {
            foreach (long k in new[] { 21L << 32, (21L << 32) + 1, (21L << 32) + 2, (21L << 32) + 3 })
            {
                double interval = (k + 0.5) * ulp;
                string what = FormattableString.Invariant($"{value:R} every {interval:R}");
                var actual = new DoubleHistogram(1L << 30, 2);
                var expected = new DoubleHistogram(1L << 30, 2);
                actual.RecordValueWithExpectedInterval(value, interval);
                JavaCoordinatedOmissionLoop.Record(expected.RecordValueWithCount, value, 1, interval);
                ShouldEqual(actual, expected, what);
            }
        }
    }

    [Fact]
    public void A_huge_value_with_a_tiny_interval_completes_with_every_missing_value_counted()
    {
        // 2^40 every 2^-4: every value of the loop is exact, 2^40 - k/16 for k = 0 .. 2^44 - 1 (the lowest is 1/16).
        var h = new DoubleHistogram(1L << 46, 2);
        h.RecordValueWithExpectedInterval(Math.Pow(2, 40), 0.0625);

        h.TotalCount.Should().Be(1L << 44);
        h.GetCountAtValue(0.0625).Should().Be(1);  // 1/16 alone in its bucket (the next value is 2/16)
        h.GetMinNonZeroValue().Should().Be(0.0625);
        h.GetMaxValue().Should().Be(h.HighestEquivalentValue(Math.Pow(2, 40)));

        // [2^39, 2^40] holds 2^43 + 1 of the values (multiples of 1/16), and the buckets of a power-of-two scale
        // start at 2^39 exactly.
        long fromHalf = h.RecordedValues().Where(v => v.ValueIteratedTo >= Math.Pow(2, 39)).Sum(v => v.CountAtValueIteratedTo);
        fromHalf.Should().Be((1L << 43) + 1);

        // 10^15 every 1: the integers 1 .. 10^15.
        var big = new DoubleConcurrentHistogram(1L << 50, 2);
        big.RecordValueWithExpectedInterval(1e15, 1);
        big.TotalCount.Should().Be(1_000_000_000_000_000);
        big.GetCountAtValue(1).Should().Be(1);
        big.GetCountAtValue(2).Should().Be(1);
        big.GetMinNonZeroValue().Should().Be(1);
    }

    private static (double Value, double Interval) Case(Random random)
    {
        int exponent = random.Next(-20, 45);
        double value = Math.Pow(2, exponent) * (1 + random.NextDouble());
        double steps = Math.Exp(random.NextDouble() * Math.Log(30_000)); // 1 .. 30,000 missing values
        double interval = random.Next(5) switch
        {
            0 => Math.Pow(2, Math.Floor(Math.Log(value / steps, 2))),                    // exact steps
            1 => TieInterval(value, steps, random),                                         // halfway between ulps
            2 => Math.Round(value / steps),                                                  // an integer
            _ => value / steps,                                                              // anything
        };

        return (value, interval > 0 ? interval : value);
    }

    /// <summary>An interval exactly halfway between two multiples of the value's ulp (so the loop's rounding ties).</summary>
    private static double TieInterval(double value, double steps, Random random)
    {
        long bits = BitConverter.DoubleToInt64Bits(value);
        double ulp = BitConverter.Int64BitsToDouble(bits + 1) - value;
        double units = Math.Floor(value / steps / ulp);
        return (units + (random.Next(2) == 0 ? 0.5 : 1.5)) * ulp;
    }

    private static DoubleHistogram Create(string kind, long ratio, int digits, bool autoResize)
    {
        DoubleHistogram h = kind == "double" ? new DoubleHistogram(ratio, digits) : new DoubleConcurrentHistogram(ratio, digits);
        h.AutoResize = autoResize;
        return h;
    }

    private static ArgumentOutOfRangeException? Catch(Action action)
    {
        try
        {
            action();
            return null;
        }
        catch (ArgumentOutOfRangeException e)
        {
            return e;
        }
    }

    private static void ShouldEqual(DoubleHistogram actual, DoubleHistogram expected, string what)
    {
        actual.TotalCount.Should().Be(expected.TotalCount, what);
        actual.GetMaxValue().Should().Be(expected.GetMaxValue(), what);
        actual.GetMinNonZeroValue().Should().Be(expected.GetMinNonZeroValue(), what);
        actual.IntegerToDoubleValueConversionRatio.Should().Be(expected.IntegerToDoubleValueConversionRatio, what);
        Convert.ToBase64String(HistogramEncoder.Encode(actual)).Should().Be(Convert.ToBase64String(HistogramEncoder.Encode(expected)), what);
        actual.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo))
            .Should().Equal(expected.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo)), what);
    }
}
