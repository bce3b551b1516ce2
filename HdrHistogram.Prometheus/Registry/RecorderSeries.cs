using System;
using HdrHistogram.Prometheus.NativeHistograms;

namespace HdrHistogram.Prometheus.Registry;

/// <summary>
/// A series fed by a <see cref="Recorder"/>. Its running total is a <see cref="PackedHistogram"/> of the recorder's
/// shape: each interval's recorded buckets are added into it one by one, and the exposed forms are recomputed from
/// its recorded buckets only when an interval added something, so a scrape costs what was recorded, not the range.
/// </summary>
internal sealed class RecorderSeries : PrometheusHistogramSeries
{
    private readonly Recorder _recorder;
    private readonly PackedHistogram _total;
    private HistogramBase _interval;

    public RecorderSeries(PrometheusHistogramFamily family, string[] labelValues, DateTimeOffset created, Recorder recorder)
        : base(family, labelValues, created)
    {
        _recorder = recorder;
        _interval = recorder.GetIntervalHistogram();
        _total = new PackedHistogram(_interval.LowestTrackableValue, _interval.HighestTrackableValue, _interval.NumberOfSignificantValueDigits)
        {
            AutoResize = _interval.AutoResize,
        };
        AddInterval();
    }

    internal Recorder Recorder => _recorder;

    internal override void Collect()
    {
        _interval = _recorder.GetIntervalHistogram(_interval);
        AddInterval();
    }

    internal override void ConvertNative(int? schema, double scale) => NativeHistogramConverter.Convert(_total, scale, Native, schema);

    internal override void ComputeClassic(double[] bounds, double scale) => ComputeClassic(_total.EnumerateRecordedBuckets(), bounds, scale);

    internal override EncodableHistogram CopyTotalCore() => _total.Copy();

    internal override (double Low, double High) RecordedRange() => (_total.LowestTrackableValue, _total.HighestTrackableValue);

    private void AddInterval()
    {
        bool added = false;
        foreach (var bucket in _interval.EnumerateRecordedBuckets())
        {
            _total.RecordValueWithCount(bucket.LowestEquivalentValue, bucket.Count);
            added = true;
        }

        if (added)
        {
            MarkChanged();
        }
    }
}
