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
        var input = new CodedInputStream(body.ToArray());
        uint tag;
        while ((tag = input.ReadTag()) != 0)
        {
            switch (WireFormat.GetTagFieldNumber(tag))
            {
                case 1: request.TimeSeries.Add(PbTimeSeries.Parse(input.ReadBytes())); break;
                default: throw new InvalidOperationException($"WriteRequest: unexpected field {WireFormat.GetTagFieldNumber(tag)}.");
            }
        }

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
        var input = bytes.CreateCodedInput();
        uint tag;
        while ((tag = input.ReadTag()) != 0)
        {
            switch (WireFormat.GetTagFieldNumber(tag))
            {
                case 1: series.Labels.Add(SharedMessages.ReadLabel(input.ReadBytes())); break;
                case 4: series.Histograms.Add(PbRemoteHistogram.Parse(input.ReadBytes())); break;
                default: throw new InvalidOperationException($"TimeSeries: unexpected field {WireFormat.GetTagFieldNumber(tag)}.");
            }
        }

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
        var input = bytes.CreateCodedInput();
        uint tag;
        while ((tag = input.ReadTag()) != 0)
        {
            switch (WireFormat.GetTagFieldNumber(tag))
            {
                case 1: h.CountInt = input.ReadUInt64(); break;
                case 3: h.Sum = input.ReadDouble(); break;
                case 4: h.Schema = input.ReadSInt32(); break;
                case 5: h.ZeroThreshold = input.ReadDouble(); break;
                case 6: h.ZeroCountInt = input.ReadUInt64(); break;
                case 11: h.PositiveSpans.Add(SharedMessages.ReadSpan(input.ReadBytes())); break;
                case 12: SharedMessages.ReadDeltas(input, tag, h.PositiveDeltas); break;
                case 14: h.ResetHint = input.ReadEnum(); break;
                case 15: h.Timestamp = input.ReadInt64(); break;
                default: throw new InvalidOperationException($"Histogram: unexpected field {WireFormat.GetTagFieldNumber(tag)}.");
            }
        }

        return h;
    }
}
