namespace HdrHistogram.Logging;

/// <summary>
/// Scans a histogram log line by line and tells a <see cref="HistogramLogScanHandler"/> about each comment, start
/// time, base time, legend and interval, decoding an interval's histogram only when the handler asks for it (Java's
/// <c>HistogramLogScanner</c>): for tools that look at tags, timestamps or a few intervals without paying for every
/// histogram.
/// </summary>
/// <remarks>
/// The lines, rules and errors are <see cref="HistogramLogReader"/>'s (on which it runs): UTF-8, or UTF-16 with a
/// byte order mark; a malformed line raises <see cref="HistogramFormatException"/> with its line number, or is
/// skipped with <see cref="HistogramLogReaderOptions.SkipMalformedLines"/> (an interval's payload is checked only
/// when it is decoded); an incomplete last line is left for a later <see cref="Scan"/>. Not thread-safe.
/// </remarks>
public sealed class HistogramLogScanner : IDisposable
{
    private readonly HistogramLogReader _reader;

    /// <summary>Creates a scanner of <paramref name="inputStream"/>.</summary>
    /// <param name="inputStream">The log (UTF-8, or UTF-16 with a byte order mark).</param>
    /// <param name="options">How to treat malformed lines, and limits; null for the defaults.</param>
    /// <param name="leaveOpen"><c>false</c> to dispose the stream with the scanner.</param>
    /// <exception cref="ArgumentNullException"><paramref name="inputStream"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="inputStream"/> is not readable.</exception>
    public HistogramLogScanner(Stream inputStream, HistogramLogReaderOptions? options = null, bool leaveOpen = true)
    {
        _reader = new HistogramLogReader(inputStream, options, leaveOpen);
    }

    /// <summary>Creates a scanner of the text <paramref name="reader"/> gives.</summary>
    /// <param name="reader">The log.</param>
    /// <param name="options">How to treat malformed lines, and limits; null for the defaults.</param>
    /// <param name="leaveOpen"><c>false</c> to dispose the text reader with the scanner.</param>
    /// <exception cref="ArgumentNullException"><paramref name="reader"/> is null.</exception>
    public HistogramLogScanner(TextReader reader, HistogramLogReaderOptions? options = null, bool leaveOpen = true)
    {
        _reader = new HistogramLogReader(reader, options, leaveOpen);
    }

    /// <summary>Opens the log file at <paramref name="path"/> (shared for reading and writing, so a log still being written can be scanned).</summary>
    /// <param name="path">The log file.</param>
    /// <param name="options">How to treat malformed lines, and limits; null for the defaults.</param>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null.</exception>
    /// <exception cref="IOException">The file cannot be opened.</exception>
    public HistogramLogScanner(string path, HistogramLogReaderOptions? options = null)
    {
        _reader = new HistogramLogReader(path, options);
    }

    /// <summary>The number of the last line scanned (0 before the first).</summary>
    public int LineNumber => _reader.LineNumber;

    /// <summary>
    /// Tells <paramref name="handler"/> about each line from where the previous scan stopped, until the handler
    /// returns <c>true</c> or the input ends. Blank lines are passed over.
    /// </summary>
    /// <param name="handler">The events' receiver.</param>
    /// <returns><c>true</c> when the handler stopped the scan; <c>false</c> at the end of the input (a log still being written can be scanned again later).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="handler"/> is null.</exception>
    /// <exception cref="HistogramFormatException">A line is malformed (with its line number) and malformed lines are not skipped, or a line is longer than the limit.</exception>
    /// <exception cref="ObjectDisposedException">The scanner was disposed.</exception>
    public bool Scan(HistogramLogScanHandler handler)
    {
        if (handler is null)
        {
            throw new ArgumentNullException(nameof(handler));
        }

        return _reader.Scan(handler);
    }

    /// <summary>Returns the scanner's buffers to the pool and disposes the input unless it was to be left open.</summary>
    public void Dispose() => _reader.Dispose();
}
