using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.Json;
using FluentAssertions;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.UnitTests.DoubleValued;

/// <summary>
/// Replays every DoubleHistogram case of the Java reference vectors and compares what the histogram reports with
/// what Java reported for the same recordings: statistics to the bit, queries, buckets, internal state, text output
/// and derived histograms.
/// </summary>
public class DoubleCaseReplayTests
{
    public static IEnumerable<object[]> Cases => JavaCase.DoubleCaseNames();

    public static IEnumerable<object[]> Operations
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
        => Cases.Select(c => (string)c[0]).Should().BeEquivalentTo(
            "double-auto-sd3-ms",
            "double-ratio-1e6-sd2",
            "double-tiny-seconds-sd3",
            "double-zero-and-values-sd2",
            "double-expected-interval");

    [Theory]
    [MemberData(nameof(Cases))]
    public void Construction_gives_Javas_configuration(string name)
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
    [MemberData(nameof(Cases))]
    public void Replay_gives_Javas_summary_statistics(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.ReplayDouble();
        var e = c.Expected;

        h.TotalCount.Should().Be(e.GetProperty("totalCount").GetInt64());
        h.GetMinValue().Should().Be(e.GetProperty("minValue").GetDouble());
        h.GetMaxValue().Should().Be(e.GetProperty("maxValue").GetDouble());
        h.GetMinNonZeroValue().Should().Be(e.GetProperty("minNonZeroValue").GetDouble());
        h.GetMaxValueAsDouble().Should().Be(e.GetProperty("maxValueAsDouble").GetDouble());
        h.GetMean().Should().Be(e.GetProperty("mean").GetDouble(), "the internal mean is Java's to the bit and the ratio is a power of two");
        h.GetStdDeviation().Should().Be(e.GetProperty("stdDeviation").GetDouble());
        h.IntegerToDoubleValueConversionRatio.Should().Be(e.GetProperty("integerToDoubleValueConversionRatio").GetDouble());
        h.GetIntegerToDoubleValueConversionRatio().Should().Be(e.GetProperty("integerToDoubleValueConversionRatio").GetDouble());
        h.GetNeededByteBufferCapacity().Should().Be(e.GetProperty("neededByteBufferCapacity").GetInt32());
        h.GetEstimatedFootprintInBytes().Should().Be(e.GetProperty("estimatedFootprintInBytes").GetInt32());

        var after = c.Root.GetProperty("configAfterRecording");
        h.GetHighestToLowestValueRatio().Should().Be(after.GetProperty("highestToLowestValueRatio").GetInt64());
        h.NumberOfSignificantValueDigits.Should().Be(after.GetProperty("numberOfSignificantValueDigits").GetInt32());
        h.AutoResize.Should().Be(after.GetProperty("autoResize").GetBoolean());
        h.IntegerToDoubleValueConversionRatio.Should().Be(after.GetProperty("integerToDoubleValueConversionRatio").GetDouble());
    }

    [Theory]
    [MemberData(nameof(Cases))]
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
    [MemberData(nameof(Cases))]
    public void Replay_gives_Javas_value_queries(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.ReplayDouble();
        var e = c.Expected;

        foreach (var p in e.GetProperty("valueAtPercentile").EnumerateArray())
        {
            h.GetValueAtPercentile(p[0].GetDouble()).Should().Be(p[1].GetDouble(), "percentile {0}", p[0].GetDouble());
        }

        foreach (var p in e.GetProperty("countAtValue").EnumerateArray())
        {
            h.GetCountAtValue(p[0].GetDouble()).Should().Be(p[1].GetInt64(), "count at {0}", p[0].GetDouble());
        }

        foreach (var p in e.GetProperty("percentileAtOrBelowValue").EnumerateArray())
        {
            h.GetPercentileAtOrBelowValue(p[0].GetDouble()).Should().Be(p[1].GetDouble(), "percentile at or below {0}", p[0].GetDouble());
        }

        foreach (var v in e.GetProperty("equivalentValues").EnumerateArray())
        {
            double value = v.GetProperty("value").GetDouble();
            double lowest = v.GetProperty("lowestEquivalentValue").GetDouble();
            h.LowestEquivalentValue(value).Should().Be(lowest, "lowest equivalent of {0}", value);
            h.HighestEquivalentValue(value).Should().Be(v.GetProperty("highestEquivalentValue").GetDouble(), "highest equivalent of {0}", value);
            h.SizeOfEquivalentValueRange(value).Should().Be(v.GetProperty("sizeOfEquivalentValueRange").GetDouble(), "range size of {0}", value);
            h.MedianEquivalentValue(value).Should().Be(v.GetProperty("medianEquivalentValue").GetDouble(), "median equivalent of {0}", value);
            h.NextNonEquivalentValue(value).Should().Be(v.GetProperty("nextNonEquivalentValue").GetDouble(), "next non-equivalent of {0}", value);
            h.ValuesAreEquivalent(value, lowest).Should().BeTrue();
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Recorded_values_iteration_gives_Javas_buckets(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.ReplayDouble();
        var expected = ReadBuckets(c);

        var actual = h.RecordedValues()
            .Select(v => (h.LowestEquivalentValue(v.ValueIteratedTo), v.ValueIteratedTo, v.CountAtValueIteratedTo))
            .ToList();

        actual.Should().Equal(expected);
        c.Root.GetProperty("bucketCount").GetInt32().Should().Be(actual.Count);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Percentile_distribution_text_matches_Java_byte_for_byte(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.ReplayDouble();

        Render(h, csv: false).Should().Be(c.HgrmText);
        using (new CultureScope("de-DE"))
        {
            Render(h, csv: false).Should().Be(c.HgrmText);
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Percentile_distribution_csv_matches_Java_byte_for_byte(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.ReplayDouble();

        Render(h, csv: true).Should().Be(c.CsvText);
        using (new CultureScope("de-DE"))
        {
            Render(h, csv: true).Should().Be(c.CsvText);
        }
    }

    [Theory]
    [MemberData(nameof(Operations))]
    public void Operation_gives_Javas_result(string name, int index, string op)
    {
        var c = JavaCase.Load(name);
        var operation = c.Operations.ElementAt(index);
        operation.GetProperty("op").GetString().Should().Be(op);

        if (operation.TryGetProperty("javaThrows", out _))
        {
            var act = () => Apply(c, operation);
            act.Should().Throw<ArgumentOutOfRangeException>().WithMessage("*cannot be extended any further*");
            return;
        }

        var result = Apply(c, operation);
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

    internal static string Render(DoubleHistogram h, bool csv)
    {
        var writer = new StringWriter();
        if (csv)
        {
            h.OutputPercentileDistribution(writer, 5, 1000.0, useCsvFormat: true);
        }
        else
        {
            h.OutputPercentileDistribution(writer, 5, 1.0);
        }

        return writer.ToString();
    }

    private static DoubleHistogram Apply(JavaCase c, JsonElement operation)
    {
        var h = c.ReplayDouble();
        switch (operation.GetProperty("op").GetString())
        {
            case "add":
                {
                    var result = h.Copy();
                    result.Add(Other(c, operation));
                    return result;
                }

            case "subtract":
                {
                    var result = h.Copy();
                    result.Subtract(Other(c, operation));
                    return result;
                }

            case "copyCorrectedForCoordinatedOmission":
                return h.CopyCorrectedForCoordinatedOmission(operation.GetProperty("expectedIntervalBetweenValueSamples").GetDouble());

            case "addWhileCorrectingForCoordinatedOmission":
                {
                    var result = h.Copy();
                    result.AddWhileCorrectingForCoordinatedOmission(
                        Other(c, operation),
                        operation.GetProperty("expectedIntervalBetweenValueSamples").GetDouble());
                    return result;
                }

            default:
                throw new NotSupportedException(operation.GetProperty("call").GetString());
        }
    }

    private static DoubleHistogram Other(JavaCase c, JsonElement operation)
    {
        if (operation.TryGetProperty("otherCase", out var otherCase))
        {
            return JavaCase.Load(otherCase.GetString()!).ReplayDouble();
        }

        // "same constructor as this case, then the first otherRecordedPrefixPairs recorded pairs of this case"
        var other = c.CreateEmptyDouble();
        c.RecordInto(other, operation.GetProperty("otherRecordedPrefixPairs").GetInt32());
        return other;
    }

    private static List<(double, double, long)> ReadBuckets(JavaCase c)
    {
        if (c.Root.TryGetProperty("buckets", out var inline))
        {
            return inline.EnumerateArray().Select(b => (b[0].GetDouble(), b[1].GetDouble(), b[2].GetInt64())).ToList();
        }

        string file = Path.Combine(FixturePaths.JavaCases, Path.GetFileName(c.Root.GetProperty("bucketsFile").GetString()!));
        return File.ReadLines(file)
            .Where(l => l.Length > 0)
            .Select(l => l.Split(' '))
            .Select(p => (
                double.Parse(p[0], CultureInfo.InvariantCulture),
                double.Parse(p[1], CultureInfo.InvariantCulture),
                long.Parse(p[2], CultureInfo.InvariantCulture)))
            .ToList();
    }
}
