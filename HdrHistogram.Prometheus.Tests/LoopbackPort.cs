using System.Net;
using System.Net.Sockets;

namespace HdrHistogram.Prometheus.Tests;

/// <summary>
/// Ports of 127.0.0.1 for the tests' servers (Prometheus, the standalone listener) and for connections that must be
/// refused (a receiver that is not there). Shared with the tool's and the BenchmarkDotNet package's tests.
/// </summary>
public static class LoopbackPort
{
    /// <summary>
    /// A port nothing listens on: bound for a moment, then closed. A server may be started on it; until one is,
    /// connecting to it is refused.
    /// </summary>
    /// <returns>The port number.</returns>
    public static int Free()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        int port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();
        return port;
    }
}
