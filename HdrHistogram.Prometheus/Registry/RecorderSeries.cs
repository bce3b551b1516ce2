using System;
using HdrHistogram.Iteration;
using HdrHistogram.Prometheus.NativeHistograms;

namespace HdrHistogram.Prometheus.Registry;

/// <summary>
/// A series fed by a <see cref="Recorder"/>. Its running total is kept as the HDR buckets recorded so far, in value
/// order, each with its count, its middle value and the native bucket it belongs to (computed once, when the bucket is
/// first recorded): an interval is merged in bucket by bucket, and the native and classic forms are one pass over the
/// recorded buckets, with the arithmetic of <see cref="NativeHistogramConverter"/>. A scrape therefore costs what was
/// recorded, not the histogram's range.
/// </summary>
internal sealed class RecorderSeries : PrometheusHistogramSeries
{
    private readonly Recorder _recorder;
    private readonly long _lowestTrackableValue;
    private readonly long _highestTrackableValue;
    private readonly int _significantDigits;
    private readonly bool _autoResize;
    private readonly int _schema;
    private readonly double _scale;
    private readonly long _startTimeStamp;
    private HistogramBase _interval;
    private Bucket[] _buckets = new Bucket[64];
    private int _bucketCount;
    private long _endTimeStamp;

    public RecorderSeries(PrometheusHistogramFamily family, string[] labelValues, DateTimeOffset created, Recorder recorder)
        : base(family, labelValues, created)
    {
        _recorder = recorder;
        _interval = recorder.GetIntervalHistogram();
        _lowestTrackableValue = _interval.LowestTrackableValue;
        _highestTrackableValue = _interval.HighestTrackableValue;
        _significantDigits = _interval.NumberOfSignificantValueDigits;
        _autoResize = _interval.AutoResize;
        _schema = family.Schema ?? NativeHistogramSchema.ForSubBucketCount(_interval.SubBucketCount);
        _scale = _interval.IntegerToDoubleValueConversionRatio * family.ValueScale;
        _startTimeStamp = _interval.StartTimeStamp;
        AddInterval();
    }

    internal Recorder Recorder => _recorder;

    internal override void Collect()
    {
        _interval = _recorder.GetIntervalHistogram(_interval);
        AddInterval();
    }

    internal override void ConvertNative(int? schema, double scale)
    {
        var native = Native;
        native.Begin(_schema);
        var buckets = _buckets.AsSpan(0, _bucketCount);
        foreach (ref readonly var bucket in buckets)
        {
            double sum = bucket.Count * (double)bucket.Middle * _scale;
            if (bucket.Lowest == 0)
            {
                native.AddToZeroBucket(bucket.Count, bucket.Highest * _scale, sum);
            }
            else
            {
                native.AddToBucket(bucket.NativeIndex, bucket.Count, sum);
            }
        }

        native.End();
    }

    internal override void ComputeClassic(double[] bounds, double scale)
    {
        var counts = PrepareClassicCounts(bounds.Length + 1);
        long total = 0;
        double sum = 0;
        int b = 0;
        foreach (ref readonly var bucket in _buckets.AsSpan(0, _bucketCount))
        {
            double value = bucket.Lowest * scale;
            while (b < bounds.Length && bounds[b] < value)
            {
                b++;
            }

            counts[b] += bucket.Count;
            total += bucket.Count;
            sum += bucket.Count * (double)bucket.Middle * scale;
        }

        CompleteClassic(counts, total, sum);
    }

    internal override EncodableHistogram CopyTotalCore()
    {
        var copy = new LongHistogram(_lowestTrackableValue, _highestTrackableValue, _significantDigits) { AutoResize = _autoResize };
        foreach (ref readonly var bucket in _buckets.AsSpan(0, _bucketCount))
        {
            copy.RecordValueWithCount(bucket.Lowest, bucket.Count);
        }

        copy.StartTimeStamp = _startTimeStamp;
        copy.EndTimeStamp = _endTimeStamp;
        return copy;
    }

    internal override (double Low, double High) RecordedRange() => (_lowestTrackableValue, _highestTrackableValue);

    /// <summary>Merges the interval's recorded buckets (in value order) into the total's.</summary>
    private void AddInterval()
    {
        _endTimeStamp = Math.Max(_endTimeStamp, _interval.EndTimeStamp);
        bool added = false;
        int position = 0;
        foreach (RecordedBucket recorded in _interval.EnumerateRecordedBuckets())
        {
            long lowest = recorded.LowestEquivalentValue;
            while (position < _bucketCount && _buckets[position].Lowest < lowest)
            {
                position++;
            }

            if (position < _bucketCount && _buckets[position].Lowest == lowest)
            {
                _buckets[position].Count += recorded.Count;
            }
            else
            {
                Insert(position, recorded);
            }

            position++;
            added = true;
        }

        if (added)
        {
            MarkChanged();
        }
    }

    private void Insert(int position, RecordedBucket recorded)
    {
        if (_bucketCount == _buckets.Length)
        {
            Array.Resize(ref _buckets, _buckets.Length * 2);
        }

        Array.Copy(_buckets, position, _buckets, position + 1, _bucketCount - position);
        long lowest = recorded.LowestEquivalentValue;
        long width = recorded.HighestEquivalentValue - lowest + 1;
        _buckets[position] = new Bucket
        {
            Lowest = lowest,
            Highest = recorded.HighestEquivalentValue,
            Middle = lowest + (width >> 1),
            Count = recorded.Count,
            NativeIndex = lowest == 0 ? 0 : NativeHistogramSchema.BucketIndex(lowest * _scale, _schema),
        };
        _bucketCount++;
    }

    /// <summary>One recorded HDR bucket of the total.</summary>
    private struct Bucket
    {
        public long Lowest;
        public long Highest;
        public long Middle;
        public long Count;
        public int NativeIndex;
    }
}
