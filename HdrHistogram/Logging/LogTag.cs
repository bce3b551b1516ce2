namespace HdrHistogram.Logging;

/// <summary>
/// The characters a histogram log tag cannot hold. A log line is split into fields at a space, a comma, CR and LF
/// (this library's reader, Java's <c>[ ,\r\n]</c> and 2.5.0's), so a tag holding one would be cut there and the interval
/// lost or misread: <see cref="EncodableHistogram.Tag"/> refuses them on set, as 2.5.0 does. Java's reader also matches
/// a tag with <c>Tag\=.*</c>, whose <c>.</c> stops at its other line terminators (NEL, U+2028, U+2029): the log writer
/// refuses those too, and checks every tag again, however it arrived.
/// </summary>
internal static class LogTag
{
    private static readonly char[] FieldDelimiters = [' ', ',', '\r', '\n'];

    /// <summary>Refuses a tag with a field delimiter, as 2.5.0's setter does.</summary>
    /// <exception cref="ArgumentException">The tag holds a space, a comma, CR or LF.</exception>
    public static void ValidateOnSet(string? tag)
    {
        int at = tag is null ? -1 : tag.IndexOfAny(FieldDelimiters);
        if (at >= 0)
        {
            throw new ArgumentException(Problem(tag!, at) + " A tag cannot hold a space, a comma, CR or LF: a histogram log ends the tag there.", nameof(tag));
        }
    }

    /// <summary>Refuses a tag that a log's readers (this library's, Java's) would not read back whole.</summary>
    /// <exception cref="ArgumentException">The tag holds a space, a comma, CR, LF, NEL, U+2028 or U+2029.</exception>
    public static void ValidateForLog(string tag)
    {
        int at = IndexOfLogTagEnd(tag);
        if (at >= 0)
        {
            throw new ArgumentException(
                Problem(tag, at) + " A histogram log tag cannot hold a space, a comma, CR, LF (the field delimiters), NEL, U+2028 or U+2029 (where Java's reader ends the tag).",
                nameof(tag));
        }
    }

    private static int IndexOfLogTagEnd(string tag)
    {
        for (int i = 0; i < tag.Length; i++)
        {
            if (tag[i] is ' ' or ',' or '\r' or '\n' or '\u0085' or '\u2028' or '\u2029')
            {
                return i;
            }
        }

        return -1;
    }

    private static string Problem(string tag, int at)
    {
        char c = tag[at];
        string what = c switch
        {
            ' ' => "a space",
            ',' => "a comma",
            '\r' => "CR (\\r)",
            '\n' => "LF (\\n)",
            _ => "U+" + ((int)c).ToString("X4", CultureInfo.InvariantCulture),
        };
        return "The tag holds " + what + " at index " + at.ToString(CultureInfo.InvariantCulture) + " (of "
            + tag.Length.ToString(CultureInfo.InvariantCulture) + " characters).";
    }
}
