using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.Registry;

namespace HdrHistogram.Prometheus.Hosting;

/// <summary>
/// A small HTTP/1.1 server serving a registry for processes that are not web applications. <c>GET</c> on the prefix's
/// path (with or without a trailing slash) is answered with a scrape, negotiated by <c>Accept</c>; <c>HEAD</c> with the
/// headers alone; other methods with 405 and other paths with 404 (paths of
/// <see cref="PrometheusMetricsListenerOptions.FixedFormatPaths"/> answer in their format). Connections are served
/// at once and kept alive; each response is sent within <see cref="PrometheusMetricsListenerOptions.WriteTimeout"/> or
/// the connection is closed, so a client that never reads delays no other; a request whose client has gone by the
/// time its turn comes is not scraped. Scrapes are written into a pooled buffer per connection, reused across the
/// connection's requests. See <see cref="ListenerPrefix"/> for what the prefix's host binds.
/// </summary>
public sealed class PrometheusMetricsListener : IDisposable
{
    private static readonly byte[] NotFound = Status("404 Not Found", "Allow: GET, HEAD\r\n");
    private static readonly byte[] MethodNotAllowed = Status("405 Method Not Allowed", "Allow: GET, HEAD\r\n");
    private static readonly byte[] BadRequest = Status("400 Bad Request", string.Empty);
    private static readonly byte[] HeadTooLarge = Status("431 Request Header Fields Too Large", string.Empty);
    private static readonly byte[] Busy = Status("503 Service Unavailable", "Retry-After: 1\r\n");
    private const int MaxHeadBytes = 16 * 1024;

    private readonly ListenerPrefix _prefix;
    private readonly PrometheusHistogramRegistry _registry;
    private readonly PrometheusMetricsListenerOptions _options;
    private readonly Dictionary<string, PrometheusExpositionFormat> _fixedPaths;
    private readonly CancellationTokenSource _stop = new();
    private readonly ConcurrentDictionary<Socket, byte> _connections = new();
    private readonly SemaphoreSlim _scrapeTurn = new(1, 1);
    private readonly List<Socket> _listeners = new();
    private readonly List<Task> _acceptLoops = new();
    private long _scrapes;
    private long _abandoned;
    private long _writeTimeouts;
    private long _rejected;
    private int _waitingForTurn;

    /// <summary>Creates a listener on <paramref name="prefix"/> (such as <c>http://localhost:9464/metrics/</c>).</summary>
    /// <param name="prefix">
    /// <c>http://host:port/path</c>. The host says what is bound: <c>localhost</c> the loopback addresses 127.0.0.1 and
    /// ::1, <c>+</c> or <c>*</c> every address, an IP literal that address, any other name the addresses it resolves
    /// to. Requests are answered whatever host they name.
    /// </param>
    /// <param name="registry">The registry; the default registry when null.</param>
    /// <exception cref="ArgumentException">The prefix is not an <c>http://host:port/path</c> prefix.</exception>
    public PrometheusMetricsListener(string prefix, PrometheusHistogramRegistry? registry = null)
        : this(prefix, registry, null)
    {
    }

    /// <summary>Creates a listener on <paramref name="prefix"/> with <paramref name="options"/>.</summary>
    /// <param name="prefix">As for <see cref="PrometheusMetricsListener(string, PrometheusHistogramRegistry?)"/>.</param>
    /// <param name="registry">The registry; the default registry when null.</param>
    /// <param name="options">Timeouts, the connection limit and fixed-format paths; defaults when null.</param>
    /// <exception cref="ArgumentException">The prefix or an option is invalid.</exception>
    public PrometheusMetricsListener(string prefix, PrometheusHistogramRegistry? registry, PrometheusMetricsListenerOptions? options)
    {
        ArgumentNullException.ThrowIfNull(prefix);
        _prefix = ListenerPrefix.Parse(prefix);
        _registry = registry ?? PrometheusHistogramRegistry.Default;
        _options = options ?? new PrometheusMetricsListenerOptions();
        if (_options.WriteTimeout <= TimeSpan.Zero || _options.ReadTimeout <= TimeSpan.Zero || _options.MaxConnections < 1)
        {
            throw new ArgumentException("The timeouts must be positive and at least one connection allowed.", nameof(options));
        }

        _fixedPaths = new Dictionary<string, PrometheusExpositionFormat>(StringComparer.Ordinal);
        foreach (var (path, format) in _options.FixedFormatPaths)
        {
            if (string.IsNullOrEmpty(path) || path[0] != '/')
            {
                throw new ArgumentException($"The fixed-format path '{path}' does not start with a slash.", nameof(options));
            }

            _fixedPaths[ListenerPrefix.NormalizePath(path)] = format;
        }
    }

    /// <summary>The scrapes answered so far.</summary>
    public long ScrapesServed => Interlocked.Read(ref _scrapes);

    /// <summary>The requests not scraped because their client had gone when their turn came.</summary>
    public long RequestsAbandoned => Interlocked.Read(ref _abandoned);

    /// <summary>The responses not sent within the write timeout (their connections were closed).</summary>
    public long WriteTimeouts => Interlocked.Read(ref _writeTimeouts);

    /// <summary>The connections answered 503 because <see cref="PrometheusMetricsListenerOptions.MaxConnections"/> were open.</summary>
    public long ConnectionsRejected => Interlocked.Read(ref _rejected);

    /// <summary>The port listened on (the one chosen by the system when the prefix said 0); 0 before <see cref="Start"/>.</summary>
    public int Port { get; private set; }

    /// <summary>Requests whose head was read and that wait for their scrape's turn (for tests).</summary>
    internal int WaitingForTurn => Volatile.Read(ref _waitingForTurn);

    /// <summary>The turn every scrape takes, one at a time (for tests, which hold it to line requests up).</summary>
    internal SemaphoreSlim ScrapeTurn => _scrapeTurn;

    /// <summary>Binds the prefix's addresses and starts serving.</summary>
    /// <exception cref="SocketException">An address cannot be bound (the port is taken, say).</exception>
    public void Start()
    {
        int port = _prefix.Port;
        foreach (var address in _prefix.Addresses())
        {
            var socket = new Socket(address.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
            try
            {
                if (address.Equals(IPAddress.IPv6Any))
                {
                    socket.DualMode = true;
                }

                socket.Bind(new IPEndPoint(address, port));
                socket.Listen(128);
            }
            catch (SocketException) when (address.Equals(IPAddress.IPv6Loopback) && _listeners.Count > 0)
            {
                // No IPv6 on this machine: the IPv4 loopback serves localhost.
                socket.Dispose();
                continue;
            }

            port = ((IPEndPoint)socket.LocalEndPoint!).Port; // Every other address binds the port the first one got.
            _listeners.Add(socket);
            _acceptLoops.Add(AcceptAsync(socket));
        }

        Port = port;
    }

    /// <summary>Stops serving: closes the listening sockets and every connection.</summary>
    public void Dispose()
    {
        if (_stop.IsCancellationRequested)
        {
            return;
        }

        _stop.Cancel();
        foreach (var socket in _listeners)
        {
            socket.Dispose();
        }

        foreach (var connection in _connections.Keys)
        {
            connection.Dispose();
        }

        Task.WaitAll(_acceptLoops.ToArray(), TimeSpan.FromSeconds(5));
    }

    private static byte[] Status(string status, string headers)
        => System.Text.Encoding.ASCII.GetBytes($"HTTP/1.1 {status}\r\n{headers}Content-Length: 0\r\nConnection: close\r\n\r\n");

    private async Task AcceptAsync(Socket listener)
    {
        while (!_stop.IsCancellationRequested)
        {
            Socket connection;
            try
            {
                connection = await listener.AcceptAsync(_stop.Token).ConfigureAwait(false);
            }
            catch (Exception e) when (e is OperationCanceledException or ObjectDisposedException or SocketException)
            {
                return;
            }

            connection.NoDelay = true;
            if (_connections.Count >= _options.MaxConnections)
            {
                Interlocked.Increment(ref _rejected);
                _ = RejectAsync(connection);
                continue;
            }

            _connections.TryAdd(connection, 0);
            _ = ServeAsync(connection);
        }
    }

    private async Task RejectAsync(Socket connection)
    {
        using (connection)
        using (var timeout = new CancellationTokenSource(_options.WriteTimeout))
        {
            try
            {
                await connection.SendAsync(Busy, SocketFlags.None, timeout.Token).ConfigureAwait(false);
            }
            catch (Exception e) when (e is OperationCanceledException or ObjectDisposedException or SocketException)
            {
                // Gone or stalled: it is closed either way.
            }
        }
    }

    /// <summary>Serves one connection's requests until it closes, errs, idles past the read timeout or asks to close.</summary>
    private async Task ServeAsync(Socket connection)
    {
        byte[] head = ArrayPool<byte>.Shared.Rent(MaxHeadBytes);
        using var response = new PooledResponseBuffer();
        using var timeout = new CancellationTokenSource();
        int buffered = 0;
        try
        {
            while (true)
            {
                int end;
                while ((end = HttpRequestHead.EndOf(head.AsSpan(0, buffered))) < 0)
                {
                    if (buffered == MaxHeadBytes)
                    {
                        await SendAsync(connection, HeadTooLarge, timeout).ConfigureAwait(false);
                        return;
                    }

                    timeout.CancelAfter(_options.ReadTimeout);
                    int read = await connection.ReceiveAsync(head.AsMemory(buffered, MaxHeadBytes - buffered), SocketFlags.None, timeout.Token).ConfigureAwait(false);
                    if (read == 0 || !timeout.TryReset())
                    {
                        return;
                    }

                    buffered += read;
                }

                bool keepAlive = await AnswerAsync(connection, head.AsMemory(0, end), response, timeout).ConfigureAwait(false);
                if (!keepAlive)
                {
                    return;
                }

                // A pipelined request may follow the head.
                head.AsSpan(end, buffered - end).CopyTo(head);
                buffered -= end;
            }
        }
        catch (OperationCanceledException) when (!_stop.IsCancellationRequested)
        {
            // A read or write took longer than allowed: the connection is closed.
        }
        catch (Exception e) when (e is OperationCanceledException or ObjectDisposedException or SocketException)
        {
            // The client went away, or the listener stopped.
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(head);
            _connections.TryRemove(connection, out _);
            connection.Dispose();
        }
    }

    /// <summary>Answers one request; returns whether the connection stays open.</summary>
    private async Task<bool> AnswerAsync(Socket connection, ReadOnlyMemory<byte> headBytes, PooledResponseBuffer response, CancellationTokenSource timeout)
    {
        if (!Route(headBytes.Span, out bool isGet, out bool keepAlive, out PrometheusExpositionFormat? format, out byte[]? refusal))
        {
            await SendAsync(connection, refusal!, timeout).ConfigureAwait(false);
            return false;
        }

        response.Reset();
        if (isGet)
        {
            Interlocked.Increment(ref _waitingForTurn);
            await _scrapeTurn.WaitAsync(_stop.Token).ConfigureAwait(false);
            try
            {
                Interlocked.Decrement(ref _waitingForTurn);
                if (ClientHasGone(connection))
                {
                    Interlocked.Increment(ref _abandoned);
                    return false;
                }

                _registry.Write(response, format!.Value);
                Interlocked.Increment(ref _scrapes);
            }
            finally
            {
                _scrapeTurn.Release();
            }
        }

        await SendAsync(connection, Compose(response, format!.Value, isGet, keepAlive), timeout).ConfigureAwait(false);
        return keepAlive;
    }

    /// <summary>The status line and headers placed before the body: a HEAD's name no length, as no body follows.</summary>
    private static ReadOnlyMemory<byte> Compose(PooledResponseBuffer response, PrometheusExpositionFormat format, bool isGet, bool keepAlive)
    {
        Span<byte> headers = stackalloc byte[PooledResponseBuffer.HeaderRoom];
        int length = System.Text.Encoding.ASCII.GetBytes("HTTP/1.1 200 OK\r\nContent-Type: ", headers);
        length += System.Text.Encoding.ASCII.GetBytes(PrometheusContentNegotiation.ContentType(format), headers[length..]);
        if (isGet)
        {
            length += System.Text.Encoding.ASCII.GetBytes("\r\nContent-Length: ", headers[length..]);
            response.Body.Length.TryFormat(headers[length..], out int digits, default, CultureInfo.InvariantCulture);
            length += digits;
        }

        length += System.Text.Encoding.ASCII.GetBytes(keepAlive ? "\r\n\r\n" : "\r\nConnection: close\r\n\r\n", headers[length..]);
        return response.Response(headers[..length]);
    }

    /// <summary>What a request asks for: a scrape (GET) or its headers (HEAD) in a format, or a refusal.</summary>
    private bool Route(ReadOnlySpan<byte> headBytes, out bool isGet, out bool keepAlive, out PrometheusExpositionFormat? format, out byte[]? refusal)
    {
        isGet = false;
        keepAlive = false;
        format = null;
        refusal = null;
        if (!HttpRequestHead.TryParse(headBytes, out var head))
        {
            refusal = BadRequest;
            return false;
        }

        const int MaxPath = 1024;
        if (head.Path.Length > MaxPath)
        {
            refusal = NotFound;
            return false;
        }

        Span<char> path = stackalloc char[head.Path.Length];
        System.Text.Encoding.ASCII.GetChars(head.Path, path);
        ReadOnlySpan<char> normalized = path.TrimEnd('/');
        if (normalized.Length == 0)
        {
            normalized = "/";
        }

        if (normalized.SequenceEqual(_prefix.Path))
        {
            // Accept headers longer than this list formats nobody offers; what fits decides.
            Span<char> accept = stackalloc char[Math.Min(head.Accept.Length, 2048)];
            System.Text.Encoding.ASCII.GetChars(head.Accept[..accept.Length], accept);
            format = PrometheusContentNegotiation.Negotiate(accept);
        }
        else
        {
            foreach (var (fixedPath, fixedFormat) in _fixedPaths)
            {
                if (normalized.SequenceEqual(fixedPath))
                {
                    format = fixedFormat;
                }
            }

            if (format is null)
            {
                refusal = NotFound;
                return false;
            }
        }

        isGet = head.Method.SequenceEqual("GET"u8);
        if (!isGet && !head.Method.SequenceEqual("HEAD"u8))
        {
            refusal = MethodNotAllowed;
            return false;
        }

        if (head.HasBody)
        {
            // A GET or HEAD with a body: answered as malformed, and the connection closed rather than the body read.
            refusal = BadRequest;
            return false;
        }

        keepAlive = head.KeepAlive;
        return true;
    }

    /// <summary>Whether the client closed its side: readable with nothing to read.</summary>
    private static bool ClientHasGone(Socket connection)
    {
        try
        {
            return connection.Poll(0, SelectMode.SelectRead) && connection.Available == 0;
        }
        catch (Exception e) when (e is ObjectDisposedException or SocketException)
        {
            return true;
        }
    }

    /// <summary>Sends all of <paramref name="bytes"/> within the write timeout, or throws.</summary>
    private async Task SendAsync(Socket connection, ReadOnlyMemory<byte> bytes, CancellationTokenSource timeout)
    {
        timeout.CancelAfter(_options.WriteTimeout);
        try
        {
            while (bytes.Length > 0)
            {
                int sent = await connection.SendAsync(bytes, SocketFlags.None, timeout.Token).ConfigureAwait(false);
                bytes = bytes[sent..];
            }
        }
        catch (OperationCanceledException) when (timeout.IsCancellationRequested && !_stop.IsCancellationRequested)
        {
            Interlocked.Increment(ref _writeTimeouts);
            throw;
        }

        if (!timeout.TryReset())
        {
            throw new OperationCanceledException();
        }
    }
}
