using System;
using System.Buffers;
using System.Globalization;

namespace HdrHistogram.Prometheus.Exposition;

/// <summary>Numbers as the text format writes them: shortest round-trip, lower-case exponent, <c>+Inf</c>/<c>-Inf</c>/<c>NaN</c>.</summary>
internal static class TextNumbers
{
    public static string Format(double value)
    {
        Span<byte> buffer = stackalloc byte[32];
        int n = Format(value, buffer);
        return System.Text.Encoding.ASCII.GetString(buffer.Slice(0, n));
    }

    public static int Format(double value, Span<byte> destination)
    {
        if (double.IsPositiveInfinity(value))
        {
            "+Inf"u8.CopyTo(destination);
            return 4;
        }

        if (double.IsNegativeInfinity(value))
        {
            "-Inf"u8.CopyTo(destination);
            return 4;
        }

        if (double.IsNaN(value))
        {
            "NaN"u8.CopyTo(destination);
            return 3;
        }

        value.TryFormat(destination, out int written, "R", CultureInfo.InvariantCulture);
        for (int i = 0; i < written; i++)
        {
            if (destination[i] == (byte)'E')
            {
                destination[i] = (byte)'e';
            }
        }

        return written;
    }

    public static void Write(IBufferWriter<byte> output, double value)
    {
        var span = output.GetSpan(32);
        output.Advance(Format(value, span));
    }

    public static void Write(IBufferWriter<byte> output, long value)
    {
        var span = output.GetSpan(20);
        value.TryFormat(span, out int written, default, CultureInfo.InvariantCulture);
        output.Advance(written);
    }
}
