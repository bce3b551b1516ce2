using System;
using BenchmarkDotNet.Configs;

namespace HdrHistogram.BenchmarkDotNet;

/// <summary>
/// Turns on the HdrHistogram columns (P50, P90, P99, P99.9 and Max of every workload measurement, or the list of
/// <see cref="HdrPercentilesAttribute"/>) and the exporter that writes each benchmark's <c>.hlog</c> and <c>.hgrm</c>
/// into the artifacts folder. It adds no run: it reads the measurements BenchmarkDotNet takes anyway.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Assembly, AllowMultiple = false)]
public sealed class HdrHistogramDiagnoserAttribute : Attribute, IConfigSource
{
    /// <summary>The default percentiles (P50, P90, P99, P99.9 and Max).</summary>
    public HdrHistogramDiagnoserAttribute()
    {
        Config = ManualConfig.CreateEmpty().AddHdrHistogram();
    }

    /// <summary>The given percentiles (each from 0 to 100) and Max.</summary>
    /// <exception cref="ArgumentException">A percentile is not a number from 0 to 100.</exception>
    public HdrHistogramDiagnoserAttribute(params double[] percentiles)
    {
        Config = ManualConfig.CreateEmpty().AddHdrHistogram(percentiles);
    }

    /// <summary>The config holding the columns and the exporter.</summary>
    public IConfig Config { get; }
}
