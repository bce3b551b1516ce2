using System.Threading.Tasks;

namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// The coordinated-omission correction adds the back-filled counts per bucket, in time proportional
/// to the buckets, with exactly the results of Java's loop over every missing value (written out here as the reference).
/// </summary>
public class CoordinatedOmissionArithmeticTests
{
    public static IEnumerable<object[]> TypeNames() => ShiftValuesTests.TypeNames();

    [Trait("Category", "Heavy")]
    [Theory]
    [MemberData(nameof(TypeNames))]
    public void RecordValueWithExpectedInterval_equals_the_loop_over_every_missing_value(string type)
    {
        var random = new Random(15_03);
        for (int round = 0; round < 300; round++)
        {
            int unitMagnitude = random.Next(0, 12);
            int digits = random.Next(0, 4);
            long lowest = 1L << unitMagnitude;
            long highest = lowest << random.Next(10, 30);
            var actual = HistogramKinds.Create(type, lowest, highest, digits);
            var expected = HistogramKinds.Create(type, lowest, highest, digits);
            bool overflowed = false;
            for (int r = 0; r < 3; r++)
            {
                long interval = random.Next(4) switch
                {
                    0 => random.Next(1, 5),
                    1 => random.Next(1, 1000),
                    2 => lowest * random.Next(1, 8),
                    _ => random.Next(1, (int)Math.Min(int.MaxValue, highest / 4)),
                };
                long value = Math.Min(highest - 1, (long)(random.NextDouble() * Math.Min(highest, interval * 20_000.0)));
                long count = type == "short" ? 1 : random.Next(1, 4);

                try
                {
                    JavaCoordinatedOmissionLoop.Record(expected.RecordValueWithCount, value, count, interval);
                }
                catch (InvalidOperationException)
                {
                    // A short count overflows in the loop: the arithmetic throws the same error (not necessarily
                    // after the same partial work), and the round is over.
                    actual.Invoking(x => x.RecordValueWithExpectedInterval(value, interval)).Should().Throw<InvalidOperationException>();
                    overflowed = true;
                    break;
                }

                if (count == 1)
                {
                    actual.RecordValueWithExpectedInterval(value, interval);
                }
                else
                {
                    // The count form is reached through the add-while-correcting path.
                    var single = HistogramKinds.Create(type, lowest, highest, digits);
                    single.RecordValueWithCount(value, count);
                    var copy = CreateLike(type, single);
                    copy.AddWhileCorrectingForCoordinatedOmission(single, interval);
                    var reference = CreateLike(type, single);
                    JavaCoordinatedOmissionLoop.Record(reference.RecordValueWithCount, single.HighestEquivalentValue(value), count, interval);
                    ShouldEqual(copy, reference, round);
                    actual.RecordValueWithCount(value, count);
                    JavaCoordinatedOmissionLoop.RecordMissing(actual.RecordValueWithCount, value, count, interval);
                }
            }

            if (!overflowed)
            {
                ShouldEqual(actual, expected, round);
            }
        }
    }

    [Trait("Category", "Heavy")]
    [Theory]
    [MemberData(nameof(TypeNames))]
    public void CopyCorrectedForCoordinatedOmission_equals_the_loop_over_every_recorded_bucket(string type)
    {
        var random = new Random(15_33);
        for (int round = 0; round < 100; round++)
        {
            var h = HistogramKinds.Create(type, 1, 100_000_000, random.Next(1, 4));
            for (int i = 0; i < 20; i++)
            {
                h.RecordValueWithCount(random.Next(0, 10_000_000), random.Next(1, 5));
            }

            long interval = random.Next(200, 100_000);
            var corrected = h.CopyCorrectedForCoordinatedOmission(interval);

            var reference = CreateLike(type, h);
            foreach (var v in h.RecordedValues())
            {
                JavaCoordinatedOmissionLoop.Record(reference.RecordValueWithCount, v.ValueIteratedTo, v.CountAtValueIteratedTo, interval);
            }

            ShouldEqual(corrected, reference, round);
        }
    }

    [Fact]
    public async Task A_huge_value_in_an_auto_resizing_histogram_completes_with_every_missing_value_counted()
    {
        var h = new LongHistogram(3);
        var run = Task.Run(() => h.RecordValueWithExpectedInterval(1L << 62, 1));
        (await Task.WhenAny(run, Task.Delay(TimeSpan.FromSeconds(30)))).Should().BeSameAs(run, "the loop would take 2^62 steps; per bucket it is instant");

        h.TotalCount.Should().Be(1L << 62);                  // the value and its 2^62 - 1 missing predecessors 1 .. 2^62 - 1
        h.GetCountAtValue(0).Should().Be(0);
        h.GetCountAtValue(1).Should().Be(1);
        h.GetCountAtValue(2047).Should().Be(1);
        h.GetCountAtValue(5000).Should().Be(4);              // [5000, 5003] at 3 digits
        h.GetCountAtValue(1L << 62).Should().Be(1);                 // the value alone in [2^62, 2^62 + 2^52)
        h.GetCountAtValue((1L << 62) - 1).Should().Be(1L << 51);    // [2^62 - 2^51, 2^62): 2^51 missing values
        h.GetMinNonZeroValue().Should().Be(1);
        h.GetMaxValue().Should().Be(h.HighestEquivalentValue(1L << 62));
    }

    [Fact]
    public async Task A_huge_correction_of_a_log_interval_completes()
    {
        var h = new LongHistogram(1, 1L << 40, 2) { AutoResize = true };
        h.RecordValue(1L << 45);
        var run = Task.Run(() => h.CopyCorrectedForCoordinatedOmission(3));
        (await Task.WhenAny(run, Task.Delay(TimeSpan.FromSeconds(30)))).Should().BeSameAs(run);
        var corrected = await run;
        // The copy corrects each bucket's highest equivalent value, 2^45 + 2^38 - 1 at 2 digits: it and its
        // (2^45 + 2^38 - 1) / 3 - 1 missing predecessors.
        corrected.TotalCount.Should().Be(11_819_749_998_591);
        corrected.GetCountAtValue(4).Should().Be(0);
        corrected.GetCountAtValue(5).Should().Be(1); // the lowest: 3 + (2^45 + 2^38 - 1) mod 3
    }

    [Fact]
    public void Short_counts_that_the_correction_overflows_wrap_as_in_2_5_0()
    {
        var h = new ShortHistogram(1, 1L << 40, 2);
        h.RecordValueWithExpectedInterval(1L << 30, 1);
        h.TotalCount.Should().Be(1L << 30, "every value from 1 to 2^30 is counted once");
        h.HasOverflowed().Should().BeTrue();
    }

    private static HistogramBase CreateLike(string type, HistogramBase h)
    {
        var created = HistogramKinds.Create(type, h.LowestTrackableValue, h.HighestTrackableValue, h.NumberOfSignificantValueDigits);
        created.AutoResize = h.AutoResize;
        return created;
    }

    private static void ShouldEqual(HistogramBase actual, HistogramBase expected, int round)
    {
        actual.TotalCount.Should().Be(expected.TotalCount, "round {0}", round);
        actual.GetMaxValue().Should().Be(expected.GetMaxValue(), "round {0}", round);
        actual.GetMinNonZeroValue().Should().Be(expected.GetMinNonZeroValue(), "round {0}", round);
        actual.GetMinValue().Should().Be(expected.GetMinValue(), "round {0}", round);
        Counts(actual).ShouldEqualSequence(Counts(expected), "round {0}", round);
    }

    private static List<(long, long)> Counts(HistogramBase h) => h.AllValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo)).ToList();
}
