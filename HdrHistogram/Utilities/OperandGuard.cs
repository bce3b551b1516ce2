using System.Diagnostics.CodeAnalysis;

namespace HdrHistogram.Utilities;

/// <summary>The check of the other operand of an operation on two histograms (an add, a copy into, a subtraction).</summary>
internal static class OperandGuard
{
    /// <summary>Returns <paramref name="operand"/> when it is not null.</summary>
    /// <param name="operand">The other histogram.</param>
    /// <param name="parameterName">The name of the operation's parameter, for the exception.</param>
    /// <returns><paramref name="operand"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="operand"/> is null.</exception>
    public static T NotNull<T>([NotNull] T? operand, string parameterName)
        where T : class
        => operand ?? throw new ArgumentNullException(parameterName);
}
