using System.Globalization;
using System.Threading;
using static HdrHistogram.UnitTests.Infrastructure.ConcurrencyHarness;

namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// The synchronized histograms: the same results as the plain types (the integer type's operation-by-operation
/// comparison is in PackedHistogramBehaviourTests, its exactness under writers in ConcurrentHistogramStressTests),
/// and readers that see one consistent state while writers record.
/// </summary>
public class SynchronizedHistogramTests
{
    private static readonly double[] Levels = { 0, 10, 25, 50, 75, 90, 99, 99.9, 99.99, 100 };

    [Fact]
    public void V2_bytes_equal_a_long_histograms_for_the_same_values()
    {
        var synchronizedHistogram = new SynchronizedHistogram(1, 3_600_000_000_000, 3);
        var reference = new LongHistogram(1, 3_600_000_000_000, 3);
        var random = new Random(11);
        for (int i = 0; i < 20_000; i++)
        {
            long value = (long)Math.Exp(random.NextDouble() * 28);
            synchronizedHistogram.RecordValue(value);
            reference.RecordValue(value);
        }

        byte[] bytes = HistogramEncoder.Encode(synchronizedHistogram);
        bytes.Should().Equal(HistogramEncoder.Encode(reference));
        HistogramEncoder.EncodeCompressed(synchronizedHistogram).Should().Equal(HistogramEncoder.EncodeCompressed(reference));

        // Decoded as a synchronized histogram, and into one (DecodeInto keeps the target's type).
        var decoder = new HistogramDecoder();
        var decoded = decoder.Decode(bytes, HistogramCountType.Synchronized);
        decoded.Should().BeOfType<SynchronizedHistogram>();
        decoded.Should().Be(reference);
        var target = new SynchronizedHistogram(1, 2, 3);
        target.RecordValue(1);
        decoder.DecodeInto(bytes, target);
        target.Should().Be(reference);
        HistogramEncoder.Encode(target).Should().Equal(bytes);
    }

    [Fact]
    public void Double_histogram_operations_match_a_plain_double_histogram()
    {
        var synchronizedHistogram = new SynchronizedDoubleHistogram(3);
        var reference = new DoubleHistogram(3);
        var random = new Random(5);
        for (int i = 0; i < 10_000; i++)
        {
            // Spread over many orders of magnitude, so that the covered range moves and grows.
            double value = Math.Exp((random.NextDouble() * 30) - 10);
            long count = i % 13 == 0 ? 3 : 1;
            synchronizedHistogram.RecordValueWithCount(value, count);
            reference.RecordValueWithCount(value, count);
        }

        synchronizedHistogram.RecordValueWithExpectedInterval(50_000, 1_000);
        reference.RecordValueWithExpectedInterval(50_000, 1_000);

        ShouldMatch(synchronizedHistogram, reference);
        HistogramEncoder.Encode(synchronizedHistogram).Should().Equal(HistogramEncoder.Encode(reference));
        HistogramEncoder.EncodeCompressed(synchronizedHistogram).Should().Equal(HistogramEncoder.EncodeCompressed(reference));
        Text(synchronizedHistogram).Should().Be(Text(reference));
        synchronizedHistogram.LinearBucketValues(1_000_000).Select(v => (v.ValueIteratedTo, v.CountAddedInThisIterationStep))
            .Should().Equal(reference.LinearBucketValues(1_000_000).Select(v => (v.ValueIteratedTo, v.CountAddedInThisIterationStep)));

        // Copy (a plain DoubleHistogram, as Java's), Add both ways, Subtract, decode into a synchronized target.
        synchronizedHistogram.Copy().Should().BeOfType<DoubleHistogram>().And.Be(reference);
        var sum = new SynchronizedDoubleHistogram(3);
        sum.Add(synchronizedHistogram);
        sum.Add(reference);
        var referenceSum = new DoubleHistogram(3);
        referenceSum.Add(reference);
        referenceSum.Add(reference);
        ShouldMatch(sum, referenceSum);
        sum.Subtract(reference);
        referenceSum.Subtract(reference);
        ShouldMatch(sum, referenceSum);

        var target = new SynchronizedDoubleHistogram(3);
        target.RecordValue(1e9);
        new HistogramDecoder().DecodeInto(HistogramEncoder.Encode(reference), target);
        ShouldMatch(target, reference);

        // A reset keeps the dynamic range grown by auto-resizing, as in Java.
        synchronizedHistogram.Reset();
        reference.Reset();
        synchronizedHistogram.TotalCount.Should().Be(0);
        HistogramEncoder.Encode(synchronizedHistogram).Should().Equal(HistogramEncoder.Encode(reference));
    }

    [Fact]
    public void Readers_see_one_consistent_histogram_while_writers_record()
    {
        var h = new SynchronizedHistogram(3);
        var perThread = PerThread(2, t => GrowingSamples(t, 10_000, 40));
        long recorded = perThread.Sum(samples => samples.Sum(s => s.Count));
        var decoder = new HistogramDecoder();
        long lastTotal = 0;
        var buffer = new long[Levels.Length];

        int rounds = RunWritersWithReader(
            perThread,
            RecordingInto(h),
            () =>
            {
                // A copy: its total is the sum of its counts, its extremes those of its outermost buckets.
                var copy = h.Copy();
                copy.Should().BeOfType<SynchronizedHistogram>();
                ShouldBeConsistent(copy);
                copy.TotalCount.Should().BeInRange(lastTotal, recorded);
                lastTotal = copy.TotalCount;

                // An encoding: decoded, the same (the counts and the header's extremes from one moment).
                var decoded = decoder.Decode(HistogramEncoder.Encode(h));
                ShouldBeConsistent(decoded);

                // Percentiles in one call are monotone; several calls under SyncRoot are one operation.
                h.GetValuesAtPercentiles(Levels, buffer);
                buffer.Should().BeInAscendingOrder();
                lock (h.SyncRoot)
                {
                    long total = h.TotalCount;
                    h.GetCountBetweenValues(0, h.GetMaxValue()).Should().Be(total);
                    h.RecordedValues().Sum(v => v.CountAddedInThisIterationStep).Should().Be(total);
                    h.GetValueAtPercentile(100).Should().Be(h.GetMaxValue());
                }

                // Iteration walks a snapshot taken when it starts: its steps add up to its own total.
                var steps = h.RecordedValues().ToList();
                steps.Sum(v => v.CountAddedInThisIterationStep).Should().Be(steps.Count == 0 ? 0 : steps[^1].TotalCountToThisValue);
                if (steps.Count > 0)
                {
                    h.Percentiles(5).Last().PercentileLevelIteratedTo.Should().Be(100.0);
                }
            });

        rounds.Should().BeGreaterThan(1);
        ShouldHoldExactly(h, Reference(perThread, 1, 3));
    }

    [Fact]
    public void A_log_line_written_while_writers_record_has_the_maximum_of_its_own_histogram()
    {
        var h = new SynchronizedHistogram(3) { StartTimeStamp = 1_700_000_000_000, EndTimeStamp = 1_700_000_001_000 };
        var perThread = PerThread(2, t => GrowingSamples(t, 20_000, 40));
        using var stream = new MemoryStream();
        int lines = 0;
        using (var writer = new HistogramLogWriter(stream, leaveOpen: true))
        {
            RunWritersWithReader(
                perThread,
                RecordingInto(h),
                () =>
                {
                    writer.OutputIntervalHistogram(0, 1, h, 1.0);
                    lines++;
                });
        }

        stream.Position = 0;
        using var text = new StreamReader(stream, System.Text.Encoding.UTF8);
        var decoder = new HistogramDecoder();
        int checkedLines = 0;
        while (text.ReadLine() is { } line)
        {
            string[] columns = line.Split(',');
            var decoded = decoder.DecodeFromBase64(columns[3]);
            double.Parse(columns[2], CultureInfo.InvariantCulture).Should().Be(decoded.GetMaxValue(), "the max column and the counts come from one moment");
            checkedLines++;
        }

        checkedLines.Should().Be(lines).And.BeGreaterThan(1);
    }

    [Fact]
    public void Double_readers_see_one_consistent_histogram_while_writers_move_its_range()
    {
        var h = new SynchronizedDoubleHistogram(2);
        const int PerWriter = 20_000;
        int writersRunning = 2;
        var writers = Enumerable.Range(0, 2).Select(t => new Thread(() =>
        {
            var random = new Random(t);
            for (int i = 0; i < PerWriter; i++)
            {
                h.RecordValue(Math.Exp((random.NextDouble() * 24) - 12));
            }

            Interlocked.Decrement(ref writersRunning);
        })).ToList();
        writers.ForEach(w => w.Start());
        var decoder = new HistogramDecoder();
        int rounds = 0;
        double[] values = new double[Levels.Length];
        while (Volatile.Read(ref writersRunning) > 0 || rounds == 0)
        {
            var copy = h.Copy();
            copy.RecordedValues().Sum(v => v.CountAddedInThisIterationStep).Should().Be(copy.TotalCount);
            var decoded = decoder.DecodeDouble(HistogramEncoder.Encode(h));
            decoded.RecordedValues().Sum(v => v.CountAddedInThisIterationStep).Should().Be(decoded.TotalCount);
            h.GetValuesAtPercentiles(Levels, values);
            values.Should().BeInAscendingOrder();
            rounds++;
        }

        writers.ForEach(w => w.Join());
        h.TotalCount.Should().Be(2 * PerWriter);
        h.RecordedValues().Sum(v => v.CountAddedInThisIterationStep).Should().Be(2 * PerWriter);
    }

    [Fact]
    public void Two_histogram_operations_in_opposite_directions_on_two_threads_do_not_deadlock()
    {
        // Each copy holds both histograms' locks, named in the opposite order to the other thread's copies; a copy
        // cannot fail whatever the interleaving, and a thread's exception fails the test instead of the test host.
        var a = new SynchronizedHistogram(1, 1_000_000, 2);
        var b = new SynchronizedHistogram(1, 1_000_000, 2);
        a.RecordValue(10);
        b.RecordValue(20);
        Exception? failure = null;
        Thread Start(SynchronizedHistogram from, SynchronizedHistogram into)
        {
            var thread = new Thread(() =>
            {
                try
                {
                    for (int i = 0; i < 2_000; i++)
                    {
                        from.CopyInto(into);
                    }
                }
                catch (Exception e)
                {
                    Interlocked.CompareExchange(ref failure, e, null);
                }
            });
            thread.Start();
            return thread;
        }

        var one = Start(a, b);
        var other = Start(b, a);
        one.Join(TimeSpan.FromSeconds(30)).Should().BeTrue("locks are taken in one global order");
        other.Join(TimeSpan.FromSeconds(30)).Should().BeTrue("locks are taken in one global order");
        failure.Should().BeNull();
        foreach (var h in new[] { a, b })
        {
            // A copy is whole: each histogram holds exactly one of the two values, never a mix or a half-copied count.
            h.TotalCount.Should().Be(1);
            (h.GetCountAtValue(10) + h.GetCountAtValue(20)).Should().Be(1);
        }
    }

    [Fact]
    public void The_factory_builds_synchronized_histograms_and_recorders_over_them()
    {
        var factory = HistogramFactory.With64BitBucketSize().WithValuesUpTo(3_600_000_000_000).WithSynchronizedAccess();
        factory.Create().Should().BeOfType<SynchronizedHistogram>();
        var recorder = factory.WithThreadSafeReads().Create();
        recorder.RecordValue(1000);
        var interval = recorder.GetIntervalHistogram();
        interval.Should().BeOfType<SynchronizedHistogram>();
        interval.TotalCount.Should().Be(1);
        interval.GetMaxValue().Should().Be(1000);

        Action narrow = () => HistogramFactory.With32BitBucketSize().WithSynchronizedAccess();
        narrow.Should().Throw<NotSupportedException>();
        Action packed = () => HistogramFactory.With64BitBucketSize().WithPackedCounts().WithSynchronizedAccess();
        packed.Should().Throw<NotSupportedException>();
    }

    private static void ShouldBeConsistent(HistogramBase h)
    {
        var steps = h.RecordedValues().ToList();
        steps.Sum(v => v.CountAddedInThisIterationStep).Should().Be(h.TotalCount);
        if (steps.Count > 0)
        {
            h.GetMaxValue().Should().Be(h.HighestEquivalentValue(steps[^1].ValueIteratedTo));
            h.GetValueAtPercentile(100).Should().Be(h.GetMaxValue());
        }
    }

    private static void ShouldMatch(DoubleHistogram actual, DoubleHistogram reference)
    {
        actual.TotalCount.Should().Be(reference.TotalCount);
        actual.GetMaxValue().Should().Be(reference.GetMaxValue());
        actual.GetMinNonZeroValue().Should().Be(reference.GetMinNonZeroValue());
        actual.GetMean().Should().Be(reference.GetMean());
        actual.GetStdDeviation().Should().Be(reference.GetStdDeviation());
        actual.IntegerToDoubleValueConversionRatio.Should().Be(reference.IntegerToDoubleValueConversionRatio);
        foreach (double p in Levels)
        {
            actual.GetValueAtPercentile(p).Should().Be(reference.GetValueAtPercentile(p), "percentile {0}", p);
        }

        actual.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo))
            .Should().Equal(reference.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo)));
        actual.Should().Be(reference);
    }

    private static string Text(DoubleHistogram h)
    {
        var writer = new StringWriter(CultureInfo.InvariantCulture);
        h.OutputPercentileDistribution(writer);
        return writer.ToString();
    }
}
