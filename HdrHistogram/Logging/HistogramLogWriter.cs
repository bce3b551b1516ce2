using System.Runtime.InteropServices;
using HdrHistogram.Encoding;
using HdrHistogram.Encoding.Compression;
using HdrHistogram.Logging;
using HdrHistogram.Text;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>
/// Writes histogram logs (<c>.hlog</c>, format 1.3) exactly as Java HdrHistogram 2.2.2's <c>HistogramLogWriter</c>
/// does: every line except the base64 payload is character-for-character Java's for the same calls, and the payload is
/// the compressed V2 encoding (zlib at best compression) that any Java, .NET, Python or Go reader inflates to Java's
/// bytes. Intervals may be integer histograms or <see cref="DoubleHistogram"/>s.
/// </summary>
/// <remarks>
/// <para>
/// UTF-8 without a byte order mark, <c>\n</c> line ends and culture-invariant numbers (Java's <c>%.3f</c>), whatever
/// the current culture. Each line is written with one <see cref="Stream.Write(byte[], int, int)"/> and a
/// <see cref="Stream.Flush"/>, so a reader of the growing file sees whole lines; an interval allocates nothing in
/// steady state unless its encoding is large (see <see cref="HistogramCompressor"/>). The format: docs/formats.md,
/// "The histogram log format". Not thread-safe: use one writer from one thread at a time.
/// </para>
/// </remarks>
public sealed class HistogramLogWriter : IDisposable
{
    /// <summary>The log format version this writer produces (Java 2.2.2's <c>HISTOGRAM_LOG_FORMAT_VERSION</c>).</summary>
    public const string LogFormatVersion = "1.3";

    /// <summary>The default ratio by which interval maximums are divided in the log (nanoseconds to milliseconds).</summary>
    public const double DefaultMaxValueUnitRatio = 1_000_000.0;

    /// <summary>The legend line Java writes (without its line end).</summary>
    internal const string Legend = "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"";

    // Tags seen recently, with their validated UTF-8 bytes: interleaved tags are encoded once each.
    private const int TagCacheSize = 32;

    private static readonly System.Text.UTF8Encoding Utf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private static readonly char[] LineBreaks = ['\r', '\n'];

    private readonly Stream _stream;
    private readonly bool _leaveOpen;
    private readonly PooledBufferWriter _line = new(512);
    private readonly HistogramCompressor _compressor = new();
    private TimeZoneInfo _timeZone = TimeZoneInfo.Utc;
    private readonly string[] _tags = new string[TagCacheSize];
    private readonly byte[][] _tagBytes = new byte[TagCacheSize][];
    private int _tagCount;
    private int _nextTagSlot;
    private bool _anythingWritten;
    private bool _disposed;

    /// <summary>Creates a writer that writes to <paramref name="outputStream"/> and leaves it open when disposed (as upstream HdrHistogram.NET did).</summary>
    /// <param name="outputStream">The stream to write to.</param>
    /// <exception cref="ArgumentNullException"><paramref name="outputStream"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="outputStream"/> is not writable.</exception>
    public HistogramLogWriter(Stream outputStream)
        : this(outputStream, leaveOpen: true)
    {
    }

    /// <summary>Creates a writer that writes to <paramref name="outputStream"/>.</summary>
    /// <param name="outputStream">The stream to write to.</param>
    /// <param name="leaveOpen"><c>false</c> to dispose the stream with the writer.</param>
    /// <exception cref="ArgumentNullException"><paramref name="outputStream"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="outputStream"/> is not writable.</exception>
    public HistogramLogWriter(Stream outputStream, bool leaveOpen)
    {
        if (outputStream is null)
        {
            throw new ArgumentNullException(nameof(outputStream));
        }

        if (!outputStream.CanWrite)
        {
            throw new ArgumentException("The stream is not writable.", nameof(outputStream));
        }

        _stream = outputStream;
        _leaveOpen = leaveOpen;
    }

    /// <summary>Creates (or truncates) the file at <paramref name="path"/> and writes the log to it; other processes may read it meanwhile.</summary>
    /// <param name="path">The file to write.</param>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null.</exception>
    /// <exception cref="IOException">The file cannot be created.</exception>
    public HistogramLogWriter(string path)
        : this(new FileStream(path ?? throw new ArgumentNullException(nameof(path)), FileMode.Create, FileAccess.Write, FileShare.Read), leaveOpen: false)
    {
    }

    /// <summary>
    /// The base time, in milliseconds since the Unix epoch, subtracted from a histogram's own timestamps by
    /// <see cref="OutputIntervalHistogram(EncodableHistogram)"/> (Java's <c>setBaseTime</c>/<c>getBaseTime</c>). 0 (the
    /// default) logs absolute timestamps. Setting it writes nothing: use <see cref="OutputBaseTime"/> to record it in the log.
    /// </summary>
    public long BaseTime { get; set; }

    /// <summary>
    /// The time zone of the date that <see cref="OutputStartTime"/> prints after the seconds (Java prints
    /// <c>java.util.Date.toString()</c> in the JVM's default zone). UTC by default, which prints as Java does with
    /// <c>-Duser.timezone=UTC</c>; other zones print their offset as <c>GMT+hh:mm</c>.
    /// </summary>
    /// <exception cref="ArgumentNullException">Set to null.</exception>
    public TimeZoneInfo TimeZone
    {
        get => _timeZone;
        set => _timeZone = value ?? throw new ArgumentNullException(nameof(value));
    }

    /// <summary>
    /// Writes a complete log to <paramref name="outputStream"/> (upstream HdrHistogram.NET's API): the format version,
    /// <paramref name="startTime"/>, the legend, then every histogram with its own absolute timestamps. The stream is
    /// left open.
    /// </summary>
    /// <param name="outputStream">The stream to write to.</param>
    /// <param name="startTime">The start time of the log (a local time is converted to UTC; an unspecified kind is taken as UTC), to the nearest millisecond as 2.5.0 writes it.</param>
    /// <param name="histograms">The interval histograms, in order.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException">A histogram's tag holds a character a log's reader ends it at (a space, a comma, CR, LF, NEL, U+2028, U+2029).</exception>
    public static void Write(Stream outputStream, DateTime startTime, params HistogramBase[] histograms)
    {
        using var writer = new HistogramLogWriter(outputStream);
        writer.Write(startTime, histograms);
    }

    /// <summary>
    /// Writes the format version, <paramref name="startTime"/>, the legend, then every histogram with its own absolute
    /// timestamps (upstream HdrHistogram.NET's API; see <see cref="OutputIntervalHistogram(EncodableHistogram)"/>).
    /// </summary>
    /// <param name="startTime">The start time of the log (a local time is converted to UTC; an unspecified kind is taken as UTC), to the nearest millisecond as 2.5.0 writes it.</param>
    /// <param name="histograms">The interval histograms, in order.</param>
    /// <exception cref="ArgumentNullException"><paramref name="histograms"/> or one of its elements is null.</exception>
    /// <exception cref="ArgumentException">A histogram's tag holds a character a log's reader ends it at (a space, a comma, CR, LF, NEL, U+2028, U+2029).</exception>
    /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
    public void Write(DateTime startTime, params HistogramBase[] histograms)
    {
        if (histograms is null)
        {
            throw new ArgumentNullException(nameof(histograms));
        }

        OutputLogFormatVersion();
        OutputStartTime(UnixTimeExtensions.StartTimeMilliseconds(startTime));
        OutputLegend();
        foreach (var histogram in histograms)
        {
            OutputIntervalHistogram(histogram ?? throw new ArgumentNullException(nameof(histograms), "A histogram is null."));
        }
    }

    /// <summary>
    /// Appends an interval histogram with its own timestamps (upstream HdrHistogram.NET's API). When nothing has been
    /// written yet, the header (format version, the histogram's start time, legend) is written first.
    /// </summary>
    /// <param name="histogram">The interval histogram.</param>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="ArgumentException">The histogram's tag holds a character a log's reader ends it at (a space, a comma, CR, LF, NEL, U+2028, U+2029).</exception>
    /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
    public void Append(HistogramBase histogram)
    {
        if (histogram is null)
        {
            throw new ArgumentNullException(nameof(histogram));
        }

        if (!_anythingWritten)
        {
            OutputLogFormatVersion();
            OutputStartTime(histogram.StartTimeStamp);
            OutputLegend();
        }

        OutputIntervalHistogram(histogram);
    }

    /// <summary>Writes <c>#[Histogram log format version 1.3]</c>.</summary>
    /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
    public void OutputLogFormatVersion() => WriteAsciiLine("#[Histogram log format version " + LogFormatVersion + "]");

    /// <summary>Writes a comment line: <c>#</c> followed by <paramref name="comment"/> (UTF-8).</summary>
    /// <param name="comment">The comment text; a single line.</param>
    /// <exception cref="ArgumentNullException"><paramref name="comment"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="comment"/> contains a line break (<c>\r</c> or <c>\n</c>) or an unpaired surrogate.</exception>
    /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
    public void OutputComment(string comment)
    {
        if (comment is null)
        {
            throw new ArgumentNullException(nameof(comment));
        }

        if (comment.IndexOfAny(LineBreaks) >= 0)
        {
            throw new ArgumentException("A comment must be a single line: it contains '\\r' or '\\n'.", nameof(comment));
        }

        ThrowIfDisposed();
        _line.Clear();
        AppendAscii("#");
        AppendUtf8(comment, nameof(comment));
        AppendAscii("\n");
        Flush();
    }

    /// <summary>
    /// Writes the start time: <c>#[StartTime: %.3f (seconds since epoch), &lt;date&gt;]</c>, the date as Java's
    /// <c>Date.toString()</c> in <see cref="TimeZone"/> (e.g. <c>Tue Nov 14 22:13:20 UTC 2023</c>).
    /// </summary>
    /// <remarks>Any time prints, as in Java: years after 9999 too (up to 292278994 for <see cref="long.MaxValue"/>).</remarks>
    /// <param name="startTimeMsec">The start time in milliseconds since the Unix epoch.</param>
    /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
    public void OutputStartTime(long startTimeMsec)
    {
        ThrowIfDisposed();
        string date = JavaFormat.DateToString(startTimeMsec, _timeZone);
        _line.Clear();
        AppendAscii("#[StartTime: ");
        AppendFixed(startTimeMsec / 1000.0);
        AppendAscii(" (seconds since epoch), ");
        AppendUtf8(date, nameof(startTimeMsec));
        AppendAscii("]\n");
        Flush();
    }

    /// <summary>Writes the base time: <c>#[BaseTime: %.3f (seconds since epoch)]</c>. It does not change <see cref="BaseTime"/>.</summary>
    /// <param name="baseTimeMsec">The base time in milliseconds since the Unix epoch.</param>
    /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
    public void OutputBaseTime(long baseTimeMsec)
    {
        ThrowIfDisposed();
        _line.Clear();
        AppendAscii("#[BaseTime: ");
        AppendFixed(baseTimeMsec / 1000.0);
        AppendAscii(" (seconds since epoch)]\n");
        Flush();
    }

    /// <summary>Writes the legend line <c>"StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"</c>.</summary>
    /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
    public void OutputLegend() => WriteAsciiLine(Legend);

    /// <summary>
    /// Writes an interval with the histogram's own timestamps, relative to <see cref="BaseTime"/>: start
    /// <c>(StartTimeStamp - BaseTime) / 1000.0</c>, end <c>(EndTimeStamp - BaseTime) / 1000.0</c>, and the maximum in
    /// units of <see cref="DefaultMaxValueUnitRatio"/> (Java's <c>outputIntervalHistogram(histogram)</c>).
    /// </summary>
    /// <param name="histogram">The interval histogram; its <see cref="EncodableHistogram.Tag"/>, if any, is written as <c>Tag=</c>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="ArgumentException">The tag contains <c>,</c>, a space, <c>\r</c> or <c>\n</c>.</exception>
    /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
    public void OutputIntervalHistogram(EncodableHistogram histogram)
    {
        if (histogram is null)
        {
            throw new ArgumentNullException(nameof(histogram));
        }

        WriteInterval(histogram, ownTimeStamps: true, 0, 0, DefaultMaxValueUnitRatio);
    }

    /// <summary>
    /// Writes an interval line, <c>[Tag=&lt;tag&gt;,]%.3f,%.3f,%.3f,&lt;base64&gt;</c>: the start, the length
    /// (<paramref name="endTimeStampSec"/> - <paramref name="startTimeStampSec"/>), the maximum divided by
    /// <paramref name="maxValueUnitRatio"/>, and the compressed V2 encoding of the histogram at best compression. The
    /// histogram's own timestamps are ignored. A <see cref="DoubleHistogram"/> is written as Java writes one: its
    /// compressed encoding (Java's <c>DoubleHistogram.encodeIntoCompressedByteBuffer</c>: cookie <c>0x0c72124f</c>, digits,
    /// ratio, then its internal histogram's compressed V2 encoding), with its <c>getMaxValueAsDouble()</c> in the max column.
    /// </summary>
    /// <param name="startTimeStampSec">The start of the interval, in seconds (relative to the log's base time, or absolute).</param>
    /// <param name="endTimeStampSec">The end of the interval, in seconds.</param>
    /// <param name="histogram">The interval histogram; its <see cref="EncodableHistogram.Tag"/>, if any, is written as <c>Tag=</c>.</param>
    /// <param name="maxValueUnitRatio">Divides the maximum in the <c>Interval_Max</c> column (1e6: nanoseconds to milliseconds).</param>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    /// <exception cref="ArgumentException">The tag contains <c>,</c>, a space, <c>\r</c> or <c>\n</c> (Java checked only 3-character tags), or an unpaired surrogate.</exception>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count (possible only after a long count overflowed).</exception>
    /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
    public void OutputIntervalHistogram(double startTimeStampSec, double endTimeStampSec, EncodableHistogram histogram, double maxValueUnitRatio = DefaultMaxValueUnitRatio)
    {
        if (histogram is null)
        {
            throw new ArgumentNullException(nameof(histogram));
        }

        WriteInterval(histogram, ownTimeStamps: false, startTimeStampSec, endTimeStampSec, maxValueUnitRatio);
    }

    /// <summary>
    /// Writes an interval line: with the histogram's own timestamps relative to <see cref="BaseTime"/> when
    /// <paramref name="ownTimeStamps"/> is set, else with <paramref name="startTimeStampSec"/> and
    /// <paramref name="endTimeStampSec"/>.
    /// </summary>
    private void WriteInterval(EncodableHistogram histogram, bool ownTimeStamps, double startTimeStampSec, double endTimeStampSec, double maxValueUnitRatio)
    {
        ThrowIfDisposed();

        // The timestamps, tag, maximum and counts come from one moment (a synchronized histogram holds its lock, once, while it
        // is encoded); the compressed encoding waits in the compressor while the line is assembled.
        ReadOnlySpan<byte> zlib = _compressor.Compress(histogram, ZlibCompressor.BestCompression, out var wrapper, out var fields);
        byte[]? tagBytes = fields.Tag is null ? null : GetTagBytes(fields.Tag);
        if (ownTimeStamps)
        {
            startTimeStampSec = (fields.StartTimeStamp - BaseTime) / 1000.0;
            endTimeStampSec = (fields.EndTimeStamp - BaseTime) / 1000.0;
        }

        _line.Clear();
        if (tagBytes is not null)
        {
            AppendAscii("Tag=");
            AppendBytes(tagBytes);
            AppendAscii(",");
        }

        AppendFixed(startTimeStampSec);
        AppendAscii(",");
        AppendFixed(endTimeStampSec - startTimeStampSec);
        AppendAscii(",");
        AppendFixed(fields.MaxValueAsDouble / maxValueUnitRatio);
        AppendAscii(",");
        HistogramCompressor.WriteBase64Utf8(zlib, wrapper, _line);
        AppendAscii("\n");
        Flush();
    }

    /// <summary>Returns the writer's buffers to the pool and, unless it was created to leave it open, disposes the stream.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _compressor.Dispose();
        _line.Dispose();
        if (!_leaveOpen)
        {
            _stream.Dispose();
        }
    }

    private byte[] GetTagBytes(string tag)
    {
        for (int i = 0; i < _tagCount; i++)
        {
            if (ReferenceEquals(tag, _tags[i]) || string.Equals(tag, _tags[i], StringComparison.Ordinal))
            {
                return _tagBytes[i];
            }
        }

        LogTag.ValidateForLog(tag);
        byte[] bytes;
        try
        {
            bytes = Utf8.GetBytes(tag);
        }
        catch (System.Text.EncoderFallbackException e)
        {
            throw new ArgumentException("The tag is not valid UTF-16 text: " + e.Message, nameof(tag), e);
        }

        int slot = _tagCount < TagCacheSize ? _tagCount++ : _nextTagSlot++ % TagCacheSize;
        _tags[slot] = tag;
        _tagBytes[slot] = bytes;
        return bytes;
    }

    private void WriteAsciiLine(string text)
    {
        ThrowIfDisposed();
        _line.Clear();
        AppendAscii(text);
        AppendAscii("\n");
        Flush();
    }

    private void AppendAscii(string text)
    {
        Span<byte> span = _line.GetSpan(text.Length);
        for (int i = 0; i < text.Length; i++)
        {
            span[i] = (byte)text[i];
        }

        _line.Advance(text.Length);
    }

    private void AppendBytes(byte[] bytes)
    {
        bytes.AsSpan().CopyTo(_line.GetSpan(bytes.Length));
        _line.Advance(bytes.Length);
    }

    /// <summary>Appends Java's <c>%.3f</c> (Locale.US) of <paramref name="value"/>.</summary>
    private void AppendFixed(double value)
    {
        Span<char> chars = stackalloc char[JavaFormat.MaxFixedChars];
        int length = JavaFormat.FormatFixed(value, 3, chars);
        Span<byte> span = _line.GetSpan(length);
        for (int i = 0; i < length; i++)
        {
            span[i] = (byte)chars[i];
        }

        _line.Advance(length);
    }

    private void AppendUtf8(string text, string parameterName)
    {
        int count;
        try
        {
            count = Utf8.GetByteCount(text);
        }
        catch (System.Text.EncoderFallbackException e)
        {
            throw new ArgumentException("The text is not valid UTF-16: " + e.Message, parameterName, e);
        }

        if (!MemoryMarshal.TryGetArray<byte>(_line.GetMemory(count), out var segment) || segment.Array is null)
        {
            throw new InvalidOperationException("The line buffer is not array-backed.");
        }

        Utf8.GetBytes(text, 0, text.Length, segment.Array, segment.Offset);
        _line.Advance(count);
    }

    /// <summary>Writes the line buffer to the stream in one call, then flushes the stream.</summary>
    private void Flush()
    {
        if (!MemoryMarshal.TryGetArray(_line.WrittenMemory, out var segment) || segment.Array is null)
        {
            throw new InvalidOperationException("The line buffer is not array-backed.");
        }

        _stream.Write(segment.Array, segment.Offset, segment.Count);
        _stream.Flush();
        _line.Clear();
        _anythingWritten = true;
    }

    private void ThrowIfDisposed()
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(nameof(HistogramLogWriter));
        }
    }
}
