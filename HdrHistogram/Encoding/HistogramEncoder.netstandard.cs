using System.Buffers.Text;

namespace HdrHistogram.Encoding;

public static partial class HistogramEncoder
{
    private static bool TryToBase64Chars(ReadOnlySpan<byte> bytes, Span<char> destination, out int charsWritten)
    {
        // netstandard2.0 has no span overload of Convert: encode to UTF-8 in a pooled buffer, then widen.
        int needed = Base64.GetMaxEncodedToUtf8Length(bytes.Length);
        if (needed > destination.Length)
        {
            charsWritten = 0;
            return false;
        }

        byte[] utf8 = ArrayPool<byte>.Shared.Rent(needed);
        try
        {
            Base64.EncodeToUtf8(bytes, utf8, out _, out int written);
            for (int i = 0; i < written; i++)
            {
                destination[i] = (char)utf8[i];
            }

            charsWritten = written;
            return true;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(utf8);
        }
    }
}
