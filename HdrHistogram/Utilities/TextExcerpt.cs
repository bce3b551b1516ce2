using System.Text;

namespace HdrHistogram.Utilities;

/// <summary>
/// Shows input text in a message: short, on one line, and never raw binary (control characters become '.'). One
/// helper for the library's format errors and the hdr tool's messages.
/// </summary>
internal static class TextExcerpt
{
    private const int MaxLength = 40;

    private const int MaxHexBytes = 16;

    private static readonly UTF8Encoding Utf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: false);

    /// <summary>
    /// Input bytes shown as <see cref="Of(string)"/> shows their UTF-8 text; when they are binary, their first 16
    /// bytes follow in hex, e.g. <c>binary data '.PNG' (bytes 89 50 4E 47)</c>.
    /// </summary>
    public static string Of(ReadOnlySpan<byte> bytes)
    {
        // A bounded prefix is enough for 40 characters (a character takes at most 4 bytes).
        string excerpt = Of(Utf8.GetString(bytes.Slice(0, Math.Min(bytes.Length, MaxLength * 4)).ToArray()));
        if (!excerpt.StartsWith("binary data ", StringComparison.Ordinal))
        {
            return excerpt;
        }

        var text = new StringBuilder(excerpt).Append(" (bytes ");
        int shown = Math.Min(bytes.Length, MaxHexBytes);
        for (int i = 0; i < shown; i++)
        {
            text.Append(i == 0 ? string.Empty : " ").Append(bytes[i].ToString("X2", CultureInfo.InvariantCulture));
        }

        return text.Append(bytes.Length > shown ? " ...)" : ")").ToString();
    }

    /// <summary>
    /// <paramref name="text"/> quoted, cut to 40 characters (with "..."), with every control character, and every byte
    /// that was not valid UTF-8, shown as '.'; binary data says so.
    /// </summary>
    public static string Of(string text)
    {
        var excerpt = new StringBuilder("'");
        int unprintable = 0;
        for (int i = 0; i < text.Length && i < MaxLength; i++)
        {
            char c = text[i];
            bool printable = !char.IsControl(c) && c != '\uFFFD' && !char.IsSurrogate(c);
            unprintable += printable ? 0 : 1;
            excerpt.Append(printable ? c : '.');
        }

        excerpt.Append(text.Length > MaxLength ? "...'" : "'");
        if (unprintable == 0)
        {
            return excerpt.ToString();
        }

        // Binary data decoded as text: show its printable ASCII only.
        for (int i = 1; i < excerpt.Length - 1; i++)
        {
            if (excerpt[i] is < ' ' or > '~')
            {
                excerpt[i] = '.';
            }
        }

        return "binary data " + excerpt;
    }

    /// <summary>A message with its control characters (and bytes that were not valid UTF-8) shown as '.', so binary data quoted by a decoder cannot reach the terminal raw.</summary>
    public static string Clean(string message)
    {
        var clean = new StringBuilder(message.Length);
        foreach (char c in message)
        {
            clean.Append(char.IsControl(c) || c == '\uFFFD' ? '.' : c);
        }

        return clean.ToString();
    }
}
