using System;
using HdrHistogram.Prometheus.Registry;
using Microsoft.AspNetCore.Builder;

namespace HdrHistogram.Prometheus.AspNetCore;

/// <summary>Adds the request-duration middleware.</summary>
public static class HdrRequestDurationApplicationBuilderExtensions
{
    /// <summary>
    /// Records every request's duration into <paramref name="family"/>, or into a family
    /// <c>http_server_request_duration_seconds</c> (labels <c>route</c>, <c>status</c>; nanoseconds 1 to one hour at 3
    /// digits, exposed in seconds) of <see cref="PrometheusHistogramRegistry.Default"/>, created on first use.
    /// </summary>
    /// <param name="app">The application.</param>
    /// <param name="family">The family (labels <c>route</c>, <c>status</c>), or null for the default one.</param>
    /// <returns>The application.</returns>
    public static IApplicationBuilder UseHdrRequestDurations(this IApplicationBuilder app, PrometheusHistogramFamily? family = null)
    {
        ArgumentNullException.ThrowIfNull(app);
        return app.UseMiddleware<HdrRequestDurationMiddleware>(family ?? PrometheusHistogramRegistry.Default.RequestDurations);
    }
}
