using System.Threading;
using static HdrHistogram.UnitTests.Infrastructure.ConcurrencyHarness;

namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// Writers record known values straight into a concurrent histogram while a reader copies it and reads its
/// statistics: the reader must never fail, and the end state must be exactly what was recorded.
/// </summary>
public class ConcurrentHistogramStressTests
{
    /// <summary>Each thread-safe histogram type with the numbers of writers it is run with.</summary>
    public static TheoryData<Type, int> TypesAndWriters => new()
    {
        { typeof(LongConcurrentHistogram), 2 },
        { typeof(LongConcurrentHistogram), 4 },
        { typeof(PackedConcurrentHistogram), 4 },
        { typeof(SynchronizedHistogram), 4 },
        { typeof(IntConcurrentHistogram), 2 },
        { typeof(IntConcurrentHistogram), 4 },
    };

    [Theory]
    [MemberData(nameof(TypesAndWriters))]
    public void Fixed_range_histogram_is_exact_and_readable_while_written(Type type, int writers)
    {
        var h = (HistogramBase)Activator.CreateInstance(type, 1L, Highest, Digits)!;
        var perThread = PerThread(writers, t => SpreadSamples(t, SamplesPerThread, Highest));

        RecordWhileReading(h, perThread);

        var reference = Reference(perThread, 1, Digits);
        ShouldHoldExactly(h, reference);
        ShouldHoldExactly(h.Copy(), reference);
    }

    [Theory]
    [MemberData(nameof(TypesAndWriters))]
    public void Auto_resizing_histogram_is_exact_and_readable_while_writers_grow_it(Type type, int writers)
    {
        var h = (HistogramBase)Activator.CreateInstance(type, Digits)!;
        long initialLength = h.CountsArrayLength;
        var perThread = PerThread(writers, t => GrowingSamples(t, SamplesPerThread, 50));

        RecordWhileReading(h, perThread);

        h.CountsArrayLength.Should().BeGreaterThan((int)initialLength * 8, "the histogram grew many times during the run");
        var reference = Reference(perThread, 1, Digits);
        ShouldHoldExactly(h, reference);
        ShouldHoldExactly(h.Copy(), reference);
    }

    [Theory]
    [InlineData(typeof(LongConcurrentHistogram))]
    [InlineData(typeof(PackedConcurrentHistogram))]
    [InlineData(typeof(SynchronizedHistogram))]
    [InlineData(typeof(IntConcurrentHistogram))]
    public void No_count_is_lost_while_values_are_shifted_under_the_writers(Type type)
    {
        // Every shift rebuilds the counts array while the writers keep adding to the one they read: whatever lands
        // in a replaced array must be carried over. Where the values end up depends on the interleaving; how many
        // there are does not.
        var h = (HistogramBase)Activator.CreateInstance(type, 1L, 1L << 40, 2)!;
        var perThread = PerThread(3, t => SpreadSamples(t, SamplesPerThread, 1L << 24).Select(s => s with { Value = s.Value + (1L << 24) }).ToArray());
        long expectedTotal = perThread.Sum(samples => samples.Sum(s => s.Count));
        int shifts = 0;
        bool left = true;

        RunWritersWithReader(
            perThread,
            RecordingInto(h),
            () =>
            {
                try
                {
                    if (left)
                    {
                        h.ShiftValuesLeft(1);
                    }
                    else
                    {
                        h.ShiftValuesRight(1);
                    }

                    shifts++;
                }
                catch (ArgumentOutOfRangeException)
                {
                    // The values drifted to where this shift would lose them: refused before anything moved.
                }

                left = !left;
            });

        shifts.Should().BeGreaterThan(1);
        h.TotalCount.Should().Be(expectedTotal);
        h.RecordedValues().Sum(v => v.CountAtValueIteratedTo).Should().Be(expectedTotal);
        h.HasOverflowed().Should().BeFalse();
    }

    [Theory]
    [InlineData(typeof(LongConcurrentHistogram))]
    [InlineData(typeof(PackedConcurrentHistogram))]
    [InlineData(typeof(SynchronizedHistogram))]
    [InlineData(typeof(IntConcurrentHistogram))]
    public void Total_count_read_in_a_tight_loop_while_written_is_exact_once_the_writers_stop(Type type)
    {
        // The total is derived from the counts and cached: a reader that sums while writers add must never cache a sum
        // that misses an add for good. The reader here does nothing but read, so sums and adds overlap as often as
        // they can; each writer reads the total after its last add too, the way a record-then-report caller would.
        var h = (HistogramBase)Activator.CreateInstance(type, 1L, Highest, Digits)!;
        var perThread = PerThread(2, t => SpreadSamples(t, SamplesPerThread, Highest));
        long recorded = perThread.Sum(samples => samples.Sum(s => s.Count));
        long lastTotal = 0;
        long reads = 0;

        RunWritersWithReader(
            perThread,
            (_, samples) =>
            {
                foreach (var s in samples)
                {
                    Record(h, s);
                }

                h.TotalCount.Should().BeInRange(samples.Sum(s => s.Count), recorded);
            },
            () =>
            {
                for (int i = 0; i < 1000; i++)
                {
                    long total = h.TotalCount;
                    total.Should().BeInRange(lastTotal, recorded);
                    lastTotal = total;
                }

                Interlocked.Increment(ref reads);
            });

        reads.Should().BeGreaterThan(1);
        h.TotalCount.Should().Be(recorded);
        ShouldHoldExactly(h, Reference(perThread, 1, Digits));
    }

    private static void RecordWhileReading(HistogramBase h, Sample[][] perThread)
    {
        long reads = 0;
        long recorded = perThread.Sum(samples => samples.Sum(s => s.Count));
        long lastTotal = 0;
        RunWritersWithReader(
            perThread,
            RecordingInto(h),
            () =>
            {
                var copy = h.Copy();
                // The total is the counts' sum, cached between records: it only grows while values are recorded, and
                // never counts a value twice.
                long total = h.TotalCount;
                total.Should().BeInRange(lastTotal, recorded);
                lastTotal = total;
                copy.TotalCount.Should().BeGreaterThanOrEqualTo(0);
                _ = h.GetMaxValue();
                _ = h.GetMinNonZeroValue();
                _ = h.GetMean();
                _ = h.GetValueAtPercentile(99.0);
                _ = h.GetCountAtValue(h.GetMaxValue());
                Interlocked.Increment(ref reads);
            });
        reads.Should().BeGreaterThan(1);
    }
}
