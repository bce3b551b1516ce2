using System.Buffers.Text;

namespace HdrHistogram.Logging;

/// <summary>What a histogram log line is.</summary>
internal enum LogLineKind
{
    /// <summary>Empty, or only field delimiters.</summary>
    Blank,

    /// <summary>A comment (first field starts with <c>#</c>) other than a start or base time.</summary>
    Comment,

    /// <summary><c>#[StartTime: &lt;seconds&gt; ...</c>.</summary>
    StartTime,

    /// <summary><c>#[BaseTime: &lt;seconds&gt; ...</c>.</summary>
    BaseTime,

    /// <summary>The legend (first field starts with <c>"StartTimestamp"</c>), of any format version.</summary>
    Legend,

    /// <summary><c>[Tag=&lt;tag&gt;,]&lt;start&gt;,&lt;length&gt;,&lt;max&gt;,&lt;payload&gt;</c>.</summary>
    Interval,

    /// <summary>Neither of the above: a field is missing or not a number.</summary>
    Malformed,
}

/// <summary>The fields of one log line, as offsets into the line's buffer and parsed numbers.</summary>
internal struct ParsedLogLine
{
    public LogLineKind Kind;

    /// <summary>The seconds of a StartTime or BaseTime comment.</summary>
    public double Seconds;

    /// <summary>Offset of the tag's bytes in the buffer, or -1 for an untagged interval.</summary>
    public int TagOffset;

    public int TagLength;

    public double Timestamp;

    public double Length;

    public double Max;

    public int PayloadOffset;

    public int PayloadLength;

    /// <summary>For <see cref="LogLineKind.Malformed"/>: what is wrong.</summary>
    public string? Error;
}

/// <summary>
/// Splits a histogram log line into fields the way Java's <c>HistogramLogScanner</c> does (fields end at <c>,</c>,
/// space or <c>\r</c>; numbers are parsed culture-invariantly) and classifies it, straight from UTF-8 bytes and without
/// allocating (except for the error text of a malformed line).
/// </summary>
/// <remarks>
/// Where Java's <c>java.util.Scanner</c> sees an empty field between two adjacent delimiters (<c>"1.0, 2.0"</c>) and stops
/// reading the log, this parser treats a run of delimiters as one.
/// </remarks>
internal static class LogLineParser
{
    // The end of the message for a line that ends before its last number column.
    private const string ExpectedColumns = "; expected [Tag=<tag>,]<start>,<length>,<max>,<payload>";

    private static readonly byte[] StartTimeToken = System.Text.Encoding.ASCII.GetBytes("#[StartTime:");
    private static readonly byte[] BaseTimeToken = System.Text.Encoding.ASCII.GetBytes("#[BaseTime:");
    private static readonly byte[] LegendPrefix = System.Text.Encoding.ASCII.GetBytes("\"StartTimestamp\"");
    private static readonly byte[] TagPrefix = System.Text.Encoding.ASCII.GetBytes("Tag=");

    public static ParsedLogLine Parse(byte[] buffer, int offset, int length)
    {
        var result = new ParsedLogLine { TagOffset = -1 };
        var line = new ReadOnlySpan<byte>(buffer, offset, length);
        int position = 0;
        if (!NextField(line, ref position, out int start, out int fieldLength))
        {
            result.Kind = LogLineKind.Blank;
            return result;
        }

        var first = line.Slice(start, fieldLength);
        if (first[0] == (byte)'#')
        {
            bool startTime = first.SequenceEqual(StartTimeToken);
            if (startTime || first.SequenceEqual(BaseTimeToken))
            {
                // As Java: the time counts only when the next field is a number; otherwise it is an ordinary comment.
                if (NextField(line, ref position, out start, out fieldLength) && TryParseDouble(line.Slice(start, fieldLength), out double seconds))
                {
                    result.Kind = startTime ? LogLineKind.StartTime : LogLineKind.BaseTime;
                    result.Seconds = seconds;
                    return result;
                }
            }

            result.Kind = LogLineKind.Comment;
            return result;
        }

        if (first.StartsWith(LegendPrefix))
        {
            result.Kind = LogLineKind.Legend;
            return result;
        }

        if (first.StartsWith(TagPrefix))
        {
            result.TagOffset = offset + start + TagPrefix.Length;
            result.TagLength = fieldLength - TagPrefix.Length;
            if (!NextField(line, ref position, out start, out fieldLength))
            {
                return Malformed(ref result, "the line ends after the tag" + ExpectedColumns);
            }
        }

        string? error = NumberThenNextField(line, ref position, ref start, ref fieldLength, out result.Timestamp, "the StartTimestamp field is not a number: ", "the line ends after the StartTimestamp field" + ExpectedColumns)
            ?? NumberThenNextField(line, ref position, ref start, ref fieldLength, out result.Length, "the Interval_Length field is not a number: ", "the line ends after the Interval_Length field" + ExpectedColumns)
            ?? NumberThenNextField(line, ref position, ref start, ref fieldLength, out result.Max, "the Interval_Max field is not a number: ", "the line ends after the Interval_Max field: the histogram payload is missing");
        if (error is not null)
        {
            return Malformed(ref result, error);
        }

        // Anything after the payload field is ignored, as Java's scanner skips the rest of the line.
        result.PayloadOffset = offset + start;
        result.PayloadLength = fieldLength;
        result.Kind = LogLineKind.Interval;
        return result;
    }

    /// <summary>Parses a culture-invariant decimal number (digits, optional sign, point and exponent) that fills <paramref name="field"/>.</summary>
    public static bool TryParseDouble(ReadOnlySpan<byte> field, out double value)
        => Utf8Parser.TryParse(field, out value, out int consumed) && consumed == field.Length;

    /// <summary>
    /// Parses the current field as a number column and moves to the next field; the error text of a malformed line
    /// when the field is not a number (<paramref name="notANumber"/> and an excerpt of it) or no field follows
    /// (<paramref name="noNextField"/>, a literal, so that a line cut short allocates nothing), else null.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static string? NumberThenNextField(ReadOnlySpan<byte> line, ref int position, ref int start, ref int fieldLength, out double value, string notANumber, string noNextField)
    {
        if (!TryParseDouble(line.Slice(start, fieldLength), out value))
        {
            return notANumber + TextExcerpt.Of(line.Slice(start, fieldLength));
        }

        return NextField(line, ref position, out start, out fieldLength) ? null : noNextField;
    }

    /// <summary>The next field: skips delimiters, then takes bytes up to the next delimiter or the end of the line.</summary>
    private static bool NextField(ReadOnlySpan<byte> line, ref int position, out int start, out int length)
    {
        while (position < line.Length && IsDelimiter(line[position]))
        {
            position++;
        }

        start = position;
        while (position < line.Length && !IsDelimiter(line[position]))
        {
            position++;
        }

        length = position - start;
        return length > 0;
    }

    private static bool IsDelimiter(byte b) => b is (byte)',' or (byte)' ' or (byte)'\r' or (byte)'\n';

    private static ParsedLogLine Malformed(ref ParsedLogLine result, string error)
    {
        result.Kind = LogLineKind.Malformed;
        result.Error = error;
        return result;
    }

    internal static string Str(long value) => value.ToString(CultureInfo.InvariantCulture);
}
