using System.Globalization;
using System.Linq;
using System.Text.Json;
using HdrHistogram.Plotting.Data;

namespace HdrHistogram.Tool.Cli;

/// <summary>The units a command line chose: how values are divided and labelled, and what they were recorded in.</summary>
internal sealed class UnitChoice
{
    /// <summary>The largest value of a latency log in nanoseconds is rarely below this (100 microseconds).</summary>
    public const double SmallestLikelyNanosecondMax = 100_000;

    private readonly string[]? _valuesIn;

    public UnitChoice(ValueUnit unit, string[]? valuesIn, bool valuesInAssumed)
    {
        Unit = unit;
        _valuesIn = valuesIn;
        ValuesInAssumed = valuesInAssumed;
    }

    /// <summary>How values are divided and labelled (for per-file units: as the first FILE's).</summary>
    public ValueUnit Unit { get; }

    /// <summary>Whether the values are shown as Java's -outputValueUnitRatio shows them (--ratio): divided, with no unit name.</summary>
    public bool IsRatio => _valuesIn is null;

    /// <summary>Whether no --values-in (nor --ratio) was given, so that nanoseconds are assumed.</summary>
    public bool ValuesInAssumed { get; }

    /// <summary>The --values-in units given (one, or one per FILE); empty with --ratio.</summary>
    public int ValuesInCount => _valuesIn?.Length ?? 0;

    /// <summary>The unit the values of the FILE at <paramref name="index"/> were recorded in; null with --ratio.</summary>
    public string? ValuesIn(int index = 0) => _valuesIn is null ? null : _valuesIn[_valuesIn.Length == 1 ? 0 : index];

    /// <summary>How outputs name the unit: "ms (values recorded in ns)", or with --ratio "value / R".</summary>
    public string Text => IsRatio ? Unit.Label : Unit.Label + " (values recorded in " + string.Join(", ", _valuesIn!) + ")";

    /// <summary>The same choice with one more FILE in front, recorded in the first FILE's unit (report --baseline).</summary>
    public UnitChoice WithFileInFront()
        => _valuesIn is null || _valuesIn.Length == 1 ? this : new UnitChoice(Unit, new[] { _valuesIn[0] }.Concat(_valuesIn).ToArray(), ValuesInAssumed);

    /// <summary>Checks that --values-in gave one unit, or one per FILE.</summary>
    /// <exception cref="ToolException">It did not (a usage error).</exception>
    public void CheckCount(int files)
    {
        if (_valuesIn is not null && _valuesIn.Length != 1 && _valuesIn.Length != files)
        {
            throw ToolException.Usage("--values-in needs one unit, or one per FILE in order (" + files + " FILEs, " + _valuesIn.Length + " units)");
        }
    }

    /// <summary>
    /// Writes <c>unit</c>, <c>valuesIn</c> (unless --ratio) and <c>outputValueUnitRatio</c> (what values were divided by)
    /// into the current JSON object, as plot's and report's JSON name them.
    /// </summary>
    public void WriteJson(Utf8JsonWriter json)
    {
        json.WriteString("unit", Unit.Label);
        if (_valuesIn is not null)
        {
            json.WriteString("valuesIn", _valuesIn.Length == 1 ? _valuesIn[0] : string.Join(",", _valuesIn));
        }

        json.WriteNumber("outputValueUnitRatio", Unit.Ratio);
    }

    /// <summary>
    /// Prints the magnitude hint, one line on standard error, when nanoseconds were assumed (no --values-in or --ratio)
    /// and the largest value of the input's integer histograms is under 0.1 ms as nanoseconds: a latency log in
    /// nanoseconds rarely is, a YCSB log in microseconds easily is. Nothing for DoubleHistograms (rarely nanoseconds).
    /// </summary>
    /// <param name="console">Where the hint goes.</param>
    /// <param name="command">The command, e.g. "hdr summary".</param>
    /// <param name="name">The input, as messages name it.</param>
    /// <param name="maxRecordedValue">The largest value of the input, as recorded; not positive for none.</param>
    /// <param name="holdsDoubleHistograms">Whether the input holds DoubleHistograms.</param>
    /// <param name="microsecondsHeader">
    /// The log's header line when its words say what was measured in microseconds (YCSB's <c>#[Logging for: READ]</c>):
    /// then the hint names it, whatever the values' magnitude.
    /// </param>
    public void HintAboutMagnitude(ToolConsole console, string command, string name, double maxRecordedValue, bool holdsDoubleHistograms, string? microsecondsHeader = null)
    {
        if (ValuesInAssumed && microsecondsHeader is not null)
        {
            console.Error.WriteLine(
                command + ": hint: " + name + ": its header '" + microsecondsHeader + "' is YCSB's, which records microseconds: "
                + "say --values-in us (values are taken as nanoseconds)");
            return;
        }

        if (!ValuesInAssumed || holdsDoubleHistograms || maxRecordedValue <= 0 || maxRecordedValue >= SmallestLikelyNanosecondMax)
        {
            return;
        }

        console.Error.WriteLine(
            command + ": hint: " + name + ": the largest value is " + maxRecordedValue.ToString("R", CultureInfo.InvariantCulture)
            + ", under 0.1 ms if the values are nanoseconds: values in us or ms? say --values-in us or --values-in ms");
    }
}
