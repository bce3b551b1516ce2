using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using HdrHistogram.Prometheus.Registry;

namespace HdrHistogram.Prometheus.RemoteWrite;

/// <summary>
/// Pushes a registry's totals to a remote-write receiver every <see cref="PrometheusPusherOptions.Interval"/>, and once
/// more when disposed: for jobs nobody scrapes (benchmarks, load tests, batch jobs). Each push takes every series'
/// interval into its total as a scrape does (a registry may be scraped and pushed at once) and sends the cumulative
/// totals as native histogram samples stamped with the push's time.
/// </summary>
/// <remarks>
/// Failures: a push that gets no answer, a 5xx or a 429 is retried with waits from a second doubling up to
/// <see cref="PrometheusPusherOptions.MaxRetryDelay"/>, until the next interval, when it is dropped for the newer totals
/// (the totals are cumulative: the next push carries everything the dropped one held, so nothing recorded is lost).
/// A refusal (another 4xx) is not retried; its message goes to <see cref="PrometheusPusherOptions.Log"/> once. At most
/// one request exists at a time, so a dead receiver never grows memory, and sending happens outside the registry's
/// lock, so a slow receiver never delays recording. A retry sends the same samples (the same timestamp); a new push's
/// samples are stamped at least a millisecond after the last push's, so the receiver never gets an older sample after a
/// newer one (Prometheus refuses those as out of order).
/// </remarks>
public sealed class PrometheusPusher : IDisposable, IAsyncDisposable
{
    private readonly PrometheusHistogramRegistry _registry;
    private readonly PrometheusRemoteWriter _writer;
    private readonly TimeSpan _interval;
    private readonly TimeSpan _maxRetryDelay;
    private readonly Dictionary<string, string> _labels;
    private readonly Action<string>? _log;
    private readonly bool _includeClassic;
    private readonly RemoteWriteRequest _request = new();
    private readonly List<KeyValuePair<string, string>> _seriesLabels = new();
    private readonly SemaphoreSlim _sending = new(1, 1);
    private readonly CancellationTokenSource _stop = new();
    private Task? _loop;
    private string? _lastRefusal;
    private long _lastMilliseconds = long.MinValue;
    private bool _failing;
    private long _sent;
    private long _retried;
    private long _dropped;
    private long _refused;
    private int _disposed;

    /// <summary>Creates a pusher for <paramref name="registry"/>; <see cref="Start"/> begins the interval pushes.</summary>
    /// <param name="registry">The registry; the default registry when null.</param>
    /// <param name="options">The receiver and the schedule.</param>
    /// <exception cref="ArgumentNullException"><paramref name="options"/> is null.</exception>
    /// <exception cref="ArgumentException">The URL is missing or not http(s), or an interval or timeout is not positive, or a label name is invalid.</exception>
    public PrometheusPusher(PrometheusHistogramRegistry? registry, PrometheusPusherOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        if (options.Url is null)
        {
            throw new ArgumentException("A remote-write URL is required (PrometheusPusherOptions.Url).", nameof(options));
        }

        if (options.Interval <= TimeSpan.Zero || options.Timeout <= TimeSpan.Zero || options.MaxRetryDelay <= TimeSpan.Zero)
        {
            throw new ArgumentException("The interval, timeout and longest retry delay must be positive.", nameof(options));
        }

        foreach (var label in options.Labels)
        {
            Exposition.PrometheusNames.CheckLabelName(label.Key, nameof(options));
            ArgumentNullException.ThrowIfNull(label.Value, nameof(options));
        }

        _registry = registry ?? PrometheusHistogramRegistry.Default;
        _writer = new PrometheusRemoteWriter(options.Url, options.Timeout, options.HttpHandler);
        _interval = options.Interval;
        _maxRetryDelay = options.MaxRetryDelay;
        _labels = new Dictionary<string, string>(options.Labels, StringComparer.Ordinal);
        _log = options.Log;
        _includeClassic = options.IncludeClassic;
    }

    /// <summary>Pushes the receiver took.</summary>
    public long PushesSent => Interlocked.Read(ref _sent);

    /// <summary>Attempts that failed in a way worth retrying (no answer, 5xx, 429), each retried or later dropped.</summary>
    public long PushesRetried => Interlocked.Read(ref _retried);

    /// <summary>Failing pushes given up for newer totals when the next interval came (what they held was sent later).</summary>
    public long PushesDropped => Interlocked.Read(ref _dropped);

    /// <summary>Pushes the receiver refused (a 4xx other than 429): not retried.</summary>
    public long PushesRefused => Interlocked.Read(ref _refused);

    /// <summary>What the receiver answered to the last attempt, or null before the first.</summary>
    public RemoteWriteResult? LastResult { get; private set; }

    /// <summary>Starts pushing every interval (the first push one interval from now).</summary>
    /// <exception cref="InvalidOperationException">The pusher was started already.</exception>
    /// <exception cref="ObjectDisposedException">The pusher was disposed.</exception>
    public void Start()
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        if (Interlocked.CompareExchange(ref _loop, Task.CompletedTask, null) is not null)
        {
            throw new InvalidOperationException("The pusher was started already.");
        }

        _loop = Task.Run(() => RunAsync(_stop.Token));
    }

    /// <summary>
    /// Pushes the totals now, once (no retry), after any push in progress. To an http:// receiver (without
    /// <see cref="PrometheusPusherOptions.HttpHandler"/>) a push the receiver takes allocates nothing once the series
    /// and buffers exist.
    /// </summary>
    /// <param name="cancellationToken">Cancels the push.</param>
    /// <returns>What the receiver answered (a value task: await it once).</returns>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<RemoteWriteResult> PushAsync(CancellationToken cancellationToken = default)
    {
        await _sending.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            Build();
            return await SendAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            _sending.Release();
        }
    }

    /// <summary>
    /// Stops the interval pushes and, after an attempt under way (which ends within the timeout), pushes the totals a
    /// last time, with retries for up to <see cref="PrometheusPusherOptions.MaxRetryDelay"/>.
    /// </summary>
    /// <returns>A task that completes when the last push is done or given up.</returns>
    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        _stop.Cancel();
        if (_loop is { } loop)
        {
            try
            {
                await loop.ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
            }
        }

        await _sending.WaitAsync().ConfigureAwait(false);
        try
        {
            Build();
            await SendWithRetriesAsync(DateTime.UtcNow + _maxRetryDelay, CancellationToken.None).ConfigureAwait(false);
        }
        finally
        {
            _sending.Release();
            _writer.Dispose();
            _stop.Dispose();
        }
    }

    /// <summary>As <see cref="DisposeAsync"/>, blocking.</summary>
    public void Dispose() => DisposeAsync().AsTask().GetAwaiter().GetResult();

    private async Task RunAsync(CancellationToken stop)
    {
        using var timer = new PeriodicTimer(_interval);
        while (await timer.WaitForNextTickAsync(stop).ConfigureAwait(false))
        {
            await _sending.WaitAsync(stop).ConfigureAwait(false);
            try
            {
                Build();

                // Retries end when the next interval is due: that push carries these totals and more.
                await SendWithRetriesAsync(DateTime.UtcNow + _interval, stop).ConfigureAwait(false);
            }
            finally
            {
                _sending.Release();
            }
        }
    }

    private void Build()
    {
        // Each push's samples are stamped after the last push's, even if the clock went back or has not moved on:
        // a receiver refuses a sample older than one it took (and one of the same time with other totals).
        // Whole milliseconds, as they are sent.
        long now = _registry.Now().ToUnixTimeMilliseconds();
        _lastMilliseconds = now > _lastMilliseconds ? now : _lastMilliseconds + 1;
        _request.Clear();
        _registry.AddTotals(_request, DateTimeOffset.FromUnixTimeMilliseconds(_lastMilliseconds), _labels, _seriesLabels, _includeClassic);
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask SendWithRetriesAsync(DateTime giveUpAt, CancellationToken stop)
    {
        var delay = TimeSpan.FromSeconds(1);
        while (true)
        {
            // An attempt under way when the pusher is disposed finishes (within the timeout) rather than being cut
            // off: cut off, it would count as a failure of the receiver, which may well have taken it.
            var result = await SendAsync(CancellationToken.None).ConfigureAwait(false);
            if (!result.Retryable)
            {
                return;
            }

            if (stop.IsCancellationRequested)
            {
                // Not retried: the last push, on dispose, carries these totals.
                Interlocked.Increment(ref _dropped);
                return;
            }

            if (DateTime.UtcNow + delay >= giveUpAt)
            {
                Interlocked.Increment(ref _dropped);
                return;
            }

            try
            {
                await Task.Delay(delay, stop).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                Interlocked.Increment(ref _dropped);
                return;
            }

            delay = delay * 2 < _maxRetryDelay ? delay * 2 : _maxRetryDelay;
        }
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<RemoteWriteResult> SendAsync(CancellationToken cancellationToken)
    {
        if (_request.SeriesCount == 0)
        {
            return new RemoteWriteResult(204, null);
        }

        var result = await _writer.SendAsync(_request, cancellationToken).ConfigureAwait(false);
        LastResult = result;
        if (result.Succeeded)
        {
            Interlocked.Increment(ref _sent);
            if (_failing)
            {
                _failing = false;
                _log?.Invoke($"remote write to {_writer.Url}: the receiver took a push again ({result.StatusCode}).");
            }
        }
        else if (result.Retryable)
        {
            Interlocked.Increment(ref _retried);
            if (!_failing)
            {
                _failing = true;
                _log?.Invoke($"remote write to {_writer.Url} failed ({(result.StatusCode == 0 ? "no answer" : result.StatusCode.ToString(System.Globalization.CultureInfo.InvariantCulture))}: {result.Message}); retrying, and the next push carries the totals.");
            }
        }
        else
        {
            Interlocked.Increment(ref _refused);
            if (result.Message != _lastRefusal)
            {
                _lastRefusal = result.Message;
                _log?.Invoke($"remote write to {_writer.Url} refused ({result.StatusCode}): {result.Message}");
            }
        }

        return result;
    }
}
