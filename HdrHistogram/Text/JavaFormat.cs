using System.Diagnostics.CodeAnalysis;
using System.Text;

namespace HdrHistogram.Text;

/// <summary>
/// Emulates the few <c>java.util.Formatter</c> conversions (with <c>Locale.US</c>) and <c>java.util.Date.toString()</c>
/// that HdrHistogram's text output uses, so that .NET output matches Java byte for byte, whatever the current culture.
/// </summary>
/// <remarks>
/// <para>
/// Java formats <c>%.Nf</c> by rounding the decimal digits that <c>Double.toString</c> would print (the shortest
/// decimal that round-trips to the double) half-up; it never looks at the exact binary value. .NET's <c>"F"</c>
/// format rounds the exact binary value instead, so 1.0005 (really 1.000499999...) gives .NET "1.000" but Java "1.001".
/// This class takes the shortest round-trip digits (.NET's <c>"R"</c>) and rounds those digits half-up.
/// </para>
/// <para>
/// That is exactly what JDK 21 and later do (JDK-8300869). JDK 20 and earlier took their digits from the older
/// <c>FloatingDecimal</c> algorithm, which for some large values produced longer or differently rounded digits
/// (JDK 17 prints <c>%.0f</c> of 1e23 as "99999999999999990000000", JDK 21 as "100000000000000000000000"); in a
/// million random samples checked against JDK 17, every difference was at or above 1e16.
/// </para>
/// <para>
/// On net8+ the numeric formatting allocates nothing, and so does the netstandard2.0 build when it runs on .NET Core
/// 3.0 or later (through <c>Utf8Formatter</c>); on .NET Framework each double costs one short string.
/// </para>
/// </remarks>
internal static partial class JavaFormat
{
    /// <summary>The largest number of fraction digits accepted by the fixed-point formatters.</summary>
    public const int MaxFractionDigits = 20;

    /// <summary>
    /// Enough characters for any fixed-point result without width padding: a sign, 309 integer digits for
    /// <see cref="double.MaxValue"/>, the point and <see cref="MaxFractionDigits"/> fraction digits. Callers can
    /// <c>stackalloc</c> this many chars.
    /// </summary>
    public const int MaxFixedChars = 350;

    /// <summary>Enough characters for any <see cref="long"/>: a sign and 19 digits.</summary>
    public const int MaxIntegerChars = 20;

    // The longest round-trip string of a non-negative double is "1.7976931348623157E+308" (23 chars).
    private const int RoundTripBufferChars = 32;

    private static readonly string[] DayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

    private static readonly string[] MonthNames =
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

    // Time zone ids whose Java short display name is "UTC"; every other zone gets a GMT offset name.
    private static readonly string[] UtcZoneIds =
        ["UTC", "Etc/UTC", "UCT", "Etc/UCT", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu"];

    /// <summary>
    /// Formats <paramref name="value"/> like Java's <c>String.format(Locale.US, "%.Nf", value)</c>.
    /// </summary>
    /// <param name="value">The value to format.</param>
    /// <param name="fractionDigits">N, the number of digits after the point (0 to <see cref="MaxFractionDigits"/>).</param>
    /// <param name="destination">Receives the characters; <see cref="MaxFixedChars"/> is always enough.</param>
    /// <returns>The number of characters written.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="fractionDigits"/> is out of range.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too small.</exception>
    public static int FormatFixed(double value, int fractionDigits, Span<char> destination)
    {
        if (!TryFormatFixed(value, fractionDigits, destination, out var charsWritten))
        {
            throw new ArgumentException("The destination is too small for the formatted value.", nameof(destination));
        }

        return charsWritten;
    }

    /// <summary>
    /// Formats <paramref name="value"/> like Java's <c>String.format(Locale.US, "%.Nf", value)</c>, if it fits.
    /// </summary>
    /// <param name="value">The value to format.</param>
    /// <param name="fractionDigits">N, the number of digits after the point (0 to <see cref="MaxFractionDigits"/>).</param>
    /// <param name="destination">Receives the characters; <see cref="MaxFixedChars"/> is always enough.</param>
    /// <param name="charsWritten">The number of characters written, or 0 when the result does not fit.</param>
    /// <returns><see langword="true"/> when the result fitted into <paramref name="destination"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="fractionDigits"/> is out of range.</exception>
    public static bool TryFormatFixed(double value, int fractionDigits, Span<char> destination, out int charsWritten)
    {
        if ((uint)fractionDigits > MaxFractionDigits)
        {
            throw new ArgumentOutOfRangeException(
                nameof(fractionDigits), fractionDigits, "The number of fraction digits must be between 0 and 20.");
        }

        if (double.IsNaN(value))
        {
            return TryCopy("NaN", destination, out charsWritten);
        }

        if (double.IsInfinity(value))
        {
            return TryCopy(value > 0 ? "Infinity" : "-Infinity", destination, out charsWritten);
        }

        // The sign bit, not "value < 0": Java prints -0.0, and negatives that round to zero, as "-0.000".
        var negative = BitConverter.DoubleToInt64Bits(value) < 0;

        Span<char> digits = stackalloc char[RoundTripBufferChars];
        var magnitude = Math.Abs(value);
        var length = IsJdk17LongDigitsCase(magnitude)
            ? FormatJdk17LongDigits(magnitude, digits)
            : FormatRoundTrip(magnitude, digits);
        var digitCount = ParseRoundTrip(digits.Slice(0, length), out var pointPosition);
        digitCount = RoundHalfUp(digits, digitCount, fractionDigits, ref pointPosition);
        return TryWriteFixed(negative, digits.Slice(0, digitCount), pointPosition, fractionDigits, destination, out charsWritten);
    }

    /// <summary>
    /// Formats <paramref name="value"/> like Java's <c>String.format(Locale.US, "%W.Nf", value)</c> into a new string.
    /// Allocates: meant for tests and cold paths.
    /// </summary>
    /// <param name="value">The value to format.</param>
    /// <param name="fractionDigits">N, the number of digits after the point (0 to <see cref="MaxFractionDigits"/>).</param>
    /// <param name="width">W, the minimum width; shorter results are left-padded with spaces, longer ones are kept whole.</param>
    /// <returns>The formatted value.</returns>
    public static string Format(double value, int fractionDigits, int width = 0)
    {
        CheckWidth(width);
        Span<char> buffer = stackalloc char[MaxFixedChars];
        var length = FormatFixed(value, fractionDigits, buffer);
        return buffer.Slice(0, length).ToString().PadLeft(width);
    }

    /// <summary>Appends <paramref name="value"/> formatted like Java's <c>%W.Nf</c>.</summary>
    /// <param name="builder">The builder to append to.</param>
    /// <param name="value">The value to format.</param>
    /// <param name="fractionDigits">N, the number of digits after the point (0 to <see cref="MaxFractionDigits"/>).</param>
    /// <param name="width">W, the minimum width; shorter results are left-padded with spaces, longer ones are kept whole.</param>
    public static void AppendFixed(StringBuilder builder, double value, int fractionDigits, int width = 0)
    {
        CheckTarget(builder, nameof(builder), width);
        Span<char> buffer = stackalloc char[MaxFixedChars];
        var length = FormatFixed(value, fractionDigits, buffer);
        AppendPadded(builder, buffer.Slice(0, length), width);
    }

    /// <summary>Writes <paramref name="value"/> formatted like Java's <c>%W.Nf</c>.</summary>
    /// <param name="writer">The writer to write to.</param>
    /// <param name="value">The value to format.</param>
    /// <param name="fractionDigits">N, the number of digits after the point (0 to <see cref="MaxFractionDigits"/>).</param>
    /// <param name="width">W, the minimum width; shorter results are left-padded with spaces, longer ones are kept whole.</param>
    public static void WriteFixed(TextWriter writer, double value, int fractionDigits, int width = 0)
    {
        CheckTarget(writer, nameof(writer), width);
        Span<char> buffer = stackalloc char[MaxFixedChars];
        var length = FormatFixed(value, fractionDigits, buffer);
        WritePadded(writer, buffer.Slice(0, length), width);
    }

    /// <summary>Formats <paramref name="value"/> like Java's <c>%d</c>: plain digits, a leading '-' when negative.</summary>
    /// <param name="value">The value to format.</param>
    /// <param name="destination">Receives the characters; <see cref="MaxIntegerChars"/> is always enough.</param>
    /// <returns>The number of characters written.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too small.</exception>
    public static int FormatInteger(long value, Span<char> destination)
    {
        if (!TryFormatInteger(value, destination, out var charsWritten))
        {
            throw new ArgumentException("The destination is too small for the formatted value.", nameof(destination));
        }

        return charsWritten;
    }

    /// <summary>Formats <paramref name="value"/> like Java's <c>%d</c>, if it fits.</summary>
    /// <param name="value">The value to format.</param>
    /// <param name="destination">Receives the characters; <see cref="MaxIntegerChars"/> is always enough.</param>
    /// <param name="charsWritten">The number of characters written, or 0 when the result does not fit.</param>
    /// <returns><see langword="true"/> when the result fitted into <paramref name="destination"/>.</returns>
    public static bool TryFormatInteger(long value, Span<char> destination, out int charsWritten)
    {
        // Work on the magnitude as ulong so that long.MinValue needs no special case.
        var magnitude = value < 0 ? (ulong)(-(value + 1)) + 1 : (ulong)value;
        var length = value < 0 ? 2 : 1;
        for (var rest = magnitude / 10; rest != 0; rest /= 10)
        {
            length++;
        }

        if (length > destination.Length)
        {
            charsWritten = 0;
            return false;
        }

        if (value < 0)
        {
            destination[0] = '-';
        }

        var position = length;
        do
        {
            destination[--position] = (char)('0' + (int)(magnitude % 10));
            magnitude /= 10;
        }
        while (magnitude != 0);

        charsWritten = length;
        return true;
    }

    /// <summary>
    /// Formats <paramref name="value"/> like Java's <c>String.format("%Wd", value)</c> into a new string.
    /// Allocates: meant for tests and cold paths.
    /// </summary>
    /// <param name="value">The value to format.</param>
    /// <param name="width">W, the minimum width; shorter results are left-padded with spaces, longer ones are kept whole.</param>
    /// <returns>The formatted value.</returns>
    public static string FormatInteger(long value, int width = 0)
    {
        CheckWidth(width);
        Span<char> buffer = stackalloc char[MaxIntegerChars];
        var length = FormatInteger(value, buffer);
        return buffer.Slice(0, length).ToString().PadLeft(width);
    }

    /// <summary>Appends <paramref name="value"/> formatted like Java's <c>%Wd</c>.</summary>
    /// <param name="builder">The builder to append to.</param>
    /// <param name="value">The value to format.</param>
    /// <param name="width">W, the minimum width; shorter results are left-padded with spaces, longer ones are kept whole.</param>
    public static void AppendInteger(StringBuilder builder, long value, int width = 0)
    {
        CheckTarget(builder, nameof(builder), width);
        Span<char> buffer = stackalloc char[MaxIntegerChars];
        var length = FormatInteger(value, buffer);
        AppendPadded(builder, buffer.Slice(0, length), width);
    }

    /// <summary>Writes <paramref name="value"/> formatted like Java's <c>%Wd</c>.</summary>
    /// <param name="writer">The writer to write to.</param>
    /// <param name="value">The value to format.</param>
    /// <param name="width">W, the minimum width; shorter results are left-padded with spaces, longer ones are kept whole.</param>
    public static void WriteInteger(TextWriter writer, long value, int width = 0)
    {
        CheckTarget(writer, nameof(writer), width);
        Span<char> buffer = stackalloc char[MaxIntegerChars];
        var length = FormatInteger(value, buffer);
        WritePadded(writer, buffer.Slice(0, length), width);
    }

    /// <summary>Appends <paramref name="value"/> like Java's <c>%Ws</c>: left-padded, never truncated, null as "null".</summary>
    /// <param name="builder">The builder to append to.</param>
    /// <param name="value">The text to append.</param>
    /// <param name="width">W, the minimum width.</param>
    public static void AppendPadded(StringBuilder builder, string? value, int width)
    {
        CheckTarget(builder, nameof(builder), width);
        AppendPadded(builder, (value ?? "null").AsSpan(), width);
    }

    /// <summary>Writes <paramref name="value"/> like Java's <c>%Ws</c>: left-padded, never truncated, null as "null".</summary>
    /// <param name="writer">The writer to write to.</param>
    /// <param name="value">The text to write.</param>
    /// <param name="width">W, the minimum width.</param>
    public static void WritePadded(TextWriter writer, string? value, int width)
    {
        CheckTarget(writer, nameof(writer), width);
        var text = value ?? "null";
        WriteSpaces(writer, width - text.Length);
        writer.Write(text);
    }

    /// <summary>
    /// Formats a millisecond epoch timestamp like Java's <c>new Date(epochMilliseconds).toString()</c> with the
    /// default time zone set to UTC, e.g. 1700000000000 gives "Tue Nov 14 22:13:20 UTC 2023".
    /// </summary>
    /// <param name="epochMilliseconds">Milliseconds since 1970-01-01T00:00:00Z.</param>
    /// <returns>The text, in the pattern <c>EEE MMM dd HH:mm:ss zzz yyyy</c> with English names.</returns>
    public static string DateToString(long epochMilliseconds) => DateToString(epochMilliseconds, TimeZoneInfo.Utc);

    /// <summary>
    /// Formats a millisecond epoch timestamp like Java's <c>new Date(epochMilliseconds).toString()</c> with
    /// <paramref name="timeZone"/> as the default time zone.
    /// </summary>
    /// <remarks>
    /// Java prints the zone's short name, which .NET has no portable source for. UTC zones ("UTC", "Etc/UTC",
    /// <see cref="TimeZoneInfo.Utc"/>, ...) print "UTC" as in Java; any other zone prints its offset at that instant
    /// the way Java names zones it has no abbreviation for: "GMT" for a zero offset, else "GMT+05:30" or "GMT-08:00".
    /// So a named zone such as America/New_York prints "GMT-05:00" where Java would print "EST". Java also switches to
    /// the Julian calendar before 1582-10-15; this method stays proleptic Gregorian. Any timestamp is accepted: within
    /// a day of the years 1 to 9999 and beyond, the date is computed from the day number (years after 9999 print as in
    /// Java, up to 292278994; before year 1 the year of the era is printed, as Java does), a non-UTC zone at its base
    /// offset.
    /// </remarks>
    /// <param name="epochMilliseconds">Milliseconds since 1970-01-01T00:00:00Z.</param>
    /// <param name="timeZone">The zone whose local time is printed.</param>
    /// <returns>The text, in the pattern <c>EEE MMM dd HH:mm:ss zzz yyyy</c> with English names.</returns>
    public static string DateToString(long epochMilliseconds, TimeZoneInfo timeZone)
    {
        if (timeZone is null)
        {
            throw new ArgumentNullException(nameof(timeZone));
        }

        if (IsBeyondDateTime(epochMilliseconds))
        {
            return FarDateToString(epochMilliseconds, timeZone);
        }

        var local = TimeZoneInfo.ConvertTime(DateTimeOffset.FromUnixTimeMilliseconds(epochMilliseconds), timeZone);
        var builder = new StringBuilder(40);
        builder.Append(DayNames[(int)local.DayOfWeek]).Append(' ');
        builder.Append(MonthNames[local.Month - 1]).Append(' ');
        AppendTwoDigits(builder, local.Day).Append(' ');
        AppendTwoDigits(builder, local.Hour).Append(':');
        AppendTwoDigits(builder, local.Minute).Append(':');
        AppendTwoDigits(builder, local.Second).Append(' ');
        builder.Append(ZoneName(timeZone, local.Offset)).Append(' ');
        builder.Append(local.Year.ToString(CultureInfo.InvariantCulture)); // Java prints the year unpadded
        return builder.ToString();
    }

    /// <summary>
    /// Whether JDK 17's <c>FloatingDecimal</c> takes its integer fast path for <paramref name="magnitude"/>: a whole
    /// number with a binary exponent of 0 to 62. The golden files were made on JDK 17, whose digits there are not the
    /// shortest round-trip ones for values of 2^53 and above (2^55 prints as 36028797018963968, not ...970).
    /// </summary>
    private static bool IsJdk17LongDigitsCase(double magnitude)
        => magnitude >= 1.0 && magnitude < 9.2233720368547758E18 && Math.Floor(magnitude) == magnitude;

    /// <summary>
    /// The digits JDK 17 develops on its integer fast path (<c>developLongDigits</c>): the exact integer, with the
    /// low-order digits that a double of this exponent cannot distinguish rounded half-up and written as zeros.
    /// </summary>
    private static int FormatJdk17LongDigits(double magnitude, Span<char> destination)
    {
        var value = (long)magnitude;
        var binaryExponent = 63 - Bitwise.LeadingZeroCount((ulong)value);

        // Java: insignificantDigitsForPow2(binExp - nSignificantBits - 1) with 53 significant bits.
        var insignificantDigits = binaryExponent > 53 ? InsignificantDigitsForPow2(binaryExponent - 54) : 0;
        long pow10 = 1;
        for (var i = 0; i < insignificantDigits; i++)
        {
            pow10 *= 10;
        }

        if (insignificantDigits != 0)
        {
            var residue = value % pow10;
            value /= pow10;
            if (residue >= pow10 >> 1)
            {
                value++;
            }
        }

        // Digits of the rounded value, then the dropped places as zeros.
        Span<char> reversed = stackalloc char[MaxIntegerChars];
        var count = 0;
        do
        {
            reversed[count++] = (char)('0' + (int)(value % 10));
            value /= 10;
        }
        while (value != 0);

        var length = 0;
        for (var i = count - 1; i >= 0; i--)
        {
            destination[length++] = reversed[i];
        }

        for (var i = 0; i < insignificantDigits; i++)
        {
            destination[length++] = '0';
        }

        return length;
    }

    /// <summary>
    /// JDK 17's <c>insignificantDigitsForPow2</c>: the number of decimal digits of 2^<paramref name="p2"/> less one,
    /// for 1 &lt; p2 &lt; 63 (the only range the integer fast path reaches), else 0.
    /// </summary>
    private static int InsignificantDigitsForPow2(int p2)
    {
        if (p2 <= 1 || p2 >= 63)
        {
            return 0;
        }

        var insignificant = 1UL << p2;
        var digits = 0;
        for (; insignificant >= 10; digits++)
        {
            insignificant /= 10;
        }

        return digits;
    }

    /// <summary>
    /// Splits a round-trip string ("1234.5", "0.0625", "1.5E-05") in place into its significant digits, which end up
    /// at the start of <paramref name="text"/>, and the point position: the value is 0.DIGITS x 10^pointPosition.
    /// </summary>
    private static int ParseRoundTrip(Span<char> text, out int pointPosition)
    {
        var count = 0;
        var position = 0;
        var afterPoint = false;
        var index = 0;
        for (; index < text.Length; index++)
        {
            var c = text[index];
            if (c == '.')
            {
                afterPoint = true;
            }
            else if (c is 'E' or 'e')
            {
                break;
            }
            else if (count == 0 && c == '0')
            {
                // A leading zero is not significant; after the point it moves the point one place left.
                if (afterPoint)
                {
                    position--;
                }
            }
            else
            {
                // Never overwrites unread text: count <= index.
                text[count++] = c;
                if (!afterPoint)
                {
                    position++;
                }
            }
        }

        if (index < text.Length)
        {
            position += ParseExponent(text.Slice(index + 1));
        }

        pointPosition = count == 0 ? 0 : position;
        return count;
    }

    private static int ParseExponent(ReadOnlySpan<char> text)
    {
        var negative = text.Length > 0 && text[0] == '-';
        var start = text.Length > 0 && (text[0] is '-' or '+') ? 1 : 0;
        var exponent = 0;
        for (var i = start; i < text.Length; i++)
        {
            exponent = (exponent * 10) + (text[i] - '0');
        }

        return negative ? -exponent : exponent;
    }

    /// <summary>
    /// Rounds 0.DIGITS x 10^pointPosition half-up to <paramref name="fractionDigits"/> places after the point, the way
    /// Java's Formatter does, and returns the number of digits left (0 when the result is zero).
    /// </summary>
    private static int RoundHalfUp(Span<char> digits, int count, int fractionDigits, ref int pointPosition)
    {
        var keep = pointPosition + fractionDigits;
        if (keep >= count)
        {
            return count; // every digit is printed: nothing to round
        }

        if (keep < 0)
        {
            return 0; // the first dropped place is a leading zero, so the value is below half a unit
        }

        var roundUp = digits[keep] >= '5';
        count = keep;
        if (!roundUp)
        {
            return count;
        }

        // Add one unit in the last kept place; a 9 that carries becomes a trailing zero, which need not be stored.
        for (var i = count - 1; i >= 0; i--)
        {
            if (digits[i] != '9')
            {
                digits[i]++;
                return i + 1;
            }
        }

        // All kept digits were 9 (or none was kept): the result is 1 in the place above the first digit.
        digits[0] = '1';
        pointPosition++;
        return 1;
    }

    /// <summary>Writes [-]INTEGER[.FRACTION] for 0.DIGITS x 10^pointPosition, padding with zeros where digits run out.</summary>
    private static bool TryWriteFixed(
        bool negative,
        ReadOnlySpan<char> digits,
        int pointPosition,
        int fractionDigits,
        Span<char> destination,
        out int charsWritten)
    {
        var integerDigits = pointPosition > 0 ? pointPosition : 1;
        var length = (negative ? 1 : 0) + integerDigits + (fractionDigits > 0 ? fractionDigits + 1 : 0);
        if (length > destination.Length)
        {
            charsWritten = 0;
            return false;
        }

        var position = 0;
        if (negative)
        {
            destination[position++] = '-';
        }

        if (pointPosition <= 0)
        {
            destination[position++] = '0';
        }
        else
        {
            for (var i = 0; i < pointPosition; i++)
            {
                destination[position++] = i < digits.Length ? digits[i] : '0';
            }
        }

        if (fractionDigits > 0)
        {
            destination[position++] = '.';
            for (var i = pointPosition; i < pointPosition + fractionDigits; i++)
            {
                destination[position++] = i >= 0 && i < digits.Length ? digits[i] : '0';
            }
        }

        charsWritten = position;
        return true;
    }

    private static bool TryCopy(string text, Span<char> destination, out int charsWritten)
    {
        if (text.AsSpan().TryCopyTo(destination))
        {
            charsWritten = text.Length;
            return true;
        }

        charsWritten = 0;
        return false;
    }

    /// <summary>Throws for a null <paramref name="target"/> (the builder or writer) or a negative width.</summary>
    private static void CheckTarget([NotNull] object? target, string parameterName, int width)
    {
        if (target is null)
        {
            throw new ArgumentNullException(parameterName);
        }

        CheckWidth(width);
    }

    private static void CheckWidth(int width)
    {
        if (width < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(width), width, "The width must not be negative.");
        }
    }

    private static void AppendPadded(StringBuilder builder, ReadOnlySpan<char> text, int width)
    {
        if (text.Length < width)
        {
            builder.Append(' ', width - text.Length);
        }

        AppendChars(builder, text);
    }

    private static void WritePadded(TextWriter writer, ReadOnlySpan<char> text, int width)
    {
        WriteSpaces(writer, width - text.Length);
        WriteChars(writer, text);
    }

    private static void WriteSpaces(TextWriter writer, int count)
    {
        for (var i = 0; i < count; i++)
        {
            writer.Write(' ');
        }
    }

    private static StringBuilder AppendTwoDigits(StringBuilder builder, int value) =>
        builder.Append((char)('0' + (value / 10))).Append((char)('0' + (value % 10)));

    private static string ZoneName(TimeZoneInfo timeZone, TimeSpan offset)
    {
        if (IsUtcZone(timeZone.Id))
        {
            return "UTC";
        }

        if (offset == TimeSpan.Zero)
        {
            return "GMT";
        }

        var minutes = (int)Math.Abs(offset.TotalMinutes);
        var builder = new StringBuilder(9).Append("GMT").Append(offset < TimeSpan.Zero ? '-' : '+');
        AppendTwoDigits(builder, minutes / 60).Append(':');
        return AppendTwoDigits(builder, minutes % 60).ToString();
    }

    private static bool IsUtcZone(string id)
    {
        if (string.Equals(id, TimeZoneInfo.Utc.Id, StringComparison.OrdinalIgnoreCase))
        {
            return true;
        }

        foreach (var utcId in UtcZoneIds)
        {
            if (string.Equals(id, utcId, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }
}
