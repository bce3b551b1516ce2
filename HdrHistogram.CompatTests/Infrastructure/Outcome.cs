using System;

namespace HdrHistogram.CompatTests.Infrastructure;

/// <summary>What a scenario did: the text it returned, or the exception it threw.</summary>
internal sealed class Outcome
{
    private Outcome(string? result, Exception? exception)
    {
        Result = result;
        Exception = exception;
    }

    public string? Result { get; }

    public Exception? Exception { get; }

    public static Outcome Returned(string result) => new(result, null);

    public static Outcome Threw(Exception exception) => new(null, exception);

    /// <summary>Runs a scenario on this library.</summary>
    public static Outcome Ours(string name)
    {
        try
        {
            return Returned(Compat250.Behaviour.Scenarios.Run(name));
        }
        catch (Exception e)
        {
            return Threw(e);
        }
    }

    public override string ToString()
        => Exception is null ? "returned " + Result : "threw " + Exception.GetType().FullName + ": " + Exception.Message;
}
