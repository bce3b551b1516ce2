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

    public static bool IsStandardInput(string? path) => path is null or "-";

    /// <summary>Opens <paramref name="path"/> (shared, so a log being written can be read) or standard input.</summary>
    public static Stream Open(string? path, ToolConsole console)
    {
        if (IsStandardInput(path))
        {
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

    /// <summary>Reads the start of <paramref name="stream"/> to tell what it holds; returns a stream that still starts at the beginning.</summary>
    public static Stream Classify(Stream stream, out InputKind kind)
    {
        byte[] prefix = new byte[PeekBytes];
        int filled = 0;
        int read;
        while (filled < prefix.Length && (read = stream.Read(prefix, filled, prefix.Length - filled)) > 0)
        {
            filled += read;
            if (filled >= 4 && ContainsLineEnd(prefix, filled))
            {
                break;
            }
        }

        kind = Classify(prefix.AsSpan(0, filled));
        return new PrefixedStream(prefix, filled, stream);
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

        public CountingStream(Stream inner)
        {
            _inner = inner;
        }

        public long BytesRead { get; private set; }

        /// <summary>The '\n' bytes read (line ends, in UTF-8 and, near enough, UTF-16).</summary>
        public long LineEnds { get; private set; }

        /// <summary>Whether a read found the end of the stream.</summary>
        public bool AtEnd { get; private set; }

        /// <summary>Whether the bytes read end with a line end (UTF-8, or UTF-16 in either byte order).</summary>
        public bool EndsWithLineEnd => _last == '\n' || (_last == 0 && _beforeLast == '\n');

        public override long Position
        {
            get => BytesRead;
            set => throw new NotSupportedException();
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
