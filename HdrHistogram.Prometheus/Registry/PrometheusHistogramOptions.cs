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
    /// The most native buckets a series exposes by default: 160, as OpenTelemetry's exponential histograms, which keeps
    /// the scrape of a fleet's series within a 1 s timeout where no limit does not (docs/prometheus.md, the fleet-size
    /// check).
    /// </summary>
    public const int DefaultMaxNativeBuckets = 160;

    /// <summary>
    /// The most populated native buckets a series exposes (<see cref="DefaultMaxNativeBuckets"/> unless set), or null
    /// for no limit. A series whose buckets at its schema would exceed it is exposed at the highest lower schema that
    /// fits (each step down merges pairs of buckets, doubling their relative width), as Prometheus clients do with
    /// <c>NativeHistogramMaxBucketNumber</c>; the quantile bound is then that schema's
    /// (<see cref="NativeHistograms.NativeHistogramSchema.MaxRelativeQuantileError"/>).
    /// </summary>
    public int? MaxNativeBuckets { get; set; } = DefaultMaxNativeBuckets;

    /// <summary>
    /// The classic buckets' upper bounds (exposed units, ascending, finite; <c>+Inf</c> is always added), or null for
    /// 1-2-5 steps per decade covering the first series' range.
    /// </summary>
    public IReadOnlyList<double>? ClassicBucketBounds { get; set; }

    /// <summary>
    /// Creates the recorder for a series that <see cref="PrometheusHistogramFamily.GetOrCreateRecorder"/> adds
    /// (default: values 1 to one hour in nanoseconds at 3 significant digits, recorded into
    /// <see cref="PackedConcurrentHistogram"/>s, whose memory and per-scrape reset grow with the distinct values
    /// recorded rather than with the range).
    /// </summary>
    public Func<Recorder> RecorderFactory { get; set; } = static () => CreatePackedRecorder(1, 3_600_000_000_000L, 3);

    /// <summary>
    /// A thread-safe recorder over <see cref="PackedConcurrentHistogram"/>s: what a scrape costs per series (the
    /// interval's reset and walk) grows with the distinct values recorded in the interval, not with the range, and so
    /// does its memory. Recording takes a short lock; a recorder over <see cref="LongConcurrentHistogram"/>s
    /// (<c>new Recorder(low, high, digits)</c>) records lock-free but is reset slot by slot at every scrape.
    /// </summary>
    /// <param name="lowestDiscernibleValue">The lowest value that can be discerned from 0; at least 1.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked; at least twice the lowest.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain, 0 to 5.</param>
    /// <returns>The recorder.</returns>
    /// <exception cref="ArgumentOutOfRangeException">A parameter is outside its valid range.</exception>
    public static Recorder CreatePackedRecorder(long lowestDiscernibleValue, long highestTrackableValue, int numberOfSignificantValueDigits)
        => new(
            lowestDiscernibleValue,
            highestTrackableValue,
            numberOfSignificantValueDigits,
            static (instanceId, low, high, digits) => new PackedConcurrentHistogram(instanceId, low, high, digits));
}
