using System;
using HdrHistogram.Prometheus.NativeHistograms;

namespace HdrHistogram.Prometheus.Registry;

/// <summary>
/// A series fed by a <see cref="Recorder"/>. Its running total is kept packed (<see cref="PackedBucketList{TUnits}"/>,
/// 2 to 3 bytes a bucket) as native buckets at the series' schema, with the zero bucket, count and exact sum beside
/// them, and as the HDR buckets recorded so far (for <see cref="PrometheusHistogramSeries.CopyTotal"/>), whose newest
/// intervals wait in a smaller list until it reaches a quarter of the total's buckets. The classic counts per bound are
/// kept too, once the text format has asked for them. An interval is added once per scrape: its buckets are converted
/// to native ones (with the arithmetic of <see cref="NativeHistogramConverter"/>) and merged, and counted into the
/// classic bounds; the exposed native form is then one walk over the native buckets, lowered to fit the family's
/// bucket limit. A scrape therefore costs what was recorded in the interval plus a walk of the native buckets, not the
/// histogram's range nor every HDR bucket ever recorded, and the series' memory follows what it recorded.
/// </summary>
internal sealed class RecorderSeries : PrometheusHistogramSeries
{
    // A packed interval histogram is replaced when its storage exceeds this plus so much per bucket it holds: a few
    // times what the buckets need, so a steady series keeps recycling its histograms and one after a burst does not.
    private const long OversizedBytes = 16 * 1024;
    private const long OversizedBytesPerBucket = 64;

    // The interval's buckets while they are merged, as HDR buckets and as native ones: arrays per scraping thread,
    // kept (scrapes of a registry are serialised, and a scrape merges one series at a time).
    [ThreadStatic]
    private static KeyedCount[]? s_incoming;

    [ThreadStatic]
    private static KeyedCount[]? s_incomingNative;

    // A packed list's buckets unpacked, to be merged into another list or counted into the classic bounds.
    [ThreadStatic]
    private static KeyedCount[]? s_unpacked;

    private readonly Recorder _recorder;
    private readonly long _lowestTrackableValue;
    private readonly long _highestTrackableValue;
    private readonly int _significantDigits;
    private readonly bool _autoResize;
    private readonly int _schema;
    private readonly double _scale;
    private readonly long _startTimeStamp;
    private readonly PackedBucketList<HdrWidths> _total = new();
    private readonly PackedBucketList<HdrWidths> _pending = new();
    private readonly PackedBucketList<IndexSteps> _nativeTotal = new();
    private long[]? _classicBuckets;
    private int _nativeMerges;
    private long _count;
    private long _zeroCount;
    private double _zeroThreshold;
    private Int128 _sumOfMiddles;
    private HistogramBase _interval;
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

    private protected override bool KeepsNative => false;

    internal override void ConvertNative(NativeHistogram native)
    {
        native.Begin(_schema - _nativeMerges);
        if (_zeroCount > 0)
        {
            native.AddToZeroBucket(_zeroCount, _zeroThreshold);
        }

        var reader = _nativeTotal.Read(default);
        while (reader.Next(out long index, out long count))
        {
            native.AddToBucket((int)index, count);
        }

        native.End((double)_sumOfMiddles * _scale);
    }

    internal override void ComputeClassic(double[] bounds, double scale)
    {
        if (_classicBuckets is null || _classicBuckets.Length != bounds.Length + 1)
        {
            // The first text scrape: the classic counts from every HDR bucket so far; the intervals add to them from now on.
            FoldPending();
            _classicBuckets = new long[bounds.Length + 1];
            AddToClassic(ReadAll(_total), _classicBuckets);
        }

        var counts = PrepareClassicCounts(bounds.Length + 1);
        _classicBuckets.AsSpan().CopyTo(counts);
        CompleteClassic(counts, _count, (double)_sumOfMiddles * _scale);
    }

    internal override EncodableHistogram CopyTotalCore()
    {
        FoldPending();
        var copy = new LongHistogram(_lowestTrackableValue, _highestTrackableValue, _significantDigits) { AutoResize = _autoResize };
        var reader = _total.Read(new HdrWidths(_interval));
        while (reader.Next(out long lowest, out long count))
        {
            copy.RecordValueWithCount(lowest, count);
        }

        copy.StartTimeStamp = _startTimeStamp;
        copy.EndTimeStamp = _endTimeStamp;
        return copy;
    }

    internal override (double Low, double High) RecordedRange() => (_lowestTrackableValue, _highestTrackableValue);

    /// <summary>
    /// Lowers the native buckets one schema at a time until at most <paramref name="max"/> are populated (or the
    /// lowest schema is reached). The total only grows, so its schema only goes down, and the buckets are kept at the
    /// schema they are exposed at: each step down merges buckets 2j-1 and 2j into j, and lowering twice is lowering by
    /// two steps, so this gives exactly the buckets of a family of the lower schema.
    /// </summary>
    private void LowerToFit(int max)
    {
        while (_nativeTotal.BucketCount > max && _schema - _nativeMerges > NativeHistogramSchema.MinSchema)
        {
            var buckets = s_unpacked ??= new KeyedCount[256];
            if (buckets.Length < _nativeTotal.BucketCount)
            {
                buckets = s_unpacked = new KeyedCount[_nativeTotal.BucketCount];
            }

            int n = 0;
            var reader = _nativeTotal.Read(default);
            while (reader.Next(out long index, out long count))
            {
                long lowered = NativeHistogramSchema.LowerIndex((int)index, 1);
                if (n > 0 && buckets[n - 1].Key == lowered)
                {
                    buckets[n - 1].Count += count;
                }
                else
                {
                    buckets[n++] = new KeyedCount(lowered, count);
                }
            }

            _nativeMerges++;
            _nativeTotal.Clear();
            _nativeTotal.Merge(buckets.AsSpan(0, n), default);
        }
    }

    /// <summary>Adds the interval's recorded buckets into the totals, and returns how many there were.</summary>
    private int AddInterval()
    {
        _endTimeStamp = Math.Max(_endTimeStamp, _interval.EndTimeStamp);
        var incoming = s_incoming ??= new KeyedCount[256];
        int count = 0;
        foreach (var recorded in _interval.EnumerateRecordedBuckets())
        {
            if (count == incoming.Length)
            {
                Array.Resize(ref incoming, incoming.Length * 2);
                s_incoming = incoming;
            }

            incoming[count++] = new KeyedCount(recorded.LowestEquivalentValue, recorded.Count);
        }

        if (count > 0)
        {
            var buckets = incoming.AsSpan(0, count);
            _pending.Merge(buckets, new HdrWidths(_interval));
            if (_pending.BucketCount > (_total.BucketCount >> 2) + 64)
            {
                FoldPending();
            }

            _nativeTotal.Merge(ToNative(buckets), default);
            if (Family.MaxNativeBuckets is int max)
            {
                LowerToFit(max);
            }

            if (_classicBuckets is not null)
            {
                AddToClassic(buckets, _classicBuckets);
            }

            MarkChanged();
        }

        return count;
    }

    /// <summary>Merges the waiting intervals' HDR buckets into the total.</summary>
    private void FoldPending()
    {
        if (_pending.BucketCount == 0)
        {
            return;
        }

        _total.Merge(ReadAll(_pending), new HdrWidths(_interval));
        _pending.Clear();
    }

    /// <summary>A list's HDR buckets, in the scraping thread's incoming array (valid until it is next used).</summary>
    private ReadOnlySpan<KeyedCount> ReadAll(PackedBucketList<HdrWidths> list)
    {
        var buckets = s_unpacked ??= new KeyedCount[256];
        if (buckets.Length < list.BucketCount)
        {
            buckets = s_unpacked = new KeyedCount[list.BucketCount];
        }

        int n = 0;
        var reader = list.Read(new HdrWidths(_interval));
        while (reader.Next(out long lowest, out long count))
        {
            buckets[n++] = new KeyedCount(lowest, count);
        }

        return buckets.AsSpan(0, n);
    }

    /// <summary>Counts buckets (in value order) into the classic bounds: each into the first bound at or above its lowest value.</summary>
    private void AddToClassic(ReadOnlySpan<KeyedCount> buckets, long[] classic)
    {
        var bounds = Family.Bounds;
        int b = 0;
        foreach (var bucket in buckets)
        {
            long count = bucket.Count;
            double value = bucket.Key * _scale;
            while (b < bounds.Length && bounds[b] < value)
            {
                b++;
            }

            classic[b] += count;
        }
    }

    /// <summary>
    /// The interval's HDR buckets as native buckets at the series' schema (each whole into the bucket of its lowest
    /// value); the zero bucket and the sum go to the series' fields.
    /// </summary>
    private ReadOnlySpan<KeyedCount> ToNative(ReadOnlySpan<KeyedCount> buckets)
    {
        var native = s_incomingNative;
        if (native is null || native.Length < buckets.Length)
        {
            native = s_incomingNative = new KeyedCount[Math.Max(buckets.Length, 256)];
        }

        var indexer = new AscendingBucketIndexer(_schema);
        int n = 0;
        foreach (var bucket in buckets)
        {
            long width = _interval.SizeOfEquivalentValueRange(bucket.Key);
            _sumOfMiddles += NativeHistogramConverter.SumOfMiddles(bucket.Count, bucket.Key, width);
            _count += bucket.Count;
            if (bucket.Key == 0)
            {
                _zeroCount += bucket.Count;
                _zeroThreshold = Math.Max(_zeroThreshold, (width - 1) * _scale);
                continue;
            }

            int index = NativeHistogramSchema.LowerIndex(indexer.IndexOf(bucket.Key * _scale), _nativeMerges);
            if (n > 0 && native[n - 1].Key == index)
            {
                native[n - 1].Count += bucket.Count;
            }
            else
            {
                native[n++] = new KeyedCount(index, bucket.Count);
            }
        }

        return native.AsSpan(0, n);
    }
}
