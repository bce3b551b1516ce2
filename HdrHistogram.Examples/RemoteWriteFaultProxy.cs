using System;
using System.Collections.Concurrent;
using System.Globalization;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;

namespace HdrHistogram.Examples;

/// <summary>What a <see cref="RemoteWriteFaultProxy"/> does with the requests that come.</summary>
internal enum ProxyMode
{
    /// <summary>Passes each request on to the receiver and its answer back.</summary>
    Forward,

    /// <summary>Listens on nothing: connecting is refused.</summary>
    Refuse,

    /// <summary>Takes the connection and the request and never answers (until the client hangs up).</summary>
    Silent,

    /// <summary>Answers 500 without passing the request on.</summary>
    Error500,

    /// <summary>Passes the request on at once but holds the receiver's answer back for <see cref="RemoteWriteFaultProxy.Delay"/>.</summary>
    Slow,
}

/// <summary>
/// An HTTP forwarder between a remote-write client and a real receiver that fails on command: connections refused,
/// requests never answered, 500s, answers held back past the client's timeout, or the next requests refused with a
/// 400 and a message. It counts what it saw and what the receiver answered to what it passed on, so a check can tell
/// that the receiver took every request that reached it (nothing out of order). One request per connection (its
/// answers say Connection: close), which is how a client meets a receiver going away and coming back.
/// </summary>
internal sealed class RemoteWriteFaultProxy : IDisposable
{
    private readonly Uri _target;
    private readonly HttpClient _client = new() { Timeout = TimeSpan.FromSeconds(30) };
    private readonly CancellationTokenSource _stop = new();
    private readonly object _gate = new();
    private TcpListener? _listener;
    private int _mode;
    private int _rejectNext;
    private string _rejectMessage = "";
    private int _received;
    private int _forwarded;
    private int _injected;

    public RemoteWriteFaultProxy(Uri target)
    {
        _target = target;
        Listen(0);
        Port = ((IPEndPoint)_listener!.LocalEndpoint).Port;
    }

    public int Port { get; }

    public Uri Url => new($"http://127.0.0.1:{Port.ToString(CultureInfo.InvariantCulture)}/api/v1/write");

    /// <summary>How long <see cref="ProxyMode.Slow"/> holds an answer back.</summary>
    public TimeSpan Delay { get; set; } = TimeSpan.FromSeconds(1.5);

    /// <summary>Requests that reached the proxy (not those refused a connection).</summary>
    public int Received => Volatile.Read(ref _received);

    /// <summary>Requests passed on to the receiver.</summary>
    public int Forwarded => Volatile.Read(ref _forwarded);

    /// <summary>Requests the proxy failed itself (500, 400, no answer).</summary>
    public int Injected => Volatile.Read(ref _injected);

    /// <summary>What the receiver answered other than 2xx to a request passed on (status and message).</summary>
    public ConcurrentQueue<string> ReceiverRefusals { get; } = new();

    public ProxyMode Mode
    {
        get => (ProxyMode)Volatile.Read(ref _mode);
        set
        {
            lock (_gate)
            {
                Volatile.Write(ref _mode, (int)value);
                if (value == ProxyMode.Refuse)
                {
                    _listener?.Stop();
                    _listener = null;
                }
                else if (_listener is null)
                {
                    Listen(Port);
                }
            }
        }
    }

    /// <summary>Answers the next <paramref name="count"/> requests 400 with <paramref name="message"/>, whatever the mode.</summary>
    public void RejectNext(int count, string message)
    {
        _rejectMessage = message;
        Volatile.Write(ref _rejectNext, count);
    }

    public void Dispose()
    {
        _stop.Cancel();
        lock (_gate)
        {
            _listener?.Stop();
            _listener = null;
        }

        _client.Dispose();
    }

    private void Listen(int port)
    {
        var listener = new TcpListener(IPAddress.Loopback, port);

        // Back on the same port at once, although connections it answered a moment ago may linger in TIME_WAIT.
        listener.Server.SetSocketOption(SocketOptionLevel.Socket, SocketOptionName.ReuseAddress, true);
        listener.Start();
        _listener = listener;
        _ = Task.Run(() => AcceptAsync(listener));
    }

    private async Task AcceptAsync(TcpListener listener)
    {
        while (!_stop.IsCancellationRequested)
        {
            TcpClient client;
            try
            {
                client = await listener.AcceptTcpClientAsync(_stop.Token).ConfigureAwait(false);
            }
            catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException or InvalidOperationException)
            {
                return; // stopped: refusing, or done
            }

            _ = Task.Run(() => ServeAsync(client));
        }
    }

    private async Task ServeAsync(TcpClient client)
    {
        using (client)
        {
            try
            {
                var stream = client.GetStream();
                var request = await ReadRequestAsync(stream, _stop.Token).ConfigureAwait(false);
                if (request is null)
                {
                    return;
                }

                Interlocked.Increment(ref _received);
                if (Interlocked.Decrement(ref _rejectNext) >= 0)
                {
                    Interlocked.Increment(ref _injected);
                    await AnswerAsync(stream, 400, _rejectMessage).ConfigureAwait(false);
                    return;
                }

                Interlocked.Exchange(ref _rejectNext, 0);
                switch (Mode)
                {
                    case ProxyMode.Silent:
                        Interlocked.Increment(ref _injected);
                        while (await stream.ReadAsync(new byte[256], _stop.Token).ConfigureAwait(false) > 0)
                        {
                        }

                        return;
                    case ProxyMode.Error500:
                        Interlocked.Increment(ref _injected);
                        await AnswerAsync(stream, 500, "fault proxy: scripted 500").ConfigureAwait(false);
                        return;
                    default:
                        bool slow = Mode == ProxyMode.Slow;
                        var (status, message) = await ForwardAsync(request).ConfigureAwait(false);
                        if (slow)
                        {
                            await Task.Delay(Delay, _stop.Token).ConfigureAwait(false);
                        }

                        await AnswerAsync(stream, status, message).ConfigureAwait(false);
                        return;
                }
            }
            catch (Exception e) when (e is OperationCanceledException or IOException or SocketException or ObjectDisposedException)
            {
                // The client hung up (its timeout) or the proxy is done.
            }
        }
    }

    private async Task<(int Status, string Message)> ForwardAsync(Request request)
    {
        using var content = new ByteArrayContent(request.Body);
        content.Headers.ContentType = MediaTypeHeaderValue.Parse(request.Header("Content-Type") ?? "application/x-protobuf");
        content.Headers.ContentEncoding.Add(request.Header("Content-Encoding") ?? "snappy");
        using var message = new HttpRequestMessage(HttpMethod.Post, _target) { Content = content };
        message.Headers.Add("X-Prometheus-Remote-Write-Version", request.Header("X-Prometheus-Remote-Write-Version") ?? "0.1.0");
        Interlocked.Increment(ref _forwarded);
        using var response = await _client.SendAsync(message, _stop.Token).ConfigureAwait(false);
        string body = await response.Content.ReadAsStringAsync(_stop.Token).ConfigureAwait(false);
        int status = (int)response.StatusCode;
        if (status is < 200 or >= 300)
        {
            ReceiverRefusals.Enqueue($"{status}: {body.Trim()}");
        }

        return (status, body);
    }

    private static async Task AnswerAsync(NetworkStream stream, int status, string message)
    {
        byte[] body = System.Text.Encoding.UTF8.GetBytes(message);
        byte[] head = System.Text.Encoding.ASCII.GetBytes(string.Create(CultureInfo.InvariantCulture, $"HTTP/1.1 {status} Proxy\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {body.Length}\r\nConnection: close\r\n\r\n"));
        await stream.WriteAsync(head).ConfigureAwait(false);
        await stream.WriteAsync(body).ConfigureAwait(false);
    }

    private static async Task<Request?> ReadRequestAsync(NetworkStream stream, CancellationToken cancel)
    {
        var buffer = new MemoryStream();
        var chunk = new byte[8192];
        int headEnd = -1;
        while (headEnd < 0)
        {
            int n = await stream.ReadAsync(chunk, cancel).ConfigureAwait(false);
            if (n == 0)
            {
                return null;
            }

            buffer.Write(chunk, 0, n);
            headEnd = buffer.GetBuffer().AsSpan(0, (int)buffer.Length).IndexOf("\r\n\r\n"u8);
        }

        string[] lines = System.Text.Encoding.ASCII.GetString(buffer.GetBuffer(), 0, headEnd).Split("\r\n");
        var request = new Request();
        foreach (string line in lines[1..])
        {
            int colon = line.IndexOf(':', StringComparison.Ordinal);
            request.Headers[line[..colon].Trim()] = line[(colon + 1)..].Trim();
        }

        int length = int.Parse(request.Header("Content-Length") ?? "0", CultureInfo.InvariantCulture);
        int bodyStart = headEnd + 4;
        while (buffer.Length - bodyStart < length)
        {
            int n = await stream.ReadAsync(chunk, cancel).ConfigureAwait(false);
            if (n == 0)
            {
                return null;
            }

            buffer.Write(chunk, 0, n);
        }

        request.Body = buffer.GetBuffer().AsSpan(bodyStart, length).ToArray();
        return request;
    }

    private sealed class Request
    {
        public System.Collections.Generic.Dictionary<string, string> Headers { get; } = new(StringComparer.OrdinalIgnoreCase);

        public byte[] Body { get; set; } = Array.Empty<byte>();

        public string? Header(string name) => Headers.TryGetValue(name, out var value) ? value : null;
    }
}
