using System;
using System.Collections.Generic;
using HdrHistogram.Prometheus.Exposition;

namespace HdrHistogram.Prometheus.Hosting;

/// <summary>How a <see cref="PrometheusMetricsListener"/> serves: its timeouts, how many connections it holds, extra paths.</summary>
public sealed class PrometheusMetricsListenerOptions
{
    /// <summary>
    /// How long sending one response may take (default 10 s): a client that stops reading is disconnected then, and
    /// delays nobody else meanwhile.
    /// </summary>
    public TimeSpan WriteTimeout { get; set; } = TimeSpan.FromSeconds(10);

    /// <summary>
    /// How long the listener waits for a request's head, and for the next request on a kept-alive connection (default
    /// 30 s; Prometheus scrapes at least every few seconds on the connection it keeps).
    /// </summary>
    public TimeSpan ReadTimeout { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// The most connections served at once (default 64); a connection beyond them is answered 503 and closed, so no
    /// number of clients grows the listener's memory.
    /// </summary>
    public int MaxConnections { get; set; } = 64;

    /// <summary>
    /// Further paths that always answer in one format, whatever the request's <c>Accept</c> header says: for example
    /// <c>/metrics-text</c> for the text format, for a scraper that should see the classic histograms. Paths start
    /// with a slash; a trailing slash is ignored, as on the main path.
    /// </summary>
    public IDictionary<string, PrometheusExpositionFormat> FixedFormatPaths { get; } = new Dictionary<string, PrometheusExpositionFormat>(StringComparer.Ordinal);
}
