using System.Diagnostics;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>Common ratios for <see cref="HistogramExtensions.OutputPercentileDistribution"/>'s value unit scaling.</summary>
public static class OutputScalingFactor
{
    /// <summary>Values are printed as recorded.</summary>
    public const double None = 1.0;

    /// <summary>Nanosecond values printed as microseconds.</summary>
    public const double NanosecondsToMicroseconds = 1_000.0;

    /// <summary>Nanosecond values printed as milliseconds (the histogram log processor's default).</summary>
    public const double NanosecondsToMilliseconds = 1_000_000.0;

    /// <summary><see cref="Stopwatch"/> tick values printed as microseconds.</summary>
    public static readonly double TimeStampToMicroseconds = Stopwatch.Frequency / 1_000_000.0;

    /// <summary><see cref="Stopwatch"/> tick values printed as milliseconds.</summary>
    public static readonly double TimeStampToMilliseconds = Stopwatch.Frequency / 1_000.0;

    /// <summary><see cref="Stopwatch"/> tick values printed as seconds.</summary>
    public static readonly double TimeStampToSeconds = Stopwatch.Frequency;
}
