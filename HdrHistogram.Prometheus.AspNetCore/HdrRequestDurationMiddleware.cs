using System;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using System.Threading.Tasks;
using HdrHistogram.Prometheus.Registry;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace HdrHistogram.Prometheus.AspNetCore;

/// <summary>
/// Records each request's duration (nanoseconds, exposed in seconds) into a family labelled by route pattern and
/// status code, one recorder per (route, status).
/// </summary>
public sealed class HdrRequestDurationMiddleware
{
    /// <summary>The default family name.</summary>
    public const string DefaultMetricName = PrometheusHistogramRegistry.RequestDurationsName;

    private const long HighestRecordable = 3_600_000_000_000L;
    private static readonly double NanosecondsPerTick = 1e9 / Stopwatch.Frequency;
    private readonly RequestDelegate _next;
    private readonly PrometheusHistogramFamily _family;
    private readonly ConcurrentDictionary<(string Route, int Status), Recorder> _recorders = new();

    /// <summary>Creates the middleware.</summary>
    /// <param name="next">The rest of the pipeline.</param>
    /// <param name="family">The family to record into; it must have the label names <c>route</c> and <c>status</c>.</param>
    public HdrRequestDurationMiddleware(RequestDelegate next, PrometheusHistogramFamily family)
    {
        _next = next ?? throw new ArgumentNullException(nameof(next));
        _family = family ?? throw new ArgumentNullException(nameof(family));
    }

    /// <summary>Runs the rest of the pipeline and records how long it took.</summary>
    /// <param name="context">The request.</param>
    /// <returns>The pipeline's task.</returns>
    public async Task InvokeAsync(HttpContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        long start = Stopwatch.GetTimestamp();
        bool failed = true;
        try
        {
            await _next(context).ConfigureAwait(false);
            failed = false;
        }
        finally
        {
            long nanoseconds = (long)((Stopwatch.GetTimestamp() - start) * NanosecondsPerTick);
            string route = (context.GetEndpoint() as RouteEndpoint)?.RoutePattern.RawText ?? "unmatched";
            int status = failed ? StatusCodes.Status500InternalServerError : context.Response.StatusCode;
            Recorder(route, status).RecordValue(Math.Clamp(nanoseconds, 1, HighestRecordable));
        }
    }

    private Recorder Recorder(string route, int status)
    {
        if (_recorders.TryGetValue((route, status), out var recorder))
        {
            return recorder;
        }

        recorder = _family.GetOrCreateRecorder(route, status.ToString(CultureInfo.InvariantCulture));
        return _recorders.GetOrAdd((route, status), recorder);
    }
}
