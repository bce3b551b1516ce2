using System;

namespace HdrHistogram.Tool;

/// <summary>An error the tool reports as one line on standard error, with an exit code.</summary>
internal sealed class ToolException : Exception
{
    public const int RuntimeError = 1;
    public const int UsageError = 2;

    public ToolException(string message, int exitCode = RuntimeError)
        : base(message)
    {
        ExitCode = exitCode;
    }

    public ToolException()
    {
    }

    public ToolException(string message, Exception innerException)
        : base(message, innerException)
    {
        ExitCode = RuntimeError;
    }

    public int ExitCode { get; } = RuntimeError;

    public static ToolException Usage(string message) => new(message, UsageError);
}
