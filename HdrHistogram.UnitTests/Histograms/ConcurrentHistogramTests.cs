using HdrHistogram.Histograms.Counts;

namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// Deterministic tests of the concurrent histograms' record path. A writer adds to the counts array it read; when a
/// resize, shift or reset has replaced that array by then, the writer must carry its count over itself. The race is
/// a few nanoseconds wide, so these tests play the late writer directly: take the array, replace it, then add.
/// </summary>
public class ConcurrentHistogramTests
{
    [Theory]
    [InlineData(typeof(LongConcurrentHistogram))]
    [InlineData(typeof(IntConcurrentHistogram))]
    public void A_late_add_to_an_array_replaced_by_a_resize_lands_in_the_grown_array(Type type)
    {
        var h = (HistogramBase)Activator.CreateInstance(type, 1L, 1000L, 2)!;
        h.AutoResize = true;
        var late = LateWriter.For(h);
        h.RecordValue(500);

        var stale = late.CurrentCounts();
        h.RecordValue(1_000_000_000);
        late.CurrentCounts().Should().NotBeSameAs(stale, "the resize replaced the array");

        late.Add(stale, h.CountsArrayIndex(700), 3);

        h.GetCountAtValue(700).Should().Be(3);
        h.GetCountAtValue(500).Should().Be(1);
        h.GetCountAtValue(1_000_000_000).Should().Be(1);
        late.IsEmpty(stale).Should().BeTrue("everything in a replaced array is moved out");
    }

    [Theory]
    [InlineData(typeof(LongConcurrentHistogram))]
    [InlineData(typeof(IntConcurrentHistogram))]
    public void A_late_add_follows_a_chain_of_shifts_to_where_its_value_now_belongs(Type type)
    {
        var h = (HistogramBase)Activator.CreateInstance(type, 1L, 1L << 30, 2)!;
        var late = LateWriter.For(h);
        h.RecordValue(1 << 20);

        var stale = late.CurrentCounts();
        h.ShiftValuesLeft(2);
        var middle = late.CurrentCounts();
        h.ShiftValuesRight(1);

        // Net shift: one binary order of magnitude up, for a regular bucket and for one in the lowest half bucket.
        late.Add(stale, h.CountsArrayIndex(5000), 4);
        late.Add(stale, h.CountsArrayIndex(100), 2);

        h.GetCountAtValue(10_000).Should().Be(4);
        h.GetCountAtValue(200).Should().Be(2);
        h.GetCountAtValue(1 << 21).Should().Be(1);
        late.IsEmpty(stale).Should().BeTrue();
        late.IsEmpty(middle).Should().BeTrue();
    }

    [Theory]
    [InlineData(typeof(LongConcurrentHistogram))]
    [InlineData(typeof(IntConcurrentHistogram))]
    public void Reset_of_a_shifted_histogram_clears_the_offset_and_keeps_what_is_recorded_after_it(Type type)
    {
        var h = (HistogramBase)Activator.CreateInstance(type, 1L, 1L << 30, 3)!;
        var late = LateWriter.For(h);
        h.RecordValue(1000);
        h.ShiftValuesLeft(1);
        h.NormalizingIndexOffset.Should().NotBe(0);
        var stale = late.CurrentCounts();

        h.Reset();

        h.NormalizingIndexOffset.Should().Be(0);
        h.TotalCount.Should().Be(0);
        h.GetCountAtValue(2000).Should().Be(0);
        h.GetMaxValue().Should().Be(0);

        // A record racing the reset counts as recorded after it: carried over, not dropped.
        late.Add(stale, h.CountsArrayIndex(5000), 2);
        h.RecordValue(3000);
        h.GetCountAtValue(5000).Should().Be(2);
        h.GetCountAtValue(3000).Should().Be(1);
        h.TotalCount.Should().Be(3, "the total is the sum of the counts, the late add's included");
    }

    [Theory]
    [InlineData(typeof(LongConcurrentHistogram))]
    [InlineData(typeof(IntConcurrentHistogram))]
    public void Adding_into_and_subtracting_from_a_concurrent_histogram_go_through_its_record_path(Type type)
    {
        var source = new LongHistogram(1, 1_000_000, 3);
        source.RecordValueWithCount(10, 3);
        source.RecordValue(999_000);
        var h = (HistogramBase)Activator.CreateInstance(type, 1L, 1_000_000L, 3)!;
        h.RecordValue(10);

        h.Add(source);

        h.GetCountAtValue(10).Should().Be(4);
        h.GetCountAtValue(999_000).Should().Be(1);
        h.TotalCount.Should().Be(5);
        h.GetMaxValue().Should().Be(source.GetMaxValue());

        h.Subtract(source);

        h.TotalCount.Should().Be(1);
        h.GetCountAtValue(10).Should().Be(1);
        h.GetMaxValue().Should().Be(h.HighestEquivalentValue(10));
    }

    [Theory]
    [InlineData(typeof(LongConcurrentHistogram))]
    [InlineData(typeof(IntConcurrentHistogram))]
    public void Total_count_sums_every_thread_s_adds(Type type)
    {
        var h = (HistogramBase)Activator.CreateInstance(type, 1L, 1_000_000L, 3)!;
        System.Threading.Tasks.Parallel.For(0, 64, new System.Threading.Tasks.ParallelOptions { MaxDegreeOfParallelism = 8 }, i => h.RecordValueWithCount(i + 1, i));
        h.TotalCount.Should().Be(Enumerable.Range(0, 64).Sum());
        h.HasOverflowed().Should().BeFalse();
    }

    [Theory]
    [InlineData(typeof(LongConcurrentHistogram))]
    [InlineData(typeof(IntConcurrentHistogram))]
    public void Total_count_read_between_changes_follows_every_kind_of_change(Type type)
    {
        // The total is the counts' sum, cached from one read to the next: every way of changing the counts must make
        // the next read sum them again. Each step reads the total before changing anything, so the cache is warm.
        var h = (HistogramBase)Activator.CreateInstance(type, 1L, 1_000_000L, 3)!;
        var other = new LongHistogram(1, 1_000_000, 3);
        other.RecordValueWithCount(500, 7);

        h.TotalCount.Should().Be(0);
        h.RecordValue(10);
        h.TotalCount.Should().Be(1);
        h.TotalCount.Should().Be(1, "a second read with no change in between returns the cached sum");
        h.RecordValueWithCount(20, 4);
        h.TotalCount.Should().Be(5);
        h.RecordValueWithExpectedInterval(300, 100);
        h.TotalCount.Should().Be(8, "300 with an expected interval of 100 also records 200 and 100");
        h.Add(other);
        h.TotalCount.Should().Be(15);
        h.Subtract(other);
        h.TotalCount.Should().Be(8);
        h.ShiftValuesLeft(2);
        h.TotalCount.Should().Be(8, "a shift moves counts, it does not add or drop any");
        h.Reset();
        h.TotalCount.Should().Be(0);

        new HistogramDecoder().DecodeInto(HistogramEncoder.Encode(other), h);
        h.TotalCount.Should().Be(7, "decoding into the histogram replaces its counts");
        h.Copy().TotalCount.Should().Be(7);

        // Records spread over the whole counts array and repeated into one block, each followed by a read: the
        // total is kept per block of counts, and every read re-sums only the blocks written since the one before.
        long expected = 7;
        for (int i = 0; i < 300; i++)
        {
            long value = i % 3 == 0 ? 1000 : 1 + (i * 3331L);
            h.RecordValueWithCount(value, i + 1);
            expected += i + 1;
            h.TotalCount.Should().Be(expected, "after record {0}", i);
        }

        var recorder = new Recorder(1, 1_000_000, 3, (id, lowest, highest, digits) => (HistogramBase)Activator.CreateInstance(type, id, lowest, highest, digits)!);
        recorder.RecordValue(42);
        recorder.GetIntervalHistogram().TotalCount.Should().Be(1);
    }

    /// <summary>The internal record steps of either concurrent histogram, so one test covers both.</summary>
    private sealed class LateWriter
    {
        private readonly Func<object> _currentCounts;
        private readonly Action<object, int, long> _add;
        private readonly Func<object, bool> _isEmpty;

        private LateWriter(Func<object> currentCounts, Action<object, int, long> add, Func<object, bool> isEmpty)
        {
            _currentCounts = currentCounts;
            _add = add;
            _isEmpty = isEmpty;
        }

        public static LateWriter For(HistogramBase h) => h.Store switch
        {
            ConcurrentCounts<long, CountAtomics<long>> l => new LateWriter(
                () => l.Current,
                (c, i, n) => l.AddTo((ConcurrentCounts<long, CountAtomics<long>>.CountsArray)c, i, n),
                c => ((ConcurrentCounts<long, CountAtomics<long>>.CountsArray)c).Slots.All(x => x == 0)),
            ConcurrentCounts<int, CountAtomics<int>> n => new LateWriter(
                () => n.Current,
                (c, i, k) => n.AddTo((ConcurrentCounts<int, CountAtomics<int>>.CountsArray)c, i, k),
                c => ((ConcurrentCounts<int, CountAtomics<int>>.CountsArray)c).Slots.All(x => x == 0)),
            _ => throw new ArgumentException("Not a concurrent histogram.", nameof(h)),
        };

        public object CurrentCounts() => _currentCounts();

        public void Add(object counts, int index, long count) => _add(counts, index, count);

        public bool IsEmpty(object counts) => _isEmpty(counts);
    }
}
