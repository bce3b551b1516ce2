using System;
using System.Collections.Generic;
using System.Linq;

namespace Compat250.Behaviour;

/// <summary>
/// Every scenario by name. This source is compiled twice, against this library (HdrHistogram.CompatTests) and against
/// the published HdrHistogram 2.5.0 package (compat/Behaviour.On250), so it uses only 2.5.0's public API. A scenario
/// returns a text describing what it observed, or throws what the library threw.
/// </summary>
public static class Scenarios
{
    private static readonly Dictionary<string, Func<string>> All =
        RecordingScenarios.All()
            .Concat(RecorderScenarios.All())
            .Concat(TagScenarios.All())
            .Concat(OverflowScenarios.All())
            .Concat(StartTimeScenarios.All())
            .Concat(ThrowingCalls.All())
            .ToDictionary(pair => pair.Key, pair => pair.Value, StringComparer.Ordinal);

    /// <summary>The names of every scenario.</summary>
    public static string[] Names() => All.Keys.OrderBy(name => name, StringComparer.Ordinal).ToArray();

    /// <summary>Runs one scenario: what it observed, or the library's exception.</summary>
    public static string Run(string name) => All[name]();
}
