using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;

namespace HdrHistogram.Prometheus.Tests.RemoteWrite;

/// <summary>
/// A real HTTP/1.1 server on a loopback port for the remote-write tests: it records every request (method, path,
/// headers, body) and answers each from a script (a status and a message, or no answer at all), then with
/// <see cref="Default"/> once the script is done. One request per connection (it answers with Connection: close),
/// unless <see cref="KeepAlive"/>; bodies with a Content-Length, or chunked when <see cref="Chunked"/>.
/// </summary>
public sealed class ScriptedReceiver : IDisposable
{
    private readonly TcpListener _listener;
    private readonly ConcurrentQueue<Answer> _script = new();
    private readonly CancellationTokenSource _stop = new();
    private readonly SemaphoreSlim _received = new(0);
    private int _answered;
    private int _connections;

    private readonly TaskCompletionSource _release = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public ScriptedReceiver(params Answer[] script)
        : this(0, script)
    {
    }

    /// <summary>A receiver on <paramref name="port"/> (0 for any free port).</summary>
    public ScriptedReceiver(int port, params Answer[] script)
    {
        foreach (var answer in script)
        {
            _script.Enqueue(answer);
        }

        _listener = new TcpListener(IPAddress.Loopback, port);
        _listener.Start();
        Port = ((IPEndPoint)_listener.LocalEndpoint).Port;
        _ = Task.Run(AcceptAsync);
    }

    public int Port { get; }

    public Uri Url => new($"http://127.0.0.1:{Port.ToString(CultureInfo.InvariantCulture)}/api/v1/write");

    /// <summary>The answer once the script is done.</summary>
    public Answer Default { get; set; } = new(204, "");

    /// <summary>The requests received, in the order they arrived.</summary>
    public ConcurrentQueue<Received> Requests { get; } = new();

    /// <summary>Serves further requests on a connection after answering one (and says nothing of closing).</summary>
    public bool KeepAlive { get; set; }

    /// <summary>With <see cref="KeepAlive"/>: closes each connection after answering, without saying so first.</summary>
    public bool CloseSilently { get; set; }

    /// <summary>Sends answers' bodies chunked (Transfer-Encoding: chunked, a chunk per character) rather than with a length.</summary>
    public bool Chunked { get; set; }

    /// <summary>The connections accepted.</summary>
    public int Connections => Volatile.Read(ref _connections);

    /// <summary>The requests answered (a response written), whatever the status.</summary>
    public int Answered => Volatile.Read(ref _answered);

    /// <summary>Waits for the next request received; false when none came within <paramref name="timeout"/>.</summary>
    public bool WaitForRequest(TimeSpan timeout) => _received.Wait(timeout);

    /// <summary>Lets the requests held without an answer (and those to come) be answered with <see cref="Default"/>.</summary>
    public void Release() => _release.TrySetResult();

    public void Dispose()
    {
        _stop.Cancel();
        _listener.Stop();
    }

    private async Task AcceptAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            TcpClient client;
            try
            {
                client = await _listener.AcceptTcpClientAsync(_stop.Token).ConfigureAwait(false);
            }
            catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
            {
                return;
            }

            Interlocked.Increment(ref _connections);
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
                do
                {
                    if (!await ServeOneAsync(stream).ConfigureAwait(false))
                    {
                        return;
                    }
                }
                while (KeepAlive && !CloseSilently);
            }
            catch (Exception e) when (e is OperationCanceledException or IOException or SocketException or ObjectDisposedException)
            {
            }
        }
    }

    private async Task<bool> ServeOneAsync(NetworkStream stream)
    {
        var received = await ReadRequestAsync(stream, _stop.Token).ConfigureAwait(false);
        if (received is null)
        {
            return false;
        }

        var answer = _script.TryDequeue(out var next) ? next : Default;
        Requests.Enqueue(received);
        _received.Release();
        if (answer.Status == Answer.NoAnswer)
        {
            // Holds the connection open, answering nothing, until the client gives up, the test ends or
            // Release lets it answer as by default.
            await _release.Task.WaitAsync(_stop.Token).ConfigureAwait(false);
            answer = Default;
        }

        byte[] body = System.Text.Encoding.UTF8.GetBytes(answer.Message);
        if (Chunked)
        {
            var chunks = new System.Text.StringBuilder();
            foreach (char c in answer.Message)
            {
                chunks.Append(CultureInfo.InvariantCulture, $"{System.Text.Encoding.UTF8.GetByteCount(c.ToString()):x};ext=1\r\n{c}\r\n");
            }

            body = System.Text.Encoding.UTF8.GetBytes(chunks.Append("0\r\nX-Trailer: t\r\n\r\n").ToString());
        }

        string framing = Chunked ? "Transfer-Encoding: chunked" : string.Create(CultureInfo.InvariantCulture, $"Content-Length: {body.Length}");
        string connection = KeepAlive ? "" : "Connection: close\r\n";
        byte[] head = System.Text.Encoding.ASCII.GetBytes(string.Create(CultureInfo.InvariantCulture, $"HTTP/1.1 {answer.Status} Scripted\r\nContent-Type: text/plain; charset=utf-8\r\n{framing}\r\n{connection}\r\n"));
        await stream.WriteAsync(head, _stop.Token).ConfigureAwait(false);
        await stream.WriteAsync(body, _stop.Token).ConfigureAwait(false);
        Interlocked.Increment(ref _answered);
        return true;
    }

    private static async Task<Received?> ReadRequestAsync(NetworkStream stream, CancellationToken cancel)
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
            headEnd = IndexOf(buffer.GetBuffer().AsSpan(0, (int)buffer.Length), "\r\n\r\n"u8);
        }

        string[] lines = System.Text.Encoding.ASCII.GetString(buffer.GetBuffer(), 0, headEnd).Split("\r\n");
        string[] requestLine = lines[0].Split(' ');
        var headers = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (string line in lines[1..])
        {
            int colon = line.IndexOf(':', StringComparison.Ordinal);
            headers[line[..colon].Trim()] = line[(colon + 1)..].Trim();
        }

        int length = headers.TryGetValue("Content-Length", out var value) ? int.Parse(value, CultureInfo.InvariantCulture) : 0;
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

        return new Received(requestLine[0], requestLine[1], headers, buffer.GetBuffer().AsSpan(bodyStart, length).ToArray());
    }

    private static int IndexOf(ReadOnlySpan<byte> haystack, ReadOnlySpan<byte> needle) => haystack.IndexOf(needle);

    /// <summary>One scripted answer: a status and its message, or <see cref="NoAnswer"/>.</summary>
    public sealed record Answer(int Status, string Message)
    {
        /// <summary>The status that means: read the request and never answer.</summary>
        public const int NoAnswer = -1;

        public static Answer None { get; } = new(NoAnswer, "");
    }

    /// <summary>A request as received.</summary>
    public sealed record Received(string Method, string Path, IReadOnlyDictionary<string, string> Headers, byte[] Body);
}
