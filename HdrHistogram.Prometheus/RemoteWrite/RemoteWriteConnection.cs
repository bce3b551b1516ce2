using System;
using System.Buffers.Text;
using System.Net.Sockets;
using System.Runtime.CompilerServices;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace HdrHistogram.Prometheus.RemoteWrite;

/// <summary>
/// A minimal HTTP/1.1 client for one http:// receiver, which allocates nothing per request in steady state: one
/// kept-alive connection, a request head encoded once (only its Content-Length changes), the response's head and body
/// read into a kept buffer. It understands Content-Length and chunked bodies, bodies ended by the connection closing,
/// <c>Connection: close</c> and 1xx interim answers; on anything else (an error, a malformed or oversized head) it
/// closes the connection, and the next request opens a new one. Not thread-safe: one request at a time.
/// </summary>
internal sealed class RemoteWriteConnection : IDisposable
{
    /// <summary>The most of a failure's body kept for its message (the message is cut to fewer characters).</summary>
    private const int MaxMessageBytes = 2048;

    private readonly string _host;
    private readonly int _port;
    private readonly byte[] _head;
    private readonly int _headPrefix;
    private readonly byte[] _buffer = new byte[16 * 1024];
    private readonly byte[] _message = new byte[MaxMessageBytes];
    private Socket? _socket;
    private bool _reused;
    private int _start;
    private int _end;
    private int _messageLength;

    public RemoteWriteConnection(Uri url)
    {
        _host = url.DnsSafeHost;
        _port = url.Port;
        string prefix = "POST " + url.PathAndQuery + " HTTP/1.1\r\nHost: " + url.Authority +
            "\r\nUser-Agent: HdrHistogram.Prometheus/3.0\r\nContent-Type: application/x-protobuf\r\nContent-Encoding: snappy" +
            "\r\nX-Prometheus-Remote-Write-Version: 0.1.0\r\nContent-Length: ";
        _headPrefix = System.Text.Encoding.ASCII.GetByteCount(prefix);
        _head = new byte[_headPrefix + 16];
        System.Text.Encoding.ASCII.GetBytes(prefix, _head);
    }

    /// <summary>
    /// Sends <paramref name="body"/> and reads the answer: its status, and for a status outside 2xx the start of its
    /// body (<see cref="Message"/>). Throws for what the network does (<see cref="SocketException"/>,
    /// <see cref="OperationCanceledException"/>, <see cref="RemoteWriteProtocolException"/>), having closed the connection.
    /// </summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<int> SendAsync(ReadOnlyMemory<byte> body, CancellationToken cancellationToken)
    {
        int headLength = EncodeHead(body.Length);
        try
        {
            if (_socket is not null && _reused)
            {
                // A kept-alive connection the receiver may have closed while idle (or closes now): the request is sent
                // again once on a new connection when the old one ends before any answer, as browsers and HttpClient do.
                bool answering = false;
                try
                {
                    await WriteAsync(headLength, body, cancellationToken).ConfigureAwait(false);
                    answering = await ReadMoreAsync(cancellationToken).ConfigureAwait(false);
                }
                catch (SocketException) when (!cancellationToken.IsCancellationRequested)
                {
                }

                if (answering)
                {
                    return await ReadResponseAsync(cancellationToken).ConfigureAwait(false);
                }

                Close();
            }

            if (_socket is null)
            {
                await ConnectAsync(cancellationToken).ConfigureAwait(false);
            }

            await WriteAsync(headLength, body, cancellationToken).ConfigureAwait(false);
            if (!await ReadMoreAsync(cancellationToken).ConfigureAwait(false))
            {
                throw new RemoteWriteProtocolException("the receiver closed the connection without an answer");
            }

            return await ReadResponseAsync(cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            Close();
            throw;
        }
    }

    /// <summary>The start of the last answer's body, when its status was outside 2xx (UTF-8, trailing whitespace trimmed).</summary>
    public string Message(int maxLength)
    {
        string text = System.Text.Encoding.UTF8.GetString(_message, 0, _messageLength);
        return text.Length > maxLength ? text[..maxLength] : text.TrimEnd();
    }

    public void Dispose() => Close();

    private void Close()
    {
        _socket?.Dispose();
        _socket = null;
        _reused = false;
        _start = _end = 0;
    }

    private async ValueTask ConnectAsync(CancellationToken cancellationToken)
    {
        var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        try
        {
            await socket.ConnectAsync(_host, _port, cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            socket.Dispose();
            throw;
        }

        _socket = socket;
        _start = _end = 0;
    }

    private int EncodeHead(int contentLength)
    {
        Utf8Formatter.TryFormat(contentLength, _head.AsSpan(_headPrefix), out int digits);
        "\r\n\r\n"u8.CopyTo(_head.AsSpan(_headPrefix + digits));
        return _headPrefix + digits + 4;
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask WriteAsync(int headLength, ReadOnlyMemory<byte> body, CancellationToken cancellationToken)
    {
        _start = _end = 0;
        await SendAllAsync(_head.AsMemory(0, headLength), cancellationToken).ConfigureAwait(false);
        await SendAllAsync(body, cancellationToken).ConfigureAwait(false);
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask SendAllAsync(ReadOnlyMemory<byte> bytes, CancellationToken cancellationToken)
    {
        while (bytes.Length > 0)
        {
            int sent = await _socket!.SendAsync(bytes, SocketFlags.None, cancellationToken).ConfigureAwait(false);
            bytes = bytes[sent..];
        }
    }

    /// <summary>Reads more of the answer into the buffer (after what is unread); false at the end of the connection.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<bool> ReadMoreAsync(CancellationToken cancellationToken)
    {
        if (_start > 0)
        {
            _buffer.AsSpan(_start, _end - _start).CopyTo(_buffer);
            _end -= _start;
            _start = 0;
        }

        if (_end == _buffer.Length)
        {
            throw new RemoteWriteProtocolException("the answer's head is too long");
        }

        int read = await _socket!.ReceiveAsync(_buffer.AsMemory(_end), SocketFlags.None, cancellationToken).ConfigureAwait(false);
        _end += read;
        return read > 0;
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<int> ReadResponseAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            int headEnd;
            while ((headEnd = _buffer.AsSpan(_start, _end - _start).IndexOf("\r\n\r\n"u8)) < 0)
            {
                if (!await ReadMoreAsync(cancellationToken).ConfigureAwait(false))
                {
                    throw new RemoteWriteProtocolException("the connection ended within the answer's head");
                }
            }

            var head = _buffer.AsSpan(_start, headEnd);
            int status = ParseHead(head, out long contentLength, out bool chunked, out bool close);
            _start += headEnd + 4;
            if (status < 200)
            {
                continue; // an interim answer (100 Continue): the real one follows
            }

            _messageLength = 0;
            bool keep = status is < 200 or >= 300;
            if (status is 204 or 304)
            {
            }
            else if (chunked)
            {
                await ReadChunkedAsync(keep, cancellationToken).ConfigureAwait(false);
            }
            else if (contentLength >= 0)
            {
                await ReadBodyAsync(contentLength, keep, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                // Neither length nor chunks: the body ends with the connection.
                await ReadBodyAsync(long.MaxValue, keep, cancellationToken).ConfigureAwait(false);
                close = true;
            }

            if (close)
            {
                Close();
            }
            else
            {
                _reused = true;
            }

            return status;
        }
    }

    private static int ParseHead(ReadOnlySpan<byte> head, out long contentLength, out bool chunked, out bool close)
    {
        contentLength = -1;
        chunked = false;
        int lineEnd = head.IndexOf("\r\n"u8);
        var statusLine = lineEnd < 0 ? head : head[..lineEnd];

        // "HTTP/1.1 204 No Content"
        if (statusLine.Length < 12 || !statusLine.StartsWith("HTTP/1."u8) || statusLine[8] != (byte)' ' ||
            !Utf8Parser.TryParse(statusLine.Slice(9, 3), out int status, out int consumed) || consumed != 3 || status < 100)
        {
            throw new RemoteWriteProtocolException("the answer is not HTTP/1.x");
        }

        close = statusLine[7] == (byte)'0'; // HTTP/1.0 closes unless told otherwise; kept simple: it closes
        var rest = lineEnd < 0 ? ReadOnlySpan<byte>.Empty : head[(lineEnd + 2)..];
        while (!rest.IsEmpty)
        {
            int end = rest.IndexOf("\r\n"u8);
            var line = end < 0 ? rest : rest[..end];
            rest = end < 0 ? ReadOnlySpan<byte>.Empty : rest[(end + 2)..];
            int colon = line.IndexOf((byte)':');
            if (colon <= 0)
            {
                continue;
            }

            var name = line[..colon];
            var value = line[(colon + 1)..].Trim((byte)' ').Trim((byte)'\t');
            if (Ascii.EqualsIgnoreCase(name, "Content-Length"u8))
            {
                if (!Utf8Parser.TryParse(value, out contentLength, out int used) || used != value.Length || contentLength < 0)
                {
                    throw new RemoteWriteProtocolException("the answer's Content-Length is not a number");
                }
            }
            else if (Ascii.EqualsIgnoreCase(name, "Transfer-Encoding"u8))
            {
                chunked = ContainsToken(value, "chunked"u8);
            }
            else if (Ascii.EqualsIgnoreCase(name, "Connection"u8))
            {
                close = ContainsToken(value, "close"u8);
            }
        }

        return status;
    }

    private static bool ContainsToken(ReadOnlySpan<byte> value, ReadOnlySpan<byte> token)
    {
        while (true)
        {
            int comma = value.IndexOf((byte)',');
            if (Ascii.EqualsIgnoreCase((comma < 0 ? value : value[..comma]).Trim((byte)' '), token))
            {
                return true;
            }

            if (comma < 0)
            {
                return false;
            }

            value = value[(comma + 1)..];
        }
    }

    /// <summary>Reads <paramref name="length"/> bytes of body (or up to the connection's end), keeping the start when asked.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask ReadBodyAsync(long length, bool keep, CancellationToken cancellationToken)
    {
        while (length > 0)
        {
            if (_start == _end && !await ReadMoreAsync(cancellationToken).ConfigureAwait(false))
            {
                if (length == long.MaxValue)
                {
                    return; // the body ended with the connection, as it was to
                }

                throw new RemoteWriteProtocolException("the connection ended within the answer's body");
            }

            int take = (int)Math.Min(length, _end - _start);
            Take(take, keep);
            length -= take;
        }
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask ReadChunkedAsync(bool keep, CancellationToken cancellationToken)
    {
        while (true)
        {
            int lineEnd;
            while ((lineEnd = _buffer.AsSpan(_start, _end - _start).IndexOf("\r\n"u8)) < 0)
            {
                if (!await ReadMoreAsync(cancellationToken).ConfigureAwait(false))
                {
                    throw new RemoteWriteProtocolException("the connection ended within a chunk's size");
                }
            }

            var line = _buffer.AsSpan(_start, lineEnd);
            int extension = line.IndexOf((byte)';');
            var digits = (extension < 0 ? line : line[..extension]).Trim((byte)' ');
            if (!Utf8Parser.TryParse(digits, out long size, out int used, 'X') || used != digits.Length || size < 0)
            {
                throw new RemoteWriteProtocolException("a chunk's size is not a hexadecimal number");
            }

            _start += lineEnd + 2;
            if (size == 0)
            {
                // Trailers, if any, then the empty line that ends the body.
                while (true)
                {
                    while ((lineEnd = _buffer.AsSpan(_start, _end - _start).IndexOf("\r\n"u8)) < 0)
                    {
                        if (!await ReadMoreAsync(cancellationToken).ConfigureAwait(false))
                        {
                            throw new RemoteWriteProtocolException("the connection ended within a chunked body's end");
                        }
                    }

                    _start += lineEnd + 2;
                    if (lineEnd == 0)
                    {
                        return;
                    }
                }
            }

            await ReadBodyAsync(size, keep, cancellationToken).ConfigureAwait(false);
            await ReadBodyAsync(2, false, cancellationToken).ConfigureAwait(false); // the chunk's CRLF
        }
    }

    private void Take(int count, bool keep)
    {
        if (keep && _messageLength < _message.Length)
        {
            int copy = Math.Min(count, _message.Length - _messageLength);
            _buffer.AsSpan(_start, copy).CopyTo(_message.AsSpan(_messageLength));
            _messageLength += copy;
        }

        _start += count;
    }
}
