namespace HdrHistogram.Plotting.Data;

/// <summary>The summary row of a series: totals and percentiles of all its values, as recorded.</summary>
public sealed class SeriesSummary
{
    /// <summary>The number of values.</summary>
    public long Count { get; init; }

    /// <summary>The number of log intervals added together (0 for a .hgrm file; base64 inputs: lines).</summary>
    public int Intervals { get; init; }

    /// <summary>Seconds from the first interval's start to the last one's end; null when the input has no timestamps.</summary>
    public double? SpanSec { get; init; }

    /// <summary>
    /// The smallest value as <c>hdr process</c> prints it: the value of its distribution's 0% line (the top of the lowest
    /// recorded value's bucket), not the bottom that <c>GetMinValue</c> answers.
    /// </summary>
    public double Min { get; init; }

    /// <summary>The median.</summary>
    public double P50 { get; init; }

    /// <summary>The 90th percentile.</summary>
    public double P90 { get; init; }

    /// <summary>The 99th percentile.</summary>
    public double P99 { get; init; }

    /// <summary>The 99.9th percentile.</summary>
    public double P999 { get; init; }

    /// <summary>The 99.99th percentile.</summary>
    public double P9999 { get; init; }

    /// <summary>The largest value.</summary>
    public double Max { get; init; }

    /// <summary>The mean.</summary>
    public double Mean { get; init; }

    /// <summary>The standard deviation.</summary>
    public double StdDeviation { get; init; }

    /// <summary>Decimals to print min, max, mean and standard deviation with: the histogram's significant digits, as the .hgrm footer does.</summary>
    public int Decimals { get; init; }

    /// <summary>
    /// Decimals to print the percentiles with: 3, as the totals of <c>hdr process</c>'s interval log
    /// (<c>T:count ( 50% 90% 99% 99.9% 99.99% Max )</c>) print them; a .hgrm file's own decimals for a .hgrm input.
    /// </summary>
    public int PercentileDecimals { get; init; } = 3;
}
