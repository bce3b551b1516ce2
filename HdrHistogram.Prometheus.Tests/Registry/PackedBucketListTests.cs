using System;
using System.Collections.Generic;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Prometheus.Registry;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.Registry;

public class PackedBucketListTests
{
    [Fact]
    public void Merges_native_indexes_as_a_sorted_dictionary_adds_them()
    {
        var random = new Random(3);
        var list = new PackedBucketList<IndexSteps>();
        var expected = new SortedDictionary<long, long>();
        for (int round = 0; round < 300; round++)
        {
            // Negative and positive indexes, neighbours and gaps, counts whose varints change length.
            var incoming = Enumerable.Range(0, random.Next(0, 40))
                .Select(_ => (long)random.Next(-3000, 3000))
                .Distinct()
                .OrderBy(k => k)
                .Select(k => new KeyedCount(k, random.Next(4) == 0 ? random.NextInt64(1, long.MaxValue / 1000) : random.Next(1, 200)))
                .ToArray();
            list.Merge(incoming, default);
            foreach (var bucket in incoming)
            {
                expected[bucket.Key] = expected.GetValueOrDefault(bucket.Key) + bucket.Count;
            }

            ReadAll(list.Read(default)).Should().Equal(expected.Select(e => (e.Key, e.Value)), "round {0}", round);
            list.BucketCount.Should().Be(expected.Count);
        }
    }

    [Fact]
    public void Merges_hdr_buckets_in_units_of_their_widths()
    {
        var layout = new LongHistogram(1, 3_600_000_000_000L, 3);
        var random = new Random(5);
        var list = new PackedBucketList<HdrWidths>();
        var expected = new SortedDictionary<long, long>();
        for (int round = 0; round < 200; round++)
        {
            var incoming = Enumerable.Range(0, random.Next(0, 60))
                .Select(_ => layout.LowestEquivalentValue(random.Next(3) == 0 ? random.Next(0, 5000) : (long)Math.Exp(random.NextDouble() * 28)))
                .Distinct()
                .OrderBy(k => k)
                .Select(k => new KeyedCount(k, random.Next(1, 100_000)))
                .ToArray();
            list.Merge(incoming, new HdrWidths(layout));
            foreach (var bucket in incoming)
            {
                expected[bucket.Key] = expected.GetValueOrDefault(bucket.Key) + bucket.Count;
            }

            ReadAll(list.Read(new HdrWidths(layout))).Should().Equal(expected.Select(e => (e.Key, e.Value)), "round {0}", round);
        }
    }

    [Fact]
    public void A_bucket_takes_two_bytes_when_its_neighbours_are_recorded()
    {
        var list = new PackedBucketList<IndexSteps>();
        list.Merge(Enumerable.Range(100, 1000).Select(k => new KeyedCount(k, 5)).ToArray(), default);

        // The first key (zigzag 200: two bytes) and then a step of 1 and a count of 5, a byte each, per bucket.
        list.CapacityInBytes.Should().Be(2 + 1 + (999 * 2) + ((2001) >> 3));
    }

    private static List<(long Key, long Count)> ReadAll<TUnits>(PackedBucketList<TUnits>.Reader reader)
        where TUnits : struct, IBucketStepUnits
    {
        var all = new List<(long, long)>();
        while (reader.Next(out long key, out long count))
        {
            all.Add((key, count));
        }

        return all;
    }
}
