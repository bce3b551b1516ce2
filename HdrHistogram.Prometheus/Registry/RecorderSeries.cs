using System;
using HdrHistogram.Iteration;
using HdrHistogram.Prometheus.NativeHistograms;

namespace HdrHistogram.Prometheus.Registry;

/// <summary>
/// A series fed by a <see cref="Recorder"/>. Its running total is kept as the HDR buckets recorded so far, packed
/// (<see cref="RecordedBucketTotal"/>, 2 to 3 bytes a bucket): an interval is merged in once per scrape, and the native
/// and classic forms are one walk over the recorded buckets, with the arithmetic of
/// <see cref="NativeHistogramConverter"/>. A scrape therefore costs what was recorded, not the histogram's range, and
/// so does the series' memory.
/// </summary>
internal sealed class RecorderSeries : PrometheusHistogramSeries
{
    // A packed interval histogram is replaced when its storage exceeds this plus so much per bucket it holds: a few
    // times what the buckets need, so a steady series keeps recycling its histograms and one after a burst does not.
    private const long OversizedBytes = 16 * 1024;
    private const long OversizedBytesPerBucket = 64;

    // The interval's buckets while they are merged: one array per scraping thread, kept (scrapes of a registry are
    // serialised, and a scrape merges one series at a time).
    [ThreadStatic]
    private static RecordedBucket[]? s_incoming;

    private readonly Recorder _recorder;
    private readonly long _lowestTrackableValue;
    private readonly long _highestTrackableValue;
    private readonly int _significantDigits;
    private readonly bool _autoResize;
    private readonly int _schema;
    private readonly double _scale;
    private readonly long _startTimeStamp;
    private readonly RecordedBucketTotal _total = new();
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

    /// <summary>The bytes the running total keeps (for tests and the documented cost per series).</summary>
    internal int TotalBytes => _total.CapacityInBytes;

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
        int merges = Family.MaxNativeBuckets is int max ? MergesToFit(max) : 0;
        native.Begin(_schema - merges);
        var walk = new RecordedBucketTotal.NativeWalk(_total.Read(_interval), _scale, _schema);
        while (walk.Next(out long lowest, out long count, out int index))
        {
            long width = walk.Width;
            double sum = count * (double)(lowest + (width >> 1)) * _scale;
            if (lowest == 0)
            {
                native.AddToZeroBucket(count, (width - 1) * _scale, sum);
            }
            else
            {
                native.AddToBucket(NativeHistogramSchema.LowerIndex(index, merges), count, sum);
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
        var reader = _total.Read(_interval);
        while (reader.Next(out long lowest, out long count))
        {
            double value = lowest * scale;
            while (b < bounds.Length && bounds[b] < value)
            {
                b++;
            }

            counts[b] += count;
            total += count;
            sum += count * (double)(lowest + (reader.Width >> 1)) * scale;
        }

        CompleteClassic(counts, total, sum);
    }

    internal override EncodableHistogram CopyTotalCore()
    {
        var copy = new LongHistogram(_lowestTrackableValue, _highestTrackableValue, _significantDigits) { AutoResize = _autoResize };
        var reader = _total.Read(_interval);
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
    /// How many schema steps down the buckets need to populate at most <paramref name="max"/> native buckets: one walk
    /// counts the populated buckets at every lower schema at once.
    /// </summary>
    private int MergesToFit(int max)
    {
        int levels = _schema - NativeHistogramSchema.MinSchema + 1;
        Span<int> populated = stackalloc int[levels];
        Span<int> last = stackalloc int[levels];
        var walk = new RecordedBucketTotal.NativeWalk(_total.Read(_interval), _scale, _schema);
        bool any = false;
        int previous = 0;
        while (walk.Next(out long lowest, out _, out int index))
        {
            // Several HDR buckets share a native bucket: only a new native index can populate a bucket at any schema.
            if (lowest == 0 || (any && index == previous))
            {
                continue;
            }

            any = true;
            previous = index;
            for (int merges = 0; merges < levels; merges++)
            {
                int lowered = NativeHistogramSchema.LowerIndex(index, merges);
                if (populated[merges] == 0 || lowered != last[merges])
                {
                    populated[merges]++;
                    last[merges] = lowered;
                }
            }
        }

        int fit = 0;
        while (fit < levels - 1 && populated[fit] > max)
        {
            fit++;
        }

        return fit;
    }

    /// <summary>Merges the interval's recorded buckets into the total, and returns how many there were.</summary>
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

        if (count > 0)
        {
            _total.Merge(incoming.AsSpan(0, count), _interval);
            MarkChanged();
        }

        return count;
    }
}
