using System;
using System.Collections.Generic;
using System.Linq;
using HdrHistogram.Plotting.Data;

namespace HdrHistogram.Plotting.Rendering;

/// <summary>How the value (y) axis is scaled.</summary>
public enum YScale
{
    /// <summary>Logarithmic when some series' maximum is more than <see cref="YScales.AutoLogRatio"/> times its median, else linear.</summary>
    Auto,

    /// <summary>Linear from 0.</summary>
    Linear,

    /// <summary>Logarithmic (decades), so values far below the maximum stay apart.</summary>
    Log,
}

/// <summary>Resolving <see cref="YScale.Auto"/>.</summary>
public static class YScales
{
    /// <summary>Max / median above which <see cref="YScale.Auto"/> is logarithmic.</summary>
    public const double AutoLogRatio = 100;

    /// <summary><paramref name="scale"/>, with <see cref="YScale.Auto"/> resolved for <paramref name="series"/>.</summary>
    public static YScale Resolve(YScale scale, IReadOnlyList<LatencySeries> series)
        => scale != YScale.Auto ? scale
            : series.Any(s => s.Summary.Max > AutoLogRatio * Math.Max(s.Summary.P50, 0) && s.Summary.Max > 0) ? YScale.Log : YScale.Linear;

    /// <summary>Parses "log", "linear" or "auto" (any case); null for anything else.</summary>
    public static YScale? Parse(string text) => text.ToLowerInvariant() switch
    {
        "log" => YScale.Log,
        "linear" => YScale.Linear,
        "auto" => YScale.Auto,
        _ => null,
    };
}
