using HdrHistogram.UnitTests.Encoding;

namespace HdrHistogram.UnitTests.Histograms.Packed;

/// <summary>
/// Every operation on a packed histogram (and on a <see cref="SynchronizedHistogram"/>, another count store on the same
/// model) gives what the same operation on a <see cref="LongHistogram"/> gives: the long histogram is the reference
/// (its behaviour is pinned against Java elsewhere).
/// </summary>
public class PackedHistogramBehaviourTests
{
    public static TheoryData<string> PackedTypes => new() { "packed", "packed-concurrent", "synchronized" };

    [Theory]
    [MemberData(nameof(PackedTypes))]
    public void Recording_auto_resizing_and_every_query_match_a_long_histogram(string type)
    {
        var packed = Create(type, 3);
        var reference = new LongHistogram(3);
        var random = new Random(7);
        for (int i = 0; i < 200_000; i++)
        {
            long value = (long)Math.Exp(random.NextDouble() * 40);
            long count = i % 11 == 0 ? random.Next(1, 100_000) : 1;
            if (count == 1)
            {
                packed.RecordValue(value);
                reference.RecordValue(value);
            }
            else
            {
                packed.RecordValueWithCount(value, count);
                reference.RecordValueWithCount(value, count);
            }
        }

        packed.HighestTrackableValue.Should().Be(reference.HighestTrackableValue, "both grew to the same range");
        ShouldMatch(packed, reference);
    }

    [Theory]
    [MemberData(nameof(PackedTypes))]
    public void Add_subtract_and_copy_work_across_count_types(string type)
    {
        var values = PackedFootprintTests.DistinctValues(3000);
        var packed = Create(type, 3);
        var reference = new LongHistogram(1, 3_600_000_000_000, 3);
        var ints = new IntHistogram(1, 3_600_000_000_000, 3);
        foreach (long v in values)
        {
            packed.RecordValue(v);
            reference.RecordValue(v);
            ints.RecordValueWithCount(v * 3, 2);
        }

        // packed += long, packed += int, long += packed, packed += packed (same and other type), packed -= int
        packed.Add(reference);
        packed.Add(ints);
        var twice = new LongHistogram(1, 3_600_000_000_000, 3);
        twice.Add(reference);
        twice.Add(reference);
        twice.Add(ints);
        ShouldMatch(packed, twice);

        var sum = Create(type, 3);
        sum.Add(packed);
        sum.Add(new PackedHistogram(1, 3_600_000_000_000, 3));
        ShouldMatch(sum, twice);

        packed.Subtract(ints);
        twice.Subtract(ints);
        ShouldMatch(packed, twice);
        var plain = new LongHistogram(1, 3_600_000_000_000, 3);
        plain.Add(packed);
        ShouldMatch(plain, twice);

        Action tooMuch = () => packed.Subtract(sum);
        tooMuch.Should().Throw<ArgumentException>();
        ShouldMatch(packed, twice); // a refused subtraction changes nothing

        var copy = packed.Copy();
        copy.GetType().Should().Be(packed.GetType());
        ShouldMatch(copy, twice);
        var into = new PackedHistogram(1, 3_600_000_000_000, 3);
        into.RecordValue(5);
        twice.CopyInto(into);
        ShouldMatch(into, twice);
        into.Reset();
        into.TotalCount.Should().Be(0);
        HistogramEncoder.Encode(into).Should().Equal(HistogramEncoder.Encode(new LongHistogram(1, 3_600_000_000_000, 3)));
    }

    [Theory]
    [MemberData(nameof(PackedTypes))]
    public void Shifts_left_and_right_then_growth_keep_every_count_where_a_long_histogram_has_it(string type)
    {
        var packed = Create(type, 2);
        var reference = new LongHistogram(1, 1L << 30, 2) { AutoResize = true };
        foreach (long v in new long[] { 0, 100_000, 123_456, 1 << 20, 5_000_000, 7_777_777 })
        {
            packed.RecordValueWithCount(v, v % 7 + 1);
            reference.RecordValueWithCount(v, v % 7 + 1);
        }

        packed.ShiftValuesLeft(3);
        reference.ShiftValuesLeft(3);
        ShouldMatch(packed, reference);
        packed.ShiftValuesRight(2);
        reference.ShiftValuesRight(2);
        ShouldMatch(packed, reference);

        // Growing a shifted histogram lays its counts out anew.
        packed.RecordValue(1L << 40);
        reference.RecordValue(1L << 40);
        packed.NormalizingIndexOffset.Should().Be(reference.NormalizingIndexOffset).And.NotBe(0);
        ShouldMatch(packed, reference);
    }

    [Fact]
    public void Legacy_V1_and_V0_payloads_decode_into_a_packed_target()
    {
        var decoder = new HistogramDecoder();
        int decoded = 0;
        foreach (string name in EncodingTestSupport.DecodeFixtureNames())
        {
            var f = EncodingTestSupport.DecodeFixture(name);
            if (f.GetProperty("javaOutcome").GetString() == "exception")
            {
                continue;
            }

            byte[] bytes = EncodingTestSupport.Base64(f, "bytes");
            HistogramBase reference;
            try
            {
                reference = decoder.Decode(bytes);
            }
            catch (HistogramFormatException)
            {
                continue; // decodable only through Java's DoubleHistogram call
            }

            var target = new PackedHistogram(1, 2, 3) { AutoResize = true };
            target.RecordValue(1);
            decoder.DecodeInto(bytes, target);
            target.Should().Be(reference, name);
            HistogramEncoder.Encode(target).Should().Equal(EncodingTestSupport.Base64(f, "decodedV2"), name);
            decoded++;
        }

        decoded.Should().BeGreaterThan(3);
    }

    [Fact]
    public void A_log_of_packed_histograms_reads_back_into_packed_histograms()
    {
        var intervals = Enumerable.Range(0, 5).Select(i =>
        {
            var h = new PackedHistogram(1, 3_600_000_000_000, 3) { StartTimeStamp = 1_700_000_000_000 + (i * 1000), EndTimeStamp = 1_700_000_001_000 + (i * 1000) };
            foreach (long v in PackedFootprintTests.DistinctValues(50 + i))
            {
                h.RecordValue(v);
            }

            return h;
        }).ToArray();
        using var stream = new MemoryStream();
        HistogramLogWriter.Write(stream, new DateTime(2026, 11, 27, 0, 0, 0, DateTimeKind.Utc), intervals);
        stream.Position = 0;
        var reader = new HistogramLogReader(stream);
        var target = new PackedHistogram(1, 3_600_000_000_000, 3);
        int read = 0;
        while (reader.TryReadNextInto(target, out _))
        {
            target.Should().Be(intervals[read]);
            HistogramEncoder.Encode(target).Should().Equal(HistogramEncoder.Encode(intervals[read]));
            read++;
        }

        read.Should().Be(intervals.Length);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void The_factory_and_its_recorders_hand_out_packed_histograms(bool threadSafe)
    {
        var factory = HistogramFactory.With64BitBucketSize().WithValuesUpTo(3_600_000_000_000).WithPackedCounts();
        if (threadSafe)
        {
            factory = factory.WithThreadSafeWrites();
        }

        var expectedType = threadSafe ? typeof(PackedConcurrentHistogram) : typeof(PackedHistogram);
        factory.Create().Should().BeOfType(expectedType);
        var recorder = factory.WithThreadSafeReads().Create();
        recorder.RecordValue(1000);
        recorder.RecordValue(2000);
        var interval = recorder.GetIntervalHistogram();
        interval.Should().BeOfType(expectedType);
        interval.TotalCount.Should().Be(2);
        interval.GetMaxValue().Should().Be(2000);
        recorder.RecordValue(3000);
        var next = recorder.GetIntervalHistogram(interval);
        next.Should().BeOfType(expectedType);
        next.TotalCount.Should().Be(1);

        Action narrow = () => HistogramFactory.With32BitBucketSize().WithPackedCounts();
        narrow.Should().Throw<NotSupportedException>();
    }

    [Fact]
    public void Iteration_over_a_packed_histogram_visits_what_a_long_histogram_visits()
    {
        var packed = new PackedHistogram(1, 3_600_000_000_000, 3);
        var reference = new LongHistogram(1, 3_600_000_000_000, 3);
        foreach (long v in PackedFootprintTests.DistinctValues(500))
        {
            packed.RecordValueWithCount(v, v % 5 + 1);
            reference.RecordValueWithCount(v, v % 5 + 1);
        }

        packed.LinearBucketValues(10_000).Select(x => (x.ValueIteratedTo, x.CountAddedInThisIterationStep))
            .Should().Equal(reference.LinearBucketValues(10_000).Select(x => (x.ValueIteratedTo, x.CountAddedInThisIterationStep)));
        packed.LogarithmicBucketValues(1000, 2).Select(x => (x.ValueIteratedTo, x.CountAddedInThisIterationStep))
            .Should().Equal(reference.LogarithmicBucketValues(1000, 2).Select(x => (x.ValueIteratedTo, x.CountAddedInThisIterationStep)));
    }

    internal static HistogramBase Create(string type, int digits) => type switch
    {
        "packed" => new PackedHistogram(1, digits == 2 ? 1L << 30 : 3_600_000_000_000, digits) { AutoResize = true },
        "synchronized" => new SynchronizedHistogram(1, digits == 2 ? 1L << 30 : 3_600_000_000_000, digits) { AutoResize = true },
        _ => new PackedConcurrentHistogram(1, digits == 2 ? 1L << 30 : 3_600_000_000_000, digits) { AutoResize = true },
    };

    private static void ShouldMatch(HistogramBase actual, HistogramBase reference)
    {
        actual.TotalCount.Should().Be(reference.TotalCount);
        actual.GetMaxValue().Should().Be(reference.GetMaxValue());
        actual.GetMinNonZeroValue().Should().Be(reference.GetMinNonZeroValue());
        actual.GetMean().Should().Be(reference.GetMean());
        actual.GetStdDeviation().Should().Be(reference.GetStdDeviation());
        foreach (double p in new[] { 0.0, 1, 25, 50, 90, 99, 99.9, 99.99, 100 })
        {
            actual.GetValueAtPercentile(p).Should().Be(reference.GetValueAtPercentile(p), "percentile {0}", p);
        }

        actual.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo))
            .Should().Equal(reference.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo)));
        actual.Percentiles(5).Select(v => v.ValueIteratedTo).Should().Equal(reference.Percentiles(5).Select(v => v.ValueIteratedTo));
        HistogramEncoder.Encode(actual).Should().Equal(HistogramEncoder.Encode(reference), "V2 bytes");
        HistogramEncoder.EncodeCompressed(actual).Should().Equal(HistogramEncoder.EncodeCompressed(reference));
        actual.Should().Be(reference);
        actual.HasOverflowed().Should().BeFalse();
    }
}
