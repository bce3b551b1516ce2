using System;
using System.Buffers;
using HdrHistogram.Prometheus.NativeHistograms;
using HdrHistogram.Prometheus.Registry;
using static HdrHistogram.Prometheus.Exposition.ProtobufOutput;

namespace HdrHistogram.Prometheus.Exposition;

/// <summary>
/// Writes a family as one varint-length-delimited <c>io.prometheus.client.MetricFamily</c> whose metrics carry native
/// histograms. Field numbers: MetricFamily name 1, help 2, type 3, metric 4, unit 5; Metric label 1, histogram 7;
/// LabelPair name 1, value 2; Histogram sample_count 1, sample_sum 2, schema 5 (sint32), zero_threshold 6,
/// zero_count 7, positive_span 12, positive_delta 13 (packed sint64), created_timestamp 15; BucketSpan offset 1
/// (sint32), length 2; Timestamp seconds 1, nanos 2.
/// </summary>
internal static class ProtobufExposition
{
    public static void WriteFamily(IBufferWriter<byte> output, PrometheusHistogramFamily family)
    {
        var series = family.Series;
        if (series.Length == 0)
        {
            return;
        }

        int familySize = family.ProtobufHeader.Length;
        foreach (var s in series)
        {
            s.Collect();
            if (s.SizesAreStale)
            {
                var native = s.RefreshNative();
                s.DeltasSize = DeltasSize(native);
                s.HistogramSize = HistogramSize(native, s);
                s.MarkSizesCurrent();
            }

            s.MetricSize = s.ProtobufLabels.Length + LengthDelimitedSize(7, s.HistogramSize);
            familySize += LengthDelimitedSize(4, s.MetricSize);
        }

        WriteVarint(output, (ulong)familySize);
        WriteRaw(output, family.ProtobufHeader);
        foreach (var s in series)
        {
            WriteLengthPrefix(output, 4, s.MetricSize);
            WriteRaw(output, s.ProtobufLabels);
            WriteLengthPrefix(output, 7, s.HistogramSize);
            WriteHistogram(output, s.CurrentNative(), s);
        }
    }

    private static int HistogramSize(NativeHistogram h, PrometheusHistogramSeries s)
    {
        int size = 1 + VarintSize((ulong)h.Count)
            + 1 + 8
            + 1 + VarintSize(ZigZag(h.Schema))
            + 1 + 8
            + 1 + VarintSize((ulong)h.ZeroCount);
        foreach (var span in h.PositiveSpans)
        {
            size += LengthDelimitedSize(12, SpanSize(span));
        }

        int deltas = s.DeltasSize;
        if (deltas > 0)
        {
            size += LengthDelimitedSize(13, deltas);
        }

        size += LengthDelimitedSize(15, TimestampSize(s));
        return size;
    }

    private static void WriteHistogram(IBufferWriter<byte> output, NativeHistogram h, PrometheusHistogramSeries s)
    {
        WriteVarintField(output, 1, (ulong)h.Count);
        WriteDoubleField(output, 2, h.Sum);
        WriteVarintField(output, 5, ZigZag(h.Schema));
        WriteDoubleField(output, 6, h.ZeroThreshold);
        WriteVarintField(output, 7, (ulong)h.ZeroCount);
        WriteSpans(output, h.PositiveSpans);

        int deltas = s.DeltasSize;
        if (deltas > 0)
        {
            WriteLengthPrefix(output, 13, deltas);
            WriteZigZagVarints(output, h.PositiveDeltas);
        }

        long ms = s.Created.ToUnixTimeMilliseconds();
        WriteLengthPrefix(output, 15, TimestampSize(s));
        WriteVarintField(output, 1, (ulong)(ms / 1000));
        int nanos = (int)(ms % 1000) * 1_000_000;
        if (nanos != 0)
        {
            WriteVarintField(output, 2, (ulong)nanos);
        }
    }

    /// <summary>Writes each span as field 12 (offset 1, length 2), filling each buffer span the writer hands out.</summary>
    private static void WriteSpans(IBufferWriter<byte> output, ReadOnlySpan<NativeBucketSpan> spans)
    {
        const int MaxSpanBytes = 14; // tag, length, and two tagged varints of at most 5 bytes each
        int i = 0;
        while (i < spans.Length)
        {
            var buffer = output.GetSpan(MaxSpanBytes);
            int written = 0;
            while (i < spans.Length && buffer.Length - written >= MaxSpanBytes)
            {
                var span = spans[i++];
                buffer[written++] = (12 << 3) | WireLengthDelimited;
                buffer[written++] = (byte)SpanSize(span);
                buffer[written++] = (1 << 3) | WireVarint;
                written += PutVarint(buffer.Slice(written), ZigZag(span.Offset));
                buffer[written++] = (2 << 3) | WireVarint;
                written += PutVarint(buffer.Slice(written), span.Length);
            }

            output.Advance(written);
        }
    }

    /// <summary>The encoded size of a BucketSpan message (offset 1 sint32, length 2), as both Histogram messages hold it.</summary>
    internal static int SpanSize(NativeBucketSpan span) => 1 + VarintSize(ZigZag(span.Offset)) + 1 + VarintSize(span.Length);

    /// <summary>The encoded size of the packed sint64 deltas, as both Histogram messages hold them.</summary>
    internal static int DeltasSize(NativeHistogram h)
    {
        int size = 0;
        foreach (long delta in h.PositiveDeltas)
        {
            size += VarintSize(ZigZag(delta));
        }

        return size;
    }

    private static int TimestampSize(PrometheusHistogramSeries s)
    {
        long ms = s.Created.ToUnixTimeMilliseconds();
        int nanos = (int)(ms % 1000) * 1_000_000;
        return 1 + VarintSize((ulong)(ms / 1000)) + (nanos != 0 ? 1 + VarintSize((ulong)nanos) : 0);
    }
}
