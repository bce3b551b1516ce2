using System.Globalization;
using System.Text.Json;

namespace HdrHistogram.Tool;

/// <summary>JSON summaries of histograms: counts, minimum, maximum, mean, standard deviation, percentiles, configuration.</summary>
internal static class HistogramJson
{
    /// <summary>The percentiles every summary reports.</summary>
    public static readonly double[] Percentiles = { 50, 75, 90, 95, 99, 99.9, 99.99, 99.999, 100 };

    /// <summary>Writes the summary properties of <paramref name="h"/>, of either kind, into the current JSON object.</summary>
    public static void WriteSummary(Utf8JsonWriter json, EncodableHistogram h, double scale)
    {
        if (h is DoubleHistogram d)
        {
            WriteSummary(json, d, scale);
        }
        else
        {
            WriteSummary(json, (HistogramBase)h, scale);
        }
    }

    /// <summary>Writes the summary properties of a DoubleHistogram (double values divided by <paramref name="scale"/>) into the current JSON object.</summary>
    public static void WriteSummary(Utf8JsonWriter json, DoubleHistogram h, double scale)
    {
        json.WriteNumber("totalCount", h.TotalCount);
        json.WriteNumber("min", h.GetMinValue() / scale);
        json.WriteNumber("max", h.GetMaxValue() / scale);
        json.WriteNumber("mean", h.GetMean() / scale);
        json.WriteNumber("stdDeviation", h.GetStdDeviation() / scale);
        json.WriteStartObject("percentiles");
        foreach (double p in Percentiles)
        {
            json.WriteNumber(p.ToString("R", CultureInfo.InvariantCulture), h.GetValueAtPercentile(p) / scale);
        }

        json.WriteEndObject();

        json.WriteStartObject("config");
        json.WriteString("type", "DoubleHistogram");
        json.WriteNumber("highestToLowestValueRatio", h.GetHighestToLowestValueRatio());
        json.WriteNumber("numberOfSignificantValueDigits", h.NumberOfSignificantValueDigits);
        json.WriteEndObject();
    }

    /// <summary>Writes the summary properties of <paramref name="h"/> into the current JSON object; values are divided by <paramref name="scale"/> (integers when it is 1).</summary>
    public static void WriteSummary(Utf8JsonWriter json, HistogramBase h, double scale)
    {
        json.WriteNumber("totalCount", h.TotalCount);
        WriteValue(json, "min", h.GetMinValue(), scale);
        WriteValue(json, "max", h.GetMaxValue(), scale);
        json.WriteNumber("mean", h.GetMean() / scale);
        json.WriteNumber("stdDeviation", h.GetStdDeviation() / scale);
        json.WriteStartObject("percentiles");
        foreach (double p in Percentiles)
        {
            WriteValue(json, p.ToString("R", CultureInfo.InvariantCulture), h.GetValueAtPercentile(p), scale);
        }

        json.WriteEndObject();

        json.WriteStartObject("config");
        json.WriteNumber("lowestDiscernibleValue", h.LowestTrackableValue);
        json.WriteNumber("highestTrackableValue", h.HighestTrackableValue);
        json.WriteNumber("numberOfSignificantValueDigits", h.NumberOfSignificantValueDigits);
        json.WriteNumber("bucketCount", h.BucketCount);
        json.WriteNumber("subBucketCount", h.SubBucketCount);
        json.WriteEndObject();
    }

    private static void WriteValue(Utf8JsonWriter json, string name, long value, double scale)
    {
        if (scale == 1.0)
        {
            json.WriteNumber(name, value);
        }
        else
        {
            json.WriteNumber(name, value / scale);
        }
    }
}
