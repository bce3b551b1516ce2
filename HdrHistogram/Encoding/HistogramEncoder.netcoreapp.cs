namespace HdrHistogram.Encoding;

public static partial class HistogramEncoder
{
    private static bool TryToBase64Chars(ReadOnlySpan<byte> bytes, Span<char> destination, out int charsWritten)
        => Convert.TryToBase64Chars(bytes, destination, out charsWritten);
}
