using System.Buffers.Text;
using System.Text;

namespace HdrHistogram.Text;

/// <content>
/// The netstandard2.0 parts of <see cref="JavaFormat"/>: there is no <c>double.TryFormat</c>, nor span overloads on
/// <see cref="StringBuilder"/> and <see cref="TextWriter"/>. On .NET Core 3.0+ a double is formatted without allocating
/// (<see cref="Utf8Formatter"/>); on .NET Framework each double costs one short string.
/// </content>
internal static partial class JavaFormat
{
    // .NET Core 3.0+ gives the shortest round-trip string for "R"; .NET Framework tries 15 digits and then jumps
    // to 17, so 0.1 + 0.7 comes out as "0.79999999999999993" there instead of the shortest "0.7999999999999999".
    private static readonly bool RoundTripIsShortest =
        (0.1 + 0.7).ToString("R", CultureInfo.InvariantCulture) == "0.7999999999999999";

    [ThreadStatic]
    private static char[]? _writeBuffer;

    /// <summary>
    /// Writes the shortest round-trip string of a non-negative <paramref name="value"/>: the same digits Java's
    /// <c>Double.toString</c> picks.
    /// </summary>
    private static int FormatRoundTrip(double value, Span<char> destination)
    {
        if (RoundTripIsShortest)
        {
            // .NET Core 3.0+: Utf8Formatter's default format is the shortest round-trip string, the digits of "R",
            // written without a string.
            Span<byte> utf8 = stackalloc byte[RoundTripBufferChars];
            if (Utf8Formatter.TryFormat(value, utf8, out int written))
            {
                for (int i = 0; i < written; i++)
                {
                    destination[i] = (char)utf8[i];
                }

                return written;
            }
        }

        var text = RoundTripIsShortest ? value.ToString("R", CultureInfo.InvariantCulture) : ShortestByParsing(value);
        text.AsSpan().CopyTo(destination);
        return text.Length;
    }

    /// <summary>
    /// The shortest of 15, 16 and 17 significant digits that parses back to <paramref name="value"/>. For a normal
    /// double, "G15" is the shortest string whenever one of 15 or fewer digits exists, since "G" drops trailing zeros;
    /// a subnormal may get a longer string than the shortest, but its digits lie far beyond the 20 fraction digits
    /// printed, so the formatted result is the same.
    /// </summary>
    private static string ShortestByParsing(double value)
    {
        for (var precision = 15; precision < 17; precision++)
        {
            var text = value.ToString("G" + precision.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
            if (double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture) == value)
            {
                return text;
            }
        }

        return value.ToString("G17", CultureInfo.InvariantCulture);
    }

    private static void AppendChars(StringBuilder builder, ReadOnlySpan<char> text)
    {
        foreach (var c in text)
        {
            builder.Append(c);
        }
    }

    private static void WriteChars(TextWriter writer, ReadOnlySpan<char> text)
    {
        // One reusable array per thread, since TextWriter has no span overload here.
        var buffer = _writeBuffer ??= new char[MaxFixedChars];
        if (text.Length > buffer.Length)
        {
            buffer = text.ToArray();
        }

        text.CopyTo(buffer);
        writer.Write(buffer, 0, text.Length);
    }
}
