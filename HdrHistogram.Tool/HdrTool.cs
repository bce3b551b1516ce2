using System;
using System.Collections.Generic;
using System.CommandLine;
using System.CommandLine.Invocation;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading;
using HdrHistogram.Tool.Cli;
using HdrHistogram.Utilities;

namespace HdrHistogram.Tool;

/// <summary>The <c>hdr</c> command: parses the command line, runs the command and turns every failure into one line on standard error.</summary>
internal static class HdrTool
{
    /// <summary>The exit code of a run interrupted by Ctrl+C (128 + SIGINT, as shells report it).</summary>
    public const int Interrupted = 130;

    private static readonly char[] LineBreaks = { '\r', '\n' };
    private static readonly Regex ParameterSuffix = new(@"\s*\(Parameter '[^']*'\)|\s*Actual value was [^\r\n]*", RegexOptions.CultureInvariant);

    /// <summary>Runs the tool; returns the process exit code.</summary>
    public static int Run(IReadOnlyList<string> args, ToolConsole console, CancellationToken cancellation = default)
    {
        string command = "hdr";
        try
        {
            var root = ToolCommandLine.Create(console);

            // "hdr help [command]" as "hdr [command] --help".
            if (args.Count > 0 && args[0] == "help")
            {
                args = args.Skip(1).Append("--help").ToList();
            }

            var result = root.Parse(args, new ParserConfiguration { EnablePosixBundling = false });
            command = ParseErrors.Path(result.CommandResult.Command);
            if (result.Action is ParseErrorAction)
            {
                throw ToolException.Usage(ParseErrors.Describe(result));
            }

            var invocation = new InvocationConfiguration
            {
                Output = console.Out,
                Error = console.Error,
                EnableDefaultExceptionHandler = false,

                // Ctrl+C cancels the token the commands check; only for the real process (tests pass their own token).
                ProcessTerminationTimeout = console.HandlesTermination ? TimeSpan.FromSeconds(5) : null,
            };
            return result.InvokeAsync(invocation, cancellation).GetAwaiter().GetResult();
        }
        catch (OperationCanceledException)
        {
            Flush(console);
            console.Error.WriteLine(command + ": interrupted");
            return Interrupted;
        }
        catch (Exception e) when (IsReportable(e))
        {
            Flush(console);
            int exitCode = e is ToolException tool ? tool.ExitCode : ToolException.RuntimeError;
            console.Error.WriteLine(command + ": error: " + TextExcerpt.Clean(OneLine(Describe(e))));
            return exitCode;
        }
        catch (Exception e)
        {
            // Not expected: still one line, never a stack trace.
            Flush(console);
            console.Error.WriteLine("hdr: internal error: " + e.GetType().Name + ": " + OneLine(e.Message));
            return 70;
        }
        finally
        {
            Flush(console);
        }
    }

    /// <summary>Collapses a message onto one line.</summary>
    public static string OneLine(string message)
        => string.Join(" ", message.Split(LineBreaks, StringSplitOptions.RemoveEmptyEntries).Select(s => s.Trim()));

    private static void Flush(ToolConsole console)
    {
        try
        {
            console.Out.Flush();
        }
        catch (IOException)
        {
        }
    }

    /// <summary>Whether <paramref name="e"/> is reported as a one-line error with its own message (not an internal error).</summary>
    internal static bool IsReportable(Exception e)
        => e is ToolException or HistogramFormatException or IOException or UnauthorizedAccessException
            or ArgumentException or InvalidOperationException or NotSupportedException or OverflowException
            or DllNotFoundException
            || MissingNativeLibrary(e) is not null;

    /// <summary>
    /// The <see cref="DllNotFoundException"/> behind <paramref name="e"/> when a type initializer failed because a native
    /// library is missing (how SkiaSharp fails, for <c>plot</c> and <c>report</c>, on a platform without its native part).
    /// </summary>
    private static DllNotFoundException? MissingNativeLibrary(Exception e)
    {
        // A type initializer that touches another failing one nests them.
        Exception? inner = e;
        while (inner is TypeInitializationException initializer)
        {
            inner = initializer.InnerException;
        }

        return e is TypeInitializationException ? inner as DllNotFoundException : null;
    }

    /// <summary>The message of <paramref name="e"/> for users (no .NET parameter names).</summary>
    public static string Describe(Exception e) => e switch
    {
        FileNotFoundException f => "file not found: " + (f.FileName ?? f.Message),
        DirectoryNotFoundException d => "directory not found: " + d.Message,

        // .NET appends " (Parameter 'name')" and "Actual value was ..." to argument errors: words for developers.
        ArgumentException a => ParameterSuffix.Replace(a.Message, string.Empty),
        DllNotFoundException missing => NativeLibraryMessage(missing),
        _ when MissingNativeLibrary(e) is { } missing => NativeLibraryMessage(missing),
        _ => e.Message,
    };

    private static string NativeLibraryMessage(DllNotFoundException missing)
        => "a native library this command needs cannot be loaded on this platform (drawing needs SkiaSharp's native "
            + "library for this OS and architecture): " + missing.Message;
}
