using System;
using System.CommandLine;
using HdrHistogram.Plotting.Data;

namespace HdrHistogram.Tool.Cli;

/// <summary>
/// The unit vocabulary of the tool's own commands (summary, decode, plot, report): <c>--values-in</c> names the unit the
/// log's values were recorded in (default ns, as jHiccup and most latency logs), <c>--unit</c> the unit values are shown
/// in (default ms), and <c>--ratio R</c> divides by R instead (Java's -outputValueUnitRatio). <c>hdr process</c> keeps
/// Java's own option and default (-outputValueUnitRatio 1000000).
/// </summary>
internal sealed class UnitOptions
{
    /// <summary>The display unit when none is given.</summary>
    public const string DefaultUnit = "ms";

    /// <summary>The recorded unit when none is given.</summary>
    public const string DefaultValuesIn = "ns";

    private readonly bool _perFile;
    private readonly Option<string?> _unit = ToolOptions.Text("--unit", "U", "show values in ns, us, ms (default) or s");
    private readonly Option<string?> _valuesIn;
    private readonly Option<double?> _ratio;
    private readonly Option<double?>? _scale;

    /// <param name="perFile">Whether <c>--values-in</c> takes one unit per FILE (plot, report).</param>
    /// <param name="ratioDescription">What <c>--ratio</c> does in this command's output.</param>
    /// <param name="deprecatedScale">Whether the command keeps its former <c>--scale R</c> as a hidden alias of <c>--ratio R</c>.</param>
    public UnitOptions(bool perFile = false, string ratioDescription = "values are then labelled 'value / R'", bool deprecatedScale = false)
    {
        _perFile = perFile;
        _valuesIn = perFile
            ? ToolOptions.Text(
                "--values-in",
                "U[,U...]",
                "the unit the values were recorded in: ns (default, as jHiccup), us (as YCSB), ms or s; one per FILE, in order, to show files recorded in different units together")
            : ToolOptions.Text("--values-in", "U", "the unit the log's values were recorded in: ns (default, as jHiccup), us (as YCSB), ms or s");
        _ratio = ToolOptions.Double(
            "--ratio", "R", "divide values by R instead (Java's -outputValueUnitRatio); " + ratioDescription, ToolOptions.IsPositive, "a positive number");
        if (deprecatedScale)
        {
            _scale = ToolOptions.Double("--scale", "R", "deprecated: --ratio R", ToolOptions.IsPositive, "a positive number");
            _scale.Hidden = true;
        }
    }

    /// <summary>Adds the options to <paramref name="command"/>.</summary>
    public void AddTo(Command command)
    {
        command.Options.Add(_unit);
        command.Options.Add(_valuesIn);
        command.Options.Add(_ratio);
        if (_scale is not null)
        {
            command.Options.Add(_scale);
        }
    }

    /// <summary>
    /// The units the parsed command line asks for. A deprecated <c>--scale R</c> counts as <c>--ratio R</c>, with a
    /// one-line note on standard error.
    /// </summary>
    /// <param name="result">The parsed command line.</param>
    /// <param name="console">Where the deprecation note goes.</param>
    /// <param name="command">The command, e.g. "hdr decode", for the note.</param>
    /// <exception cref="ToolException">A unit is not ns, us, ms or s, or --ratio is combined with a unit (usage errors).</exception>
    public UnitChoice Resolve(ParseResult result, ToolConsole console, string command)
    {
        string? unit = result.GetValue(_unit);
        string? valuesIn = result.GetValue(_valuesIn);
        double? ratio = result.GetValue(_ratio);
        if (_scale is not null && result.GetValue(_scale) is { } scale)
        {
            if (ratio is not null)
            {
                throw ToolException.Usage("--scale is the former name of --ratio: give --ratio alone");
            }

            console.Error.WriteLine(command + ": note: --scale is deprecated and will be removed: say --ratio R (the same division), or --values-in and --unit");
            ratio = scale;
        }

        if (ratio is { } r)
        {
            if (unit is not null || valuesIn is not null)
            {
                throw ToolException.Usage("--ratio replaces --unit and --values-in: give --ratio alone, or the units");
            }

            return new UnitChoice(ValueUnit.FromRatio(r), null, valuesInAssumed: false);
        }

        string[] recorded = valuesIn is null
            ? new[] { DefaultValuesIn }
            : _perFile ? valuesIn.Split(',', StringSplitOptions.TrimEntries) : new[] { valuesIn };
        foreach (string u in recorded)
        {
            Check("--values-in", u);
        }

        return new UnitChoice(ValueUnit.FromUnits(recorded[0], Check("--unit", unit ?? DefaultUnit)), recorded, valuesInAssumed: valuesIn is null);
    }

    /// <summary>Checks a unit name: ns, us (or µs), ms or s.</summary>
    /// <exception cref="ToolException">It is not (a usage error).</exception>
    public static string Check(string option, string unit)
    {
        try
        {
            ValueUnit.NanosecondsPer(unit);
            return unit;
        }
        catch (ArgumentException)
        {
            throw ToolException.Usage(option + " must be ns, us, ms or s, not '" + unit + "'");
        }
    }
}
