using System;
using BenchmarkDotNet.Configs;
using HdrHistogram.BenchmarkDotNet.Exporting;

namespace HdrHistogram.BenchmarkDotNet;

/// <summary>
/// Turns on the HdrHistogram columns (P50, P90, P99, P99.9 and Max of every workload measurement, or the list of
/// <see cref="HdrPercentilesAttribute"/>), the exporter that writes each benchmark's <c>.hlog</c> and <c>.hgrm</c>
/// into the artifacts folder, and the push of each benchmark's histogram to <see cref="PushUrl"/> (or to
/// <see cref="HdrHistogramPushExporter.UrlVariable"/>'s URL). It adds no run: it reads the measurements BenchmarkDotNet takes anyway.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Assembly, AllowMultiple = false)]
public sealed class HdrHistogramDiagnoserAttribute : Attribute, IConfigSource
{
    private readonly double[] _percentiles;

    /// <summary>The default percentiles (P50, P90, P99, P99.9 and Max).</summary>
    public HdrHistogramDiagnoserAttribute()
    {
        _percentiles = Array.Empty<double>();
    }

    /// <summary>The given percentiles (each from 0 to 100) and Max.</summary>
    /// <exception cref="ArgumentException">A percentile is not a number from 0 to 100.</exception>
    public HdrHistogramDiagnoserAttribute(params double[] percentiles)
    {
        _percentiles = percentiles ?? Array.Empty<double>();
        HdrHistogramConfigExtensions.CheckPercentiles(_percentiles, nameof(percentiles));
    }

    /// <summary>
    /// The remote-write URL (e.g. <c>http://prometheus:9090/api/v1/write</c>) each benchmark's histogram is pushed to
    /// after the run (<see cref="HdrHistogramPushExporter"/>); null (the default) for the URL of the environment
    /// variable <see cref="HdrHistogramPushExporter.UrlVariable"/>, when it is set. Needs .NET 8 or later.
    /// </summary>
    public string? PushUrl { get; set; }

    /// <summary>The config holding the columns and the exporters.</summary>
    /// <exception cref="ArgumentException"><see cref="PushUrl"/> is not an absolute http or https URL.</exception>
    public IConfig Config => ManualConfig.CreateEmpty().AddHdrHistogram(PushUrl, _percentiles);
}
