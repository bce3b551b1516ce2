using System;
using System.IO;
using System.Linq;
using System.Threading;
using FluentAssertions;

namespace HdrHistogram.Tool.Tests.Infrastructure;

/// <summary>Runs the hdr tool in-process with in-memory standard streams.</summary>
internal static class ToolRunner
{
    public static ToolResult Run(byte[]? stdin, params string[] args) => Run(stdin, null, args);

    /// <summary>Runs with progress lines after <paramref name="progressAfter"/> (none when null).</summary>
    public static ToolResult Run(byte[]? stdin, TimeSpan? progressAfter, params string[] args) => Run(stdin, progressAfter, CancellationToken.None, args);

    /// <summary>Runs with <paramref name="cancellation"/> as the Ctrl+C token.</summary>
    public static ToolResult Run(byte[]? stdin, TimeSpan? progressAfter, CancellationToken cancellation, params string[] args)
        => Run(args, (output, error) => new ToolConsole(new MemoryStream(stdin ?? Array.Empty<byte>()), output, error, errorIsTerminal: false, progressAfter), cancellation);

    public static ToolResult Run(params string[] args) => Run(null, args);

    /// <summary>Runs with standard input a terminal (holding <paramref name="stdin"/>).</summary>
    public static ToolResult RunFromTerminal(byte[] stdin, params string[] args)
        => Run(args, (output, error) => new ToolConsole(new MemoryStream(stdin), output, error, errorIsTerminal: false, inputIsTerminal: true), CancellationToken.None);

    public static byte[] Utf8(string text) => new System.Text.UTF8Encoding(false).GetBytes(text);

    // Runs the tool on a console made (by newConsole) around in-memory standard output and error.
    private static ToolResult Run(string[] args, Func<MemoryStream, StringWriter, ToolConsole> newConsole, CancellationToken cancellation)
    {
        var output = new MemoryStream();
        var error = new StringWriter { NewLine = "\n" };
        var console = newConsole(output, error);
        int exitCode = HdrTool.Run(args, console, cancellation);
        console.Out.Flush();
        return new ToolResult(exitCode, output.ToArray(), error.ToString());
    }
}

internal sealed class ToolResult
{
    public ToolResult(int exitCode, byte[] stdout, string stderr)
    {
        ExitCode = exitCode;
        Stdout = stdout;
        Stderr = stderr;
    }

    public int ExitCode { get; }

    public byte[] Stdout { get; }

    public string Text => new System.Text.UTF8Encoding(false, true).GetString(Stdout);

    public string Stderr { get; }

    public ToolResult ShouldSucceed()
    {
        ExitCode.Should().Be(0, "stderr: {0}", Stderr);
        Stderr.Should().BeEmpty();
        return this;
    }

    /// <summary>
    /// Asserts success where standard error holds only hdr process's note about the series of other tags it left out
    /// (a log that mixes tags), or nothing.
    /// </summary>
    public ToolResult ShouldSucceedNotingOtherTags()
    {
        ExitCode.Should().Be(0, "stderr: {0}", Stderr);
        Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries).Where(
            l => !System.Text.RegularExpressions.Regex.IsMatch(
                l, @"^hdr process: note: .+: [0-9]+ (untagged )?intervals?( tagged '[^']+')?( and [0-9]+ (untagged )?intervals?( tagged '[^']+')?)* (is|are) left out \(only the (untagged intervals|intervals tagged '[^']+') are processed, as Java's HistogramLogProcessor does; -tag TAG processes another series, -listtags lists them\)$"))
            .Should().BeEmpty("standard error holds only the note on other tags");
        return this;
    }

    /// <summary>
    /// Asserts a usage error: exit code 2, exactly <paramref name="stderr"/> on standard error and nothing on standard
    /// output.
    /// </summary>
    public ToolResult ShouldBeUsageError(string stderr)
    {
        ExitCode.Should().Be(2, "stderr: {0}", Stderr);
        Stderr.Should().Be(stderr);
        Stdout.Should().BeEmpty();
        return this;
    }

    /// <summary>Asserts a failure reported as exactly one line on standard error, with no stack trace.</summary>
    public ToolResult ShouldFailWithOneLine(string containing, int exitCode = 1)
    {
        ExitCode.Should().Be(exitCode, "stderr: {0}", Stderr);
        Stderr.Should().EndWith("\n").And.Contain(containing);
        Stderr.TrimEnd('\n').Should().NotContain("\n", "the error is one line");
        Stderr.Should().NotContain("   at ", "no stack trace");
        Stderr.Should().StartWith("hdr");
        return this;
    }
}
