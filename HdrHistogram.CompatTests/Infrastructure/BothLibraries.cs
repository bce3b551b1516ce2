using System;
using System.Collections.Generic;
using System.Linq;
using FluentAssertions;
using Xunit;

namespace HdrHistogram.CompatTests.Infrastructure;

/// <summary>Runs scenarios on both libraries and compares what happened.</summary>
internal static class BothLibraries
{
    /// <summary>The names of the scenarios whose names start with <paramref name="prefix"/>, as theory data.</summary>
    public static TheoryData<string> Named(string prefix)
    {
        var data = new TheoryData<string>();
        foreach (string name in Compat250.Behaviour.Scenarios.Names().Where(n => n.StartsWith(prefix, StringComparison.Ordinal)))
        {
            data.Add(name);
        }

        return data;
    }

    /// <summary>Both outcomes of a scenario: 2.5.0's and ours.</summary>
    public static (Outcome Theirs, Outcome Ours) Run(string name) => (Net250Context.Run(name), Outcome.Ours(name));

    /// <summary>
    /// Whether a <c>catch</c> written for what 2.5.0 did sees the same from ours: the same text returned, or an exception
    /// of the same type or one derived from it.
    /// </summary>
    public static bool Matches(Outcome theirs, Outcome ours)
        => theirs.Exception is null
            ? ours.Exception is null && ours.Result == theirs.Result
            : ours.Exception is not null && theirs.Exception.GetType().IsInstanceOfType(ours.Exception);

    /// <summary>Asserts that a scenario behaves on ours as it does on 2.5.0 (see <see cref="Matches"/>).</summary>
    public static (Outcome Theirs, Outcome Ours) ShouldMatch(string name)
    {
        var (theirs, ours) = Run(name);
        Matches(theirs, ours).Should().BeTrue("2.5.0 " + theirs + ", ours " + ours);
        return (theirs, ours);
    }

    public static IEnumerable<string> ThrowingCallNames() => Compat250.Behaviour.Scenarios.Names().Where(n => n.StartsWith("call ", StringComparison.Ordinal));
}
