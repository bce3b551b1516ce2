namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// Replays every case of the Java reference vectors, integer histograms and DoubleHistograms alike
/// (<see cref="IntegerOrDoubleHistogram"/>), and compares what the histogram reports with what Java reported for the same
/// recordings: statistics to the bit, value queries, buckets and the percentile distribution's text and CSV byte for
/// byte. The DoubleHistogram cases also carry Java's configuration, internal integer histogram and derived histograms.
/// </summary>
public class CaseReplayTests
{
    public static IEnumerable<object[]> Cases => JavaCase.Names(integerOnly: false).Select(n => new object[] { n });

    /// <summary>Every case with each format of its percentile distribution: "text" (.hgrm) and "csv".</summary>
    public static IEnumerable<object[]> CasesAndFormats
        => Cases.SelectMany(c => new[] { new[] { c[0], "text" }, new[] { c[0], "csv" } });

    public static IEnumerable<object[]> DoubleCases => JavaCase.DoubleCaseNames();

    public static IEnumerable<object[]> DoubleOperations
    {
        get
        {
            foreach (var name in JavaCase.DoubleCaseNames().Select(c => (string)c[0]))
            {
                int index = 0;
                foreach (var op in JavaCase.Load(name).Operations)
                {
                    yield return new object[] { name, index++, op.GetProperty("op").GetString()! };
                }
            }
        }
    }

    [Fact]
    public void The_reference_set_has_the_five_double_cases()
        => DoubleCases.Select(c => (string)c[0]).Should().BeEquivalentTo(
            "double-auto-sd3-ms",
            "double-ratio-1e6-sd2",
            "double-tiny-seconds-sd3",
            "double-zero-and-values-sd2",
            "double-expected-interval");

    [Theory]
    [MemberData(nameof(Cases))]
    public void Replay_gives_Javas_summary_statistics(string name)
    {
        var c = JavaCase.Load(name);
        var h = IntegerOrDoubleHistogram.Of(c);
        var e = c.Expected;

        h.TotalCount.Should().Be(e.GetProperty("totalCount").GetInt64());
        h.MinValue.Should().Be(h.Read(e.GetProperty("minValue")));
        h.MaxValue.Should().Be(h.Read(e.GetProperty("maxValue")));
        h.MinNonZeroValue.Should().Be(h.Read(e.GetProperty("minNonZeroValue")));
        h.MaxValueAsDouble.Should().Be(e.GetProperty("maxValueAsDouble").GetDouble());
        h.Mean.Should().Be(e.GetProperty("mean").GetDouble(), "Java sums bucket by bucket in index order (a DoubleHistogram's internal mean, scaled by a power of two)");
        h.StdDeviation.Should().Be(e.GetProperty("stdDeviation").GetDouble());
        h.NeededByteBufferCapacity.Should().Be(e.GetProperty("neededByteBufferCapacity").GetInt32());
        if (c.HistogramType != "ConcurrentHistogram")
        {
            // Java's concurrent histogram keeps two count arrays; ours keeps one, so only the others share the formula.
            h.EstimatedFootprintInBytes.Should().Be(e.GetProperty("estimatedFootprintInBytes").GetInt32());
        }

        var after = c.Root.GetProperty("configAfterRecording");
        if (h.Histogram is HistogramBase integer)
        {
            integer.HighestTrackableValue.Should().Be(after.GetProperty("highestTrackableValue").GetInt64());
            return;
        }

        var d = (DoubleHistogram)h.Histogram;
        d.IntegerToDoubleValueConversionRatio.Should().Be(e.GetProperty("integerToDoubleValueConversionRatio").GetDouble());
        d.GetIntegerToDoubleValueConversionRatio().Should().Be(e.GetProperty("integerToDoubleValueConversionRatio").GetDouble());
        d.GetHighestToLowestValueRatio().Should().Be(after.GetProperty("highestToLowestValueRatio").GetInt64());
        d.NumberOfSignificantValueDigits.Should().Be(after.GetProperty("numberOfSignificantValueDigits").GetInt32());
        d.AutoResize.Should().Be(after.GetProperty("autoResize").GetBoolean());
        d.IntegerToDoubleValueConversionRatio.Should().Be(after.GetProperty("integerToDoubleValueConversionRatio").GetDouble());
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Replay_gives_Javas_value_queries(string name)
    {
        var c = JavaCase.Load(name);
        var h = IntegerOrDoubleHistogram.Of(c);
        var e = c.Expected;

        foreach (var p in e.GetProperty("valueAtPercentile").EnumerateArray())
        {
            h.ValueAtPercentile(p[0].GetDouble()).Should().Be(h.Read(p[1]), "percentile {0}", p[0].GetDouble());
        }

        foreach (var p in e.GetProperty("countAtValue").EnumerateArray())
        {
            h.CountAtValue(h.Read(p[0])).Should().Be(p[1].GetInt64(), "count at {0}", p[0]);
        }

        foreach (var p in e.GetProperty("percentileAtOrBelowValue").EnumerateArray())
        {
            h.PercentileAtOrBelowValue(h.Read(p[0])).Should().Be(p[1].GetDouble(), "percentile at or below {0}", p[0]);
        }

        // Every integer case asks for counts between values; Java's DoubleHistogram cases do not.
        e.TryGetProperty("countBetweenValues", out var between).Should().Be(!c.IsDouble);
        if (!c.IsDouble)
        {
            foreach (var p in between.EnumerateArray())
            {
                h.CountBetweenValues(h.Read(p[0]), h.Read(p[1])).Should().Be(p[2].GetInt64());
            }
        }

        foreach (var v in e.GetProperty("equivalentValues").EnumerateArray())
        {
            object value = h.Read(v.GetProperty("value"));
            object lowest = h.Read(v.GetProperty("lowestEquivalentValue"));
            h.LowestEquivalentValue(value).Should().Be(lowest, "lowest equivalent of {0}", value);
            h.HighestEquivalentValue(value).Should().Be(h.Read(v.GetProperty("highestEquivalentValue")), "highest equivalent of {0}", value);
            h.SizeOfEquivalentValueRange(value).Should().Be(h.Read(v.GetProperty("sizeOfEquivalentValueRange")), "range size of {0}", value);
            h.MedianEquivalentValue(value).Should().Be(h.Read(v.GetProperty("medianEquivalentValue")), "median equivalent of {0}", value);
            h.NextNonEquivalentValue(value).Should().Be(h.Read(v.GetProperty("nextNonEquivalentValue")), "next non-equivalent of {0}", value);
            h.ValuesAreEquivalent(value, lowest).Should().BeTrue();
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Recorded_values_iteration_gives_Javas_buckets(string name)
    {
        var c = JavaCase.Load(name);
        var h = IntegerOrDoubleHistogram.Of(c);
        var expected = ReadBuckets(c, h);

        var actual = h.RecordedBuckets();

        actual.ShouldEqualSequence(expected);
        c.Root.GetProperty("bucketCount").GetInt32().Should().Be(actual.Count);
    }

    [Theory]
    [MemberData(nameof(CasesAndFormats))]
    public void Percentile_distribution_matches_Java_byte_for_byte(string name, string format)
    {
        var c = JavaCase.Load(name);
        var h = IntegerOrDoubleHistogram.Of(c);
        bool csv = format == "csv";
        string java = csv ? c.CsvText : c.HgrmText;

        h.Render(csv).Should().Be(java);
        using (new CultureScope("de-DE"))
        {
            h.Render(csv).Should().Be(java);
        }
    }

    [Theory]
    [MemberData(nameof(DoubleCases))]
    public void Construction_gives_Javas_DoubleHistogram_configuration(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.CreateEmptyDouble();
        var config = c.Root.GetProperty("config");

        h.GetHighestToLowestValueRatio().Should().Be(config.GetProperty("highestToLowestValueRatio").GetInt64());
        h.NumberOfSignificantValueDigits.Should().Be(config.GetProperty("numberOfSignificantValueDigits").GetInt32());
        h.AutoResize.Should().Be(config.GetProperty("autoResize").GetBoolean());
        h.IntegerToDoubleValueConversionRatio.Should().Be(config.GetProperty("integerToDoubleValueConversionRatio").GetDouble());
    }

    [Theory]
    [MemberData(nameof(DoubleCases))]
    public void Replay_gives_Javas_internal_integer_histogram(string name)
    {
        // What the V2 header will carry: the same internal histogram, offset and scale as Java's.
        var c = JavaCase.Load(name);
        var h = c.ReplayDouble();
        var header = c.Root.GetProperty("v2Header");
        var inner = header.GetProperty("inner");

        h.GetHighestToLowestValueRatio().Should().Be(header.GetProperty("configuredHighestToLowestValueRatio").GetInt64());
        h.IntegerValuesHistogram.NormalizingIndexOffset.Should().Be(inner.GetProperty("normalizingIndexOffset").GetInt32());
        h.IntegerValuesHistogram.LowestTrackableValue.Should().Be(inner.GetProperty("lowestDiscernibleValue").GetInt64());
        h.IntegerValuesHistogram.HighestTrackableValue.Should().Be(inner.GetProperty("highestTrackableValue").GetInt64());
        h.IntegerValuesHistogram.NumberOfSignificantValueDigits.Should().Be(inner.GetProperty("numberOfSignificantValueDigits").GetInt32());
        h.IntegerValuesHistogram.IntegerToDoubleValueConversionRatio.Should().Be(inner.GetProperty("integerToDoubleValueConversionRatio").GetDouble());
    }

    [Theory]
    [MemberData(nameof(DoubleOperations))]
    public void DoubleHistogram_operation_gives_Javas_result(string name, int index, string op)
    {
        var c = JavaCase.Load(name);
        var operation = c.Operations.ElementAt(index);
        operation.GetProperty("op").GetString().Should().Be(op);

        if (operation.TryGetProperty("javaThrows", out _))
        {
            var act = () => c.ApplyDouble(operation);
            act.Should().Throw<ArgumentOutOfRangeException>().WithMessage("*cannot be extended any further*");
            return;
        }

        var result = c.ApplyDouble(operation);
        var expected = operation.GetProperty("result");
        result.TotalCount.Should().Be(expected.GetProperty("totalCount").GetInt64());
        result.GetMaxValue().Should().Be(expected.GetProperty("maxValue").GetDouble());
        result.GetMinNonZeroValue().Should().Be(expected.GetProperty("minNonZeroValue").GetDouble());
        result.GetMean().Should().Be(expected.GetProperty("mean").GetDouble());
        foreach (var p in expected.GetProperty("valueAtPercentile").EnumerateArray())
        {
            result.GetValueAtPercentile(p[0].GetDouble()).Should().Be(p[1].GetDouble(), "percentile {0}", p[0].GetDouble());
        }

        // The parts of the V2 header that describe the state (the bytes themselves are compared by the encoder's tests).
        var header = expected.GetProperty("v2Header");
        var inner = header.GetProperty("inner");
        result.GetHighestToLowestValueRatio().Should().Be(header.GetProperty("configuredHighestToLowestValueRatio").GetInt64());
        result.IntegerValuesHistogram.NormalizingIndexOffset.Should().Be(inner.GetProperty("normalizingIndexOffset").GetInt32());
        result.IntegerValuesHistogram.HighestTrackableValue.Should().Be(inner.GetProperty("highestTrackableValue").GetInt64());
        result.IntegerToDoubleValueConversionRatio.Should().Be(inner.GetProperty("integerToDoubleValueConversionRatio").GetDouble());
    }

    private static List<(object Lowest, object IteratedTo, long Count)> ReadBuckets(JavaCase c, IntegerOrDoubleHistogram h)
    {
        if (c.Root.TryGetProperty("buckets", out var inline))
        {
            return inline.EnumerateArray().Select(b => (h.Read(b[0]), h.Read(b[1]), b[2].GetInt64())).ToList();
        }

        string file = Path.Combine(FixturePaths.JavaCases, Path.GetFileName(c.Root.GetProperty("bucketsFile").GetString()!));
        return File.ReadLines(file)
            .Where(l => l.Length > 0)
            .Select(l => l.Split(' '))
            .Select(p => (h.Parse(p[0]), h.Parse(p[1]), long.Parse(p[2], System.Globalization.CultureInfo.InvariantCulture)))
            .ToList();
    }
}
