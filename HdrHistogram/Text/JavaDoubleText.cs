using System.Text;

namespace HdrHistogram.Text;

/// <summary>
/// Java's <c>Double.toString(double)</c> (string concatenation of a double): the shortest round-trip digits, written
/// as a plain decimal with at least one fraction digit for magnitudes from 10^-3 up to 10^7 (<c>99.0</c>, <c>0.001</c>),
/// else in computerized scientific notation (<c>1.0E7</c>, <c>1.5E-4</c>).
/// </summary>
/// <remarks>
/// The digits are .NET's shortest round-trip ones (<c>"R"</c>), which are Java's from JDK 19 on and, for the
/// percentiles and ratios the log processor prints this way, JDK 17's too.
/// </remarks>
internal static class JavaDoubleText
{
    public static string ToString(double value)
    {
        if (double.IsNaN(value))
        {
            return "NaN";
        }

        if (double.IsInfinity(value))
        {
            return value > 0 ? "Infinity" : "-Infinity";
        }

        bool negative = BitConverter.DoubleToInt64Bits(value) < 0;
        double magnitude = Math.Abs(value);
        if (magnitude == 0)
        {
            return negative ? "-0.0" : "0.0";
        }

        // 0.DIGITS x 10^point, from the round-trip text ("99.9", "1E-05", "1.2345678E+20", "12345678").
        string text = magnitude.ToString("R", CultureInfo.InvariantCulture);
        int e = text.IndexOfAny(['E', 'e']);
        int exponent = e >= 0 ? ParseExponent(text, e + 1) : 0;
        string mantissa = e >= 0 ? text.Substring(0, e) : text;
        int dot = mantissa.IndexOf('.');
        string integerPart = dot >= 0 ? mantissa.Substring(0, dot) : mantissa;
        string all = integerPart + (dot >= 0 ? mantissa.Substring(dot + 1) : string.Empty);
        int point = integerPart.Length + exponent;
        int leadingZeros = 0;
        while (leadingZeros < all.Length - 1 && all[leadingZeros] == '0')
        {
            leadingZeros++;
        }

        string digits = all.Substring(leadingZeros).TrimEnd('0');
        point -= leadingZeros;
        if (digits.Length == 0)
        {
            digits = "0";
        }

        var result = new StringBuilder(32);
        if (negative)
        {
            result.Append('-');
        }

        if (magnitude >= 1e-3 && magnitude < 1e7)
        {
            if (point <= 0)
            {
                result.Append("0.").Append('0', -point).Append(digits);
            }
            else if (point >= digits.Length)
            {
                result.Append(digits).Append('0', point - digits.Length).Append(".0");
            }
            else
            {
                result.Append(digits, 0, point).Append('.').Append(digits, point, digits.Length - point);
            }
        }
        else
        {
            result.Append(digits[0]).Append('.');
            result.Append(digits.Length > 1 ? digits.Substring(1) : "0");
            result.Append('E').Append((point - 1).ToString(CultureInfo.InvariantCulture));
        }

        return result.ToString();
    }

    private static int ParseExponent(string text, int start)
    {
        bool negative = text[start] == '-';
        int i = text[start] is '-' or '+' ? start + 1 : start;
        int exponent = 0;
        for (; i < text.Length; i++)
        {
            exponent = (exponent * 10) + (text[i] - '0');
        }

        return negative ? -exponent : exponent;
    }
}
