using System;
using System.Collections.Generic;
using System.Globalization;

namespace HdrHistogram.Tool;

/// <summary>
/// The arguments of a command: <c>--name value</c> (or <c>--name=value</c>) options, <c>--flag</c> switches and
/// positional arguments (<c>-</c> is a positional meaning standard input; <c>--</c> ends the options). Options may be
/// written with one dash too. Unknown options are usage errors.
/// </summary>
internal sealed class CommandLine
{
    private readonly Dictionary<string, string> _values = new(StringComparer.Ordinal);
    private readonly HashSet<string> _flags = new(StringComparer.Ordinal);

    private CommandLine(string command)
    {
        Command = command;
    }

    public string Command { get; }

    public List<string> Positional { get; } = new();

    public static CommandLine Parse(string command, IReadOnlyList<string> args, IReadOnlyCollection<string> flags, IReadOnlyCollection<string> valued)
    {
        var result = new CommandLine(command);
        bool optionsEnded = false;
        for (int i = 0; i < args.Count; i++)
        {
            string arg = args[i];
            if (optionsEnded || arg == "-" || !arg.StartsWith('-') || IsNumber(arg))
            {
                result.Positional.Add(arg);
                continue;
            }

            if (arg == "--")
            {
                optionsEnded = true;
                continue;
            }

            string name = arg.TrimStart('-');
            string? inlineValue = null;
            int equals = name.IndexOf('=', StringComparison.Ordinal);
            if (equals >= 0)
            {
                inlineValue = name.Substring(equals + 1);
                name = name.Substring(0, equals);
            }

            if (Contains(flags, name) && inlineValue is null)
            {
                result._flags.Add(name);
            }
            else if (Contains(valued, name))
            {
                if (inlineValue is null)
                {
                    if (i + 1 >= args.Count)
                    {
                        throw ToolException.Usage("option --" + name + " needs a value (see hdr " + command + " --help)");
                    }

                    inlineValue = args[++i];
                }

                result._values[name] = inlineValue;
            }
            else
            {
                throw ToolException.Usage("unknown option '" + arg + "' (see hdr " + command + " --help)");
            }
        }

        return result;
    }

    public bool Has(string flag) => _flags.Contains(flag);

    public string? Value(string name) => _values.TryGetValue(name, out var value) ? value : null;

    public long? Long(string name)
    {
        string? text = Value(name);
        if (text is null)
        {
            return null;
        }

        if (!long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long value))
        {
            throw ToolException.Usage("--" + name + " needs a whole number, not '" + text + "'");
        }

        return value;
    }

    public int? Int(string name, int min, int max)
    {
        long? value = Long(name);
        if (value is null)
        {
            return null;
        }

        if (value < min || value > max)
        {
            throw ToolException.Usage("--" + name + " must be between " + min.ToString(CultureInfo.InvariantCulture) + " and " + max.ToString(CultureInfo.InvariantCulture));
        }

        return (int)value.Value;
    }

    public double? PositiveDouble(string name)
    {
        string? text = Value(name);
        if (text is null)
        {
            return null;
        }

        if (!double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double value) || !(value > 0) || double.IsInfinity(value))
        {
            throw ToolException.Usage("--" + name + " needs a positive number, not '" + text + "'");
        }

        return value;
    }

    private static bool IsNumber(string arg) => arg.Length > 1 && (char.IsDigit(arg[1]) || arg[1] == '.');

    private static bool Contains(IReadOnlyCollection<string> names, string name)
    {
        foreach (string n in names)
        {
            if (n == name)
            {
                return true;
            }
        }

        return false;
    }
}
