using System;
using HdrHistogram.Prometheus.Registry;
using HdrHistogram.Prometheus.RemoteWrite;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace HdrHistogram.Prometheus.AspNetCore;

/// <summary>Registers a remote-write pusher with the host.</summary>
public static class HdrRemoteWriteServiceCollectionExtensions
{
    /// <summary>
    /// Pushes <paramref name="registry"/> (by default <see cref="PrometheusHistogramRegistry.Default"/>) by remote write
    /// while the host runs, and once more when it stops (<see cref="HdrRemoteWriteHostedService"/>).
    /// </summary>
    /// <param name="services">The host's services.</param>
    /// <param name="configure">Sets the receiver's URL, the interval and the labels.</param>
    /// <param name="registry">The registry to push; the default registry when null.</param>
    /// <returns>The services.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> or <paramref name="configure"/> is null.</exception>
    public static IServiceCollection AddHdrRemoteWrite(this IServiceCollection services, Action<PrometheusPusherOptions> configure, PrometheusHistogramRegistry? registry = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configure);
        var options = new PrometheusPusherOptions();
        configure(options);
        var service = new HdrRemoteWriteHostedService(registry, options);
        services.AddSingleton(service);
        services.AddSingleton<IHostedService>(service);
        return services;
    }
}
