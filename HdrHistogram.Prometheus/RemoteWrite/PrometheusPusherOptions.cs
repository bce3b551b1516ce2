using System;
using System.Collections.Generic;
using System.Net.Http;

namespace HdrHistogram.Prometheus.RemoteWrite;

/// <summary>Where and how often a <see cref="PrometheusPusher"/> sends a registry's totals, and with which labels.</summary>
public sealed class PrometheusPusherOptions
{
    /// <summary>The receiver's remote-write URL, such as <c>http://prometheus:9090/api/v1/write</c>. Required.</summary>
    public Uri? Url { get; set; }

    /// <summary>How often the totals are pushed (15 s by default, Prometheus' default scrape interval).</summary>
    public TimeSpan Interval { get; set; } = TimeSpan.FromSeconds(15);

    /// <summary>How long one request may take before it counts as failed and is retried (10 s by default).</summary>
    public TimeSpan Timeout { get; set; } = TimeSpan.FromSeconds(10);

    /// <summary>
    /// The longest wait between two attempts at a failed push (the waits start at a second and double up to this;
    /// 30 s by default). A push still failing when the next interval comes is dropped for the newer totals.
    /// </summary>
    public TimeSpan MaxRetryDelay { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// Labels added to every series pushed (such as <c>job</c>, <c>instance</c>, <c>run_id</c>): a pushed series has no
    /// scrape target to take them from. A series' own label of the same name wins.
    /// </summary>
    public IDictionary<string, string> Labels { get; } = new Dictionary<string, string>(StringComparer.Ordinal);

    /// <summary>
    /// Whether each series also goes as a classic histogram: float samples <c>_bucket{le=…}</c>, <c>_sum</c> and
    /// <c>_count</c>, with the bounds and values the text format exposes (for receivers or queries without native
    /// histograms). Off by default.
    /// </summary>
    public bool IncludeClassic { get; set; }

    /// <summary>
    /// The HTTP handler to send through (a proxy's, or a test's), or null: then an http:// URL is sent to over the
    /// pusher's own kept-alive connection, where a push allocates nothing, and an https:// URL through
    /// <see cref="HttpClient"/>'s default handler. Through a handler (or to https://) each push allocates HttpClient's
    /// request and response objects, a few kilobytes.
    /// </summary>
    public HttpMessageHandler? HttpHandler { get; set; }

    /// <summary>
    /// Receives the pusher's own messages: a receiver's refusal (once per distinct message), the first failure after
    /// a success and the first success after failures. Null to stay silent; the counters count everything either way.
    /// </summary>
    public Action<string>? Log { get; set; }
}
