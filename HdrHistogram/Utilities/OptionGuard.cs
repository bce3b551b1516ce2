namespace HdrHistogram.Utilities;

/// <summary>The check behind the options' validated setters.</summary>
internal static class OptionGuard
{
    /// <summary>Returns <paramref name="value"/> when it is at least <paramref name="minimum"/>.</summary>
    /// <param name="value">The value being set.</param>
    /// <param name="minimum">The smallest value allowed.</param>
    /// <param name="message">The exception's message when the value is too small.</param>
    /// <returns><paramref name="value"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="value"/> is below <paramref name="minimum"/> (reported as the setter's <c>value</c>).</exception>
    public static int AtLeast(int value, int minimum, string message)
        => value < minimum ? throw new ArgumentOutOfRangeException(nameof(value), value, message) : value;
}
