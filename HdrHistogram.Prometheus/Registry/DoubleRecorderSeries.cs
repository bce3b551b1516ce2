using System;
using HdrHistogram.Prometheus.NativeHistograms;

namespace HdrHistogram.Prometheus.Registry;

/// <summary>
/// A series fed by a <see cref="DoubleRecorder"/>; its running total is a <see cref="DoubleHistogram"/> of the same
/// precision, and the exposed forms are recomputed only when an interval added something.
/// </summary>
internal sealed class DoubleRecorderSeries : PrometheusHistogramSeries
{
    private readonly DoubleRecorder _recorder;
    private readonly DoubleHistogram _total;
    private DoubleHistogram _interval;

    public DoubleRecorderSeries(PrometheusHistogramFamily family, string[] labelValues, DateTimeOffset created, DoubleRecorder recorder)
        : base(family, labelValues, created)
    {
        _recorder = recorder;
        _interval = recorder.GetIntervalHistogram();
        _total = new DoubleHistogram(_interval.GetHighestToLowestValueRatio(), _interval.NumberOfSignificantValueDigits)
        {
            AutoResize = true,
        };
        AddInterval();
    }

    internal override void Collect()
    {
        _interval = _recorder.GetIntervalHistogram(_interval);
        AddInterval();
    }

    internal override void ConvertNative(NativeHistogram native)
    {
        NativeHistogramConverter.Convert(_total, Family.ValueScale, native, Family.Schema);

        // Over the family's bucket limit: one schema lower at a time until the buckets fit (or the lowest schema).
        while (Family.MaxNativeBuckets is int max && native.PositiveDeltas.Length > max && native.Schema > NativeHistogramSchema.MinSchema)
        {
            NativeHistogramConverter.Convert(_total, Family.ValueScale, native, native.Schema - 1);
        }
    }

    internal override void ComputeClassic(double[] bounds, double scale)
        => ComputeClassic(_total.EnumerateRecordedBuckets(), bounds, _total.IntegerToDoubleValueConversionRatio * scale);

    internal override EncodableHistogram CopyTotalCore() => _total.Copy();

    internal override (double Low, double High) RecordedRange() => (1e-3, 1e3);

    private void AddInterval()
    {
        if (_interval.TotalCount != 0)
        {
            _total.Add(_interval);
            MarkChanged();
        }
    }
}
