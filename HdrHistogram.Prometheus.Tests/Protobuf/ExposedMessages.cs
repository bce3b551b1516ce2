using System;
using System.Collections.Generic;
using Google.Protobuf;

namespace HdrHistogram.Prometheus.Tests.Protobuf;

// The io.prometheus.client messages the exposition writes, read field by field from their documented numbers with
// Google.Protobuf's CodedInputStream (the test's own readers; unknown fields are skipped as protobuf requires).
public sealed class PbMetricFamily
{
    public string Name { get; private set; } = "";

    public string Help { get; private set; } = "";

    public int Type { get; private set; }

    public string Unit { get; private set; } = "";

    public List<PbMetric> Metrics { get; } = new();

    public static List<PbMetricFamily> ParseDelimited(byte[] bytes)
    {
        var input = new CodedInputStream(bytes);
        var families = new List<PbMetricFamily>();
        while (!input.IsAtEnd)
        {
            families.Add(Parse(input.ReadBytes()));
        }

        return families;
    }

    public static PbMetricFamily Parse(ByteString bytes)
    {
        var family = new PbMetricFamily();
        SharedMessages.ReadFields(bytes, (input, field, _) =>
        {
            switch (field)
            {
                case 1: family.Name = input.ReadString(); return true;
                case 2: family.Help = input.ReadString(); return true;
                case 3: family.Type = input.ReadEnum(); return true;
                case 4: family.Metrics.Add(PbMetric.Parse(input.ReadBytes())); return true;
                case 5: family.Unit = input.ReadString(); return true;
                default: return false;
            }
        });

        return family;
    }
}

public sealed class PbMetric
{
    public List<KeyValuePair<string, string>> Labels { get; } = new();

    public PbHistogram? Histogram { get; private set; }

    public static PbMetric Parse(ByteString bytes)
    {
        var metric = new PbMetric();
        SharedMessages.ReadFields(bytes, (input, field, _) =>
        {
            switch (field)
            {
                case 1: metric.Labels.Add(SharedMessages.ReadLabel(input.ReadBytes())); return true;
                case 7: metric.Histogram = PbHistogram.Parse(input.ReadBytes()); return true;
                default: return false;
            }
        });

        return metric;
    }
}

public sealed class PbHistogram
{
    public ulong SampleCount { get; private set; }

    public double SampleSum { get; private set; }

    public int Schema { get; private set; }

    public double ZeroThreshold { get; private set; }

    public ulong ZeroCount { get; private set; }

    public List<(int Offset, uint Length)> PositiveSpans { get; } = new();

    public List<long> PositiveDeltas { get; } = new();

    public int ClassicBucketCount { get; private set; }

    public long CreatedSeconds { get; private set; }

    public int CreatedNanos { get; private set; }

    /// <summary>The absolute (index, count) buckets from spans and deltas.</summary>
    public List<(int Index, long Count)> PositiveBuckets()
    {
        var buckets = new List<(int, long)>();
        int index = 0;
        long count = 0;
        int d = 0;
        foreach (var (offset, length) in PositiveSpans)
        {
            index += offset;
            for (int i = 0; i < length; i++)
            {
                count += PositiveDeltas[d++];
                buckets.Add((index, count));
                index++;
            }
        }

        if (d != PositiveDeltas.Count)
        {
            throw new InvalidOperationException($"Spans cover {d} buckets, deltas are {PositiveDeltas.Count}.");
        }

        return buckets;
    }

    public static PbHistogram Parse(ByteString bytes)
    {
        var h = new PbHistogram();
        SharedMessages.ReadFields(bytes, (input, field, tag) =>
        {
            switch (field)
            {
                case 1: h.SampleCount = input.ReadUInt64(); return true;
                case 2: h.SampleSum = input.ReadDouble(); return true;
                case 3: input.SkipLastField(); h.ClassicBucketCount++; return true;
                case 5: h.Schema = input.ReadSInt32(); return true;
                case 6: h.ZeroThreshold = input.ReadDouble(); return true;
                case 7: h.ZeroCount = input.ReadUInt64(); return true;
                case 12: h.PositiveSpans.Add(SharedMessages.ReadSpan(input.ReadBytes())); return true;
                case 13: SharedMessages.ReadDeltas(input, tag, h.PositiveDeltas); return true;
                case 15: h.ParseTimestamp(input.ReadBytes()); return true;
                default: return false;
            }
        });

        return h;
    }

    private void ParseTimestamp(ByteString bytes)
    {
        SharedMessages.ReadFields(bytes, (input, field, _) =>
        {
            switch (field)
            {
                case 1: CreatedSeconds = input.ReadInt64(); return true;
                case 2: CreatedNanos = input.ReadInt32(); return true;
                default: return false;
            }
        });
    }
}
