using System;
using HdrHistogram.Prometheus.NativeHistograms;

namespace HdrHistogram.Prometheus.Registry;

/// <summary>A series fed by a <see cref="Recorder"/>; its running total is a <see cref="LongHistogram"/> of the same shape.</summary>
internal sealed class RecorderSeries : PrometheusHistogramSeries
{
    private readonly Recorder _recorder;
    private readonly LongHistogram _total;
    private HistogramBase _interval;

    public RecorderSeries(PrometheusHistogramFamily family, string[] labelValues, DateTimeOffset created, Recorder recorder)
        : base(family, labelValues, created)
    {
        _recorder = recorder;
        _interval = recorder.GetIntervalHistogram();
        _total = new LongHistogram(_interval.LowestTrackableValue, _interval.HighestTrackableValue, _interval.NumberOfSignificantValueDigits)
        {
            AutoResize = _interval.AutoResize,
        };
        _total.Add(_interval);
    }

    internal Recorder Recorder => _recorder;

    internal override void Collect()
    {
        _interval = _recorder.GetIntervalHistogram(_interval);
        _total.Add(_interval);
    }

    internal override void ConvertNative(int? schema, double scale) => NativeHistogramConverter.Convert(_total, scale, Native, schema);

    internal override void ComputeClassic(double[] bounds, double scale) => ComputeClassic(_total.EnumerateRecordedBuckets(), bounds, scale);

    internal override EncodableHistogram CopyTotalCore() => _total.Copy();

    internal override (double Low, double High) RecordedRange() => (_total.LowestTrackableValue, _total.HighestTrackableValue);
}
