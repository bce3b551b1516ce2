using System;
using System.Linq;

namespace HdrHistogram.BenchmarkDotNet;

/// <summary>
/// The percentile columns shown for the benchmarks of a class or of one method (method over class over the config's
/// list), e.g. <c>[HdrPercentiles(50, 99, 99.99)]</c>; a Max column follows them. Takes effect where the HdrHistogram
/// columns are on (<see cref="HdrHistogramDiagnoserAttribute"/> or <see cref="HdrHistogramConfigExtensions.AddHdrHistogram(global::BenchmarkDotNet.Configs.ManualConfig, double[])"/>).
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Method, AllowMultiple = false, Inherited = true)]
public sealed class HdrPercentilesAttribute : Attribute
{
    /// <summary>Shows the given percentiles, each from 0 to 100.</summary>
    /// <exception cref="ArgumentException">No percentile is given, or one is not a number from 0 to 100.</exception>
    public HdrPercentilesAttribute(params double[] percentiles)
    {
        Percentiles = HdrPercentileList.Check(percentiles, nameof(percentiles));
    }

    /// <summary>The percentiles, in increasing order, without repeats.</summary>
    public double[] Percentiles { get; }
}

/// <summary>Checking and ordering percentile lists.</summary>
internal static class HdrPercentileList
{
    /// <summary>P50, P90, P99, P99.9 (and Max).</summary>
    public static readonly double[] Default = { 50, 90, 99, 99.9 };

    public static double[] Check(double[]? percentiles, string parameter)
    {
        if (percentiles is null || percentiles.Length == 0)
        {
            throw new ArgumentException("Give at least one percentile.", parameter);
        }

        foreach (double p in percentiles)
        {
            if (!(p >= 0 && p <= 100))
            {
                throw new ArgumentException("Percentiles are numbers from 0 to 100, not " + p.ToString(System.Globalization.CultureInfo.InvariantCulture) + ".", parameter);
            }
        }

        return percentiles.Distinct().OrderBy(p => p).ToArray();
    }
}
