using System;
using System.Globalization;
using System.Net;

namespace HdrHistogram.Prometheus.Hosting;

/// <summary>
/// What a listener prefix such as <c>http://localhost:9464/metrics/</c> means: the addresses to bind, the port and the
/// scrape path. <c>localhost</c> binds the loopback addresses (127.0.0.1 and ::1), <c>+</c>, <c>*</c> and
/// <c>0.0.0.0</c> every address, an IP literal that address, and any other host name the addresses it resolves to when
/// the listener starts. The host never restricts which requests are answered: a scrape of <c>127.0.0.1:9464</c> is
/// answered by a listener on <c>localhost:9464</c>.
/// </summary>
internal sealed class ListenerPrefix(string host, int port, string path)
{
    /// <summary>The host as written (lower case).</summary>
    public string Host { get; } = host;

    /// <summary>The TCP port.</summary>
    public int Port { get; } = port;

    /// <summary>The scrape path, without a trailing slash (<c>/</c> for the root).</summary>
    public string Path { get; } = path;

    /// <summary>Whether the prefix binds every address.</summary>
    public bool IsWildcard => Host is "+" or "*" or "0.0.0.0" or "[::]";

    /// <summary>Parses <paramref name="prefix"/>.</summary>
    /// <exception cref="ArgumentException">It is not an <c>http://host:port/path</c> prefix.</exception>
    public static ListenerPrefix Parse(string prefix)
    {
        const string Scheme = "http://";
        if (!prefix.StartsWith(Scheme, StringComparison.OrdinalIgnoreCase))
        {
            throw new ArgumentException($"The prefix '{prefix}' is not an http:// prefix (such as http://localhost:9464/metrics/); https is not served.", nameof(prefix));
        }

        string rest = prefix.Substring(Scheme.Length);
        int slash = rest.IndexOf('/', StringComparison.Ordinal);
        string authority = slash < 0 ? rest : rest.Substring(0, slash);
        string path = slash < 0 ? "/" : rest.Substring(slash);
        int colon = authority.LastIndexOf(':');
        if (colon <= 0 || authority.EndsWith(']') || !int.TryParse(authority.AsSpan(colon + 1), NumberStyles.None, CultureInfo.InvariantCulture, out int port) || port > 65535)
        {
            throw new ArgumentException($"The prefix '{prefix}' names no port (such as http://localhost:9464/metrics/).", nameof(prefix));
        }

        string host = authority.Substring(0, colon).ToLowerInvariant();
        if (path.Contains('?', StringComparison.Ordinal) || path.Contains('#', StringComparison.Ordinal))
        {
            throw new ArgumentException($"The prefix '{prefix}' has a query or fragment; give the path alone.", nameof(prefix));
        }

        return new ListenerPrefix(host, port, NormalizePath(path));
    }

    /// <summary>A request or configured path without its trailing slash (the root stays <c>/</c>).</summary>
    public static string NormalizePath(string path)
    {
        string trimmed = path.TrimEnd('/');
        return trimmed.Length == 0 ? "/" : trimmed;
    }

    /// <summary>The addresses to bind, resolved now.</summary>
    public IPAddress[] Addresses()
    {
        if (IsWildcard)
        {
            return new[] { IPAddress.IPv6Any };
        }

        if (Host == "localhost")
        {
            return new[] { IPAddress.Loopback, IPAddress.IPv6Loopback };
        }

        string literal = Host.StartsWith('[') && Host.EndsWith(']') ? Host[1..^1] : Host;
        return IPAddress.TryParse(literal, out var address) ? new[] { address } : Dns.GetHostAddresses(Host);
    }
}
