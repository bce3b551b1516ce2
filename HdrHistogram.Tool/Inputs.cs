using System;
using System.IO;

namespace HdrHistogram.Tool;

/// <summary>What an input to <c>hdr decode</c> holds.</summary>
internal enum InputKind
{
    /// <summary>Encoded histograms, back to back (starts with a histogram cookie).</summary>
    Binary,

    /// <summary>A histogram log (comments, a legend or interval lines).</summary>
    Log,

    /// <summary>Base64 histograms, one per line.</summary>
    Base64Lines,
}

/// <summary>Opening inputs (a file, or standard input for none or "-") and telling what they hold.</summary>
internal static class Inputs
{
    private const int PeekBytes = 64 * 1024;

    private static readonly System.Buffers.SearchValues<byte> Whitespace = System.Buffers.SearchValues.Create(" \t\r\n\f\v"u8);

    public static bool IsStandardInput(string? path) => path is null or "-";

    /// <summary>
    /// Opens <paramref name="path"/> (shared, so a log being written can be read) or standard input. A directory or a
    /// missing file is one clear error; reading standard input from a terminal first prints a one-line hint on standard
    /// error (so the command does not seem to hang).
    /// </summary>
    /// <param name="path">The file; null or "-" for standard input.</param>
    /// <param name="console">The standard streams.</param>
    /// <param name="command">The command, e.g. "hdr summary", for the hint.</param>
    /// <param name="fileHint">How to name a file instead, e.g. "FILE" or "-i FILE".</param>
    public static Stream Open(string? path, ToolConsole console, string command, string fileHint = "FILE")
    {
        if (IsStandardInput(path))
        {
            if (console.InputIsTerminal)
            {
                console.Error.WriteLine(StandardInputHint(command, fileHint));
            }

            return new NonClosingStream(console.Input);
        }

        if (Directory.Exists(path))
        {
            throw new ToolException("cannot open '" + path + "': it is a directory, not a file");
        }

        try
        {
            return new FileStream(path!, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete, 64 * 1024);
        }
        catch (FileNotFoundException)
        {
            throw new ToolException("cannot open '" + path + "': file not found");
        }
        catch (DirectoryNotFoundException)
        {
            throw new ToolException("cannot open '" + path + "': directory not found");
        }
    }

    /// <summary>The line printed when a command reads standard input from a terminal.</summary>
    public static string StandardInputHint(string command, string fileHint)
        => command + ": reading standard input from the terminal (end it with Ctrl+D, or Ctrl+Z Enter on Windows; or give " + fileHint + ")";

    /// <summary>
    /// Opens a histogram log for the commands that read logs (summary, process, merge): as <see cref="OpenAny"/>, and
    /// binary data (an encoded histogram, or any bytes with NUL in them) is one clear error rather than a malformed line.
    /// </summary>
    public static CountingStream OpenLog(string? path, ToolConsole console, string command, string fileHint = "FILE")
    {
        var stream = OpenAny(path, console, command, out _, out bool binary, fileHint);
        if (binary)
        {
            stream.Dispose();
            throw new ToolException(BinaryData(Name(path)));
        }

        return stream;
    }

    /// <summary>
    /// Opens an input as <see cref="Open"/> does and tells what it holds. An input of whitespace only reads as an
    /// empty one (so that every reader finds no histograms in it, and <see cref="NoHistograms(string, CountingStream)"/> says why).
    /// </summary>
    public static CountingStream OpenAny(string? path, ToolConsole console, string command, out InputKind kind, out bool binary, string fileHint = "FILE")
    {
        var stream = Classify(Open(path, console, command, fileHint), out kind, out binary, out bool blank, out bool percentiles, out string? microseconds);
        if (percentiles)
        {
            stream.Dispose();
            throw new ToolException(PercentileDistribution(Name(path)));
        }

        return new CountingStream(stream, blank) { MicrosecondsHeader = microseconds };
    }

    /// <summary>
    /// Opens a log, .hgrm or base64 input for plot and report, which read their inputs twice: a file as is, standard
    /// input read into memory. The same checks and messages as <see cref="OpenLog"/>; an empty or blank input is
    /// <see cref="NoHistograms(string, CountingStream)"/> at once.
    /// </summary>
    public static CountingStream OpenSeekable(string? path, ToolConsole console, string command)
    {
        Stream stream = Open(path, console, command);
        if (IsStandardInput(path))
        {
            var copy = new MemoryStream();
            stream.CopyTo(copy);
            copy.Position = 0;
            stream = copy;
        }

        byte[] prefix = new byte[PeekBytes];
        int filled = Peek(stream, prefix, stopAtLineEnd: false, out bool ended);
        stream.Position = 0;
        if (ended && IsBlank(prefix.AsSpan(0, filled)))
        {
            stream.Dispose();
            throw new ToolException(NoHistogramsBecause(Name(path), empty: filled == 0, blank: filled > 0));
        }

        if (LooksBinary(prefix.AsSpan(0, filled)))
        {
            stream.Dispose();
            throw new ToolException(BinaryData(Name(path)));
        }

        return new CountingStream(stream) { MicrosecondsHeader = MicrosecondsHeader(prefix.AsSpan(0, filled)) };
    }

    /// <summary>
    /// The first line of a log when its own words say the values are microseconds: YCSB's <c>#[Logging for: OPERATION]</c>
    /// (YCSB records operation latencies in microseconds); else null.
    /// </summary>
    public static string? MicrosecondsHeader(ReadOnlySpan<byte> bytes)
    {
        if (bytes.Length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF)
        {
            bytes = bytes.Slice(3);
        }

        int end = bytes.IndexOf((byte)'\n');
        var line = (end < 0 ? bytes : bytes.Slice(0, end)).Trim(" \t\r"u8);
        return line.StartsWith("#[Logging for: "u8) && line.EndsWith("]"u8) && line.Length <= 200
            ? System.Text.Encoding.UTF8.GetString(line)
            : null;
    }

    /// <summary>The error for a percentile distribution (.hgrm) where a log or encoded histograms were expected.</summary>
    public static string PercentileDistribution(string name)
        => name + " holds a percentile distribution (.hgrm, as hdr process -o and Java's outputPercentileDistribution write "
           + "it), not a histogram log: hdr plot and hdr report read it";

    /// <summary>
    /// Whether the first line of an input is the header of a percentile distribution: "Value Percentile TotalCount
    /// 1/(1-Percentile)" (text) or its quoted CSV form.
    /// </summary>
    private static bool IsPercentileHeader(ReadOnlySpan<byte> bytes)
    {
        if (bytes.Length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF)
        {
            bytes = bytes.Slice(3);
        }

        int end = bytes.IndexOf((byte)'\n');
        var line = (end < 0 ? bytes : bytes.Slice(0, end)).Trim(" \t\r"u8);
        return (line.StartsWith("Value"u8) || line.StartsWith("\"Value\""u8)) && line.IndexOf("Percentile"u8) >= 0;
    }

    /// <summary>The error for binary data where a log was expected.</summary>
    public static string BinaryData(string name)
        => name + " holds binary data, not a histogram log (hdr decode reads encoded histograms)";

    /// <summary>
    /// The error for an input without a single histogram, the same in every command: "no histograms in X", and why
    /// when it is empty or holds only whitespace.
    /// </summary>
    public static string NoHistograms(string name, CountingStream input)
        => NoHistogramsBecause(name, empty: input.BytesRead == 0 && !input.Blank, blank: input.Blank);

    private static string NoHistogramsBecause(string name, bool empty, bool blank)
        => "no histograms in " + name + (blank ? " (it holds only whitespace)" : empty ? " (it is empty)" : string.Empty);

    /// <summary>
    /// Says on standard error how many intervals the rule every command shares (Java's HistogramLogProcessor's: an
    /// interval counts when it starts at or after the range's start, 0 by default, relative to the log's StartTime) left
    /// out because they start before the log's StartTime, and how to include them. Nothing when there are none, or when
    /// the range's start was chosen (then leaving them out is what was asked).
    /// </summary>
    public static void NoteIntervalsBeforeStart(ToolConsole console, string command, string name, long count, double rangeStartSec, string startOption)
    {
        if (count == 0 || rangeStartSec != 0)
        {
            return;
        }

        console.Error.WriteLine(
            command + ": note: " + name + ": " + count.ToString(System.Globalization.CultureInfo.InvariantCulture)
            + (count == 1 ? " interval starts" : " intervals start") + " before the log's StartTime and "
            + (count == 1 ? "is" : "are") + " left out, as Java's HistogramLogProcessor leaves them out (a negative "
            + startOption + ", e.g. " + startOption + " -60, includes those up to that many seconds before)");
    }

    /// <summary>How messages name an input: its path, or "standard input".</summary>
    public static string Name(string? path) => IsStandardInput(path) ? "standard input" : path!;

    /// <summary>
    /// Reports a last line that was cut off (no line end, and the log reader left it unread as an interval still being
    /// written, e.g. by a process killed mid-write): a warning on standard error, or with <paramref name="strict"/> an error.
    /// </summary>
    /// <param name="console">Where the warning goes.</param>
    /// <param name="command">The command, e.g. "hdr summary".</param>
    /// <param name="name">The input's name.</param>
    /// <param name="input">The input, read to its end.</param>
    /// <param name="linesRead">The lines the log reader consumed.</param>
    /// <param name="strict">Whether a cut-off line is an error.</param>
    public static void CheckLastLine(ToolConsole console, string command, string name, CountingStream input, long linesRead, bool strict)
    {
        if (!input.AtEnd || input.BytesRead == 0 || input.EndsWithLineEnd || linesRead != input.LineEnds)
        {
            return;
        }

        string message = name + ": line " + (input.LineEnds + 1).ToString(System.Globalization.CultureInfo.InvariantCulture)
            + " is cut off (no line end; was the log's writer stopped mid-line?)";
        if (strict)
        {
            throw new ToolException(message);
        }

        console.Error.WriteLine(command + ": warning: " + message + ": ignored (--strict makes this an error)");
    }

    /// <summary>The size of a file input, or 0 for standard input.</summary>
    public static long Length(string? path) => IsStandardInput(path) || !File.Exists(path) ? 0 : new FileInfo(path!).Length;

    /// <summary>
    /// Reads the start of <paramref name="stream"/> to tell what it holds (<paramref name="kind"/>; <paramref name="binary"/>
    /// for binary data, see <see cref="LooksBinary"/>; <paramref name="blank"/> for whitespace only up to its end); returns
    /// a stream that still starts at the beginning, or an empty one for a blank input.
    /// </summary>
    public static Stream Classify(Stream stream, out InputKind kind, out bool binary, out bool blank, out bool percentiles, out string? microsecondsHeader)
    {
        byte[] prefix = new byte[PeekBytes];
        int filled = Peek(stream, prefix, stopAtLineEnd: true, out bool ended);
        percentiles = IsPercentileHeader(prefix.AsSpan(0, filled));
        microsecondsHeader = MicrosecondsHeader(prefix.AsSpan(0, filled));
        kind = Classify(prefix.AsSpan(0, filled));
        binary = LooksBinary(prefix.AsSpan(0, filled));
        blank = ended && filled > 0 && IsBlank(prefix.AsSpan(0, filled));
        if (ended && IsBlank(prefix.AsSpan(0, filled)))
        {
            // Nothing at all: read as a log without intervals (the reader every command shares), whatever was asked.
            kind = InputKind.Log;
        }

        return new PrefixedStream(prefix, blank ? 0 : filled, stream);
    }

    /// <summary>
    /// Reads the start of <paramref name="stream"/> into <paramref name="prefix"/>: all of it that fits, or (with
    /// <paramref name="stopAtLineEnd"/>, so that a pipe is not waited on longer than needed) up to a line end after
    /// something other than whitespace. <paramref name="ended"/> tells that the stream's end was read.
    /// </summary>
    private static int Peek(Stream stream, byte[] prefix, bool stopAtLineEnd, out bool ended)
    {
        int filled = 0;
        ended = false;
        while (filled < prefix.Length)
        {
            int read = stream.Read(prefix, filled, prefix.Length - filled);
            if (read <= 0)
            {
                ended = true;
                break;
            }

            filled += read;
            if (stopAtLineEnd && filled >= 4 && ContainsLineEnd(prefix, filled) && !IsBlank(prefix.AsSpan(0, filled)))
            {
                break;
            }
        }

        return filled;
    }

    /// <summary>Whether <paramref name="bytes"/> are whitespace only (spaces, tabs, line ends, a UTF-8 byte order mark first), or none.</summary>
    private static bool IsBlank(ReadOnlySpan<byte> bytes)
    {
        if (bytes.Length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF)
        {
            bytes = bytes.Slice(3);
        }

        return bytes.IndexOfAnyExcept(Whitespace) < 0;
    }

    /// <summary>Whether the start of an input is binary: an encoded histogram's cookie, or a NUL byte in text without a UTF-16 byte order mark.</summary>
    public static bool LooksBinary(ReadOnlySpan<byte> bytes)
    {
        if (Classify(bytes) == InputKind.Binary)
        {
            return true;
        }

        bool utf16 = bytes.Length >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF));
        return !utf16 && bytes.IndexOf((byte)0) >= 0;
    }

    private static bool ContainsLineEnd(byte[] bytes, int count) => Array.IndexOf(bytes, (byte)'\n', 0, count) >= 0;

    private static InputKind Classify(ReadOnlySpan<byte> bytes)
    {
        if (bytes.Length >= 4)
        {
            int cookie = (bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3];
            int cookieBase = cookie & ~0xF0;
            if (cookieBase is 0x1c849303 or 0x1c849304 or 0x1c849301 or 0x1c849302 or 0x1c849308 or 0x1c849309
                || cookie is 0x0c72124e or 0x0c72124f)
            {
                return InputKind.Binary;
            }
        }

        if (bytes.Length >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)))
        {
            return InputKind.Log; // UTF-16, as upstream HdrHistogram.NET wrote logs
        }

        // The first non-blank line: base64 text has no '#', '"', ',' or spaces.
        int start = 0;
        if (bytes.Length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF)
        {
            start = 3;
        }

        while (start < bytes.Length)
        {
            int end = bytes.Slice(start).IndexOf((byte)'\n');
            var line = end < 0 ? bytes.Slice(start) : bytes.Slice(start, end);
            line = line.Trim((byte)'\r').Trim((byte)' ');
            if (!line.IsEmpty)
            {
                return line[0] is (byte)'#' or (byte)'"' || line.IndexOf((byte)',') >= 0 || line.IndexOf((byte)' ') >= 0
                    ? InputKind.Log
                    : InputKind.Base64Lines;
            }

            if (end < 0)
            {
                break;
            }

            start += end + 1;
        }

        return InputKind.Base64Lines;
    }

    /// <summary>Counts the bytes and line ends read through it, for progress reports and to tell a cut-off last line.</summary>
    public sealed class CountingStream : ForwardOnlyReadStream
    {
        private readonly Stream _inner;
        private byte _last;
        private byte _beforeLast;

        /// <param name="inner">The input.</param>
        /// <param name="blank">Whether the input held whitespace only (and <paramref name="inner"/> is empty).</param>
        public CountingStream(Stream inner, bool blank = false)
        {
            _inner = inner;
            Blank = blank;
        }

        /// <summary>Whether the input held whitespace only, which is read as nothing.</summary>
        public bool Blank { get; }

        /// <summary>The header line that says the log's values are microseconds (see <see cref="Inputs.MicrosecondsHeader"/>), or null.</summary>
        public string? MicrosecondsHeader { get; init; }

        public long BytesRead { get; private set; }

        /// <summary>The '\n' bytes read (line ends, in UTF-8 and, near enough, UTF-16).</summary>
        public long LineEnds { get; private set; }

        /// <summary>Whether a read found the end of the stream.</summary>
        public bool AtEnd { get; private set; }

        /// <summary>Whether the bytes read end with a line end (UTF-8, or UTF-16 in either byte order).</summary>
        public bool EndsWithLineEnd => _last == '\n' || (_last == 0 && _beforeLast == '\n');

        /// <summary>Seekable when the input is; it can only be rewound to the start (which starts the counts again).</summary>
        public override bool CanSeek => _inner.CanSeek;

        public override long Length => _inner.Length;

        public override long Position
        {
            get => BytesRead;
            set
            {
                if (value != 0 || !_inner.CanSeek)
                {
                    throw new NotSupportedException();
                }

                _inner.Position = 0;
                BytesRead = 0;
                LineEnds = 0;
                AtEnd = false;
                _last = 0;
                _beforeLast = 0;
            }
        }

        public override long Seek(long offset, SeekOrigin origin)
        {
            if (offset != 0 || origin != SeekOrigin.Begin)
            {
                throw new NotSupportedException();
            }

            Position = 0;
            return 0;
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            int read = _inner.Read(buffer, offset, count);
            if (read <= 0)
            {
                AtEnd = count > 0;
                return read;
            }

            BytesRead += read;
            var bytes = buffer.AsSpan(offset, read);
            LineEnds += bytes.Count((byte)'\n');
            _beforeLast = read > 1 ? bytes[^2] : _last;
            _last = bytes[^1];
            return read;
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                _inner.Dispose();
            }

            base.Dispose(disposing);
        }
    }

    /// <summary>Replays the bytes read to classify the input, then goes on with the stream.</summary>
    private sealed class PrefixedStream : ForwardOnlyReadStream
    {
        private readonly byte[] _prefix;
        private readonly int _prefixLength;
        private readonly Stream _rest;
        private int _position;

        public PrefixedStream(byte[] prefix, int prefixLength, Stream rest)
        {
            _prefix = prefix;
            _prefixLength = prefixLength;
            _rest = rest;
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            if (_position < _prefixLength)
            {
                int n = Math.Min(count, _prefixLength - _position);
                Buffer.BlockCopy(_prefix, _position, buffer, offset, n);
                _position += n;
                return n;
            }

            return _rest.Read(buffer, offset, count);
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                _rest.Dispose();
            }

            base.Dispose(disposing);
        }
    }

    /// <summary>Standard input, which the commands must not close.</summary>
    private sealed class NonClosingStream : ForwardOnlyReadStream
    {
        private readonly Stream _inner;

        public NonClosingStream(Stream inner)
        {
            _inner = inner;
        }

        public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);

    }
}
