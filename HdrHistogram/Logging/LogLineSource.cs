using System.Text;

namespace HdrHistogram.Logging;

/// <summary>
/// The lines of a histogram log as UTF-8 bytes, read on demand into one pooled buffer: from a <see cref="Stream"/>
/// (UTF-8, or UTF-16 LE/BE after a byte order mark, as upstream HdrHistogram.NET wrote, transcoded to UTF-8) or from a
/// <see cref="TextReader"/>. Never holds more than the current line and one read's worth of input.
/// </summary>
/// <remarks>
/// <para>
/// A line ends at <c>\n</c>; a <c>\r</c> before it is removed. When the input has no more bytes for now, the bytes after
/// the last <c>\n</c> are offered as an unterminated line without being consumed, so that a later call, after more
/// input has arrived (a log still being written), offers the whole line again.
/// </para>
/// <para>Not thread-safe. Steady-state reading allocates nothing: the buffers are rented once and grow only for longer lines.</para>
/// </remarks>
internal sealed class LogLineSource : IDisposable
{
    private const int InitialBufferSize = 16 * 1024;
    private const int CharChunk = 4 * 1024;

    private readonly Stream? _stream;
    private readonly TextReader? _text;
    private readonly bool _leaveOpen;
    private readonly int _maxLineLength;
    private readonly Encoder _utf8Encoder = new UTF8Encoding(false).GetEncoder();

    private byte[] _buffer;
    private int _start;
    private int _end;
    private int _scanned;          // bytes after _start already searched for '\n'
    private int _peekedLength;     // bytes the last offered line takes, including its terminator
    private InputEncoding _encoding;
    private Decoder? _decoder;
    private byte[]? _raw;
    private char[]? _chars;
    private long _bytesRead;
    private bool _disposed;

    public LogLineSource(Stream stream, bool leaveOpen, int maxLineLength)
        : this(stream, null, leaveOpen, maxLineLength, InputEncoding.Unknown)
    {
    }

    public LogLineSource(TextReader text, bool leaveOpen, int maxLineLength)
        : this(null, text, leaveOpen, maxLineLength, InputEncoding.Chars)
    {
    }

    private LogLineSource(Stream? stream, TextReader? text, bool leaveOpen, int maxLineLength, InputEncoding encoding)
    {
        _stream = stream;
        _text = text;
        _leaveOpen = leaveOpen;
        _maxLineLength = maxLineLength;
        _buffer = ArrayPool<byte>.Shared.Rent(InitialBufferSize);
        _encoding = encoding;
    }

    private enum InputEncoding
    {
        Unknown,
        Utf8,
        Utf16LittleEndian,
        Utf16BigEndian,
        Chars,
    }

    /// <summary>Raw bytes (or chars) taken from the input so far.</summary>
    public long BytesRead => _bytesRead;

    /// <summary>The buffer that holds the line last offered by <see cref="TryPeekLine"/>; valid until the next call.</summary>
    public byte[] Buffer => _buffer;

    /// <summary>
    /// Offers the next line, without consuming it. Returns <c>false</c> when the input has nothing more for now.
    /// </summary>
    /// <param name="lineStart">Offset of the line in <see cref="Buffer"/>.</param>
    /// <param name="lineLength">Its length without the line end.</param>
    /// <param name="terminated"><c>true</c> when a <c>\n</c> ends it; <c>false</c> for the bytes after the last line end.</param>
    /// <exception cref="HistogramFormatException">A line is longer than the maximum line length (<see cref="HistogramFormatException.LineNumber"/> is not set here).</exception>
    public bool TryPeekLine(out int lineStart, out int lineLength, out bool terminated)
    {
        while (true)
        {
            int searchFrom = _start + _scanned;
            int newline = Array.IndexOf(_buffer, (byte)'\n', searchFrom, _end - searchFrom);
            if (newline >= 0)
            {
                if (newline - _start > _maxLineLength)
                {
                    throw LineTooLong();
                }

                lineStart = _start;
                lineLength = newline - _start;
                if (lineLength > 0 && _buffer[newline - 1] == (byte)'\r')
                {
                    lineLength--;
                }

                _peekedLength = newline + 1 - _start;
                terminated = true;
                return true;
            }

            _scanned = _end - _start;
            if (!Fill())
            {
                if (_encoding == InputEncoding.Unknown)
                {
                    // At most the first two bytes of a byte order mark so far: no line yet, whatever comes next.
                    lineStart = _start;
                    lineLength = 0;
                    _peekedLength = 0;
                    terminated = false;
                    return false;
                }

                lineStart = _start;
                lineLength = _end - _start;
                _peekedLength = lineLength;
                terminated = false;
                return lineLength > 0;
            }
        }
    }

    /// <summary>Consumes the line last offered by <see cref="TryPeekLine"/>.</summary>
    public void Consume()
    {
        _start += _peekedLength;
        _peekedLength = 0;
        _scanned = 0;
        if (_start == _end)
        {
            _start = 0;
            _end = 0;
        }
    }

    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = Array.Empty<byte>();
        ReturnBuffer(ref _raw);
        if (_chars is not null)
        {
            ArrayPool<char>.Shared.Return(_chars);
            _chars = null;
        }

        if (!_leaveOpen)
        {
            _stream?.Dispose();
            _text?.Dispose();
        }
    }

    private static void ReturnBuffer(ref byte[]? buffer)
    {
        if (buffer is not null && buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }

        buffer = null;
    }

    /// <summary>Reads more input into the buffer. Returns <c>false</c> when none is available now.</summary>
    private bool Fill()
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(nameof(HistogramLogReader));
        }

        MakeRoom(_encoding is InputEncoding.Utf8 or InputEncoding.Unknown ? 1 : 4);
        while (true)
        {
            switch (_encoding)
            {
                case InputEncoding.Utf8:
                    {
                        int read = _stream!.Read(_buffer, _end, _buffer.Length - _end);
                        _bytesRead += Math.Max(read, 0);
                        if (read <= 0)
                        {
                            return false;
                        }

                        _end += read;
                        return true;
                    }

                case InputEncoding.Unknown:
                    {
                        // Nothing consumed yet: the bytes at the start decide the encoding.
                        int read = _stream!.Read(_buffer, _end, _buffer.Length - _end);
                        _bytesRead += Math.Max(read, 0);
                        if (read > 0)
                        {
                            _end += read;
                        }

                        // Undecided (the bytes so far could start a byte order mark) or decided: either way, more was read
                        // if read > 0, and the caller looks again. A read of nothing decides nothing: a log being
                        // written may have flushed only part of its mark so far, whatever the sizes of the reads.
                        DetectEncoding();
                        return read > 0;
                    }

                case InputEncoding.Utf16LittleEndian:
                case InputEncoding.Utf16BigEndian:
                    {
                        _raw ??= ArrayPool<byte>.Shared.Rent(CharChunk * 2);
                        int room = Math.Min(_raw.Length, (_buffer.Length - _end) / 3 * 2);
                        int read = _stream!.Read(_raw, 0, room);
                        _bytesRead += Math.Max(read, 0);
                        if (read <= 0)
                        {
                            return false;
                        }

                        if (TranscodeUtf16(_raw, 0, read) > 0)
                        {
                            return true;
                        }

                        // A lone byte of a UTF-16 unit: read on.
                        continue;
                    }

                default:
                    {
                        _chars ??= ArrayPool<char>.Shared.Rent(CharChunk);
                        int room = Math.Min(_chars.Length, (_buffer.Length - _end) / 3);
                        int read = _text!.Read(_chars, 0, room);
                        _bytesRead += Math.Max(read, 0);
                        if (read <= 0)
                        {
                            return false;
                        }

                        int appended = _utf8Encoder.GetBytes(_chars, 0, read, _buffer, _end, flush: false);
                        _end += appended;
                        if (appended > 0)
                        {
                            return true;
                        }

                        // Only the high half of a surrogate pair so far: read on.
                        continue;
                    }
            }
        }
    }

    /// <summary>
    /// Looks for a byte order mark at the start of the input: UTF-16 LE (<c>FF FE</c>) and BE (<c>FE FF</c>) switch
    /// to transcoding, a UTF-8 one (<c>EF BB BF</c>) is skipped; anything else is UTF-8. Returns <c>false</c> while the
    /// bytes so far could still be the start of a mark (nothing yet, <c>FF</c>, <c>FE</c>, <c>EF</c> or <c>EF BB</c>):
    /// the decision waits for the byte that settles it, however the input arrives.
    /// </summary>
    private bool DetectEncoding()
    {
        var bytes = new ReadOnlySpan<byte>(_buffer, _start, _end - _start);
        if (bytes.Length >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)))
        {
            bool little = bytes[0] == 0xFF;
            _encoding = little ? InputEncoding.Utf16LittleEndian : InputEncoding.Utf16BigEndian;
            _decoder = (little ? new UnicodeEncoding(false, false) : new UnicodeEncoding(true, false)).GetDecoder();

            // Move what followed the mark out of the buffer and transcode it back in.
            int rest = bytes.Length - 2;
            _raw = ArrayPool<byte>.Shared.Rent(Math.Max(rest, CharChunk * 2));
            bytes.Slice(2).CopyTo(_raw);
            _start = 0;
            _end = 0;
            _scanned = 0;
            if (rest > 0)
            {
                MakeRoom(rest / 2 * 3 + 4);
                TranscodeUtf16(_raw, 0, rest);
            }

            return true;
        }

        if (bytes.Length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF)
        {
            _start += 3;
            _scanned = 0;
            _encoding = InputEncoding.Utf8;
            return true;
        }

        // Nothing yet (a log about to be written), or the start of a mark with the rest still to come: undecided.
        bool couldBeMark = bytes.Length == 0
            || (bytes.Length < 3
                && ((bytes[0] == 0xEF && (bytes.Length == 1 || bytes[1] == 0xBB))
                    || (bytes.Length == 1 && (bytes[0] == 0xFF || bytes[0] == 0xFE))));
        if (couldBeMark)
        {
            return false;
        }

        _encoding = InputEncoding.Utf8;
        return true;
    }

    /// <summary>Decodes UTF-16 bytes and appends them to the buffer as UTF-8; returns the number of bytes appended.</summary>
    private int TranscodeUtf16(byte[] raw, int offset, int count)
    {
        _chars ??= ArrayPool<char>.Shared.Rent(CharChunk);
        int appended = 0;
        while (count > 0)
        {
            int take = Math.Min(count, _chars.Length * 2);
            int chars = _decoder!.GetChars(raw, offset, take, _chars, 0, flush: false);
            offset += take;
            count -= take;
            MakeRoom(chars * 3 + 4);
            int bytes = _utf8Encoder.GetBytes(_chars, 0, chars, _buffer, _end, flush: false);
            _end += bytes;
            appended += bytes;
        }

        return appended;
    }

    private HistogramFormatException LineTooLong()
        => new(
            "The line is longer than the maximum line length (" + _maxLineLength.ToString(System.Globalization.CultureInfo.InvariantCulture)
            + " bytes; see HistogramLogReaderOptions.MaxLineLength).");

    /// <summary>Makes at least <paramref name="needed"/> bytes free after <c>_end</c>, moving the pending bytes to the front or growing the buffer.</summary>
    private void MakeRoom(int needed)
    {
        if (_buffer.Length - _end >= needed)
        {
            return;
        }

        int pending = _end - _start;
        if (_start > 0 && _buffer.Length - pending >= needed)
        {
            System.Buffer.BlockCopy(_buffer, _start, _buffer, 0, pending);
            _start = 0;
            _end = pending;
            return;
        }

        if (pending > _maxLineLength)
        {
            throw LineTooLong();
        }

        long wanted = Math.Max((long)_buffer.Length * 2, (long)pending + needed);
        byte[] grown = ArrayPool<byte>.Shared.Rent((int)Math.Min(wanted, int.MaxValue - 64));
        System.Buffer.BlockCopy(_buffer, _start, grown, 0, pending);
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = grown;
        _start = 0;
        _end = pending;
    }
}
