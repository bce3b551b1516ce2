namespace HdrHistogram.Utilities;

/// <summary>
/// The few <c>java.lang.Math</c> operations and primitive conversions whose exact results the double-valued
/// histograms depend on, with Java's semantics on every target framework.
/// </summary>
internal static class JavaMath
{
    private const long SignMask = long.MaxValue;
    private const int SignificandWidth = 52;
    private const int ExponentBias = 1023;

    // 2^63 as a double: the first value a (long) cast saturates at.
    private const double TwoToThe63 = 9223372036854775808.0;

    /// <summary>
    /// Java's <c>Math.ulp(double)</c>: the distance from <paramref name="value"/> to the next larger double in
    /// magnitude (NaN for NaN, +Infinity for infinities, <see cref="double.Epsilon"/> for zero and subnormals).
    /// </summary>
    public static double Ulp(double value)
    {
        long bits = BitConverter.DoubleToInt64Bits(value) & SignMask;
        int biasedExponent = (int)(bits >> SignificandWidth);
        if (biasedExponent == 0x7FF)
        {
            return Math.Abs(value); // NaN stays NaN, infinities give +Infinity.
        }

        if (biasedExponent == 0)
        {
            return double.Epsilon; // Zero and subnormals: the smallest positive double.
        }

        // The ulp of a normal number is 2^(exponent - 52): a normal power of two, or a subnormal for tiny values.
        int ulpExponent = biasedExponent - ExponentBias - SignificandWidth;
        return ulpExponent >= -1022
            ? BitConverter.Int64BitsToDouble((long)(ulpExponent + ExponentBias) << SignificandWidth)
            : BitConverter.Int64BitsToDouble(1L << (ulpExponent + 1074));
    }

    /// <summary>
    /// Java's <c>(long) value</c> conversion: truncation toward zero, NaN to 0, and saturation at
    /// <see cref="long.MinValue"/> / <see cref="long.MaxValue"/> (the .NET cast of an out-of-range double is
    /// unspecified and differs between runtimes).
    /// </summary>
    public static long ToLong(double value)
    {
        if (double.IsNaN(value))
        {
            return 0;
        }

        if (value >= TwoToThe63)
        {
            return long.MaxValue;
        }

        return value <= -TwoToThe63 ? long.MinValue : (long)value;
    }

    /// <summary>An exact power of two as a double, for exponents within the normal range (-1022 to 1023).</summary>
    public static double PowerOfTwo(int exponent)
        => BitConverter.Int64BitsToDouble((long)(exponent + ExponentBias) << SignificandWidth);
}
