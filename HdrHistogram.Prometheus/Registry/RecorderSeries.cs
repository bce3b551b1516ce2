using System;
using HdrHistogram.Iteration;
using HdrHistogram.Prometheus.NativeHistograms;

namespace HdrHistogram.Prometheus.Registry;

/// <summary>
/// A series fed by a <see cref="Recorder"/>. Its running total is kept as the HDR buckets recorded so far, in value
/// order, each with its count and the native bucket it belongs to (computed once, when the bucket is first recorded):
/// an interval is merged in bucket by bucket, and the native and classic forms are one pass over the
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
    // A packed interval histogram is replaced when its storage exceeds this plus so much per bucket it holds: a few
    // times what the buckets need, so a steady series keeps recycling its histograms and one after a burst does not.
    private const long OversizedBytes = 16 * 1024;
    private const long OversizedBytesPerBucket = 64;

    // The interval's buckets while they are merged: one array per scraping thread, kept (scrapes of a registry are
    // serialised, and a scrape merges one series at a time).
    [ThreadStatic]
    private static RecordedBucket[]? s_incoming;

    private Bucket[] _buckets = new Bucket[64];
    private int _bucketCount;
    private long _endTimeStamp;
    private bool _intervalOversized;

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
        _ = AddInterval();
    }

    internal Recorder Recorder => _recorder;

    /// <summary>What the interval histogram the series keeps for recycling holds in memory (for tests).</summary>
    internal long IntervalFootprintInBytes => _interval.GetEstimatedFootprintInBytes();

    internal override void Collect()
    {
        // A packed interval histogram keeps the storage a burst grew it to: one that holds far less than its storage
        // was made for is not handed back to the recorder, which then starts its next interval in a new, small one.
        var recycle = _intervalOversized ? null : _interval;
        _interval = _recorder.GetIntervalHistogram(recycle);
        int buckets = AddInterval();
        _intervalOversized = _interval is PackedHistogram or PackedConcurrentHistogram
            && _interval.GetEstimatedFootprintInBytes() > OversizedBytes + (OversizedBytesPerBucket * (long)buckets);
    }

    internal override void ConvertNative(int? schema, double scale)
    {
        var native = Native;
        var buckets = _buckets.AsSpan(0, _bucketCount);
        int merges = Family.MaxNativeBuckets is int max ? MergesToFit(buckets, max) : 0;
        native.Begin(_schema - merges);
        foreach (ref readonly var bucket in buckets)
        {
            double sum = bucket.Count * (double)_interval.MedianEquivalentValue(bucket.Lowest) * _scale;
            if (bucket.Lowest == 0)
            {
                native.AddToZeroBucket(bucket.Count, _interval.HighestEquivalentValue(0) * _scale, sum);
            }
            else
            {
                native.AddToBucket(NativeHistogramSchema.LowerIndex(bucket.NativeIndex, merges), bucket.Count, sum);
            }
        }

        native.End();
    }

    /// <summary>How many schema steps down the buckets need to populate at most <paramref name="max"/> native buckets.</summary>
    private int MergesToFit(ReadOnlySpan<Bucket> buckets, int max)
    {
        int merges = 0;
        while (_schema - merges > NativeHistogramSchema.MinSchema && PopulatedAt(buckets, merges) > max)
        {
            merges++;
        }

        return merges;
    }

    /// <summary>The native buckets populated after <paramref name="merges"/> steps down (the buckets are in value order).</summary>
    private static int PopulatedAt(ReadOnlySpan<Bucket> buckets, int merges)
    {
        int populated = 0;
        int last = 0;
        foreach (ref readonly var bucket in buckets)
        {
            if (bucket.Lowest == 0)
            {
                continue;
            }

            int index = NativeHistogramSchema.LowerIndex(bucket.NativeIndex, merges);
            if (populated == 0 || index != last)
            {
                populated++;
                last = index;
            }
        }

        return populated;
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
            sum += bucket.Count * (double)_interval.MedianEquivalentValue(bucket.Lowest) * scale;
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

    /// <summary>
    /// Merges the interval's recorded buckets (in value order) into the total's, and returns how many there were, in
    /// time linear in both: counts of
    /// buckets the total has are added in place; when new buckets come, the total grows once and is merged from the
    /// back, so no bucket moves more than once.
    /// </summary>
    private int AddInterval()
    {
        _endTimeStamp = Math.Max(_endTimeStamp, _interval.EndTimeStamp);
        var incoming = s_incoming ??= new RecordedBucket[256];
        int count = 0;
        foreach (RecordedBucket recorded in _interval.EnumerateRecordedBuckets())
        {
            if (count == incoming.Length)
            {
                Array.Resize(ref incoming, incoming.Length * 2);
                s_incoming = incoming;
            }

            incoming[count++] = recorded;
        }

        if (count == 0)
        {
            return 0;
        }

        int added = CountNew(incoming.AsSpan(0, count));
        if (added == 0)
        {
            AddCountsInPlace(incoming.AsSpan(0, count));
        }
        else
        {
            MergeFromTheBack(incoming.AsSpan(0, count), added);
        }

        MarkChanged();
        return count;
    }

    /// <summary>How many of <paramref name="incoming"/>'s buckets the total does not have yet.</summary>
    private int CountNew(ReadOnlySpan<RecordedBucket> incoming)
    {
        int added = 0;
        int position = 0;
        foreach (ref readonly var recorded in incoming)
        {
            while (position < _bucketCount && _buckets[position].Lowest < recorded.LowestEquivalentValue)
            {
                position++;
            }

            if (position == _bucketCount || _buckets[position].Lowest != recorded.LowestEquivalentValue)
            {
                added++;
            }
        }

        return added;
    }

    private void AddCountsInPlace(ReadOnlySpan<RecordedBucket> incoming)
    {
        int position = 0;
        foreach (ref readonly var recorded in incoming)
        {
            while (_buckets[position].Lowest < recorded.LowestEquivalentValue)
            {
                position++;
            }

            _buckets[position].Count += recorded.Count;
        }
    }

    private void MergeFromTheBack(ReadOnlySpan<RecordedBucket> incoming, int added)
    {
        int merged = _bucketCount + added;
        if (merged > _buckets.Length)
        {
            // A quarter's headroom: a series that keeps finding new buckets does not grow its array every scrape.
            Array.Resize(ref _buckets, merged + (merged >> 2));
        }

        int total = _bucketCount - 1;
        int write = merged - 1;
        for (int next = incoming.Length - 1; next >= 0; write--)
        {
            long lowest = incoming[next].LowestEquivalentValue;
            if (total >= 0 && _buckets[total].Lowest > lowest)
            {
                _buckets[write] = _buckets[total--];
            }
            else if (total >= 0 && _buckets[total].Lowest == lowest)
            {
                _buckets[write] = _buckets[total--];
                _buckets[write].Count += incoming[next--].Count;
            }
            else
            {
                _buckets[write] = NewBucket(incoming[next--]);
            }
        }

        _bucketCount = merged;
    }

    private Bucket NewBucket(in RecordedBucket recorded)
    {
        long lowest = recorded.LowestEquivalentValue;
        return new Bucket
        {
            Lowest = lowest,
            Count = recorded.Count,
            NativeIndex = lowest == 0 ? 0 : NativeHistogramSchema.BucketIndex(lowest * _scale, _schema),
        };
    }

    /// <summary>
    /// One recorded HDR bucket of the total: 24 bytes. Its highest and middle values follow from its lowest through the
    /// histogram's layout, so they are computed when needed rather than kept.
    /// </summary>
    private struct Bucket
    {
        public long Lowest;
        public long Count;
        public int NativeIndex;
    }
}
