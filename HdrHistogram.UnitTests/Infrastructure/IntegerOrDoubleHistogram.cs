using System.Globalization;
using System.Text.Json;

namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>
/// An integer histogram or a DoubleHistogram through the queries both answer, so that one test checks either (against
/// what Java reported, or against itself). The two share no type for those queries, only their names: the calls bind when they run, to
/// the long overloads of a <see cref="HistogramBase"/> or the double ones of a <see cref="DoubleHistogram"/>. Values go
/// in and come out boxed in that type, read from the reference data by <see cref="Read"/> and <see cref="Parse"/>, so
/// that comparing two of them is exact for both kinds.
/// </summary>
internal sealed class IntegerOrDoubleHistogram
{
    private readonly dynamic _h;

    private IntegerOrDoubleHistogram(EncodableHistogram histogram)
    {
        Histogram = histogram;
        _h = histogram;
    }

    /// <summary>The histogram itself: a <see cref="HistogramBase"/> or a <see cref="DoubleHistogram"/>.</summary>
    public EncodableHistogram Histogram { get; }

    public long TotalCount => (long)_h.TotalCount;

    public object MinValue => _h.GetMinValue();

    public object MaxValue => _h.GetMaxValue();

    public object MinNonZeroValue => _h.GetMinNonZeroValue();

    public double MaxValueAsDouble => Histogram.GetMaxValueAsDouble();

    public double Mean => (double)_h.GetMean();

    public double StdDeviation => (double)_h.GetStdDeviation();

    public int NeededByteBufferCapacity => Histogram.GetNeededByteBufferCapacity();

    public int EstimatedFootprintInBytes => (int)_h.GetEstimatedFootprintInBytes();

    public double IntegerToDoubleValueConversionRatio => (double)_h.IntegerToDoubleValueConversionRatio;

    private bool IsDouble => Histogram is DoubleHistogram;

    /// <summary>The case's histogram as Java recorded it (<see cref="JavaCase.Replay"/> or <see cref="JavaCase.ReplayDouble"/>).</summary>
    public static IntegerOrDoubleHistogram Of(JavaCase c) => new(c.IsDouble ? c.ReplayDouble() : c.Replay());

    public static IntegerOrDoubleHistogram Of(EncodableHistogram histogram) => new(histogram);

    /// <summary>A JSON number of the reference data as a value of this histogram.</summary>
    public object Read(JsonElement number) => IsDouble ? number.GetDouble() : (object)number.GetInt64();

    /// <summary>A number of the reference data's text files as a value of this histogram.</summary>
    public object Parse(string number)
        => IsDouble ? double.Parse(number, CultureInfo.InvariantCulture) : (object)long.Parse(number, CultureInfo.InvariantCulture);

    public void RecordValue(object value) => _h.RecordValue((dynamic)value);

    public object ValueAtPercentile(double percentile) => _h.GetValueAtPercentile(percentile);

    public long CountAtValue(object value) => (long)_h.GetCountAtValue((dynamic)value);

    public double PercentileAtOrBelowValue(object value) => (double)_h.GetPercentileAtOrBelowValue((dynamic)value);

    public long CountBetweenValues(object low, object high) => (long)_h.GetCountBetweenValues((dynamic)low, (dynamic)high);

    public object LowestEquivalentValue(object value) => _h.LowestEquivalentValue((dynamic)value);

    public object HighestEquivalentValue(object value) => _h.HighestEquivalentValue((dynamic)value);

    public object SizeOfEquivalentValueRange(object value) => _h.SizeOfEquivalentValueRange((dynamic)value);

    public object MedianEquivalentValue(object value) => _h.MedianEquivalentValue((dynamic)value);

    public object NextNonEquivalentValue(object value) => _h.NextNonEquivalentValue((dynamic)value);

    public bool ValuesAreEquivalent(object value1, object value2) => (bool)_h.ValuesAreEquivalent((dynamic)value1, (dynamic)value2);

    /// <summary>The recorded values iteration: each bucket's lowest equivalent value, the value iterated to and its count.</summary>
    public List<(object Lowest, object IteratedTo, long Count)> RecordedBuckets()
    {
        var buckets = new List<(object Lowest, object IteratedTo, long Count)>();
        foreach (var v in _h.RecordedValues())
        {
            object iteratedTo = v.ValueIteratedTo;
            buckets.Add((LowestEquivalentValue(iteratedTo), iteratedTo, (long)v.CountAtValueIteratedTo));
        }

        return buckets;
    }

    /// <summary>The percentile distribution as the reference data holds it: 5 ticks per half distance, text at ratio 1, CSV at ratio 1000.</summary>
    public string Render(bool csv)
    {
        var writer = new StringWriter();
        double ratio = csv ? 1000.0 : 1.0;
        if (Histogram is DoubleHistogram d)
        {
            d.OutputPercentileDistribution(writer, 5, ratio, csv);
        }
        else
        {
            ((HistogramBase)Histogram).OutputPercentileDistribution(writer, 5, ratio, csv);
        }

        return writer.ToString();
    }
}
