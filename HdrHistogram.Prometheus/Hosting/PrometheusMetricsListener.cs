using System;
using System.Buffers;
using System.Net;
using System.Threading;
using System.Threading.Tasks;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.Registry;

namespace HdrHistogram.Prometheus.Hosting;

/// <summary>
/// A small HTTP server (<see cref="HttpListener"/>) serving a registry for processes that are not web applications:
/// every GET is answered with a scrape, negotiated by <c>Accept</c>.
/// </summary>
public sealed class PrometheusMetricsListener : IDisposable
{
    private readonly HttpListener _listener = new();
    private readonly PrometheusHistogramRegistry _registry;
    private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);
    private readonly CancellationTokenSource _stop = new();
    private Task? _loop;

    /// <summary>Creates a listener on <paramref name="prefix"/> (such as <c>http://localhost:9464/metrics/</c>).</summary>
    /// <param name="prefix">The <see cref="HttpListener"/> prefix; it ends with a slash.</param>
    /// <param name="registry">The registry; the default registry when null.</param>
    public PrometheusMetricsListener(string prefix, PrometheusHistogramRegistry? registry = null)
    {
        ArgumentNullException.ThrowIfNull(prefix);
        _registry = registry ?? PrometheusHistogramRegistry.Default;
        _listener.Prefixes.Add(prefix);
    }

    /// <summary>Starts serving.</summary>
    public void Start()
    {
        _listener.Start();
        _loop = Task.Run(ServeAsync);
    }

    /// <summary>Stops serving and releases the listener.</summary>
    public void Dispose()
    {
        _stop.Cancel();
        try
        {
            _listener.Stop();
            _loop?.Wait(TimeSpan.FromSeconds(5));
        }
        catch (AggregateException)
        {
            // The loop ends with the listener's disposal exception.
        }
        finally
        {
            _listener.Close();
            _stop.Dispose();
        }
    }

    private async Task ServeAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            HttpListenerContext context;
            try
            {
                context = await _listener.GetContextAsync().ConfigureAwait(false);
            }
            catch (Exception) when (_stop.IsCancellationRequested)
            {
                return;
            }
            catch (HttpListenerException)
            {
                return;
            }

            try
            {
                var format = PrometheusContentNegotiation.Negotiate(context.Request.Headers["Accept"]);
                context.Response.ContentType = PrometheusContentNegotiation.ContentType(format);
                _buffer.ResetWrittenCount();
                _registry.Write(_buffer, format);
                context.Response.ContentLength64 = _buffer.WrittenCount;
                await context.Response.OutputStream.WriteAsync(_buffer.WrittenMemory).ConfigureAwait(false);
                context.Response.Close();
            }
            catch (HttpListenerException)
            {
                // The scraper went away; serve the next one.
            }
        }
    }
}
