using System;
using System.Collections.Generic;
using System.Threading;

namespace HdrHistogram.Tool.Commands;

/// <summary>What <c>hdr push</c> was asked to do, once the command line is parsed and checked.</summary>
internal sealed class PushSettings
{
    /// <summary>The default metric name (<c>--name</c>).</summary>
    public const string DefaultMetricName = "hdr_log_latency_seconds";

    /// <summary>The default number of samples per request (<c>--batch</c>).</summary>
    public const int DefaultBatch = 100;

    /// <summary>The default time a request may take (<c>--timeout</c>).</summary>
    public static readonly TimeSpan DefaultTimeout = TimeSpan.FromSeconds(30);

    /// <summary>The log; null or "-" for standard input.</summary>
    public string? Path { get; init; }

    /// <summary>The receiver's remote-write URL.</summary>
    public required Uri Url { get; init; }

    /// <summary>The metric name of every series.</summary>
    public string MetricName { get; init; } = DefaultMetricName;

    /// <summary>The <c>--label</c> labels, checked (valid names, none twice, not <c>tag</c>), in the order given.</summary>
    public IReadOnlyList<KeyValuePair<string, string>> Labels { get; init; } = Array.Empty<KeyValuePair<string, string>>();

    /// <summary>Only the intervals with this tag ("" for the untagged ones); null for every interval.</summary>
    public string? Tag { get; init; }

    /// <summary>The unit the log's values were recorded in (ns, us, ms or s).</summary>
    public string ValuesIn { get; init; } = "ns";

    /// <summary>Whether <see cref="ValuesIn"/> is the default rather than given (for the magnitude hint).</summary>
    public bool ValuesInAssumed { get; init; } = true;

    /// <summary>Whether the samples' times are shifted so that the last interval ends now.</summary>
    public bool Now { get; init; }

    /// <summary>At most this many samples per request.</summary>
    public int Batch { get; init; } = DefaultBatch;

    /// <summary>How long one request may take.</summary>
    public TimeSpan Timeout { get; init; } = DefaultTimeout;

    /// <summary>Only intervals from this many seconds after the log's StartTime (as hdr summary --start).</summary>
    public double StartSec { get; init; }

    /// <summary>Only intervals up to this many seconds after the log's StartTime (as hdr summary --end).</summary>
    public double EndSec { get; init; } = double.MaxValue;

    /// <summary>A log whose last line is cut off is an error, not a warning (--strict).</summary>
    public bool Strict { get; init; }

    /// <summary>Progress lines on standard error even when it is not a terminal (--progress).</summary>
    public bool Progress { get; init; }

    /// <summary>Cancelled by Ctrl+C.</summary>
    public CancellationToken Cancellation { get; init; }
}
