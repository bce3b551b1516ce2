using System.Collections.Generic;
using System.Text.Json;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Rendering;

namespace HdrHistogram.Plotting.Report;

/// <summary>
/// The data behind the plots and the report as JSON, for other dashboards: per series its summary, the percentile
/// distribution points (with their x position on the 1/(1-p) axis) and the per-interval percentiles, in the plot's unit.
/// </summary>
public static class PlotJsonWriter
{
    /// <summary>Writes one JSON document describing <paramref name="series"/>.</summary>
    public static void Write(Utf8JsonWriter json, IReadOnlyList<LatencySeries> series, ValueUnit unit)
    {
        json.WriteStartObject();
        json.WriteString("unit", unit.Label);
        json.WriteNumber("outputValueUnitRatio", unit.Ratio);
        json.WriteStartArray("series");
        foreach (var s in series)
        {
            json.WriteStartObject();
            json.WriteString("file", s.Source);
            json.WriteString("tag", s.Tag);
            json.WriteString("format", s.Format.ToString().ToLowerInvariant());
            json.WriteString("label", s.Label);
            json.WriteString("valuesIn", s.Format == PlotInputFormat.Hgrm ? null : s.ValuesIn);
            json.WriteNumber("outputValueUnitRatio", s.Ratio(unit));
            var m = s.Summary;
            json.WriteStartObject("summary");
            json.WriteNumber("count", m.Count);
            json.WriteNumber("intervals", m.Intervals);
            if (m.SpanSec is { } span)
            {
                json.WriteNumber("spanSec", span);
            }
            else
            {
                json.WriteNull("spanSec");
            }

            Number(json, "min", s.Scale(m.Min, unit));
            Number(json, "p50", s.Scale(m.P50, unit));
            Number(json, "p90", s.Scale(m.P90, unit));
            Number(json, "p99", s.Scale(m.P99, unit));
            Number(json, "p99.9", s.Scale(m.P999, unit));
            Number(json, "p99.99", s.Scale(m.P9999, unit));
            Number(json, "max", s.Scale(m.Max, unit));
            Number(json, "mean", s.Scale(m.Mean, unit));
            Number(json, "stdDeviation", s.Scale(m.StdDeviation, unit));
            json.WriteEndObject();

            json.WriteStartArray("percentiles");
            double[] xs = PlotRenderer.DistributionX(s.Distribution, m.Count);
            for (int i = 0; i < s.Distribution.Count; i++)
            {
                json.WriteStartObject();
                json.WriteNumber("percentile", s.Distribution[i].Percentile);
                json.WriteNumber("x", xs[i]);
                Number(json, "value", s.Scale(s.Distribution[i].Value, unit));
                json.WriteEndObject();
            }

            json.WriteEndArray();
            json.WriteStartArray("intervals");
            foreach (var bucket in s.Timeline)
            {
                json.WriteStartObject();
                json.WriteNumber("timeSec", bucket.TimeSec);
                json.WriteNumber("count", bucket.Count);
                json.WriteNumber("intervals", bucket.Intervals);
                for (int p = 0; p < bucket.TimelinePercentiles.Count; p++)
                {
                    Number(json, "p" + PlotRenderer.PercentileLabel(bucket.TimelinePercentiles[p]).TrimEnd('%'), s.Scale(bucket.Values[p], unit));
                }

                Number(json, "max", s.Scale(bucket.Max, unit));
                json.WriteEndObject();
            }

            json.WriteEndArray();
            json.WriteEndObject();
        }

        json.WriteEndArray();
        json.WriteEndObject();
    }

    /// <summary>A number, or null for NaN (a .hgrm file without a footer has no mean), which JSON cannot hold.</summary>
    private static void Number(Utf8JsonWriter json, string name, double value)
    {
        if (double.IsFinite(value))
        {
            json.WriteNumber(name, value);
        }
        else
        {
            json.WriteNull(name);
        }
    }
}
