using System;
using System.Globalization;

namespace HdrHistogram.Plotting.Data;

/// <summary>
/// How recorded values become the numbers on a plot: divided by <see cref="Ratio"/> (Java's "output value unit
/// ratio") and labelled <see cref="Label"/>.
/// </summary>
public sealed class ValueUnit
{
    private static readonly string[] TimeUnits = { "ns", "us", "ms", "s" };

    private ValueUnit(double ratio, string label, double? nanosecondsPerUnit)
    {
        Ratio = ratio;
        Label = label;
        NanosecondsPerUnit = nanosecondsPerUnit;
    }

    /// <summary>Recorded values are divided by this.</summary>
    public double Ratio { get; }

    /// <summary>The unit shown on axes and in tables, e.g. "ms".</summary>
    public string Label { get; }

    /// <summary>The length of one display unit in nanoseconds, when the display unit is a time unit.</summary>
    public double? NanosecondsPerUnit { get; }

    /// <summary>Values recorded in <paramref name="recordedUnit"/> shown in <paramref name="displayUnit"/> (each one of ns, us, ms, s).</summary>
    /// <exception cref="ArgumentException">A unit is not ns, us, ms or s.</exception>
    public static ValueUnit FromUnits(string recordedUnit, string displayUnit)
    {
        double recorded = NanosecondsPer(recordedUnit);
        double display = NanosecondsPer(displayUnit);
        return new ValueUnit(display / recorded, displayUnit, display);
    }

    /// <summary>Values divided by <paramref name="ratio"/>, as Java's <c>-outputValueUnitRatio</c>; the unit has no name.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="ratio"/> is not a positive finite number.</exception>
    public static ValueUnit FromRatio(double ratio)
    {
        if (!(ratio > 0) || double.IsInfinity(ratio))
        {
            throw new ArgumentOutOfRangeException(nameof(ratio), ratio, "The output value unit ratio must be a positive number.");
        }

        return new ValueUnit(ratio, "value / " + ratio.ToString("R", CultureInfo.InvariantCulture), null);
    }

    /// <summary>Nanoseconds in one <paramref name="unit"/> (ns, us, ms or s; "µs" is accepted for us).</summary>
    /// <exception cref="ArgumentException"><paramref name="unit"/> is not a time unit.</exception>
    public static double NanosecondsPer(string unit) => unit switch
    {
        "ns" => 1,
        "us" or "µs" => 1_000,
        "ms" => 1_000_000,
        "s" => 1_000_000_000,
        _ => throw new ArgumentException("unknown unit '" + unit + "' (units: " + string.Join(", ", TimeUnits) + ")", nameof(unit)),
    };

    /// <summary>A recorded value in this unit.</summary>
    public double Scale(double recordedValue) => recordedValue / Ratio;
}
