using System;
using System.Collections.Generic;

namespace HdrHistogram.Prometheus.Registry;

/// <summary>How a histogram family is exposed: labels, unit, value scale, native schema, classic buckets.</summary>
public sealed class PrometheusHistogramOptions
{
    /// <summary>The label names every series of the family has values for (none by default).</summary>
    public IReadOnlyList<string> LabelNames { get; set; } = Array.Empty<string>();

    /// <summary>
    /// The unit of the exposed values (<c>seconds</c>, <c>bytes</c>), written as <c># UNIT</c> and the protobuf unit
    /// field; null for none. By convention the metric name ends with it.
    /// </summary>
    public string? Unit { get; set; }

    /// <summary>
    /// The factor from recorded values to exposed values: 1e-9 for nanoseconds recorded and seconds exposed (the
    /// default 1 exposes values as recorded).
    /// </summary>
    public double ValueScale { get; set; } = 1.0;

    /// <summary>The native histogram schema (-4 to 8), or null to derive it from each histogram's precision.</summary>
    public int? Schema { get; set; }

    /// <summary>
    /// The classic buckets' upper bounds (exposed units, ascending, finite; <c>+Inf</c> is always added), or null for
    /// 1-2-5 steps per decade covering the first series' range.
    /// </summary>
    public IReadOnlyList<double>? ClassicBucketBounds { get; set; }

    /// <summary>
    /// Creates the recorder for a series that <see cref="PrometheusHistogramFamily.GetOrCreateRecorder"/> adds
    /// (default: values 1 to one hour in nanoseconds at 3 significant digits).
    /// </summary>
    public Func<Recorder> RecorderFactory { get; set; } = static () => new Recorder(1, 3_600_000_000_000L, 3);
}
