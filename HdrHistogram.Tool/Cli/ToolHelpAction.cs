using System.CommandLine;
using System.CommandLine.Help;
using System.CommandLine.Invocation;

namespace HdrHistogram.Tool.Cli;

/// <summary>
/// Prints help: the tool's own overview for <c>hdr</c> (a one-line summary per command, which System.CommandLine's
/// generated help cannot give as it lists each command's whole description), and System.CommandLine's generated help
/// for a command, at a fixed width (so help is the same on a terminal and in a file).
/// </summary>
internal sealed class ToolHelpAction : SynchronousCommandLineAction
{
    private readonly Command _root;
    private readonly string _overview;
    private readonly HelpAction _generated = new() { MaxWidth = ToolCommandLine.HelpWidth };

    public ToolHelpAction(Command root, string overview)
    {
        _root = root;
        _overview = overview;
    }

    /// <inheritdoc />
    public override bool ClearsParseErrors => true;

    /// <inheritdoc />
    public override int Invoke(ParseResult parseResult)
    {
        var output = parseResult.InvocationConfiguration.Output;
        if (parseResult.CommandResult.Command == _root)
        {
            output.Write(_overview);
        }
        else
        {
            _generated.Invoke(parseResult);
        }

        output.Flush();
        return 0;
    }
}
