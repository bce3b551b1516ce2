using System;
using System.Buffers;
using HdrHistogram.Prometheus.Registry;

namespace HdrHistogram.Prometheus.Exposition;

/// <summary>Writes families in the text format 0.0.4 (classic buckets, sum, count, and a <c>_created</c> gauge).</summary>
internal static class TextExposition
{
    public static void WriteFamily(IBufferWriter<byte> output, PrometheusHistogramFamily family)
    {
        var series = family.Series;
        if (series.Length == 0)
        {
            return;
        }

        ProtobufOutput.WriteRaw(output, family.TextHeader);
        foreach (var s in series)
        {
            s.Collect();
            s.UpdateClassic(family.Bounds, family.ValueScale);
            var counts = s.ClassicCounts;
            for (int b = 0; b <= family.Bounds.Length; b++)
            {
                ProtobufOutput.WriteRaw(output, family.BucketName);
                WriteByte(output, (byte)'{');
                ProtobufOutput.WriteRaw(output, s.TextLabels);
                var le = b < family.Bounds.Length ? family.BoundLabels[b].AsSpan() : ",le=\"+Inf\""u8;
                ProtobufOutput.WriteRaw(output, s.TextLabels.Length == 0 ? le.Slice(1) : le);
                ProtobufOutput.WriteRaw(output, "} "u8);
                TextNumbers.Write(output, counts[b]);
                WriteByte(output, (byte)'\n');
            }

            WriteSample(output, family.SumName, s.TextLabels);
            TextNumbers.Write(output, s.ClassicSum);
            WriteByte(output, (byte)'\n');
            WriteSample(output, family.CountName, s.TextLabels);
            TextNumbers.Write(output, s.ClassicTotal);
            WriteByte(output, (byte)'\n');
        }

        ProtobufOutput.WriteRaw(output, family.TextCreatedHeader);
        foreach (var s in series)
        {
            WriteSample(output, family.CreatedName, s.TextLabels);
            TextNumbers.Write(output, s.Created.ToUnixTimeMilliseconds() / 1000.0);
            WriteByte(output, (byte)'\n');
        }
    }

    private static void WriteSample(IBufferWriter<byte> output, byte[] name, byte[] labels)
    {
        ProtobufOutput.WriteRaw(output, name);
        if (labels.Length > 0)
        {
            WriteByte(output, (byte)'{');
            ProtobufOutput.WriteRaw(output, labels);
            WriteByte(output, (byte)'}');
        }

        WriteByte(output, (byte)' ');
    }

    private static void WriteByte(IBufferWriter<byte> output, byte value)
    {
        output.GetSpan(1)[0] = value;
        output.Advance(1);
    }
}
