using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading.Tasks;

namespace HdrHistogram.Prometheus.Tests;

/// <summary>
/// Prometheus's own checker of the text format: <c>promtool check metrics</c>, which parses an exposition with
/// Prometheus's parser (an error: exit code 1) and lints it (each problem a line "name text": exit code 3).
/// </summary>
public static class Promtool
{
    /// <summary>How long one check may take before it counts as hung (one normally takes about 0.1 s).</summary>
    public static readonly TimeSpan Timeout = TimeSpan.FromSeconds(30);

    /// <summary>The promtool executable: $HDR_PROMTOOL when it is set, else the first promtool on PATH; null when that is no executable file.</summary>
    public static string? Path { get; } = Find();

    /// <summary>Why <see cref="Path"/> is null, for the tests that skip without promtool; null when it is not.</summary>
    public static string? MissingReason { get; } = Path is not null ? null
        : string.IsNullOrEmpty(Environment.GetEnvironmentVariable("HDR_PROMTOOL"))
            ? "promtool not found (HDR_PROMTOOL, or promtool on PATH): run eng/install-prometheus.sh (Debian's prometheus package) to check the text expositions with it"
            : $"HDR_PROMTOOL is '{Environment.GetEnvironmentVariable("HDR_PROMTOOL")}', which is not an executable file: unset it or point it at promtool to check the text expositions with it";

    /// <summary>
    /// Runs <c>promtool check metrics</c> with <paramref name="exposition"/> on its standard input.
    /// </summary>
    /// <param name="exposition">A text-format exposition, as bytes.</param>
    /// <returns>promtool's exit code (0: no problem, 1: an error, 3: lint problems) and its output, standard output
    /// then standard error.</returns>
    /// <exception cref="InvalidOperationException">There is no promtool (<see cref="MissingReason"/>).</exception>
    /// <exception cref="TimeoutException">promtool did not finish within <see cref="Timeout"/>; it was killed.</exception>
    public static PromtoolResult CheckMetrics(byte[] exposition)
    {
        string path = Path ?? throw new InvalidOperationException(MissingReason);
        var start = new ProcessStartInfo(path)
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add("check");
        start.ArgumentList.Add("metrics");
        using var process = Process.Start(start) ?? throw new InvalidOperationException("promtool did not start: " + path);
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        // Fed from another thread: a promtool that stopped reading must not block the timeout below.
        var feed = Task.Run(() =>
        {
            try
            {
                process.StandardInput.BaseStream.Write(exposition);
                process.StandardInput.Close();
            }
            catch (IOException)
            {
                // promtool exited before reading everything; its exit code and output say why.
            }
        });
        if (!process.WaitForExit(Timeout))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"promtool check metrics did not finish within {Timeout.TotalSeconds} s on a {exposition.Length}-byte exposition");
        }

        process.WaitForExit(); // the output's end
        feed.Wait(Timeout);
        return new PromtoolResult(process.ExitCode, stdout.Result + stderr.Result);
    }

    private static string? Find()
    {
        string? configured = Environment.GetEnvironmentVariable("HDR_PROMTOOL");
        if (!string.IsNullOrEmpty(configured))
        {
            return IsExecutable(configured) ? configured : null;
        }

        return (Environment.GetEnvironmentVariable("PATH") ?? string.Empty)
            .Split(System.IO.Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(dir => System.IO.Path.Combine(dir, "promtool"))
            .FirstOrDefault(IsExecutable);
    }

    private static bool IsExecutable(string path)
        => File.Exists(path) && (OperatingSystem.IsWindows()
            || (File.GetUnixFileMode(path) & (UnixFileMode.UserExecute | UnixFileMode.GroupExecute | UnixFileMode.OtherExecute)) != 0);
}

/// <summary>What <c>promtool check metrics</c> answered.</summary>
/// <param name="ExitCode">0: no problem; 1: an error (the exposition does not parse); 3: lint problems.</param>
/// <param name="Output">Its standard output then its standard error: one line per problem.</param>
public readonly record struct PromtoolResult(int ExitCode, string Output);
