using System.Text;

namespace HdrHistogram.Text;

internal static partial class JavaFormat
{
    /// <summary>The first millisecond of year 1 and the last of year 9999 (UTC): what <see cref="DateTimeOffset"/> covers.</summary>
    private const long FirstDateTimeMillisecond = -62_135_596_800_000;

    private const long LastDateTimeMillisecond = 253_402_300_799_999;

    private const long MillisecondsPerDay = 86_400_000;

    /// <summary>
    /// Whether <paramref name="epochMilliseconds"/> is within a day of the years 1 to 9999 (so that its local time in
    /// any zone may fall outside them): <see cref="DateToString(long, TimeZoneInfo)"/> then computes the date itself.
    /// </summary>
    private static bool IsBeyondDateTime(long epochMilliseconds)
        => epochMilliseconds < FirstDateTimeMillisecond + MillisecondsPerDay || epochMilliseconds > LastDateTimeMillisecond - MillisecondsPerDay;

    /// <summary>
    /// Java's <c>Date.toString()</c> for any timestamp, beyond what <see cref="DateTimeOffset"/> covers: the proleptic
    /// Gregorian date computed from the day number (Java's calendar after 1582, so years after 9999 print exactly as
    /// in Java, up to year 292278994 for <see cref="long.MaxValue"/>); before year 1 the year is printed as Java prints
    /// it, as the year of the era (1 BC is 1). A zone other than UTC is taken at its base offset (its rules for such
    /// dates are unknown).
    /// </summary>
    private static string FarDateToString(long epochMilliseconds, TimeZoneInfo timeZone)
    {
        TimeSpan offset = IsUtcZone(timeZone.Id) ? TimeSpan.Zero : timeZone.BaseUtcOffset;
        long seconds = FloorDivide(epochMilliseconds, 1000) + (long)offset.TotalSeconds;
        long days = FloorDivide(seconds, 86_400);
        long secondOfDay = seconds - (days * 86_400);
        CivilFromDays(days, out long year, out int month, out int day);

        var builder = new StringBuilder(48);
        builder.Append(DayNames[(int)FloorModulo(days + 4, 7)]).Append(' '); // 1970-01-01 was a Thursday
        builder.Append(MonthNames[month - 1]).Append(' ');
        AppendTwoDigits(builder, day).Append(' ');
        AppendTwoDigits(builder, (int)(secondOfDay / 3600)).Append(':');
        AppendTwoDigits(builder, (int)(secondOfDay / 60 % 60)).Append(':');
        AppendTwoDigits(builder, (int)(secondOfDay % 60)).Append(' ');
        builder.Append(ZoneName(timeZone, offset)).Append(' ');
        builder.Append((year >= 1 ? year : 1 - year).ToString(CultureInfo.InvariantCulture));
        return builder.ToString();
    }

    /// <summary>The proleptic Gregorian date of day <paramref name="days"/> after 1970-01-01 (H. Hinnant's civil_from_days).</summary>
    private static void CivilFromDays(long days, out long year, out int month, out int day)
    {
        long z = days + 719_468;
        long era = FloorDivide(z, 146_097);
        long dayOfEra = z - (era * 146_097);                                                        // [0, 146096]
        long yearOfEra = (dayOfEra - (dayOfEra / 1460) + (dayOfEra / 36_524) - (dayOfEra / 146_096)) / 365; // [0, 399]
        long dayOfYear = dayOfEra - ((365 * yearOfEra) + (yearOfEra / 4) - (yearOfEra / 100));    // [0, 365], from March 1
        long monthFromMarch = ((5 * dayOfYear) + 2) / 153;                                          // [0, 11]
        day = (int)(dayOfYear - (((153 * monthFromMarch) + 2) / 5) + 1);
        month = (int)(monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9);
        year = yearOfEra + (era * 400) + (month <= 2 ? 1 : 0);
    }

    private static long FloorDivide(long value, long divisor)
    {
        long quotient = value / divisor;
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient;
    }

    private static long FloorModulo(long value, long divisor) => value - (FloorDivide(value, divisor) * divisor);
}
