using System;
using BenchmarkDotNet.Configs;
using HdrHistogram.BenchmarkDotNet.Columns;
using HdrHistogram.BenchmarkDotNet.Exporting;

namespace HdrHistogram.BenchmarkDotNet;

/// <summary>Adding the HdrHistogram columns and exporter to a BenchmarkDotNet config.</summary>
public static class HdrHistogramConfigExtensions
{
    /// <summary>
    /// Adds the percentile columns (P50, P90, P99, P99.9 and Max when <paramref name="percentiles"/> is empty), the
    /// <c>.hlog</c>/<c>.hgrm</c> exporter and <see cref="HdrHistogramPushExporter.FromEnvironment"/> (which pushes
    /// only when the environment variable <see cref="HdrHistogramPushExporter.UrlVariable"/> is set).
    /// <see cref="HdrPercentilesAttribute"/> on a benchmark class or method overrides the list.
    /// </summary>
    /// <param name="config">The config to add to.</param>
    /// <param name="percentiles">The percentiles to show, each from 0 to 100; none for the default list.</param>
    /// <returns><paramref name="config"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="config"/> is null.</exception>
    /// <exception cref="ArgumentException">A percentile is not a number from 0 to 100.</exception>
    public static ManualConfig AddHdrHistogram(this ManualConfig config, params double[] percentiles)
        => config.AddHdrHistogram(null, percentiles);

    /// <summary>
    /// The same, pushing each benchmark's histogram after the run to <paramref name="pushUrl"/>
    /// (<see cref="HdrHistogramPushExporter"/>; .NET 8 or later), or, when it is null, to
    /// <see cref="HdrHistogramPushExporter.UrlVariable"/>'s URL when that is set.
    /// </summary>
    /// <param name="config">The config to add to.</param>
    /// <param name="pushUrl">The remote-write URL, e.g. <c>http://prometheus:9090/api/v1/write</c>; null for the environment variable's.</param>
    /// <param name="percentiles">The percentiles to show, each from 0 to 100; none for the default list.</param>
    /// <returns><paramref name="config"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="config"/> is null.</exception>
    /// <exception cref="ArgumentException">A percentile is not a number from 0 to 100, or <paramref name="pushUrl"/> is not an absolute http or https URL.</exception>
    public static ManualConfig AddHdrHistogram(this ManualConfig config, string? pushUrl, params double[] percentiles)
    {
        if (config is null)
        {
            throw new ArgumentNullException(nameof(config));
        }

        double[] list = CheckPercentiles(percentiles, nameof(percentiles));
        var push = pushUrl is null ? HdrHistogramPushExporter.FromEnvironment : new HdrHistogramPushExporter(pushUrl);
        return config.AddColumnProvider(new HdrHistogramColumnProvider(list)).AddExporter(HdrHistogramExporter.Default, push);
    }

    /// <summary>The percentile list to use: the default one for none, else the given one, checked.</summary>
    internal static double[] CheckPercentiles(double[]? percentiles, string parameterName)
        => percentiles is null || percentiles.Length == 0 ? HdrPercentileList.Default : HdrPercentileList.Check(percentiles, parameterName);
}
