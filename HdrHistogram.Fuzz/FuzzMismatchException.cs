using System;

namespace HdrHistogram.Fuzz;

/// <summary>Raised by a target when two ways of doing the same thing disagree, or a round trip loses something.</summary>
internal sealed class FuzzMismatchException : Exception
{
    public FuzzMismatchException(string message)
        : base(message)
    {
    }
}
