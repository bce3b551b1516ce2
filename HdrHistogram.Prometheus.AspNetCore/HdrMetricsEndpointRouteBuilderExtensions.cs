using System;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.Registry;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace HdrHistogram.Prometheus.AspNetCore;

/// <summary>Maps the Prometheus scrape endpoint.</summary>
public static class HdrMetricsEndpointRouteBuilderExtensions
{
    /// <summary>
    /// Serves <paramref name="registry"/> (by default <see cref="PrometheusHistogramRegistry.Default"/>) at
    /// <paramref name="pattern"/>: protobuf with native histograms when the scraper's <c>Accept</c> asks for it, the
    /// text format otherwise.
    /// </summary>
    /// <param name="endpoints">The application's endpoints.</param>
    /// <param name="pattern">The route, such as <c>/metrics</c>.</param>
    /// <param name="registry">The registry to serve; the default registry when null.</param>
    /// <param name="format">A format to serve whatever the scraper accepts (the text format for a scrape job that
    /// must see classic buckets), or null to negotiate.</param>
    /// <returns>The endpoint's convention builder.</returns>
    public static IEndpointConventionBuilder MapHdrMetrics(
        this IEndpointRouteBuilder endpoints,
        string pattern = "/metrics",
        PrometheusHistogramRegistry? registry = null,
        PrometheusExpositionFormat? format = null)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var served = registry ?? PrometheusHistogramRegistry.Default;
        return endpoints.MapGet(pattern, (HttpContext context) => WriteAsync(context, served, format));
    }

    private static async System.Threading.Tasks.Task WriteAsync(HttpContext context, PrometheusHistogramRegistry registry, PrometheusExpositionFormat? fixedFormat)
    {
        var format = fixedFormat ?? PrometheusContentNegotiation.Negotiate(context.Request.Headers.Accept.ToString());
        context.Response.ContentType = PrometheusContentNegotiation.ContentType(format);
        registry.Write(context.Response.BodyWriter, format);
        await context.Response.BodyWriter.FlushAsync().ConfigureAwait(false);
    }
}
