using System;
using System.Buffers;
using System.Collections.Generic;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.NativeHistograms;
using static HdrHistogram.Prometheus.Exposition.ProtobufOutput;

namespace HdrHistogram.Prometheus.RemoteWrite;

/// <summary>
/// A Prometheus remote-write <c>WriteRequest</c> (protocol 1.0) being built: time series of native histogram samples
/// (and float samples), encoded as they are added. Field numbers: WriteRequest timeseries 1; TimeSeries labels 1,
/// samples 2, histograms 4; Label name 1, value 2; Sample value 1 (double), timestamp 2 (ms); Histogram count_int 1,
/// sum 3, schema 4 (sint32), zero_threshold 5, zero_count_int 6, positive_spans 11 (BucketSpan offset 1 sint32,
/// length 2), positive_deltas 12 (packed sint64), reset_hint 14, timestamp 15 (ms).
/// Reusable: <see cref="Clear"/> keeps the buffer.
/// </summary>
public sealed class RemoteWriteRequest
{
    private readonly ArrayBufferWriter<byte> _body = new(4096);
    private readonly List<KeyValuePair<string, string>> _sorted = new();

    /// <summary>The number of time series added since the last <see cref="Clear"/>.</summary>
    public int SeriesCount { get; private set; }

    /// <summary>The encoded (uncompressed) request.</summary>
    public ReadOnlyMemory<byte> Body => _body.WrittenMemory;

    /// <summary>Empties the request, keeping its buffer.</summary>
    public void Clear()
    {
        _body.ResetWrittenCount();
        SeriesCount = 0;
    }

    /// <summary>
    /// Adds a time series of one native histogram sample: the metric <paramref name="name"/> with
    /// <paramref name="labels"/> (sorted by name as the protocol requires; <c>__name__</c> is added), at
    /// <paramref name="timestamp"/>.
    /// </summary>
    /// <param name="name">The metric name (<c>__name__</c>).</param>
    /// <param name="labels">The other labels; their names must differ from each other and from <c>__name__</c>.</param>
    /// <param name="histogram">The sample: a cumulative native histogram.</param>
    /// <param name="timestamp">The sample's time (sent in whole milliseconds since the Unix epoch).</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException">A label name is given twice.</exception>
    public void AddHistogram(string name, IEnumerable<KeyValuePair<string, string>> labels, NativeHistogram histogram, DateTimeOffset timestamp)
    {
        ArgumentNullException.ThrowIfNull(histogram);
        int labelsSize = PrepareLabels(name, labels);
        long milliseconds = timestamp.ToUnixTimeMilliseconds();
        int deltasSize = ProtobufExposition.DeltasSize(histogram);
        int histogramSize = HistogramSize(histogram, deltasSize, milliseconds);
        WriteLengthPrefix(_body, 1, labelsSize + LengthDelimitedSize(4, histogramSize));
        WriteLabels();
        WriteLengthPrefix(_body, 4, histogramSize);
        WriteVarintField(_body, 1, (ulong)histogram.Count);
        WriteDoubleField(_body, 3, histogram.Sum);
        WriteVarintField(_body, 4, ZigZag(histogram.Schema));
        WriteDoubleField(_body, 5, histogram.ZeroThreshold);
        WriteVarintField(_body, 6, (ulong)histogram.ZeroCount);
        foreach (var span in histogram.PositiveSpans)
        {
            WriteLengthPrefix(_body, 11, ProtobufExposition.SpanSize(span));
            WriteVarintField(_body, 1, ZigZag(span.Offset));
            WriteVarintField(_body, 2, span.Length);
        }

        if (deltasSize > 0)
        {
            WriteLengthPrefix(_body, 12, deltasSize);
            WriteZigZagVarints(_body, histogram.PositiveDeltas);
        }

        WriteVarintField(_body, 15, (ulong)milliseconds);
        SeriesCount++;
    }

    /// <summary>
    /// Adds a time series of one float sample (a classic histogram's <c>_bucket</c>, <c>_sum</c> or <c>_count</c>, or any
    /// other value): the metric <paramref name="name"/> with <paramref name="labels"/>, at <paramref name="timestamp"/>.
    /// </summary>
    /// <param name="name">The metric name (<c>__name__</c>).</param>
    /// <param name="labels">The other labels; their names must differ from each other and from <c>__name__</c>.</param>
    /// <param name="value">The sample's value.</param>
    /// <param name="timestamp">The sample's time (sent in whole milliseconds since the Unix epoch).</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException">A label name is given twice.</exception>
    public void AddSample(string name, IEnumerable<KeyValuePair<string, string>> labels, double value, DateTimeOffset timestamp)
    {
        int labelsSize = PrepareLabels(name, labels);
        long milliseconds = timestamp.ToUnixTimeMilliseconds();
        int sampleSize = 1 + 8 + 1 + VarintSize((ulong)milliseconds); // value (double, field 1), timestamp (field 2)
        WriteLengthPrefix(_body, 1, labelsSize + LengthDelimitedSize(2, sampleSize));
        WriteLabels();
        WriteLengthPrefix(_body, 2, sampleSize);
        WriteDoubleField(_body, 1, value);
        WriteVarintField(_body, 2, (ulong)milliseconds);
        SeriesCount++;
    }

    /// <summary>Sorts <c>__name__</c> and the labels into the scratch list, refuses a name given twice, and returns their encoded size.</summary>
    private int PrepareLabels(string name, IEnumerable<KeyValuePair<string, string>> labels)
    {
        ArgumentNullException.ThrowIfNull(name);
        ArgumentNullException.ThrowIfNull(labels);
        _sorted.Clear();
        _sorted.Add(new KeyValuePair<string, string>("__name__", name));
        if (labels is List<KeyValuePair<string, string>> list)
        {
            // The registry's pushes pass a list: walked without boxing an enumerator per series.
            foreach (var label in list)
            {
                _sorted.Add(label);
            }
        }
        else
        {
            foreach (var label in labels)
            {
                _sorted.Add(label);
            }
        }

        _sorted.Sort(static (a, b) => string.CompareOrdinal(a.Key, b.Key));
        int size = LengthDelimitedSize(1, LabelSize(_sorted[0]));
        for (int i = 1; i < _sorted.Count; i++)
        {
            if (_sorted[i].Key == _sorted[i - 1].Key)
            {
                throw new ArgumentException($"The label {_sorted[i].Key} is given twice.", nameof(labels));
            }

            size += LengthDelimitedSize(1, LabelSize(_sorted[i]));
        }

        return size;
    }

    private void WriteLabels()
    {
        foreach (var label in _sorted)
        {
            WriteLengthPrefix(_body, 1, LabelSize(label));
            WriteString(1, label.Key);
            WriteString(2, label.Value);
        }
    }

    private static int LabelSize(KeyValuePair<string, string> label)
        => LengthDelimitedSize(1, System.Text.Encoding.UTF8.GetByteCount(label.Key)) + LengthDelimitedSize(2, System.Text.Encoding.UTF8.GetByteCount(label.Value));

    private static int HistogramSize(NativeHistogram histogram, int deltasSize, long milliseconds)
    {
        int size = 1 + VarintSize((ulong)histogram.Count)
            + 1 + 8
            + 1 + VarintSize(ZigZag(histogram.Schema))
            + 1 + 8
            + 1 + VarintSize((ulong)histogram.ZeroCount);
        foreach (var span in histogram.PositiveSpans)
        {
            size += LengthDelimitedSize(11, ProtobufExposition.SpanSize(span));
        }

        if (deltasSize > 0)
        {
            size += LengthDelimitedSize(12, deltasSize);
        }

        return size + 1 + VarintSize((ulong)milliseconds);
    }

    private void WriteString(int field, string value)
    {
        int length = System.Text.Encoding.UTF8.GetByteCount(value);
        WriteLengthPrefix(_body, field, length);
        var span = _body.GetSpan(length);
        System.Text.Encoding.UTF8.GetBytes(value, span);
        _body.Advance(length);
    }
}
