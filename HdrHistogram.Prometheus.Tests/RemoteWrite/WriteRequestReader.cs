using System;
using System.Collections.Generic;
using Google.Protobuf;
using HdrHistogram.Prometheus.Tests.Protobuf;

namespace HdrHistogram.Prometheus.Tests.RemoteWrite;

// The remote-write WriteRequest read field by field from the numbers of Prometheus' prompb/types.proto and
// remote.proto, with Google.Protobuf's CodedInputStream (the test's own reader): WriteRequest timeseries 1; TimeSeries
// labels 1, histograms 4; Label name 1, value 2; Histogram count_int 1, count_float 2, sum 3, schema 4 (sint32),
// zero_threshold 5, zero_count_int 6, zero_count_float 7, positive_spans 11, positive_deltas 12, reset_hint 14,
// timestamp 15. A field the writer has no business writing fails the read rather than being skipped.
public sealed class PbWriteRequest
{
    public List<PbTimeSeries> TimeSeries { get; } = new();

    public static PbWriteRequest Parse(ReadOnlySpan<byte> body)
    {
        var request = new PbWriteRequest();
        SharedMessages.ReadKnownFields(ByteString.CopyFrom(body), "WriteRequest", (input, field, _) =>
        {
            switch (field)
            {
                case 1: request.TimeSeries.Add(PbTimeSeries.Parse(input.ReadBytes())); return true;
                default: return false;
            }
        });

        return request;
    }
}

public sealed class PbTimeSeries
{
    public List<KeyValuePair<string, string>> Labels { get; } = new();

    public List<PbRemoteHistogram> Histograms { get; } = new();

    public static PbTimeSeries Parse(ByteString bytes)
    {
        var series = new PbTimeSeries();
        SharedMessages.ReadKnownFields(bytes, "TimeSeries", (input, field, _) =>
        {
            switch (field)
            {
                case 1: series.Labels.Add(SharedMessages.ReadLabel(input.ReadBytes())); return true;
                case 4: series.Histograms.Add(PbRemoteHistogram.Parse(input.ReadBytes())); return true;
                default: return false;
            }
        });

        return series;
    }
}

public sealed class PbRemoteHistogram
{
    public ulong? CountInt { get; private set; }

    public double Sum { get; private set; }

    public int Schema { get; private set; }

    public double ZeroThreshold { get; private set; }

    public ulong? ZeroCountInt { get; private set; }

    public List<(int Offset, uint Length)> PositiveSpans { get; } = new();

    public List<long> PositiveDeltas { get; } = new();

    public int ResetHint { get; private set; }

    public long Timestamp { get; private set; }

    public static PbRemoteHistogram Parse(ByteString bytes)
    {
        var h = new PbRemoteHistogram();
        SharedMessages.ReadKnownFields(bytes, "Histogram", (input, field, tag) =>
        {
            switch (field)
            {
                case 1: h.CountInt = input.ReadUInt64(); return true;
                case 3: h.Sum = input.ReadDouble(); return true;
                case 4: h.Schema = input.ReadSInt32(); return true;
                case 5: h.ZeroThreshold = input.ReadDouble(); return true;
                case 6: h.ZeroCountInt = input.ReadUInt64(); return true;
                case 11: h.PositiveSpans.Add(SharedMessages.ReadSpan(input.ReadBytes())); return true;
                case 12: SharedMessages.ReadDeltas(input, tag, h.PositiveDeltas); return true;
                case 14: h.ResetHint = input.ReadEnum(); return true;
                case 15: h.Timestamp = input.ReadInt64(); return true;
                default: return false;
            }
        });

        return h;
    }
}
