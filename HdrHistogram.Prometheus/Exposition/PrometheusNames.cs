using System;
using System.Text;

namespace HdrHistogram.Prometheus.Exposition;

/// <summary>Checks of metric and label names, and the text format's escaping.</summary>
public static class PrometheusNames
{
    /// <summary>Whether <paramref name="name"/> is a valid metric name: <c>[a-zA-Z_:][a-zA-Z0-9_:]*</c>.</summary>
    /// <param name="name">The name.</param>
    /// <returns>Whether it is valid.</returns>
    public static bool IsValidMetricName(string? name)
    {
        if (string.IsNullOrEmpty(name))
        {
            return false;
        }

        for (int i = 0; i < name.Length; i++)
        {
            char c = name[i];
            bool ok = c is (>= 'a' and <= 'z') or (>= 'A' and <= 'Z') or '_' or ':' || (i > 0 && c is >= '0' and <= '9');
            if (!ok)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Whether <paramref name="name"/> is a valid label name for a histogram: <c>[a-zA-Z_][a-zA-Z0-9_]*</c>, not
    /// starting with <c>__</c> (reserved) and not <c>le</c> (the classic buckets' label).
    /// </summary>
    /// <param name="name">The name.</param>
    /// <returns>Whether it is valid.</returns>
    public static bool IsValidLabelName(string? name)
    {
        if (string.IsNullOrEmpty(name) || name.StartsWith("__", StringComparison.Ordinal) || name == "le")
        {
            return false;
        }

        for (int i = 0; i < name.Length; i++)
        {
            char c = name[i];
            bool ok = c is (>= 'a' and <= 'z') or (>= 'A' and <= 'Z') or '_' || (i > 0 && c is >= '0' and <= '9');
            if (!ok)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// A label value escaped for the text format: backslash, double quote and line feed become <c>\\</c>, <c>\"</c>
    /// and <c>\n</c>.
    /// </summary>
    /// <param name="value">The label value.</param>
    /// <returns>The escaped value.</returns>
    public static string EscapeLabelValue(string value)
    {
        ArgumentNullException.ThrowIfNull(value);
        return Escape(value, escapeQuote: true);
    }

    /// <summary>A help text escaped for the text format: backslash and line feed become <c>\\</c> and <c>\n</c>.</summary>
    /// <param name="help">The help text.</param>
    /// <returns>The escaped text.</returns>
    public static string EscapeHelp(string help)
    {
        ArgumentNullException.ThrowIfNull(help);
        return Escape(help, escapeQuote: false);
    }

    internal static void CheckMetricName(string name, string parameterName)
    {
        if (!IsValidMetricName(name))
        {
            throw new ArgumentException($"'{name}' is not a valid Prometheus metric name: it must match [a-zA-Z_:][a-zA-Z0-9_:]*.", parameterName);
        }
    }

    internal static void CheckLabelName(string name, string parameterName)
    {
        if (!IsValidLabelName(name))
        {
            throw new ArgumentException(
                $"'{name}' is not a valid histogram label name: it must match [a-zA-Z_][a-zA-Z0-9_]*, not start with '__' and not be 'le'.",
                parameterName);
        }
    }

    internal static void CheckUnit(string unit, string parameterName)
    {
        foreach (char c in unit)
        {
            if (!(c is (>= 'a' and <= 'z') or (>= 'A' and <= 'Z') or (>= '0' and <= '9') or '_'))
            {
                throw new ArgumentException($"'{unit}' is not a valid unit: only [a-zA-Z0-9_] are allowed.", parameterName);
            }
        }
    }

    private static string Escape(string value, bool escapeQuote)
    {
        var builder = new StringBuilder(value.Length + 8);
        foreach (char c in value)
        {
            switch (c)
            {
                case '\\':
                    builder.Append("\\\\");
                    break;
                case '\n':
                    builder.Append("\\n");
                    break;
                case '"' when escapeQuote:
                    builder.Append("\\\"");
                    break;
                default:
                    builder.Append(c);
                    break;
            }
        }

        return builder.ToString();
    }
}
