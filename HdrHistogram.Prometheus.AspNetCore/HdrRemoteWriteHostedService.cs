using System;
using System.Threading;
using System.Threading.Tasks;
using HdrHistogram.Prometheus.Registry;
using HdrHistogram.Prometheus.RemoteWrite;
using Microsoft.Extensions.Hosting;

namespace HdrHistogram.Prometheus.AspNetCore;

/// <summary>
/// A <see cref="PrometheusPusher"/> as a hosted service (<see cref="HdrRemoteWriteServiceCollectionExtensions.AddHdrRemoteWrite"/>):
/// it starts pushing when the host starts and, when the host stops, pushes the totals a last time.
/// </summary>
public sealed class HdrRemoteWriteHostedService : IHostedService, IAsyncDisposable
{
    private readonly PrometheusPusher _pusher;

    /// <summary>Creates the service over a pusher of <paramref name="registry"/> with <paramref name="options"/>.</summary>
    /// <param name="registry">The registry; the default registry when null.</param>
    /// <param name="options">The receiver and schedule (see <see cref="PrometheusPusherOptions"/>).</param>
    /// <exception cref="ArgumentException">The options are invalid (as for <see cref="PrometheusPusher"/>).</exception>
    public HdrRemoteWriteHostedService(PrometheusHistogramRegistry? registry, PrometheusPusherOptions options)
        => _pusher = new PrometheusPusher(registry, options);

    /// <summary>The pusher, for its counters.</summary>
    public PrometheusPusher Pusher => _pusher;

    /// <inheritdoc />
    public Task StartAsync(CancellationToken cancellationToken)
    {
        _pusher.Start();
        return Task.CompletedTask;
    }

    /// <inheritdoc />
    public async Task StopAsync(CancellationToken cancellationToken) => await _pusher.DisposeAsync().ConfigureAwait(false);

    /// <inheritdoc />
    public ValueTask DisposeAsync() => _pusher.DisposeAsync();
}
