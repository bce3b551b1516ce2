using System.Text;

namespace HdrHistogram.Text;

/// <content>The net8+ parts of <see cref="JavaFormat"/>: span-based formatting and writing, no allocation.</content>
internal static partial class JavaFormat
{
    /// <summary>
    /// Writes the shortest round-trip string of a non-negative <paramref name="value"/>, which on .NET Core 3.0 and
    /// later is what <c>"R"</c> gives: the same digits Java's <c>Double.toString</c> picks.
    /// </summary>
    private static int FormatRoundTrip(double value, Span<char> destination)
    {
        if (!value.TryFormat(destination, out var charsWritten, "R", CultureInfo.InvariantCulture))
        {
            // Cannot happen: the buffer is sized for the longest round-trip string.
            throw new InvalidOperationException("The round-trip buffer is too small.");
        }

        return charsWritten;
    }

    private static void AppendChars(StringBuilder builder, ReadOnlySpan<char> text) => builder.Append(text);

    private static void WriteChars(TextWriter writer, ReadOnlySpan<char> text) => writer.Write(text);
}
