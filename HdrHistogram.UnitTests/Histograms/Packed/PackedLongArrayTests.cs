using System.Threading;
using HdrHistogram.Histograms.Packed;

namespace HdrHistogram.UnitTests.Histograms.Packed;

public class PackedLongArrayTests
{
    [Theory]
    [InlineData(1, 33_792, 200)]
    [InlineData(2, 33_792, 5_000)]
    [InlineData(3, 1 << 20, 20_000)]
    [InlineData(4, 700, 700)]
    [InlineData(5, 100_000, 60_000)]
    public void Random_sets_adds_and_increments_read_back_as_a_dictionary_holds_them(int seed, int length, int operations)
    {
        var random = new Random(seed);
        var array = new PackedLongArray(length);
        var expected = new Dictionary<int, long>();

        // Indexes cluster (as histogram values do) and spread; counts cross every width boundary, both ways.
        for (int op = 0; op < operations; op++)
        {
            int index = random.Next(4) == 0 ? random.Next(length) : Math.Min(length - 1, (length / 3) + (int)(random.NextDouble() * random.NextDouble() * 3000));
            expected.TryGetValue(index, out long current);
            switch (random.Next(6))
            {
                case 0:
                    long value = RandomCount(random);
                    array.Set(index, value);
                    expected[index] = value;
                    break;
                case 1:
                    long delta = RandomCount(random);
                    array.Add(index, delta);
                    expected[index] = unchecked(current + delta);
                    break;
                case 2:
                    array.Set(index, 0);
                    expected[index] = 0;
                    break;
                default:
                    if (!array.TryIncrement(index))
                    {
                        array.Add(index, 1);
                    }

                    expected[index] = unchecked(current + 1);
                    break;
            }

            if (op % 997 == 0)
            {
                array.Get(index).Should().Be(expected[index]);
            }
        }

        for (int i = 0; i < length; i++)
        {
            expected.TryGetValue(i, out long e);
            if (array.Get(i) != e)
            {
                array.Get(i).Should().Be(e, "index {0}", i);
            }
        }

        var dense = new long[length];
        array.CopyTo(0, dense);
        dense.Should().Equal(Enumerable.Range(0, length).Select(i => expected.TryGetValue(i, out long e) ? e : 0));

        var window = new long[777];
        array.CopyTo(length / 3 - 100, window);
        window.Should().Equal(dense.Skip((length / 3) - 100).Take(777).Concat(Enumerable.Repeat(0L, 777)).Take(777));

        var nonZero = new List<int>();
        for (int i = array.NextNonZeroIndex(0); i >= 0; i = array.NextNonZeroIndex(i + 1))
        {
            nonZero.Add(i);
        }

        nonZero.Should().Equal(expected.Where(p => p.Value != 0).Select(p => p.Key).OrderBy(k => k));
        array.LiveLongs.Should().BeLessThanOrEqualTo(array.PoolLength);
    }

    [Theory]
    [InlineData(255, 0)]
    [InlineData(256, 1)]
    [InlineData(65_535, 1)]
    [InlineData(65_536, 2)]
    [InlineData(4_294_967_295, 2)]
    [InlineData(4_294_967_296, 3)]
    [InlineData(-1, 3)]
    [InlineData(long.MaxValue, 3)]
    [InlineData(long.MinValue, 3)]
    public void A_count_takes_the_narrowest_width_that_holds_it(long value, int widthCode)
        => PackedLongArray.WidthCodeFor(value).Should().Be(widthCode);

    [Theory]
    [InlineData(255L)]
    [InlineData(65_535L)]
    [InlineData(4_294_967_295L)]
    [InlineData(long.MaxValue)]
    public void Increments_cross_a_width_boundary_and_keep_every_neighbour(long start)
    {
        var array = new PackedLongArray(4096);
        for (int i = 512; i < 1024; i += 3)
        {
            array.Set(i, i);
        }

        array.Set(700, start - 2);
        for (int k = 0; k < 4; k++)
        {
            if (!array.TryIncrement(700))
            {
                array.Add(700, 1);
            }
        }

        array.Get(700).Should().Be(unchecked(start + 2));
        for (int i = 512; i < 1024; i += 3)
        {
            if (i != 700)
            {
                array.Get(i).Should().Be(i);
            }
        }
    }

    [Fact]
    public void Storage_grows_with_distinct_indexes_not_with_the_length()
    {
        var small = new PackedLongArray(1 << 20);
        small.FootprintInBytes.Should().BeLessThan(100, "an empty array holds no storage");
        for (int i = 0; i < 10; i++)
        {
            small.Set(i * 100_000, 1000);
        }

        // The directory has one int per 512 indexes up to the highest group used; the rest is ten three-long regions.
        long directory = 24 + (4 * ((900_000 >> PackedLongArray.GroupShift) + 1));
        small.FootprintInBytes.Should().BeLessThan(directory + 600, "ten counts take ten small regions besides the directory");

        var dense = new PackedLongArray(1 << 20);
        for (int i = 0; i < 10_000; i++)
        {
            dense.Add(400_000 + i, 1);
        }

        dense.FootprintInBytes.Should().BeLessThan(10_000 + 3_000 + 9_000, "a byte per count, an eighth spare, the headers and a sparse directory");
    }

    [Fact]
    public void Growing_the_length_keeps_the_counts_and_opens_the_new_indexes()
    {
        var array = new PackedLongArray(1000);
        array.Set(999, 5);
        Action beyond = () => array.Set(1000, 1);
        beyond.Should().Throw<ArgumentOutOfRangeException>();

        array.Grow(100_000);
        array.Set(99_999, 7);
        array.Add(50_000, 300);
        array.Get(999).Should().Be(5);
        array.Get(99_999).Should().Be(7);
        array.Get(50_000).Should().Be(300);
        array.Length.Should().Be(100_000);
        Action shrink = () => array.Grow(10);
        shrink.Should().Throw<ArgumentOutOfRangeException>();
    }

    [Fact]
    public void Clear_zeroes_every_count_and_reuse_allocates_nothing()
    {
        var array = new PackedLongArray(33_792);
        var indexes = Enumerable.Range(0, 3000).Select(i => (i * 7919) % 33_792).ToArray();
        void Fill()
        {
            foreach (int index in indexes)
            {
                array.Add(index, 3);
            }
        }

        Fill();
        array.Clear();
        Fill();
        array.Clear();
        for (int i = 0; i < 33_792; i++)
        {
            if (array.Get(i) != 0)
            {
                array.Get(i).Should().Be(0, "index {0} after Clear", i);
            }
        }

        array.NextNonZeroIndex(0).Should().Be(-1);
        long allocated = AllocationMeter.Measure(
            () =>
            {
                Fill();
                array.Clear();
            },
            iterations: 2);
        Fill();
        allocated.Should().Be(0, "the pool and directory the first fill grew are reused");
        array.Get(indexes[5]).Should().Be(3);
    }

    [Fact]
    public void Increments_into_existing_storage_allocate_nothing()
    {
        var array = new PackedLongArray(33_792);
        for (int i = 0; i < 33_792; i += 5)
        {
            array.Set(i, 1);
        }

        // The meter warms up first (the first calls compile the increment path, and the runtime may allocate on this
        // thread while it does) and takes the least of its runs (tier-up work on a loaded machine).
        int refused = 0, rounds = 0;
        long allocated = AllocationMeter.Measure(() => { refused += IncrementEveryFifth(array); rounds++; }, iterations: 30);

        allocated.Should().Be(0);
        refused.Should().Be(0);
        array.Get(33_790).Should().Be(1 + rounds);
    }

    private static int IncrementEveryFifth(PackedLongArray array)
    {
        int refused = 0;
        for (int i = 0; i < 33_792; i += 5)
        {
            refused += array.TryIncrement(i) ? 0 : 1;
        }

        return refused;
    }

    [Fact]
    public void Concurrent_adds_and_readers_lose_nothing_while_the_storage_grows()
    {
        const int Writers = 4;
        const int PerWriter = 100_000;
        const int Length = 1 << 18;
        var array = new ConcurrentPackedCounts(Length);
        using var done = new CountdownEvent(Writers);
        var failures = new List<Exception>();
        var window = new long[4096];
        var reader = new Thread(() =>
        {
            try
            {
                while (!done.IsSet)
                {
                    array.CopyTo(Length / 2, window);
                    _ = array.GetCount(Length / 2);
                    if (window.Any(c => c < 0))
                    {
                        throw new InvalidOperationException("negative count read");
                    }
                }
            }
            catch (Exception e)
            {
                lock (failures)
                {
                    failures.Add(e);
                }
            }
        });
        reader.Start();
        var writers = Enumerable.Range(0, Writers).Select(t => new Thread(() =>
        {
            var random = new Random(t);
            for (int i = 0; i < PerWriter; i++)
            {
                // Each writer touches ever more distinct indexes, so pages, widths and the pool grow under the others.
                int index = (Length / 2) + (int)((long)random.Next(1 + (i / 4)) % (Length / 2));
                if (i % 7 == 0)
                {
                    array.AddToCount(index, 300);
                }
                else
                {
                    array.Increment(index);
                }
            }

            done.Signal();
        })).ToArray();
        foreach (var w in writers)
        {
            w.Start();
        }

        foreach (var w in writers)
        {
            w.Join();
        }

        reader.Join();
        failures.Should().BeEmpty();

        var expected = new long[Length];
        for (int t = 0; t < Writers; t++)
        {
            var random = new Random(t);
            for (int i = 0; i < PerWriter; i++)
            {
                int index = (Length / 2) + (int)((long)random.Next(1 + (i / 4)) % (Length / 2));
                expected[index] += i % 7 == 0 ? 300 : 1;
            }
        }

        var actual = new long[Length];
        array.CopyTo(0, actual);
        actual.Should().Equal(expected);
    }

    private static long RandomCount(Random random) => random.Next(8) switch
    {
        0 => random.Next(1, 256),
        1 => random.Next(256, 70_000),
        2 => (long)random.Next() * random.Next(1, 100),
        3 => long.MaxValue - random.Next(3),
        4 => -random.Next(1, 1000),
        _ => random.Next(1, 10),
    };
}
