namespace HdrHistogram.Prometheus.RemoteWrite;

/// <summary>What a receiver answered to one remote-write request.</summary>
/// <param name="StatusCode">The HTTP status, or 0 when no response came (a network error or the timeout).</param>
/// <param name="Message">The receiver's message (the start of its response body) or the error, when not a success.</param>
public readonly record struct RemoteWriteResult(int StatusCode, string? Message)
{
    /// <summary>Whether the receiver took the request (a 2xx status).</summary>
    public bool Succeeded => StatusCode is >= 200 and < 300;

    /// <summary>
    /// Whether sending the same data again may succeed: no response, a 5xx or a 429, as the remote-write protocol
    /// says. A 4xx other than 429 means the receiver refused the data itself; sending it again would be refused again.
    /// </summary>
    public bool Retryable => StatusCode == 0 || StatusCode >= 500 || StatusCode == 429;
}
