using System;
using System.IO;
using System.Text;

namespace HdrHistogram.Tool;

/// <summary>The standard streams a command runs with: the console's, or in-memory ones in tests.</summary>
internal sealed class ToolConsole
{
    private static readonly UTF8Encoding Utf8 = new(encoderShouldEmitUTF8Identifier: false);

    public ToolConsole(Stream input, Stream output, TextWriter error, bool errorIsTerminal, TimeSpan? progressAfter = null, bool handlesTermination = false, bool inputIsTerminal = false)
    {
        InputIsTerminal = inputIsTerminal;
        HandlesTermination = handlesTermination;
        ProgressAfter = progressAfter;
        Input = input;
        OutputStream = output;
        Out = new StreamWriter(output, Utf8, 64 * 1024, leaveOpen: true) { NewLine = "\n" };
        Error = error;
        ErrorIsTerminal = errorIsTerminal;
    }

    /// <summary>Standard input, as bytes.</summary>
    public Stream Input { get; }

    /// <summary>Standard output, as bytes; flush <see cref="Out"/> before writing to it directly.</summary>
    public Stream OutputStream { get; }

    /// <summary>Standard output, as UTF-8 text (no byte order mark, <c>\n</c> line ends).</summary>
    public StreamWriter Out { get; }

    /// <summary>Standard error.</summary>
    public TextWriter Error { get; }

    /// <summary>Whether standard error is a terminal (progress lines are then rewritten in place).</summary>
    public bool ErrorIsTerminal { get; }

    /// <summary>Whether standard input is a terminal (a command reading it then prints a hint first).</summary>
    public bool InputIsTerminal { get; }

    /// <summary>How long work runs before progress lines are printed (then at most one a second); null: never.</summary>
    public TimeSpan? ProgressAfter { get; }

    /// <summary>Whether Ctrl+C (SIGINT, SIGTERM) is turned into cancellation: only for the real process.</summary>
    public bool HandlesTermination { get; }

    public static ToolConsole FromProcess()
        => new(Console.OpenStandardInput(), Console.OpenStandardOutput(), Console.Error, !Console.IsErrorRedirected, TimeSpan.FromSeconds(1), handlesTermination: true, inputIsTerminal: !Console.IsInputRedirected);
}
