using System;

namespace HdrHistogram.Prometheus.RemoteWrite;

/// <summary>An answer <see cref="RemoteWriteConnection"/> cannot read (not HTTP/1.x, cut short, a malformed length).</summary>
internal sealed class RemoteWriteProtocolException : Exception
{
    public RemoteWriteProtocolException(string message)
        : base(message)
    {
    }
}
