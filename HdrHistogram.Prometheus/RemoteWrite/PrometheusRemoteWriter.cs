using System;
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
public sealed class PrometheusRemoteWriter : IDisposable
{
    private const int MaxMessageLength = 512;

    private readonly HttpClient _client;
    private readonly Uri _url;
    private readonly TimeSpan _timeout;
    private byte[] _compressed = Array.Empty<byte>();

    /// <summary>Creates a writer for <paramref name="url"/>.</summary>
    /// <param name="url">The receiver's remote-write URL (http or https).</param>
    /// <param name="timeout">How long a request may take before it counts as failed (and retryable).</param>
    /// <param name="handler">The HTTP handler (a proxy's, a test's), or null for the default one.</param>
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
        _client = handler is null ? new HttpClient() : new HttpClient(handler, disposeHandler: false);
        _client.Timeout = System.Threading.Timeout.InfiniteTimeSpan;
    }

    /// <summary>The receiver's URL.</summary>
    public Uri Url => _url;

    /// <summary>Compresses and sends one request; never throws for what the receiver or the network does.</summary>
    /// <param name="request">The request to send.</param>
    /// <param name="cancellationToken">Cancels the send (then the result is a failure with status 0).</param>
    /// <returns>What the receiver answered.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="request"/> is null.</exception>
    public async Task<RemoteWriteResult> SendAsync(RemoteWriteRequest request, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(request);
        int length = Compress(request.Body.Span);
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(_timeout);
        try
        {
            using var content = new ByteArrayContent(_compressed, 0, length);
            content.Headers.ContentType = new MediaTypeHeaderValue("application/x-protobuf");
            content.Headers.ContentEncoding.Add("snappy");
            using var message = new HttpRequestMessage(HttpMethod.Post, _url) { Content = content };
            message.Headers.Add("X-Prometheus-Remote-Write-Version", "0.1.0");
            message.Headers.UserAgent.Add(new ProductInfoHeaderValue("HdrHistogram.Prometheus", "3.0"));
            using var response = await _client.SendAsync(message, HttpCompletionOption.ResponseContentRead, timeout.Token).ConfigureAwait(false);
            int status = (int)response.StatusCode;
            if (status is >= 200 and < 300)
            {
                return new RemoteWriteResult(status, null);
            }

            string body = await response.Content.ReadAsStringAsync(timeout.Token).ConfigureAwait(false);
            return new RemoteWriteResult(status, body.Length > MaxMessageLength ? body[..MaxMessageLength] : body.TrimEnd());
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            return new RemoteWriteResult(0, $"no answer within {_timeout.TotalSeconds:0.###} s");
        }
        catch (OperationCanceledException)
        {
            return new RemoteWriteResult(0, "cancelled");
        }
        catch (HttpRequestException e)
        {
            return new RemoteWriteResult(0, e.Message);
        }
    }

    /// <inheritdoc />
    public void Dispose() => _client.Dispose();

    private int Compress(ReadOnlySpan<byte> body)
    {
        int most = Snappier.Snappy.GetMaxCompressedLength(body.Length);
        if (_compressed.Length < most)
        {
            _compressed = new byte[Math.Max(most, _compressed.Length * 2)];
        }

        return Snappier.Snappy.Compress(body, _compressed);
    }
}
