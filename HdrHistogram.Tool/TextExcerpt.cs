using System.Text;

namespace HdrHistogram.Tool;

/// <summary>Shows input text in a message: short, on one line, and never raw binary (control characters become '.').</summary>
internal static class TextExcerpt
{
    private const int MaxLength = 40;

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
