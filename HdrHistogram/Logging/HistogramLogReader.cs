using System.Buffers.Text;
using System.Collections.Generic;
using HdrHistogram.Encoding;
using HdrHistogram.Logging;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

/// <summary>
/// Reads histogram logs (<c>.hlog</c>, every format version Java has written: 1.01 with V0 payloads, 1.1 with V1, 1.2
/// and 1.3 with V2 and tags) with the rules of Java HdrHistogram 2.2.2's <c>HistogramLogReader</c>, streaming: only the
/// current line is held in memory.
/// </summary>
/// <remarks>
/// <para>
/// Java's rules for comments, StartTime/BaseTime lines and timestamps; each line's cookie decides the kind: integer
/// payloads decode to <see cref="LongHistogram"/>, DoubleHistogram ones to <see cref="DoubleHistogram"/>. A malformed
/// line raises <see cref="HistogramFormatException"/> with its line number (or is skipped with
/// <see cref="HistogramLogReaderOptions.SkipMalformedLines"/>); an incomplete last line is left for a later call.
/// </para>
/// <para>
/// A histogram passed to recycle comes back as the same object when it can hold the interval, its previous content
/// gone: copy a histogram to keep it. Reading into a recycled or given histogram allocates nothing per line.
/// The format and every rule: docs/formats.md, "The histogram log format". Not thread-safe.
/// </para>
/// </remarks>
public sealed partial class HistogramLogReader : IHistogramLogV1Reader, IDisposable
{
    private const double OneYearInSeconds = 365 * 24 * 3600.0;

    private readonly LogLineSource _source;
    private readonly HistogramDecoder _decoder;
    private readonly long _minBarForHighestTrackableValue;
    private readonly bool _skipMalformedLines;
    private readonly bool _partialLastLineIsMalformed;
    private long _intervalsBeforeRange;
    private readonly TagCache _tags = new();
    private byte[] _payload = Array.Empty<byte>();
    private int _lineNumber;
    private double _startTimeSec;
    private int _startTimeLineNumber;
    private double _baseTimeSec;
    private bool _observedStartTime;
    private bool _observedBaseTime;
    private HistogramLogEntry _lastInterval;
    private double _lastIntervalStartSec;
    private bool _disposed;

    /// <summary>Creates a reader of <paramref name="inputStream"/> with default options; the stream is left open when the reader is disposed.</summary>
    /// <param name="inputStream">The log.</param>
    /// <exception cref="ArgumentNullException"><paramref name="inputStream"/> is null.</exception>
    public HistogramLogReader(Stream inputStream)
        : this(inputStream, null, leaveOpen: true)
    {
    }

    /// <summary>Creates a reader of <paramref name="inputStream"/>.</summary>
    /// <param name="inputStream">The log (UTF-8, or UTF-16 with a byte order mark).</param>
    /// <param name="options">How to treat malformed lines, and limits; null for the defaults.</param>
    /// <param name="leaveOpen"><c>false</c> to dispose the stream with the reader.</param>
    /// <exception cref="ArgumentNullException"><paramref name="inputStream"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="inputStream"/> is not readable.</exception>
    public HistogramLogReader(Stream inputStream, HistogramLogReaderOptions? options, bool leaveOpen = true)
        : this(options ??= new HistogramLogReaderOptions(), new LogLineSource(Readable(inputStream), leaveOpen, options.MaxLineLength))
    {
    }

    /// <summary>Creates a reader of the text <paramref name="reader"/> gives.</summary>
    /// <param name="reader">The log.</param>
    /// <param name="options">How to treat malformed lines, and limits; null for the defaults.</param>
    /// <param name="leaveOpen"><c>false</c> to dispose the text reader with the reader.</param>
    /// <exception cref="ArgumentNullException"><paramref name="reader"/> is null.</exception>
    public HistogramLogReader(TextReader reader, HistogramLogReaderOptions? options = null, bool leaveOpen = true)
        : this(options ??= new HistogramLogReaderOptions(), new LogLineSource(reader ?? throw new ArgumentNullException(nameof(reader)), leaveOpen, options.MaxLineLength))
    {
    }

    private HistogramLogReader(HistogramLogReaderOptions options, LogLineSource source)
    {
        _source = source;
        _decoder = new HistogramDecoder(options.DecoderOptions);
        _minBarForHighestTrackableValue = options.DecoderOptions.MinBarForHighestTrackableValue;
        _skipMalformedLines = options.SkipMalformedLines;
        _partialLastLineIsMalformed = options.PartialLastLineIsMalformed;
    }

    /// <summary>
    /// The interval lines the ranged reads passed over because they start before the range (as Java's reader does,
    /// silently): with a range starting at 0, the intervals that start before the log's start time.
    /// </summary>
    public long IntervalsBeforeRange => _intervalsBeforeRange;

    /// <summary>Opens the log file at <paramref name="path"/> (shared for reading and writing, so a log still being written can be read).</summary>
    /// <param name="path">The log file.</param>
    /// <param name="options">How to treat malformed lines, and limits; null for the defaults.</param>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null.</exception>
    /// <exception cref="IOException">The file cannot be opened.</exception>
    public HistogramLogReader(string path, HistogramLogReaderOptions? options = null)
        : this(OpenShared(path), options, leaveOpen: false)
    {
    }

    /// <summary>
    /// The start time in seconds since the epoch (Java's <c>getStartTimeSec</c>): from the last <c>#[StartTime:</c> line
    /// read so far, else the first interval's timestamp, else 0.
    /// </summary>
    public double StartTimeSec => _startTimeSec;

    /// <summary>The base time in seconds since the epoch that interval timestamps are relative to: from a <c>#[BaseTime:</c> line, else deduced at the first interval (see the class remarks), else 0.</summary>
    public double BaseTimeSec => _baseTimeSec;

    /// <summary>Whether the start time is known: a <c>#[StartTime:</c> line or an interval has been read.</summary>
    public bool ObservedStartTime => _observedStartTime;

    /// <summary>Whether the base time is known: a <c>#[BaseTime:</c> line or an interval has been read.</summary>
    public bool ObservedBaseTime => _observedBaseTime;

    /// <summary>The number of lines read so far (the line number of the last line consumed).</summary>
    public int LineNumber => _lineNumber;

    /// <summary>Input bytes (characters for a <see cref="TextReader"/>) taken so far, at most one read buffer ahead of the lines read.</summary>
    internal long BytesRead => _source.BytesRead;

    /// <summary>The columns, timestamps and line of the interval last returned (default before the first).</summary>
    public HistogramLogEntry LastInterval => _lastInterval;

    /// <summary>
    /// The start of the last interval read, in seconds since the epoch, unrounded: what a time range is compared with
    /// (minus <see cref="StartTimeSec"/> for a range relative to the start time).
    /// </summary>
    internal double LastIntervalStartSec => _lastIntervalStartSec;

    /// <summary>Reads every integer interval histogram of <paramref name="inputStream"/>, lazily (upstream HdrHistogram.NET's API). The stream is left open.</summary>
    /// <param name="inputStream">The log.</param>
    /// <returns>The interval histograms, in log order; the reader is disposed when the enumeration ends.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="inputStream"/> is null.</exception>
    /// <remarks>A DoubleHistogram interval raises <see cref="HistogramFormatException"/> when it is reached (see <see cref="ReadHistograms()"/>).</remarks>
    public static IEnumerable<HistogramBase> Read(Stream inputStream)
    {
        if (inputStream is null)
        {
            throw new ArgumentNullException(nameof(inputStream));
        }

        return ReadAll(inputStream);

        static IEnumerable<HistogramBase> ReadAll(Stream stream)
        {
            using var reader = new HistogramLogReader(stream);
            foreach (var histogram in reader.ReadHistograms())
            {
                yield return histogram;
            }
        }
    }

    /// <summary>
    /// Reads every interval histogram, lazily (upstream HdrHistogram.NET's API; the intervals <see cref="NextIntervalHistogram()"/> returns).
    /// </summary>
    /// <returns>The interval histograms, each a new <see cref="LongHistogram"/> with its timestamps and tag set.</returns>
    /// <exception cref="HistogramFormatException">A line is malformed, or holds a DoubleHistogram (this method returns integer histograms).</exception>
    public IEnumerable<HistogramBase> ReadHistograms()
    {
        ThrowIfDisposed();
        return ReadAll();

        IEnumerable<HistogramBase> ReadAll()
        {
            EncodableHistogram? next;
            while ((next = NextIntervalHistogram()) is not null)
            {
                yield return AsIntegerHistogram(next, nameof(ReadHistograms));
            }
        }
    }

    /// <summary>
    /// Reads the interval histograms of one series, lazily, as <c>hdr process</c> and Java's <c>HistogramLogProcessor</c>
    /// count them: the intervals whose tag is <paramref name="tag"/> (null: the untagged ones; the others are skipped
    /// without being decoded) and that start at or after the log's StartTime (an interval that starts before it is left
    /// out and counted in <see cref="IntervalsBeforeRange"/>). Adding them up gives the total <c>hdr process</c> prints
    /// for that tag. <see cref="ReadHistograms()"/> returns every interval of every tag instead.
    /// </summary>
    /// <param name="tag">The series' tag, as the log's <c>Tag=</c> column holds it; null for the untagged intervals.</param>
    /// <returns>The series' interval histograms, each a new <see cref="LongHistogram"/> with its timestamps and tag set.</returns>
    /// <exception cref="HistogramFormatException">A line is malformed (and not skipped by the reader's options), or one of the series' intervals holds a DoubleHistogram.</exception>
    public IEnumerable<HistogramBase> ReadHistograms(string? tag)
    {
        ThrowIfDisposed();
        return ReadSeries();

        IEnumerable<HistogramBase> ReadSeries()
        {
            EncodableHistogram? next;
            while ((next = NextOfTag(tag)) is not null)
            {
                yield return AsIntegerHistogram(next, nameof(ReadHistograms));
            }
        }
    }

    /// <summary>The next interval of <paramref name="tag"/> from the StartTime on (Java's processor's rule), or null at the end.</summary>
    private EncodableHistogram? NextOfTag(string? tag)
        => Next(0.0, double.MaxValue, absolute: false, null, DecodeMode.Allocate, out _, filterByTag: true, tag);

    /// <summary>The interval just read as an integer histogram, or the format error of its line when it holds a DoubleHistogram.</summary>
    private HistogramBase AsIntegerHistogram(EncodableHistogram interval, string method)
        => interval as HistogramBase
            ?? throw new HistogramFormatException(
                "The interval holds a " + interval.GetType().Name + "; " + method + " returns integer histograms only (use NextIntervalHistogram)",
                _lastInterval.LineNumber,
                null);

    /// <summary>The start time read so far (see <see cref="StartTimeSec"/>) as a UTC <see cref="DateTime"/> (upstream HdrHistogram.NET's API).</summary>
    /// <returns>The start time.</returns>
    /// <exception cref="HistogramFormatException">
    /// The start time is NaN, infinite or outside <see cref="DateTime"/>'s years 1 to 9999; the exception names the line
    /// that set it. The reader stays usable: <see cref="StartTimeSec"/> holds the value and intervals can still be read.
    /// </exception>
    public DateTime GetStartTime() => ToDateTime(_startTimeSec, "StartTime", _startTimeLineNumber);

    /// <summary>The constructor's stream argument, checked: not null and readable.</summary>
    private static Stream Readable(Stream inputStream)
    {
        if (inputStream is null)
        {
            throw new ArgumentNullException(nameof(inputStream));
        }

        if (!inputStream.CanRead)
        {
            throw new ArgumentException("The stream is not readable.", nameof(inputStream));
        }

        return inputStream;
    }

    /// <summary>
    /// <paramref name="seconds"/> since the epoch as a UTC <see cref="DateTime"/>, or the format error of the header line
    /// that held it when there is no such DateTime (a log's value, not the caller's, so not an ArgumentException).
    /// </summary>
    private static DateTime ToDateTime(double seconds, string field, int lineNumber)
    {
        var epoch = new DateTime(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc);
        double ticks = seconds * TimeSpan.TicksPerSecond;

        // A margin of a millisecond keeps the rounding of a double near the ends from passing them; NaN fails both tests.
        if (!(ticks > DateTime.MinValue.Ticks - epoch.Ticks + TimeSpan.TicksPerMillisecond
              && ticks < DateTime.MaxValue.Ticks - epoch.Ticks - TimeSpan.TicksPerMillisecond))
        {
            throw new HistogramFormatException(
                "The " + field + " value " + seconds.ToString("R", System.Globalization.CultureInfo.InvariantCulture)
                + " (seconds since the epoch) is not a date between the years 1 and 9999",
                lineNumber,
                null);
        }

        return epoch.AddTicks((long)ticks);
    }

    /// <summary>
    /// Reads the next interval histogram (Java's <c>nextIntervalHistogram()</c>: every interval whose absolute start is
    /// between 0 and <see cref="long.MaxValue"/> seconds).
    /// </summary>
    /// <returns>A new <see cref="LongHistogram"/> or <see cref="DoubleHistogram"/> (by the line's cookie) with its timestamps and tag set, or null at the end of the log.</returns>
    /// <exception cref="HistogramFormatException">A line is malformed (and not skipped).</exception>
    public EncodableHistogram? NextIntervalHistogram() => Next(0.0, long.MaxValue * 1.0, absolute: true, null, DecodeMode.Allocate, out _);

    /// <summary>
    /// Reads the next interval histogram whose start, in seconds relative to the start time, is in
    /// [<paramref name="startTimeSec"/>, <paramref name="endTimeSec"/>] (Java's <c>nextIntervalHistogram(start, end)</c>).
    /// Earlier intervals are skipped without being decoded; the first later one ends the range: it is consumed and null
    /// is returned.
    /// </summary>
    /// <param name="startTimeSec">The start of the range, in seconds since the start time.</param>
    /// <param name="endTimeSec">The end of the range, in seconds since the start time.</param>
    /// <returns>A new histogram, or null at the end of the log or the range.</returns>
    /// <exception cref="HistogramFormatException">A line is malformed (and not skipped).</exception>
    public EncodableHistogram? NextIntervalHistogram(double startTimeSec, double endTimeSec)
        => Next(startTimeSec, endTimeSec, absolute: false, null, DecodeMode.Allocate, out _);

    /// <summary>
    /// Reads the next interval histogram whose absolute start, in seconds since the epoch, is in
    /// [<paramref name="absoluteStartTimeSec"/>, <paramref name="absoluteEndTimeSec"/>] (Java's
    /// <c>nextAbsoluteIntervalHistogram</c>), with the same skip and stop rules as <see cref="NextIntervalHistogram(double, double)"/>.
    /// </summary>
    /// <param name="absoluteStartTimeSec">The start of the range, in seconds since the epoch.</param>
    /// <param name="absoluteEndTimeSec">The end of the range, in seconds since the epoch.</param>
    /// <returns>A new histogram, or null at the end of the log or the range.</returns>
    /// <exception cref="HistogramFormatException">A line is malformed (and not skipped).</exception>
    public EncodableHistogram? NextAbsoluteIntervalHistogram(double absoluteStartTimeSec, double absoluteEndTimeSec)
        => Next(absoluteStartTimeSec, absoluteEndTimeSec, absolute: true, null, DecodeMode.Allocate, out _);

    /// <summary>
    /// Reads the next interval histogram (as <see cref="NextIntervalHistogram()"/>) into <paramref name="histogramToRecycle"/>
    /// when it can hold it, as recorders recycle interval histograms: then nothing is allocated.
    /// </summary>
    /// <param name="histogramToRecycle">
    /// A histogram the caller no longer needs (typically the one returned by the previous call), or null. It is reused,
    /// keeping its type, when the interval is an integer histogram with its lowest discernible value and number of
    /// significant digits (and counts that fit its count type), or when both are DoubleHistograms with the same number
    /// of significant digits; otherwise a new histogram is returned and it is left in an unspecified state.
    /// </param>
    /// <returns><paramref name="histogramToRecycle"/> or a new histogram, with its timestamps and tag set; or null at the end of the log.</returns>
    /// <exception cref="HistogramFormatException">A line is malformed (and not skipped).</exception>
    public EncodableHistogram? NextIntervalHistogram(EncodableHistogram? histogramToRecycle)
        => Next(0.0, long.MaxValue * 1.0, absolute: true, histogramToRecycle, DecodeMode.Recycle, out _);

    /// <summary>
    /// Reads the next interval of a log of integer histograms as a <see cref="HistogramBase"/> (no cast needed),
    /// reusing <paramref name="histogramToRecycle"/> when it can hold the interval, as
    /// <see cref="NextIntervalHistogram(EncodableHistogram)"/> does: then nothing is allocated.
    /// </summary>
    /// <param name="histogramToRecycle">
    /// A histogram the caller no longer needs (typically the one the previous call returned), or null for a new one.
    /// When it is reused, the same object is returned and its previous content is gone: copy a histogram to keep it.
    /// It is reused when the interval has its lowest discernible value and number of significant digits (and counts
    /// that fit its count type); otherwise a new <see cref="LongHistogram"/> is returned.
    /// </param>
    /// <returns>The interval with its timestamps and tag set, or null at the end of the log.</returns>
    /// <exception cref="HistogramFormatException">A line is malformed (and not skipped), or holds a DoubleHistogram (read such logs with <see cref="NextIntervalHistogram(EncodableHistogram)"/>).</exception>
    public HistogramBase? NextHistogram(HistogramBase? histogramToRecycle = null)
    {
        var next = Next(0.0, long.MaxValue * 1.0, absolute: true, histogramToRecycle, DecodeMode.Recycle, out _);
        return next is null ? null : AsIntegerHistogram(next, nameof(NextHistogram));
    }

    /// <summary>
    /// Reads the next interval histogram in a time range (as <see cref="NextIntervalHistogram(double, double)"/> or, with
    /// <paramref name="absoluteRange"/>, <see cref="NextAbsoluteIntervalHistogram"/>), recycling
    /// <paramref name="histogramToRecycle"/> as <see cref="NextIntervalHistogram(EncodableHistogram)"/> does.
    /// </summary>
    /// <param name="rangeStartTimeSec">The start of the range, in seconds.</param>
    /// <param name="rangeEndTimeSec">The end of the range, in seconds.</param>
    /// <param name="absoluteRange"><c>true</c>: the range is in seconds since the epoch; <c>false</c>: since the start time.</param>
    /// <param name="histogramToRecycle">A histogram to reuse when it can hold the interval, or null.</param>
    /// <returns><paramref name="histogramToRecycle"/> or a new histogram; or null at the end of the log or the range.</returns>
    /// <exception cref="HistogramFormatException">A line is malformed (and not skipped).</exception>
    public EncodableHistogram? NextIntervalHistogram(double rangeStartTimeSec, double rangeEndTimeSec, bool absoluteRange, EncodableHistogram? histogramToRecycle)
        => Next(rangeStartTimeSec, rangeEndTimeSec, absoluteRange, histogramToRecycle, DecodeMode.Recycle, out _);

    /// <summary>
    /// Decodes the next interval (as <see cref="NextIntervalHistogram()"/>) into <paramref name="target"/>, allocating
    /// nothing in steady state, and describes it in <paramref name="entry"/>.
    /// </summary>
    /// <param name="target">
    /// The histogram to fill; it is reset first, keeps its type, grows when the interval's range is wider, and gets the
    /// interval's timestamps and tag. It must be of the interval's kind (a <see cref="HistogramBase"/> for an integer
    /// line, a <see cref="DoubleHistogram"/> for a DoubleHistogram line) and have the interval's lowest discernible value
    /// (integer) and number of significant digits (a log whose intervals differ in those: use
    /// <see cref="NextIntervalHistogram(EncodableHistogram)"/>).
    /// </param>
    /// <param name="entry">The interval's tag, columns, timestamps and line number.</param>
    /// <returns><c>true</c> when an interval was read; <c>false</c> at the end of the log (the target is then unspecified).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="HistogramFormatException">A line is malformed (and not skipped), or holds a histogram the target cannot take (the other kind, another configuration, or counts too large for its type).</exception>
    public bool TryReadNextInto(EncodableHistogram target, out HistogramLogEntry entry)
        => TryReadNextInto(target, 0.0, long.MaxValue * 1.0, absoluteRange: true, out entry);

    /// <summary>
    /// Decodes the next interval in a time range (see <see cref="NextIntervalHistogram(double, double, bool, EncodableHistogram)"/>)
    /// into <paramref name="target"/> (see <see cref="TryReadNextInto(EncodableHistogram, out HistogramLogEntry)"/>).
    /// </summary>
    /// <param name="target">The histogram to fill.</param>
    /// <param name="rangeStartTimeSec">The start of the range, in seconds.</param>
    /// <param name="rangeEndTimeSec">The end of the range, in seconds.</param>
    /// <param name="absoluteRange"><c>true</c>: the range is in seconds since the epoch; <c>false</c>: since the start time.</param>
    /// <param name="entry">The interval's tag, columns, timestamps and line number.</param>
    /// <returns><c>true</c> when an interval was read; <c>false</c> at the end of the log or the range.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="HistogramFormatException">A line is malformed (and not skipped), or holds a histogram the target cannot take.</exception>
    public bool TryReadNextInto(EncodableHistogram target, double rangeStartTimeSec, double rangeEndTimeSec, bool absoluteRange, out HistogramLogEntry entry)
    {
        if (target is null)
        {
            throw new ArgumentNullException(nameof(target));
        }

        return Next(rangeStartTimeSec, rangeEndTimeSec, absoluteRange, target, DecodeMode.Into, out entry) is not null;
    }

    /// <summary>Returns the reader's buffers to the pool and disposes the input unless it was to be left open.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _source.Dispose();
        _decoder.Dispose();
        if (_payload.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(_payload);
            _payload = Array.Empty<byte>();
        }
    }

    private enum DecodeMode
    {
        /// <summary>A new <see cref="LongHistogram"/> per interval.</summary>
        Allocate,

        /// <summary>Into the given target, which must take it.</summary>
        Into,

        /// <summary>Into the given histogram when it can take it, else a new one.</summary>
        Recycle,
    }

    private static FileStream OpenShared(string path)
    {
        if (path is null)
        {
            throw new ArgumentNullException(nameof(path));
        }

        return new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete, 64 * 1024);
    }

    /// <summary>
    /// Takes the next line (advancing <c>_lineNumber</c> to it) and parses it; false when no line can be taken for now.
    /// Bytes after the last line end count only when they are a complete interval, decoded here (as
    /// <paramref name="mode"/> says) into <paramref name="decoded"/>, or, with <c>PartialLastLineIsMalformed</c>, a
    /// malformed line; otherwise they are an interval still being written, or a comment whose end is still to come, and
    /// are left for a later call. A read error of the source names the line it happened on.
    /// </summary>
    private bool TryTakeLine(EncodableHistogram? target, DecodeMode mode, out int lineStart, out int lineLength, out ParsedLogLine line, out EncodableHistogram? decoded)
    {
        bool terminated;
        decoded = null;
        try
        {
            if (!_source.TryPeekLine(out lineStart, out lineLength, out terminated))
            {
                line = default;
                return false;
            }
        }
        catch (HistogramFormatException e) when (e.LineNumber == 0)
        {
            throw new HistogramFormatException(e.Message, _lineNumber + 1, e);
        }

        line = LogLineParser.Parse(_source.Buffer, lineStart, lineLength);
        int lineNumber = _lineNumber + 1;
        if (!terminated)
        {
            if (line.Kind == LogLineKind.Interval)
            {
                decoded = TryDecodeTail(line, target, mode, lineNumber, out string? error);
                if (decoded is null)
                {
                    if (!_partialLastLineIsMalformed)
                    {
                        return false;
                    }

                    line.Kind = LogLineKind.Malformed;
                    line.Error = error;
                }
            }
            else if (line.Kind != LogLineKind.Malformed || !_partialLastLineIsMalformed)
            {
                return false;
            }
        }

        _source.Consume();
        _lineNumber = lineNumber;
        return true;
    }

    /// <summary>
    /// The loop behind every read: Java's scanner and reader rules, line by line. With <paramref name="filterByTag"/>,
    /// intervals of other tags than <paramref name="tag"/> are passed over before the range check, undecoded.
    /// </summary>
    private EncodableHistogram? Next(double rangeStart, double rangeEnd, bool absolute, EncodableHistogram? target, DecodeMode mode, out HistogramLogEntry entry, bool filterByTag = false, string? tag = null)
    {
        ThrowIfDisposed();
        entry = default;
        while (true)
        {
            if (!TryTakeLine(target, mode, out _, out _, out var line, out var decoded))
            {
                return null;
            }

            int lineNumber = _lineNumber;
            switch (line.Kind)
            {
                case LogLineKind.StartTime:
                    ObserveStartTime(line.Seconds, lineNumber);
                    continue;
                case LogLineKind.BaseTime:
                    ObserveBaseTime(line.Seconds);
                    continue;
                case LogLineKind.Malformed:
                    ThrowUnlessSkippingMalformedLines(line, lineNumber);
                    continue;
                case LogLineKind.Interval:
                    break;
                default:
                    continue;
            }

            double timestamp = line.Timestamp;
            double absoluteStart = ResolveAbsoluteStart(timestamp, lineNumber);
            double absoluteEnd = absoluteStart + line.Length;
            if (filterByTag
                && !string.Equals(line.TagOffset < 0 ? null : _tags.Get(_source.Buffer, line.TagOffset, line.TagLength), tag, StringComparison.Ordinal))
            {
                continue;
            }

            double toCheck = absolute ? absoluteStart : absoluteStart - _startTimeSec;
            if (toCheck < rangeStart)
            {
                _intervalsBeforeRange++;
                continue;
            }

            if (toCheck > rangeEnd)
            {
                return null;
            }

            if (decoded is null)
            {
                try
                {
                    decoded = Decode(line, target, mode, lineNumber, requirePadding: false);
                }
                catch (HistogramFormatException e) when (_skipMalformedLines && e.LineNumber == lineNumber && e.InnerException is HistogramFormatException)
                {
                    continue;
                }
            }

            _lastInterval = CreateEntry(line, absoluteStart, absoluteEnd, lineNumber);
            _lastIntervalStartSec = absoluteStart;
            entry = _lastInterval;
            ApplyEntry(decoded, entry);
            return decoded;
        }
    }

    /// <summary>Notes a <c>#[StartTime: ...]</c> line.</summary>
    private void ObserveStartTime(double seconds, int lineNumber)
    {
        _startTimeSec = seconds;
        _startTimeLineNumber = lineNumber;
        _observedStartTime = true;
    }

    /// <summary>Notes a <c>#[BaseTime: ...]</c> line.</summary>
    private void ObserveBaseTime(double seconds)
    {
        _baseTimeSec = seconds;
        _observedBaseTime = true;
    }

    /// <summary>Throws the format error of a malformed interval line, unless the options say to pass over such lines.</summary>
    private void ThrowUnlessSkippingMalformedLines(in ParsedLogLine line, int lineNumber)
    {
        if (!_skipMalformedLines)
        {
            throw new HistogramFormatException("Malformed interval line: " + line.Error, lineNumber, null);
        }
    }

    /// <summary>
    /// Java's rules for an interval's absolute start: without a StartTime line the first timestamp is the start time;
    /// without a BaseTime line, a first timestamp more than a year before the start time means relative timestamps.
    /// </summary>
    private double ResolveAbsoluteStart(double timestamp, int lineNumber)
    {
        if (!_observedStartTime)
        {
            // No explicit start time noted: use the first observed time.
            ObserveStartTime(timestamp, lineNumber);
        }

        if (!_observedBaseTime)
        {
            // No explicit base time: a first timestamp more than a year before the start time means relative timestamps.
            ObserveBaseTime(timestamp < _startTimeSec - OneYearInSeconds ? _startTimeSec : 0.0);
        }

        return timestamp + _baseTimeSec;
    }

    /// <summary>The entry of an interval line whose absolute start and end are known.</summary>
    private HistogramLogEntry CreateEntry(in ParsedLogLine line, double absoluteStart, double absoluteEnd, int lineNumber)
    {
        string? tag = line.TagOffset < 0 ? null : _tags.Get(_source.Buffer, line.TagOffset, line.TagLength);
        return new HistogramLogEntry(tag, line.Timestamp, line.Length, line.Max, JavaMath.ToLong(absoluteStart * 1000.0), JavaMath.ToLong(absoluteEnd * 1000.0), lineNumber);
    }

    /// <summary>Gives a decoded interval its entry's timestamps and tag.</summary>
    private static void ApplyEntry(EncodableHistogram decoded, in HistogramLogEntry entry)
    {
        decoded.StartTimeStamp = entry.StartTimeStamp;
        decoded.EndTimeStamp = entry.EndTimeStamp;
        decoded.Tag = entry.Tag;
    }

    /// <summary>Decodes an unterminated last line to see whether it is complete; null (and the problem) when it is not.</summary>
    private EncodableHistogram? TryDecodeTail(in ParsedLogLine line, EncodableHistogram? target, DecodeMode mode, int lineNumber, out string? error)
    {
        error = null;
        if (!_partialLastLineIsMalformed && TailIsCertainlyIncomplete(line))
        {
            // A line still being written, as on every read of a log followed while it grows: no full decode (and no
            // exception) for each new piece of it.
            return null;
        }

        try
        {
            // Strict about padding: a payload cut just before its '=' padding would otherwise decode completely.
            return Decode(line, target, mode, lineNumber, requirePadding: true);
        }
        catch (HistogramFormatException e) when (e.InnerException is HistogramFormatException inner)
        {
            error = inner.Message;
            return null;
        }
    }

    /// <summary>
    /// A look at the start of an unterminated interval line's payload: true when it certainly is not all there yet
    /// (not whole groups of four base64 characters, or fewer bytes than its header announces). False when a full decode
    /// must tell.
    /// </summary>
    private bool TailIsCertainlyIncomplete(in ParsedLogLine line)
    {
        int length = line.PayloadLength;
        if ((length & 3) != 0)
        {
            return true;
        }

        // Padding stands only at the very end, so whole groups before it decode as a final block of their own.
        const int PrefixChars = (HistogramDecoder.MaxPrefixLength + 2) / 3 * 4;
        int prefixChars = Math.Min(length, PrefixChars);
        Span<byte> prefix = stackalloc byte[PrefixChars / 4 * 3];
        byte[] buffer = _source.Buffer;
        int offset = line.PayloadOffset;
        if (Base64.DecodeFromUtf8(new ReadOnlySpan<byte>(buffer, offset, prefixChars), prefix, out _, out int written) != OperationStatus.Done)
        {
            return false;
        }

        int padding = length == 0 ? 0 : (buffer[offset + length - 1] == (byte)'=' ? 1 : 0) + (buffer[offset + length - 2] == (byte)'=' ? 1 : 0);
        return _decoder.IsCertainlyTruncated(prefix.Slice(0, written), ((long)length / 4 * 3) - padding);
    }

    /// <summary>
    /// Decodes the payload of an interval line, into a histogram of the kind its cookie announces. A malformed payload
    /// raises <see cref="HistogramFormatException"/> with the line number and the decoder's exception inside; every
    /// other problem (a target that cannot take the histogram) raises one without an inner
    /// <see cref="HistogramFormatException"/>, so that it is never skipped.
    /// </summary>
    private EncodableHistogram Decode(in ParsedLogLine line, EncodableHistogram? target, DecodeMode mode, int lineNumber, bool requirePadding)
    {
        ReadOnlySpan<byte> bytes;
        try
        {
            bytes = DecodeBase64(_source.Buffer, line.PayloadOffset, line.PayloadLength, requirePadding);
        }
        catch (HistogramFormatException e)
        {
            throw new HistogramFormatException("Malformed interval line: " + e.Message, lineNumber, e);
        }

        bool isDouble = bytes.Length >= 4 && DoubleEncoder.IsDoubleCookie(BinaryPrimitives.ReadInt32BigEndian(bytes));
        if (mode == DecodeMode.Allocate || target is null)
        {
            return DecodeNew(bytes, isDouble, lineNumber);
        }

        bool targetIsDouble = target is DoubleHistogram;
        if (targetIsDouble != isDouble)
        {
            // The other kind: validate the payload first (a malformed one is reported as such), then say why.
            var other = DecodeNew(bytes, isDouble, lineNumber);
            if (mode == DecodeMode.Recycle)
            {
                return other;
            }

            throw new HistogramFormatException(
                "The interval holds " + (isDouble ? "a DoubleHistogram" : "an integer histogram") + ", which cannot be decoded into the "
                + target.GetType().Name + " given (read it with NextIntervalHistogram, or into a "
                + (isDouble ? "DoubleHistogram" : "HistogramBase") + ")",
                lineNumber,
                innerException: null);
        }

        try
        {
            return isDouble
                ? _decoder.DecodeEncodable(bytes, HistogramDecoder.DecodeKind.Double, target, HistogramCountType.Long, HistogramDecoder.Accept.CompressedOnly, _minBarForHighestTrackableValue, out _)
                : _decoder.DecodeCore(bytes, (HistogramBase)target, HistogramCountType.Long, HistogramDecoder.Accept.CompressedOnly, _minBarForHighestTrackableValue, out _);
        }
        catch (HistogramFormatException intoFailure)
        {
            // Either the payload is malformed, or the target cannot take this (valid) histogram: decoding it anew tells.
            var fresh = DecodeNew(bytes, isDouble, lineNumber);
            if (mode == DecodeMode.Recycle)
            {
                return fresh;
            }

            if (fresh is DoubleHistogram freshDouble)
            {
                throw new HistogramFormatException(
                    "The interval's DoubleHistogram (" + LogLineParser.Str(freshDouble.NumberOfSignificantValueDigits)
                    + " significant digits) cannot be decoded into the " + target.GetType().Name + " given ("
                    + LogLineParser.Str(((DoubleHistogram)target).NumberOfSignificantValueDigits) + " significant digits): " + intoFailure.Message,
                    lineNumber,
                    innerException: null);
            }

            var integerTarget = (HistogramBase)target;
            throw new HistogramFormatException(
                "The interval's histogram (lowest discernible value " + LogLineParser.Str(((HistogramBase)fresh).LowestTrackableValue)
                + ", " + LogLineParser.Str(((HistogramBase)fresh).NumberOfSignificantValueDigits) + " significant digits) cannot be decoded into the "
                + target.GetType().Name + " given (lowest discernible value " + LogLineParser.Str(integerTarget.LowestTrackableValue) + ", "
                + LogLineParser.Str(integerTarget.NumberOfSignificantValueDigits) + " significant digits): " + intoFailure.Message,
                lineNumber,
                innerException: null);
        }
    }

    private EncodableHistogram DecodeNew(ReadOnlySpan<byte> bytes, bool isDouble, int lineNumber)
    {
        try
        {
            // Java's reader decodes every integer payload as a Histogram (64-bit counts), whatever its word size.
            return isDouble
                ? _decoder.DecodeEncodable(bytes, HistogramDecoder.DecodeKind.Double, null, HistogramCountType.Long, HistogramDecoder.Accept.CompressedOnly, _minBarForHighestTrackableValue, out _)
                : _decoder.DecodeCore(bytes, null, HistogramCountType.Long, HistogramDecoder.Accept.CompressedOnly, _minBarForHighestTrackableValue, out _);
        }
        catch (HistogramFormatException e)
        {
            throw new HistogramFormatException("Malformed interval line: the histogram payload is invalid: " + e.Message, lineNumber, e);
        }
    }

    /// <summary>
    /// Decodes standard base64 (as Java's decoder: the padding may be left out, unless <paramref name="requirePadding"/>)
    /// into the pooled payload buffer.
    /// </summary>
    /// <exception cref="HistogramFormatException">The text is not base64.</exception>
    private ReadOnlySpan<byte> DecodeBase64(byte[] buffer, int offset, int length, bool requirePadding)
    {
        int needed = Base64.GetMaxDecodedFromUtf8Length(length + 3);
        if (_payload.Length < needed)
        {
            if (_payload.Length > 0)
            {
                ArrayPool<byte>.Shared.Return(_payload);
            }

            _payload = ArrayPool<byte>.Shared.Rent(Math.Max(needed, 1024));
        }

        int whole = length & ~3;
        var status = Base64.DecodeFromUtf8(new ReadOnlySpan<byte>(buffer, offset, whole), _payload, out int consumed, out int written, isFinalBlock: whole == length);
        if (status == OperationStatus.Done && whole != length && !requirePadding)
        {
            // A final block without its padding (Java's decoder accepts it): pad it.
            status = OperationStatus.InvalidData;
            if (length - whole > 1)
            {
                Span<byte> last = stackalloc byte[4];
                last.Fill((byte)'=');
                new ReadOnlySpan<byte>(buffer, offset + whole, length - whole).CopyTo(last);
                status = Base64.DecodeFromUtf8(last, _payload.AsSpan(written), out _, out int lastWritten);
                written += lastWritten;
            }

            consumed = status == OperationStatus.Done ? length : whole;
        }
        else if (whole != length)
        {
            status = OperationStatus.InvalidData;
        }

        if (status != OperationStatus.Done)
        {
            throw new HistogramFormatException(
                "the histogram payload is not valid base64 (at character " + LogLineParser.Str(consumed) + " of " + LogLineParser.Str(length) + ")");
        }

        return new ReadOnlySpan<byte>(_payload, 0, written);
    }

    private void ThrowIfDisposed()
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(nameof(HistogramLogReader));
        }
    }
}
