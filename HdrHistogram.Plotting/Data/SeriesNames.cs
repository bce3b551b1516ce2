using System;
using System.Collections.Generic;
using System.Linq;

namespace HdrHistogram.Plotting.Data;

/// <summary>
/// Short legend names: each input file by its file name, or by as many trailing folders as make it unique among the
/// inputs (before/run.hlog and after/run.hlog), then the tag.
/// </summary>
public static class SeriesNames
{
    /// <summary>The short name of every series, in order.</summary>
    public static IReadOnlyList<string> Short(IReadOnlyList<LatencySeries> series)
    {
        var files = ShortFiles(series.Select(s => s.Source).Distinct(StringComparer.Ordinal).ToList());
        return series.Select(s => s.Tag is null ? files[s.Source] : files[s.Source] + " [" + s.Tag + "]").ToList();
    }

    /// <summary>Each path's shortest unique trailing part (its file name when that is unique).</summary>
    public static IReadOnlyDictionary<string, string> ShortFiles(IReadOnlyList<string> paths)
    {
        var parts = paths.ToDictionary(p => p, p => p.Replace('\\', '/').Split('/', StringSplitOptions.RemoveEmptyEntries), StringComparer.Ordinal);
        var names = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (string path in paths)
        {
            string[] own = parts[path];
            for (int take = 1; ; take++)
            {
                string name = string.Join("/", own.Skip(Math.Max(0, own.Length - take)));
                bool unique = paths.All(other => other == path || !Tail(parts[other], take).Equals(name, StringComparison.Ordinal));
                if (unique || take >= own.Length)
                {
                    names[path] = name.Length == 0 ? path : name;
                    break;
                }
            }
        }

        return names;
    }

    private static string Tail(string[] parts, int take) => string.Join("/", parts.Skip(Math.Max(0, parts.Length - take)));
}
