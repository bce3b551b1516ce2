using System;
using System.Collections.Generic;
using System.CommandLine;
using System.Linq;

namespace HdrHistogram.Tool.Cli;

/// <summary>
/// Turns System.CommandLine's parse errors into the tool's one-line usage error, with "did you mean" suggestions for a
/// mistyped command or option (System.CommandLine's own error report prints several lines and the whole help).
/// </summary>
internal static class ParseErrors
{
    /// <summary>One line describing every error of <paramref name="result"/>.</summary>
    public static string Describe(ParseResult result)
    {
        var command = result.CommandResult.Command;
        var unmatched = new HashSet<string>(result.UnmatchedTokens, StringComparer.Ordinal);
        var parts = new List<string>();
        foreach (string token in result.UnmatchedTokens)
        {
            // Only the first stray word can be a mistyped command; the rest are its arguments.
            parts.Add(Unmatched(command, token, commandExpected: parts.Count == 0));
        }

        foreach (var error in result.Errors)
        {
            // Unmatched tokens are described above, with suggestions.
            if (unmatched.Any(t => error.Message.Contains("'" + t + "'", StringComparison.Ordinal)) && error.Message.StartsWith("Unrecognized", StringComparison.Ordinal))
            {
                continue;
            }

            string message = error.Message.TrimEnd('.');
            if (!parts.Contains(message))
            {
                parts.Add(message);
            }
        }

        return string.Join("; ", parts) + " (see " + Path(command) + " --help)";
    }

    /// <summary>The command as typed, e.g. "hdr decode".</summary>
    public static string Path(Command command)
        => command.Parents.OfType<Command>().FirstOrDefault() is { } parent ? Path(parent) + " " + command.Name : command.Name;

    /// <summary>"unknown option 'X' (did you mean 'Y'?)" and the like, for a token <paramref name="command"/> does not know.</summary>
    internal static string Unmatched(Command command, string token, bool commandExpected = false)
    {
        bool looksLikeOption = token.Length > 1 && token[0] == '-';
        var candidates = looksLikeOption
            ? Options(command).SelectMany(o => new[] { o.Name }.Concat(o.Aliases))
            : command.Subcommands.SelectMany(c => new[] { c.Name }.Concat(c.Aliases));
        string what = looksLikeOption ? "unknown option" : commandExpected && command.Subcommands.Count > 0 ? "unknown command" : "unexpected argument";
        var suggestions = Suggest(token, candidates.Where(c => !c.StartsWith('/'))).ToList();
        return what + " '" + token + "'" + (suggestions.Count == 0 ? string.Empty : " (did you mean " + string.Join(" or ", suggestions.Select(s => "'" + s + "'")) + "?)");
    }

    private static IEnumerable<Option> Options(Command command)
    {
        foreach (var option in command.Options)
        {
            yield return option;
        }

        foreach (var parent in command.Parents.OfType<Command>())
        {
            foreach (var option in parent.Options.Where(o => o.Recursive))
            {
                yield return option;
            }
        }
    }

    /// <summary>The candidates closest to <paramref name="token"/> by edit distance (ignoring dashes and case), best first.</summary>
    internal static IEnumerable<string> Suggest(string token, IEnumerable<string> candidates)
    {
        string bare = token.TrimStart('-').ToLowerInvariant();
        int limit = Math.Max(1, bare.Length / 3);
        var scored = candidates
            .Distinct(StringComparer.Ordinal)
            .Select(c => (Name: c, Distance: Distance(bare, c.TrimStart('-').ToLowerInvariant())))
            .Where(c => c.Distance <= limit)
            .ToList();
        if (scored.Count == 0)
        {
            return Array.Empty<string>();
        }

        int best = scored.Min(c => c.Distance);

        // Of the aliases of one option, prefer the spelling with the dashes the user typed.
        int dashes = token.Length - token.TrimStart('-').Length;
        return scored
            .Where(c => c.Distance == best)
            .GroupBy(c => c.Name.TrimStart('-').ToLowerInvariant(), StringComparer.Ordinal)
            .Select(g => g.OrderBy(c => Math.Abs((c.Name.Length - c.Name.TrimStart('-').Length) - dashes)).First().Name)
            .Take(3);
    }

    /// <summary>Levenshtein distance.</summary>
    private static int Distance(string a, string b)
    {
        var previous = new int[b.Length + 1];
        var current = new int[b.Length + 1];
        for (int j = 0; j <= b.Length; j++)
        {
            previous[j] = j;
        }

        for (int i = 1; i <= a.Length; i++)
        {
            current[0] = i;
            for (int j = 1; j <= b.Length; j++)
            {
                int substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
                current[j] = Math.Min(substitution, Math.Min(previous[j] + 1, current[j - 1] + 1));
            }

            (previous, current) = (current, previous);
        }

        return previous[b.Length];
    }
}
