using System;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using FluentAssertions;

namespace HdrHistogram.Prometheus.Tests;

/// <summary>
/// The network tests' bound on waiting for what should happen at once (a push, a request, a counter): far longer than
/// anything takes on a loaded machine, so that a wait fails the test, saying what it waited for, rather than hanging
/// it. No test asserts a duration.
/// </summary>
public static class Patience
{
    /// <summary>How long a test waits at most.</summary>
    public static readonly TimeSpan Limit = TimeSpan.FromSeconds(30);

    /// <summary>Spins until <paramref name="condition"/> holds; fails the test, naming <paramref name="what"/>, after <see cref="Limit"/>.</summary>
    /// <param name="condition">What to wait for.</param>
    /// <param name="what">What it means, for the failure.</param>
    public static void Until(Func<bool> condition, string what)
        => SpinWait.SpinUntil(condition, Limit).Should().BeTrue($"{what} (waited at most {Limit.TotalSeconds} s)");

    /// <summary>
    /// Polls every 10 ms, blocking no thread (the server under test may need one), until <paramref name="condition"/>
    /// holds; fails the test, naming <paramref name="what"/>, after <see cref="Limit"/>.
    /// </summary>
    /// <param name="condition">What to wait for.</param>
    /// <param name="what">What it means, for the failure.</param>
    /// <returns>The wait.</returns>
    public static async Task UntilAsync(Func<bool> condition, string what)
    {
        var waited = Stopwatch.StartNew();
        while (!condition())
        {
            waited.Elapsed.Should().BeLessThan(Limit, "waiting until " + what);
            await Task.Delay(10);
        }
    }
}
