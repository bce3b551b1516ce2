using System;
using BenchmarkDotNet.Configs;
using HdrHistogram.BenchmarkDotNet.Columns;
using HdrHistogram.BenchmarkDotNet.Exporting;

namespace HdrHistogram.BenchmarkDotNet;

/// <summary>Adding the HdrHistogram columns and exporter to a BenchmarkDotNet config.</summary>
public static class HdrHistogramConfigExtensions
{
    /// <summary>
    /// Adds the percentile columns (P50, P90, P99, P99.9 and Max when <paramref name="percentiles"/> is empty) and the
    /// <c>.hlog</c>/<c>.hgrm</c> exporter. <see cref="HdrPercentilesAttribute"/> on a benchmark class or method overrides the list.
    /// </summary>
    /// <param name="config">The config to add to.</param>
    /// <param name="percentiles">The percentiles to show, each from 0 to 100; none for the default list.</param>
    /// <returns><paramref name="config"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="config"/> is null.</exception>
    /// <exception cref="ArgumentException">A percentile is not a number from 0 to 100.</exception>
    public static ManualConfig AddHdrHistogram(this ManualConfig config, params double[] percentiles)
    {
        if (config is null)
        {
            throw new ArgumentNullException(nameof(config));
        }

        double[] list = percentiles is null || percentiles.Length == 0 ? HdrPercentileList.Default : HdrPercentileList.Check(percentiles, nameof(percentiles));
        return config.AddColumnProvider(new HdrHistogramColumnProvider(list)).AddExporter(HdrHistogramExporter.Default);
    }
}
