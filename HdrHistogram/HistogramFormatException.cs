namespace HdrHistogram;

/// <summary>
/// The one exception type the library raises for malformed data: encoded histograms (V0, V1, V2, plain or
/// compressed), base64 text and histogram log lines. Misuse of the API (bad arguments, wrong state) raises
/// the usual <see cref="ArgumentException"/> and <see cref="InvalidOperationException"/> family instead.
/// </summary>
/// <remarks>
/// The message says what is wrong and where: <see cref="ByteOffset"/> is the offset within the encoded
/// histogram at which the problem was found, <see cref="LineNumber"/> the 1-based line of a histogram log.
/// </remarks>
public sealed class HistogramFormatException : FormatException
{
    /// <summary>Creates an exception with a message that describes the problem.</summary>
    /// <param name="message">What is wrong with the data.</param>
    public HistogramFormatException(string message)
        : base(message)
    {
    }

    /// <summary>Creates an exception with a message and the exception that revealed the problem.</summary>
    /// <param name="message">What is wrong with the data.</param>
    /// <param name="innerException">The underlying failure.</param>
    public HistogramFormatException(string message, Exception innerException)
        : base(message, innerException)
    {
    }

    /// <summary>Creates an exception for an encoded histogram, naming the byte offset of the problem.</summary>
    /// <param name="message">What is wrong with the data.</param>
    /// <param name="byteOffset">Offset of the offending byte from the start of the encoded histogram.</param>
    public HistogramFormatException(string message, long byteOffset)
        : base(message + " (at byte offset " + byteOffset.ToString(System.Globalization.CultureInfo.InvariantCulture) + ")")
    {
        ByteOffset = byteOffset;
    }

    /// <summary>Creates an exception for an encoded histogram, naming the byte offset of the problem and the failure that revealed it.</summary>
    /// <param name="message">What is wrong with the data.</param>
    /// <param name="byteOffset">Offset of the offending byte from the start of the encoded histogram.</param>
    /// <param name="innerException">The underlying failure.</param>
    internal HistogramFormatException(string message, long byteOffset, Exception? innerException)
        : base(message + " (at byte offset " + byteOffset.ToString(System.Globalization.CultureInfo.InvariantCulture) + ")", innerException)
    {
        ByteOffset = byteOffset;
    }

    /// <summary>The message without the " (at byte offset N)" suffix the offset constructors append.</summary>
    internal string MessageWithoutOffset
    {
        get
        {
            string message = Message;
            if (ByteOffset < 0)
            {
                return message;
            }

            string suffix = " (at byte offset " + ByteOffset.ToString(System.Globalization.CultureInfo.InvariantCulture) + ")";
            return message.EndsWith(suffix, StringComparison.Ordinal) ? message.Substring(0, message.Length - suffix.Length) : message;
        }
    }

    /// <summary>Creates an exception for a histogram log line.</summary>
    /// <param name="message">What is wrong with the line.</param>
    /// <param name="lineNumber">The 1-based line number within the log.</param>
    /// <param name="innerException">The underlying failure, if any.</param>
    public HistogramFormatException(string message, int lineNumber, Exception? innerException)
        : base("Line " + lineNumber.ToString(System.Globalization.CultureInfo.InvariantCulture) + ": " + message, innerException)
    {
        LineNumber = lineNumber;
    }

    /// <summary>Creates an exception with no message.</summary>
    public HistogramFormatException()
    {
    }

    /// <summary>Offset within the encoded histogram at which the problem was found, or -1 when not known.</summary>
    public long ByteOffset { get; } = -1;

    /// <summary>1-based line number within a histogram log, or 0 when the data did not come from a log.</summary>
    public int LineNumber { get; }
}
