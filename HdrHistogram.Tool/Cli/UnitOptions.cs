using System.CommandLine;
using System.Globalization;
using HdrHistogram.Plotting.Data;

namespace HdrHistogram.Tool.Cli;

/// <summary>
/// The unit vocabulary of the tool's own commands (summary, plot, report): <c>--values-in</c> names the unit the log's
/// values were recorded in (default ns, as jHiccup and most latency logs), <c>--unit</c> the unit values are shown in
/// (default ms), and <c>--ratio R</c> divides by R instead (Java's -outputValueUnitRatio). <c>hdr process</c> keeps
/// Java's own option and default (-outputValueUnitRatio 1000000).
/// </summary>
internal sealed class UnitOptions
{
    /// <summary>The display unit when none is given.</summary>
    public const string DefaultUnit = "ms";

    /// <summary>The recorded unit when none is given.</summary>
    public const string DefaultValuesIn = "ns";

    private readonly Option<string?> _unit = ToolOptions.Text("--unit", "U", "show values in ns, us, ms (default) or s");
    private readonly Option<string?> _valuesIn = ToolOptions.Text(
        "--values-in", "U", "the unit the log's values were recorded in: ns (default, as jHiccup), us (as YCSB), ms or s");

    private readonly Option<double?> _ratio = ToolOptions.Double(
        "--ratio", "R", "divide values by R instead (Java's -outputValueUnitRatio); values are then labelled 'value / R'", ToolOptions.IsPositive, "a positive number");

    /// <summary>Adds the options to <paramref name="command"/>.</summary>
    public void AddTo(Command command)
    {
        command.Options.Add(_unit);
        command.Options.Add(_valuesIn);
        command.Options.Add(_ratio);
    }

    /// <summary>The unit the parsed command line asks for.</summary>
    /// <exception cref="ToolException">A unit is not ns, us, ms or s, or --ratio is combined with a unit (usage errors).</exception>
    public ValueUnit Resolve(ParseResult result)
    {
        string? unit = result.GetValue(_unit);
        string? valuesIn = result.GetValue(_valuesIn);
        if (result.GetValue(_ratio) is { } ratio)
        {
            if (unit is not null || valuesIn is not null)
            {
                throw ToolException.Usage("--ratio replaces --unit and --values-in: give --ratio alone, or the units");
            }

            return ValueUnit.FromRatio(ratio);
        }

        return ValueUnit.FromUnits(Check("--values-in", valuesIn ?? DefaultValuesIn), Check("--unit", unit ?? DefaultUnit));
    }

    /// <summary>Whether the unit the values were recorded in was given (else the default, nanoseconds, is assumed).</summary>
    public bool ValuesInGiven(ParseResult result) => result.GetValue(_valuesIn) is not null || result.GetValue(_ratio) is not null;

    /// <summary>Checks a unit name: ns, us (or µs), ms or s.</summary>
    /// <exception cref="ToolException">It is not (a usage error).</exception>
    public static string Check(string option, string unit)
    {
        try
        {
            ValueUnit.NanosecondsPer(unit);
            return unit;
        }
        catch (System.ArgumentException)
        {
            throw ToolException.Usage(option + " must be ns, us, ms or s, not '" + unit + "'");
        }
    }

    /// <summary>
    /// A hint, when values assumed to be nanoseconds look like another unit: the largest value of a latency log in
    /// nanoseconds is rarely below 100 microseconds (a YCSB log in microseconds easily is). Null when there is nothing to say.
    /// </summary>
    public static string? MagnitudeHint(string command, double maxRecordedValue)
    {
        if (maxRecordedValue <= 0 || maxRecordedValue >= 100_000)
        {
            return null;
        }

        return command + ": hint: the largest value is " + maxRecordedValue.ToString("R", CultureInfo.InvariantCulture)
            + ", under 0.1 ms if the values are nanoseconds: values in us or ms? say --values-in us or --values-in ms";
    }
}
