using System;
using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;

namespace HdrHistogram.Tool.Cli;

/// <summary>
/// Builds the tool's options. Numbers are parsed culture-invariantly by the tool, not by System.CommandLine (whose
/// default parsers follow the current culture), and a bad value is a usage error naming the option as it was typed.
/// </summary>
internal static class ToolOptions
{
    /// <summary>A string option.</summary>
    public static Option<string?> Text(string name, string helpName, string description, params string[] aliases)
        => new(name, aliases) { Description = description, HelpName = helpName };

    /// <summary>
    /// The input file argument(s). System.CommandLine takes an unknown option for an argument: such a token (other than
    /// '-', standard input) is reported as the unknown option it is, with suggestions, rather than as a missing file.
    /// </summary>
    public static Argument<T> Files<T>(string description, ArgumentArity arity)
    {
        var argument = new Argument<T>("FILE") { Description = description, Arity = arity };
        argument.Validators.Add(result =>
        {
            foreach (var token in result.Tokens)
            {
                if (token.Value.Length > 1 && token.Value[0] == '-' && result.Parent is CommandResult command)
                {
                    result.AddError(ParseErrors.Unmatched(command.Command, token.Value));
                }
            }
        });
        return argument;
    }

    /// <summary>A string option that takes one of <paramref name="values"/>.</summary>
    public static Option<string?> OneOf(string name, string description, params string[] values)
    {
        var option = Text(name, string.Join("|", values), description);
        option.Validators.Add(result =>
        {
            string? value = result.GetValueOrDefault<string?>();
            if (value is not null && Array.IndexOf(values, value) < 0)
            {
                string typed = result.IdentifierToken?.Value ?? name;
                result.AddError(typed + " must be " + string.Join(", ", values[..^1]) + " or " + values[^1] + ", not '" + value + "'");
            }
        });
        return option;
    }

    /// <summary>A switch.</summary>
    public static Option<bool> Flag(string name, string description, params string[] aliases)
        => new(name, aliases) { Description = description, Arity = ArgumentArity.Zero };

    /// <summary>The output file option, <c>-o</c> / <c>--output</c>.</summary>
    public static Option<string?> Output(string description)
        => Text("--output", "OUT", description, "-o");

    /// <summary><c>--progress</c>: progress lines on standard error even when it is not a terminal.</summary>
    public static Option<bool> Progress()
        => Flag("--progress", "report progress on standard error even when it is not a terminal");

    /// <summary><c>--strict</c>: a log whose last line is cut off is an error instead of a warning.</summary>
    public static Option<bool> Strict()
        => Flag("--strict", "a log whose last line is cut off (a writer killed mid-line) is an error, not a warning");

    /// <summary>A floating-point option whose value must satisfy <paramref name="valid"/> (described by <paramref name="requirement"/>, e.g. "a positive number").</summary>
    public static Option<double?> Double(string name, string helpName, string description, Func<double, bool> valid, string requirement, params string[] aliases)
        => new(name, aliases)
        {
            Description = description,
            HelpName = helpName,
            CustomParser = result =>
            {
                string text = result.Tokens.Count > 0 ? result.Tokens[0].Value : string.Empty;
                if (double.TryParse(text.Trim(), NumberStyles.Float, CultureInfo.InvariantCulture, out double value) && valid(value))
                {
                    return value;
                }

                result.AddError(Typed(result, name) + " needs " + requirement + ", not '" + text + "'");
                return null;
            },
        };

    /// <summary>A whole-number option between <paramref name="min"/> and <paramref name="max"/>.</summary>
    public static Option<long?> Long(string name, string helpName, string description, long min, long max, string requirement, params string[] aliases)
        => new(name, aliases)
        {
            Description = description,
            HelpName = helpName,
            CustomParser = result =>
            {
                string text = result.Tokens.Count > 0 ? result.Tokens[0].Value : string.Empty;
                if (long.TryParse(text.Trim(), NumberStyles.AllowLeadingSign | NumberStyles.AllowLeadingWhite | NumberStyles.AllowTrailingWhite, CultureInfo.InvariantCulture, out long value)
                    && value >= min && value <= max)
                {
                    return value;
                }

                result.AddError(Typed(result, name) + " needs " + requirement + ", not '" + text + "'");
                return null;
            },
        };

    /// <summary>Any number Java's Double.parseDouble accepts (the process options' values, checked later where Java does not).</summary>
    public static bool IsNumber(double value) => true;

    /// <summary>A finite number above zero.</summary>
    public static bool IsPositive(double value) => value > 0 && double.IsFinite(value);

    /// <summary>The option as the user wrote it (<c>-outputValueUnitRatio</c> rather than its primary name).</summary>
    public static string Typed(SymbolResult result, string fallback)
        => result.Parent is OptionResult { IdentifierToken: { } token } ? token.Value : fallback;
}
