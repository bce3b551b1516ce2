using System.Globalization;
using System.Numerics;
using System.Text;
using HdrHistogram.Text;

namespace HdrHistogram.UnitTests.Text;

public class JavaFormatTests
{
    private static readonly string FixturePath =
        Path.Combine(AppContext.BaseDirectory, "Fixtures", "java-format-samples.txt");

    [Theory]
    // Java rounds the shortest round-trip digits half-up, not the binary value (.NET "F3" gives 1.000 here).
    [InlineData(1.0005, 3, "1.001")]
    [InlineData(0.0625, 3, "0.063")]
    [InlineData(2.675, 3, "2.675")]
    [InlineData(2.675, 2, "2.68")]
    [InlineData(2.6745, 3, "2.675")]
    [InlineData(1.005, 2, "1.01")]
    [InlineData(0.5, 0, "1")]
    [InlineData(1.5, 0, "2")]
    [InlineData(2.5, 0, "3")]
    [InlineData(0.05, 1, "0.1")]
    [InlineData(0.05, 0, "0")]
    [InlineData(0.49999999999999994, 0, "0")]
    [InlineData(999.9996, 3, "1000.000")]
    [InlineData(9.9995, 3, "10.000")]
    [InlineData(1e20, 3, "100000000000000000000.000")]
    [InlineData(1.0E-5, 3, "0.000")]
    [InlineData(3.0517578125E-5, 12, "0.000030517578")]
    [InlineData(0.1, 20, "0.10000000000000000000")]
    [InlineData(0.30000000000000004, 17, "0.30000000000000004")]
    [InlineData(0.30000000000000004, 16, "0.3000000000000000")]
    [InlineData(123.456, 0, "123")]
    [InlineData(100.0, 3, "100.000")]
    [InlineData(0.0, 3, "0.000")]
    [InlineData(0.0, 0, "0")]
    // The shortest digits of (double)long.MaxValue are 9223372036854776, padded with zeros, not 2^63's exact digits.
    [InlineData(9.223372036854776E18, 0, "9223372036854776000")]
    // Beyond 2^63 JDK 17 uses its general algorithm, which is not emulated: the shortest digits (JDK 21+) are used.
    // JDK 17 printed 99999999999999990000000. Histogram output never reaches such values.
    [InlineData(1e23, 0, "100000000000000000000000")]
    // 2^60: JDK 17 (which made the golden files) takes its integer fast path and keeps one more digit than the
    // shortest form "1152921504606847000" (verified on OpenJDK 17.0.15).
    [InlineData(1152921504606846976.0, 0, "1152921504606846980")]
    [InlineData(36028797018963968.0, 3, "36028797018963968.000")] // 2^55, exact on JDK 17
    [InlineData(4611686018427387904.0, 3, "4611686018427387900.000")] // 2^62: two digits dropped, rounded half-up
    [InlineData(9007199254740993.0, 0, "9007199254740992")]
    [InlineData(-1.5, 3, "-1.500")]
    [InlineData(-2.5, 0, "-3")]
    [InlineData(-0.0001, 3, "-0.000")]
    [InlineData(-0.0005, 3, "-0.001")]
    [InlineData(-0.0, 3, "-0.000")]
    [InlineData(-0.0, 0, "-0")]
    [InlineData(double.NaN, 3, "NaN")]
    [InlineData(double.PositiveInfinity, 3, "Infinity")]
    [InlineData(double.NegativeInfinity, 3, "-Infinity")]
    [InlineData(double.Epsilon, 20, "0.00000000000000000000")]
    [InlineData(2.2250738585072014E-308, 3, "0.000")]
    public void Format_matches_java(double value, int fractionDigits, string expected)
    {
        Assert.Equal(expected, JavaFormat.Format(value, fractionDigits));
        Assert.Equal(expected, FormatIntoSpan(value, fractionDigits));
    }

    [Theory]
    [InlineData(1.5, 3, 12, "       1.500")]
    [InlineData(-1.5, 3, 12, "      -1.500")]
    [InlineData(123.456, 3, 2, "123.456")]
    [InlineData(123.456, 3, 7, "123.456")]
    [InlineData(123.456, 3, 8, " 123.456")]
    [InlineData(0.999023437500, 12, 2, "0.999023437500")]
    [InlineData(double.NaN, 3, 10, "       NaN")]
    [InlineData(double.PositiveInfinity, 2, 10, "  Infinity")]
    [InlineData(double.NegativeInfinity, 3, 12, "   -Infinity")]
    public void Width_left_pads_and_never_truncates(double value, int fractionDigits, int width, string expected)
    {
        Assert.Equal(expected, JavaFormat.Format(value, fractionDigits, width));

        var builder = new StringBuilder("x");
        JavaFormat.AppendFixed(builder, value, fractionDigits, width);
        Assert.Equal("x" + expected, builder.ToString());

        using var writer = new StringWriter(CultureInfo.InvariantCulture);
        JavaFormat.WriteFixed(writer, value, fractionDigits, width);
        Assert.Equal(expected, writer.ToString());
    }

    [Fact]
    public void Largest_magnitudes_print_in_full_without_exponent()
    {
        var maxDigits = "17976931348623157" + new string('0', 309 - 17);
        Assert.Equal(maxDigits + ".000", JavaFormat.Format(double.MaxValue, 3));
        Assert.Equal("-" + maxDigits + "." + new string('0', 20), JavaFormat.Format(-double.MaxValue, 20));
        Assert.Equal("1" + new string('0', 300) + ".0", JavaFormat.Format(1e300, 1));
        Assert.Equal("123456789012345680", JavaFormat.Format(123456789012345678.0, 0));
    }

    [Fact]
    public void Smallest_magnitudes_round_to_zero_or_show_their_digits()
    {
        Assert.Equal("0.000000100000", JavaFormat.Format(1e-7, 12));
        Assert.Equal("0.00000000000000000001", JavaFormat.Format(1e-20, 20));
        Assert.Equal("0.00000000000000000001", JavaFormat.Format(5e-21, 20));
        Assert.Equal("0.00000000000000000000", JavaFormat.Format(4.9e-21, 20));
        Assert.Equal("-0.00000000000000000000", JavaFormat.Format(-1e-300, 20));
    }

    [Fact]
    public void MaxFixedChars_is_enough_for_every_double()
    {
        // The longest fixed-point text: a sign, the 309 integer digits of double.MaxValue (Java prints its shortest
        // round-trip digits, 17976931348623157, then zeros), the point and the most fraction digits.
        string longest = "-17976931348623157" + new string('0', 309 - 17) + "." + new string('0', JavaFormat.MaxFractionDigits);
        Span<char> buffer = stackalloc char[JavaFormat.MaxFixedChars];
        var length = JavaFormat.FormatFixed(-double.MaxValue, JavaFormat.MaxFractionDigits, buffer);
        Assert.Equal(longest, buffer.Slice(0, length).ToString());
        Assert.InRange(longest.Length, 1, JavaFormat.MaxFixedChars);
    }

    [Fact]
    public void Too_small_destination_is_reported()
    {
        var buffer = new char[5];
        Assert.False(JavaFormat.TryFormatFixed(123.456, 3, buffer, out var written));
        Assert.Equal(0, written);
        Assert.False(JavaFormat.TryFormatFixed(double.NegativeInfinity, 3, buffer, out written));
        Assert.Equal(0, written);
        Assert.Throws<ArgumentException>(() => JavaFormat.FormatFixed(123.456, 3, buffer));

        Assert.True(JavaFormat.TryFormatFixed(12.5, 1, buffer.AsSpan(0, 4), out written));
        Assert.Equal("12.5", new string(buffer, 0, written));

        Assert.False(JavaFormat.TryFormatInteger(-12345, buffer, out written));
        Assert.Equal(0, written);
        Assert.Throws<ArgumentException>(() => JavaFormat.FormatInteger(123456, buffer));
    }

    [Fact]
    public void Invalid_arguments_are_rejected()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => JavaFormat.Format(1.0, -1));
        Assert.Throws<ArgumentOutOfRangeException>(() => JavaFormat.Format(1.0, JavaFormat.MaxFractionDigits + 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => JavaFormat.Format(1.0, 3, -1));
        Assert.Throws<ArgumentOutOfRangeException>(() => JavaFormat.FormatInteger(1, -1));
        Assert.Throws<ArgumentNullException>(() => JavaFormat.AppendFixed(null!, 1.0, 3));
        Assert.Throws<ArgumentNullException>(() => JavaFormat.WriteFixed(null!, 1.0, 3));
        Assert.Throws<ArgumentNullException>(() => JavaFormat.WriteInteger(null!, 1));
        Assert.Throws<ArgumentNullException>(() => JavaFormat.WritePadded(null!, "x", 1));
        Assert.Throws<ArgumentNullException>(() => JavaFormat.DateToString(0, null!));
    }

    [Theory]
    [InlineData(0L, 0, "0")]
    [InlineData(42L, 5, "   42")]
    [InlineData(-42L, 5, "  -42")]
    [InlineData(-12345L, 3, "-12345")]
    [InlineData(1000000L, 0, "1000000")]
    [InlineData(long.MaxValue, 0, "9223372036854775807")]
    [InlineData(long.MinValue, 0, "-9223372036854775808")]
    [InlineData(long.MinValue, 22, "  -9223372036854775808")]
    public void Integers_format_like_java_d(long value, int width, string expected)
    {
        Assert.Equal(expected, JavaFormat.FormatInteger(value, width));

        var builder = new StringBuilder();
        JavaFormat.AppendInteger(builder, value, width);
        Assert.Equal(expected, builder.ToString());

        using var writer = new StringWriter(CultureInfo.InvariantCulture);
        JavaFormat.WriteInteger(writer, value, width);
        Assert.Equal(expected, writer.ToString());

        Span<char> buffer = stackalloc char[JavaFormat.MaxIntegerChars];
        var length = JavaFormat.FormatInteger(value, buffer);
        Assert.Equal(expected.TrimStart(' '), buffer.Slice(0, length).ToString());
    }

    [Theory]
    [InlineData("abc", 8, "     abc")]
    [InlineData("abcdef", 2, "abcdef")]
    [InlineData("", 3, "   ")]
    [InlineData(null, 5, " null")]
    public void Strings_pad_like_java_s(string? value, int width, string expected)
    {
        using var writer = new StringWriter(CultureInfo.InvariantCulture);
        JavaFormat.WritePadded(writer, value, width);
        Assert.Equal(expected, writer.ToString());

        var builder = new StringBuilder();
        JavaFormat.AppendPadded(builder, value, width);
        Assert.Equal(expected, builder.ToString());
    }

    [Fact]
    public void Writers_append_consecutive_fields()
    {
        using var writer = new StringWriter(CultureInfo.InvariantCulture);
        JavaFormat.WriteFixed(writer, 1234.5, 3, 12);
        JavaFormat.WriteFixed(writer, 0.9990234375, 12, 16);
        JavaFormat.WriteInteger(writer, 1024, 10);
        JavaFormat.WriteFixed(writer, 1024.0, 2, 14);
        Assert.Equal("    1234.500  0.999023437500      1024       1024.00", writer.ToString());
    }

    [Fact]
    public void Current_culture_never_changes_output()
    {
        var culture = CultureInfo.CurrentCulture;
        var uiCulture = CultureInfo.CurrentUICulture;
        try
        {
            CultureInfo.CurrentCulture = new CultureInfo("de-DE");
            CultureInfo.CurrentUICulture = new CultureInfo("de-DE");

            Assert.Equal("1234.568", JavaFormat.Format(1234.5678, 3));
            Assert.Equal("-0.500", JavaFormat.Format(-0.5, 3));
            Assert.Equal("   1.001", JavaFormat.Format(1.0005, 3, 8));
            Assert.Equal("1000000.000000", JavaFormat.Format(1e6, 6));
            Assert.Equal("0.000030517578", JavaFormat.Format(3.0517578125E-5, 12));
            Assert.Equal("NaN", JavaFormat.Format(double.NaN, 3));
            Assert.Equal("-Infinity", JavaFormat.Format(double.NegativeInfinity, 3));
            Assert.Equal("-1234567", JavaFormat.FormatInteger(-1234567));
            Assert.Equal("Tue Nov 14 22:13:20 UTC 2023", JavaFormat.DateToString(1700000000000));

            var builder = new StringBuilder();
            JavaFormat.AppendFixed(builder, 2.5, 1, 6);
            JavaFormat.AppendInteger(builder, -7, 3);
            Assert.Equal("   2.5 -7", builder.ToString());
        }
        finally
        {
            CultureInfo.CurrentCulture = culture;
            CultureInfo.CurrentUICulture = uiCulture;
        }
    }

    [Fact]
    public void Matches_java_formatter_samples()
    {
        var checkedLines = 0;
        var failures = new List<string>();
        foreach (var line in File.ReadAllLines(FixturePath))
        {
            if (line.Length == 0 || line[0] == '#')
            {
                continue;
            }

            var fields = line.Split('\t');
            var value = double.Parse(fields[0], NumberStyles.Float, CultureInfo.InvariantCulture);
            var fractionDigits = int.Parse(fields[1], CultureInfo.InvariantCulture);
            var actual = FormatIntoSpan(value, fractionDigits);
            if (actual != fields[2] && failures.Count < 20)
            {
                failures.Add($"{fields[0]} %.{fractionDigits}f: Java {fields[2]}, got {actual}");
            }

            checkedLines++;
        }

        Assert.True(checkedLines > 1000, $"Only {checkedLines} samples in {FixturePath}.");
        Assert.Empty(failures);
    }

    [Trait("Category", "Heavy")]
    [Fact]
    public void Matches_decimal_half_up_of_shortest_digits_for_random_doubles()
    {
        var random = new Random(20240611);
        var failures = new List<string>();
        for (var i = 0; i < 200_000; i++)
        {
            var value = RandomDouble(random);
            var fractionDigits = random.Next(13);
            var expected = ReferenceFormat(value, fractionDigits);
            var actual = FormatIntoSpan(value, fractionDigits);
            if (actual != expected && failures.Count < 20)
            {
                failures.Add($"{value.ToString("R", CultureInfo.InvariantCulture)} %.{fractionDigits}f: expected {expected}, got {actual}");
            }
        }

        Assert.Empty(failures);
    }

    [Theory]
    [InlineData(1700000000000L, "Tue Nov 14 22:13:20 UTC 2023")]
    [InlineData(0L, "Thu Jan 01 00:00:00 UTC 1970")]
    [InlineData(-1L, "Wed Dec 31 23:59:59 UTC 1969")]
    [InlineData(951782400000L, "Tue Feb 29 00:00:00 UTC 2000")]
    [InlineData(1709164800123L, "Thu Feb 29 00:00:00 UTC 2024")]
    [InlineData(1234567890123L, "Fri Feb 13 23:31:30 UTC 2009")]
    [InlineData(253402300799999L, "Fri Dec 31 23:59:59 UTC 9999")]
    public void DateToString_matches_java_in_utc(long epochMilliseconds, string expected)
    {
        Assert.Equal(expected, JavaFormat.DateToString(epochMilliseconds));
        Assert.Equal(expected, JavaFormat.DateToString(epochMilliseconds, TimeZoneInfo.Utc));
    }

    [Theory]
    // Java with TimeZone.setDefault(TimeZone.getTimeZone("GMT+05:30")) and so on.
    [InlineData(330, 1700000000000L, "Wed Nov 15 03:43:20 GMT+05:30 2023")]
    [InlineData(330, -1L, "Thu Jan 01 05:29:59 GMT+05:30 1970")]
    [InlineData(-480, 1700000000000L, "Tue Nov 14 14:13:20 GMT-08:00 2023")]
    [InlineData(-480, 951782400000L, "Mon Feb 28 16:00:00 GMT-08:00 2000")]
    [InlineData(840, 1234567890123L, "Sat Feb 14 13:31:30 GMT+14:00 2009")]
    [InlineData(0, 1700000000000L, "Tue Nov 14 22:13:20 GMT 2023")]
    public void DateToString_names_other_zones_by_gmt_offset(int offsetMinutes, long epochMilliseconds, string expected)
    {
        var zone = TimeZoneInfo.CreateCustomTimeZone(
            "Test zone", TimeSpan.FromMinutes(offsetMinutes), "Test zone", "Test zone");
        Assert.Equal(expected, JavaFormat.DateToString(epochMilliseconds, zone));
    }

    [Theory]
    [InlineData("UTC")]
    [InlineData("Etc/UTC")]
    [InlineData("Etc/UCT")]
    [InlineData("Zulu")]
    public void DateToString_names_utc_zones_utc(string id)
    {
        var zone = TimeZoneInfo.CreateCustomTimeZone(id, TimeSpan.Zero, id, id);
        Assert.Equal("Tue Nov 14 22:13:20 UTC 2023", JavaFormat.DateToString(1700000000000, zone));
    }

    // Java 17's new Date(ms).toString() with the default zone UTC (run on this machine's JDK). Java is Gregorian after
    // 1582, so every later date prints identically, far beyond DateTime's year 9999.
    [Theory]
    [InlineData(253402300799999, "Fri Dec 31 23:59:59 UTC 9999")]
    [InlineData(253402300800000, "Sat Jan 01 00:00:00 UTC 10000")]
    [InlineData(1000000000000000000, "Sun Jul 05 01:46:40 UTC 31690708")]
    [InlineData(32503680000000000, "Fri Aug 14 00:00:00 UTC 1031970")]
    [InlineData(long.MaxValue, "Sun Aug 17 07:12:55 UTC 292278994")]
    public void DateToString_prints_years_after_9999_as_Java(long epochMilliseconds, string expected)
        => Assert.Equal(expected, JavaFormat.DateToString(epochMilliseconds));

    [Fact]
    public void DateToString_prints_years_before_1_proleptic_Gregorian_with_the_year_of_the_era()
    {
        // Java switches to the Julian calendar there ("Sun Jan 02 23:59:59 UTC 1"); this stays proleptic Gregorian, as
        // documented: 0001-01-01 is a Monday, so the millisecond before it is Sunday, 31 December 1 BC.
        Assert.Equal("Sun Dec 31 23:59:59 UTC 1", JavaFormat.DateToString(-62135596800001));
        Assert.Equal("Mon Jan 01 00:00:00 UTC 1", JavaFormat.DateToString(-62135596800000));
        Assert.Equal("Fri Dec 31 23:59:59 UTC 2", JavaFormat.DateToString(-62135596800001 - (366L * 86_400_000))); // 1 BC is a leap year

        // Any zone: its base offset.
        var plusTwo = TimeZoneInfo.CreateCustomTimeZone("Test/PlusTwo", TimeSpan.FromHours(2), "PlusTwo", "PlusTwo");
        Assert.Equal("Sat Jan 01 02:00:00 GMT+02:00 10000", JavaFormat.DateToString(253402300800000, plusTwo));
    }

    private static string FormatIntoSpan(double value, int fractionDigits)
    {
        Span<char> buffer = stackalloc char[JavaFormat.MaxFixedChars];
        Assert.True(JavaFormat.TryFormatFixed(value, fractionDigits, buffer, out var length));
        return buffer.Slice(0, length).ToString();
    }

    /// <summary>
    /// Independent reference: read the shortest round-trip string as digits x 10^exponent in BigInteger, scale by
    /// 10^N and round half-up with integer division.
    /// </summary>
    /// <summary>
    /// JDK 17's digits for whole numbers from 1 to 2^63 (FloatingDecimal's integer fast path): the exact integer,
    /// with its lowest k digits rounded half-up to zeros, where k is the digit count of 2^(binaryExponent - 54) less
    /// one when that exponent exceeds 1. Null for other values.
    /// </summary>
    private static string? Jdk17IntegerDigits(double magnitude)
    {
        if (magnitude < 1 || magnitude >= 9223372036854775808.0 || Math.Floor(magnitude) != magnitude)
        {
            return null;
        }

        var exact = new BigInteger(magnitude);
        var binaryExponent = (int)exact.GetBitLength() - 1;
        var p2 = binaryExponent - 54;
        var dropped = p2 > 1 ? BigInteger.Pow(2, p2).ToString(CultureInfo.InvariantCulture).Length - 1 : 0;
        var unit = BigInteger.Pow(10, dropped);
        var kept = BigInteger.DivRem(exact, unit, out var remainder);
        if (dropped > 0 && remainder * 2 >= unit)
        {
            kept += 1;
        }

        return (kept * unit).ToString(CultureInfo.InvariantCulture);
    }

    private static string ReferenceFormat(double value, int fractionDigits)
    {
        var negative = BitConverter.DoubleToInt64Bits(value) < 0;
        var roundTrip = Jdk17IntegerDigits(Math.Abs(value)) ?? Math.Abs(value).ToString("R", CultureInfo.InvariantCulture);
        var exponent = 0;
        var exponentIndex = roundTrip.IndexOf('E', StringComparison.Ordinal);
        if (exponentIndex >= 0)
        {
            exponent = int.Parse(roundTrip[(exponentIndex + 1)..], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
            roundTrip = roundTrip[..exponentIndex];
        }

        var pointIndex = roundTrip.IndexOf('.', StringComparison.Ordinal);
        if (pointIndex >= 0)
        {
            exponent -= roundTrip.Length - pointIndex - 1;
            roundTrip = roundTrip.Remove(pointIndex, 1);
        }

        var digits = BigInteger.Parse(roundTrip, CultureInfo.InvariantCulture);
        var scale = exponent + fractionDigits;
        BigInteger scaled;
        if (scale >= 0)
        {
            scaled = digits * BigInteger.Pow(10, scale);
        }
        else
        {
            var divisor = BigInteger.Pow(10, -scale);
            scaled = BigInteger.DivRem(digits, divisor, out var remainder);
            if (remainder * 2 >= divisor)
            {
                scaled += 1;
            }
        }

        var text = scaled.ToString(CultureInfo.InvariantCulture).PadLeft(fractionDigits + 1, '0');
        if (fractionDigits > 0)
        {
            text = text[..^fractionDigits] + "." + text[^fractionDigits..];
        }

        return negative ? "-" + text : text;
    }

    private static double RandomDouble(Random random)
    {
        double value;
        switch (random.Next(5))
        {
            case 0:
                // Any finite double, from subnormals to double.MaxValue.
                do
                {
                    value = BitConverter.Int64BitsToDouble(random.NextInt64());
                }
                while (double.IsNaN(value) || double.IsInfinity(value));

                return value;
            case 1:
                // A short decimal with a 5 at the end: an exact tie at some rounding place.
                var tie = random.Next(1_000_000).ToString(CultureInfo.InvariantCulture) + "5E-" +
                    random.Next(1, 10).ToString(CultureInfo.InvariantCulture);
                value = double.Parse(tie, CultureInfo.InvariantCulture);
                break;
            case 2:
                // A value with few decimals, as latency values scaled by a unit ratio tend to be.
                value = random.Next(100_000_000) / Math.Pow(10, random.Next(0, 7));
                break;
            default:
                value = (1 + (9 * random.NextDouble())) * Math.Pow(10, random.Next(-15, 23));
                break;
        }

        return random.Next(4) == 0 ? -value : value;
    }
}
