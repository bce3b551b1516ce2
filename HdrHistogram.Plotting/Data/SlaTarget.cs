using System;
using System.Globalization;

namespace HdrHistogram.Plotting.Data;

/// <summary>A service-level target drawn on the percentile plot: at <see cref="Percentile"/>, at most <see cref="Value"/>.</summary>
public sealed class SlaTarget
{
    /// <summary>Creates a target.</summary>
    /// <param name="percentile">The percentile (0 to 100, exclusive of 100).</param>
    /// <param name="value">The highest acceptable value at that percentile, in the plot's display unit.</param>
    public SlaTarget(double percentile, double value)
    {
        Percentile = percentile;
        Value = value;
    }

    /// <summary>The percentile, e.g. 99.9.</summary>
    public double Percentile { get; }

    /// <summary>The highest acceptable value at <see cref="Percentile"/>, in the display unit.</summary>
    public double Value { get; }

    /// <summary>
    /// Parses <c>PERCENTILE=VALUE[UNIT]</c>, e.g. <c>99.9=10ms</c>: a value with a unit (ns, us, ms, s) is converted to the
    /// display unit; a bare value is already in it.
    /// </summary>
    /// <exception cref="FormatException">The text is not of that form, or has a unit the display unit cannot be converted from.</exception>
    public static SlaTarget Parse(string text, ValueUnit unit)
    {
        int equals = text.IndexOf('=', StringComparison.Ordinal);
        if (equals <= 0
            || !double.TryParse(text.AsSpan(0, equals), NumberStyles.Float, CultureInfo.InvariantCulture, out double percentile)
            || !(percentile > 0 && percentile < 100))
        {
            throw new FormatException("'" + text + "' is not PERCENTILE=VALUE with a percentile between 0 and 100 (e.g. 99.9=10ms)");
        }

        string valueText = text.Substring(equals + 1).Trim();
        int unitStart = valueText.Length;
        while (unitStart > 0 && char.IsLetter(valueText[unitStart - 1]))
        {
            unitStart--;
        }

        string suffix = valueText.Substring(unitStart);
        if (!double.TryParse(valueText.AsSpan(0, unitStart), NumberStyles.Float, CultureInfo.InvariantCulture, out double value) || !(value >= 0) || double.IsInfinity(value))
        {
            throw new FormatException("'" + text + "' has no valid value after '=' (e.g. 99.9=10ms)");
        }

        if (suffix.Length > 0)
        {
            double nanoseconds;
            try
            {
                nanoseconds = value * ValueUnit.NanosecondsPer(suffix);
            }
            catch (ArgumentException)
            {
                throw new FormatException("'" + text + "' has an unknown unit '" + suffix + "' (ns, us, ms, s)");
            }

            if (unit.NanosecondsPerUnit is not { } perUnit)
            {
                throw new FormatException("'" + text + "' has a unit but the plot's values have none (use --unit instead of a ratio, or give the value without a unit)");
            }

            value = nanoseconds / perUnit;
        }

        return new SlaTarget(percentile, value);
    }
}
