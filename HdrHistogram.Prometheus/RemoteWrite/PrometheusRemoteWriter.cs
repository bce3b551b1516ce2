using System;
using System.IO;
using System.Net.Sockets;
using System.Runtime.CompilerServices;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;

namespace HdrHistogram.Prometheus.RemoteWrite;

/// <summary>
/// Sends remote-write requests to one receiver (Prometheus with <c>--web.enable-remote-write-receiver</c> at
/// <c>/api/v1/write</c>, Mimir, Thanos, Grafana Cloud): the body compressed with snappy's block format, with the
/// protocol's headers (<c>Content-Encoding: snappy</c>, <c>Content-Type: application/x-protobuf</c>,
/// <c>X-Prometheus-Remote-Write-Version: 0.1.0</c>). One request at a time per writer; each within a timeout.
/// </summary>
/// <remarks>
/// To an http:// URL without a handler, requests go over one kept-alive connection of the writer's own (HTTP/1.1, the
/// request head encoded once, the answer read into a kept buffer), and a request the receiver takes allocates nothing:
/// the compressed body's buffer is kept too. A failure's message is a new string, and a new connection (after an error
/// or an answer with <c>Connection: close</c>) allocates its socket. To an https:// URL, or through a given handler,
/// requests go through <see cref="HttpClient"/>, which allocates a few kilobytes per request (the request, its
/// headers and content, the response).
/// </remarks>
public sealed class PrometheusRemoteWriter : IDisposable
{
    private const int MaxMessageLength = 512;

    private readonly HttpClient? _client;
    private readonly RemoteWriteConnection? _connection;
    private readonly Uri _url;
    private readonly TimeSpan _timeout;
    private CancellationTokenSource _timer = new();
    private readonly SnappyBlockCompressor _compressor = new();
    private byte[] _compressed = Array.Empty<byte>();

    /// <summary>Creates a writer for <paramref name="url"/>.</summary>
    /// <param name="url">The receiver's remote-write URL (http or https).</param>
    /// <param name="timeout">How long a request may take before it counts as failed (and retryable).</param>
    /// <param name="handler">
    /// The HTTP handler (a proxy's, a test's), or null: then an http:// URL is sent to over the writer's own
    /// allocation-free connection, and an https:// URL through <see cref="HttpClient"/>'s default handler.
    /// </param>
    /// <exception cref="ArgumentNullException"><paramref name="url"/> is null.</exception>
    /// <exception cref="ArgumentException">The URL is not an absolute http or https URL.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The timeout is not positive.</exception>
    public PrometheusRemoteWriter(Uri url, TimeSpan timeout, HttpMessageHandler? handler = null)
    {
        ArgumentNullException.ThrowIfNull(url);
        if (!url.IsAbsoluteUri || (url.Scheme != Uri.UriSchemeHttp && url.Scheme != Uri.UriSchemeHttps))
        {
            throw new ArgumentException($"The remote-write URL must be an absolute http or https URL (was {url}).", nameof(url));
        }

        if (timeout <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(timeout), timeout, "The timeout must be positive.");
        }

        _url = url;
        _timeout = timeout;
        if (handler is null && url.Scheme == Uri.UriSchemeHttp)
        {
            _connection = new RemoteWriteConnection(url);
        }
        else
        {
            _client = handler is null ? new HttpClient() : new HttpClient(handler, disposeHandler: false);
            _client.Timeout = System.Threading.Timeout.InfiniteTimeSpan;
        }
    }

    /// <summary>The receiver's URL.</summary>
    public Uri Url => _url;

    /// <summary>
    /// Compresses and sends one request; never throws for what the receiver or the network does. Over the writer's own
    /// connection (an http:// URL, no handler) a request the receiver takes allocates nothing.
    /// </summary>
    /// <param name="request">The request to send.</param>
    /// <param name="cancellationToken">Cancels the send (then the result is a failure with status 0).</param>
    /// <returns>What the receiver answered (a value task: await it once).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="request"/> is null.</exception>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<RemoteWriteResult> SendAsync(RemoteWriteRequest request, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(request);
        int length = Compress(request.Body.Span);

        // One timer for every request, reset rather than made anew (a cancelled one cannot be reset: then a new one).
        if (!_timer.TryReset())
        {
            _timer.Dispose();
            _timer = new CancellationTokenSource();
        }

        var timeout = _timer;
        timeout.CancelAfter(_timeout);
        var link = cancellationToken.CanBeCanceled
            ? cancellationToken.UnsafeRegister(static state => ((CancellationTokenSource)state!).Cancel(), timeout)
            : default;
        try
        {
            if (_connection is not null)
            {
                int status = await _connection.SendAsync(_compressed.AsMemory(0, length), timeout.Token).ConfigureAwait(false);
                return status is >= 200 and < 300 ? new RemoteWriteResult(status, null) : new RemoteWriteResult(status, _connection.Message(MaxMessageLength));
            }

            return await SendWithClientAsync(length, timeout.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            return new RemoteWriteResult(0, $"no answer within {_timeout.TotalSeconds:0.###} s");
        }
        catch (OperationCanceledException)
        {
            return new RemoteWriteResult(0, "cancelled");
        }
        catch (Exception e) when (e is HttpRequestException or SocketException or IOException or RemoteWriteProtocolException)
        {
            return new RemoteWriteResult(0, e.Message);
        }
        finally
        {
            link.Dispose();
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        _client?.Dispose();
        _connection?.Dispose();
        _timer.Dispose();
    }

    private async Task<RemoteWriteResult> SendWithClientAsync(int length, CancellationToken cancellationToken)
    {
        using var content = new ByteArrayContent(_compressed, 0, length);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/x-protobuf");
        content.Headers.ContentEncoding.Add("snappy");
        using var message = new HttpRequestMessage(HttpMethod.Post, _url) { Content = content };
        message.Headers.Add("X-Prometheus-Remote-Write-Version", "0.1.0");
        message.Headers.UserAgent.Add(new ProductInfoHeaderValue("HdrHistogram.Prometheus", "3.0"));
        using var response = await _client!.SendAsync(message, HttpCompletionOption.ResponseContentRead, cancellationToken).ConfigureAwait(false);
        int status = (int)response.StatusCode;
        if (status is >= 200 and < 300)
        {
            return new RemoteWriteResult(status, null);
        }

        string body = await response.Content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false);
        return new RemoteWriteResult(status, body.Length > MaxMessageLength ? body[..MaxMessageLength] : body.TrimEnd());
    }

    private int Compress(ReadOnlySpan<byte> body)
    {
        int most = SnappyBlockCompressor.MaxCompressedLength(body.Length);
        if (_compressed.Length < most)
        {
            _compressed = new byte[Math.Max(most, _compressed.Length * 2)];
        }

        return _compressor.Compress(body, _compressed);
    }
}
