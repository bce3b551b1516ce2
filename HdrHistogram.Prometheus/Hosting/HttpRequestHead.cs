using System;
using System.Text;

namespace HdrHistogram.Prometheus.Hosting;

/// <summary>
/// The parts of an HTTP/1.x request head a scrape needs: the method, the path (without its query), the <c>Accept</c>
/// header, whether the connection stays open and whether a body follows. Read from the bytes up to the blank line;
/// nothing is allocated (the fields are ranges of the head).
/// </summary>
internal readonly ref struct HttpRequestHead
{
    private HttpRequestHead(ReadOnlySpan<byte> method, ReadOnlySpan<byte> path, ReadOnlySpan<byte> accept, bool keepAlive, bool hasBody)
    {
        Method = method;
        Path = path;
        Accept = accept;
        KeepAlive = keepAlive;
        HasBody = hasBody;
    }

    public ReadOnlySpan<byte> Method { get; }

    public ReadOnlySpan<byte> Path { get; }

    public ReadOnlySpan<byte> Accept { get; }

    public bool KeepAlive { get; }

    public bool HasBody { get; }

    /// <summary>Where the head ends (the index after its blank line) in <paramref name="buffer"/>, or -1.</summary>
    public static int EndOf(ReadOnlySpan<byte> buffer)
    {
        int end = buffer.IndexOf("\r\n\r\n"u8);
        return end < 0 ? -1 : end + 4;
    }

    /// <summary>Parses a head (its bytes up to and including the blank line).</summary>
    /// <returns>False when the request line is not <c>METHOD SP target SP HTTP/1.x</c>.</returns>
    public static bool TryParse(ReadOnlySpan<byte> head, out HttpRequestHead request)
    {
        request = default;
        int lineEnd = head.IndexOf("\r\n"u8);
        if (lineEnd < 0)
        {
            return false;
        }

        var line = head[..lineEnd];
        int firstSpace = line.IndexOf((byte)' ');
        int lastSpace = line.LastIndexOf((byte)' ');
        if (firstSpace <= 0 || lastSpace <= firstSpace + 1)
        {
            return false;
        }

        var version = line[(lastSpace + 1)..];
        if (!version.StartsWith("HTTP/1."u8))
        {
            return false;
        }

        var target = line[(firstSpace + 1)..lastSpace];
        int query = target.IndexOfAny((byte)'?', (byte)'#');
        var path = query < 0 ? target : target[..query];
        bool keepAlive = version.SequenceEqual("HTTP/1.1"u8);
        bool hasBody = false;
        ReadOnlySpan<byte> accept = default;

        var rest = head[(lineEnd + 2)..];
        while (rest.Length > 2)
        {
            int end = rest.IndexOf("\r\n"u8);
            if (end < 0)
            {
                break;
            }

            var header = rest[..end];
            rest = rest[(end + 2)..];
            int colon = header.IndexOf((byte)':');
            if (colon <= 0)
            {
                continue;
            }

            var name = header[..colon];
            var value = header[(colon + 1)..].Trim((byte)' ');
            if (Ascii.EqualsIgnoreCase(name, "Accept"u8))
            {
                accept = value;
            }
            else if (Ascii.EqualsIgnoreCase(name, "Connection"u8))
            {
                keepAlive = Ascii.EqualsIgnoreCase(value, "keep-alive"u8) || (keepAlive && !Ascii.EqualsIgnoreCase(value, "close"u8));
            }
            else if (Ascii.EqualsIgnoreCase(name, "Transfer-Encoding"u8) || (Ascii.EqualsIgnoreCase(name, "Content-Length"u8) && !value.SequenceEqual("0"u8)))
            {
                hasBody = true;
            }
        }

        request = new HttpRequestHead(line[..firstSpace], path, accept, keepAlive, hasBody);
        return true;
    }
}
