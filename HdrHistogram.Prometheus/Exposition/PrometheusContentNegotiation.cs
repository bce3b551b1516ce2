using System;

namespace HdrHistogram.Prometheus.Exposition;

/// <summary>Picks the exposition format from a scraper's <c>Accept</c> header, and names each format's content type.</summary>
public static class PrometheusContentNegotiation
{
    /// <summary>The content type of the delimited protobuf format.</summary>
    public const string ProtobufContentType = "application/vnd.google.protobuf; proto=io.prometheus.client.MetricFamily; encoding=delimited";

    /// <summary>The content type of the text format 0.0.4.</summary>
    public const string TextContentType = "text/plain; version=0.0.4; charset=utf-8";

    /// <summary>
    /// The format for an <c>Accept</c> header: protobuf when it accepts <c>application/vnd.google.protobuf</c> with
    /// <c>proto=io.prometheus.client.MetricFamily</c> and <c>encoding=delimited</c> (and a q-value above 0), otherwise
    /// the text format, which every scraper reads.
    /// </summary>
    /// <param name="accept">The header's value, or null.</param>
    /// <returns>The format to write.</returns>
    public static PrometheusExpositionFormat Negotiate(ReadOnlySpan<char> accept)
    {
        while (!accept.IsEmpty)
        {
            int comma = accept.IndexOf(',');
            var range = comma < 0 ? accept : accept.Slice(0, comma);
            accept = comma < 0 ? ReadOnlySpan<char>.Empty : accept.Slice(comma + 1);
            if (IsDelimitedMetricFamily(range))
            {
                return PrometheusExpositionFormat.Protobuf;
            }
        }

        return PrometheusExpositionFormat.Text;
    }

    /// <summary>The content type of <paramref name="format"/>.</summary>
    /// <param name="format">The format.</param>
    /// <returns>The header value.</returns>
    public static string ContentType(PrometheusExpositionFormat format)
        => format == PrometheusExpositionFormat.Protobuf ? ProtobufContentType : TextContentType;

    private static bool IsDelimitedMetricFamily(ReadOnlySpan<char> range)
    {
        bool mediaType = false;
        bool proto = false;
        bool delimited = false;
        bool first = true;
        while (true)
        {
            int semicolon = range.IndexOf(';');
            var part = (semicolon < 0 ? range : range.Slice(0, semicolon)).Trim();
            if (first)
            {
                mediaType = part.Equals("application/vnd.google.protobuf", StringComparison.OrdinalIgnoreCase);
                first = false;
            }
            else
            {
                int eq = part.IndexOf('=');
                if (eq > 0)
                {
                    var key = part.Slice(0, eq).Trim();
                    var value = part.Slice(eq + 1).Trim().Trim('"');
                    if (key.Equals("proto", StringComparison.OrdinalIgnoreCase))
                    {
                        proto = value.Equals("io.prometheus.client.MetricFamily", StringComparison.Ordinal);
                    }
                    else if (key.Equals("encoding", StringComparison.OrdinalIgnoreCase))
                    {
                        delimited = value.Equals("delimited", StringComparison.OrdinalIgnoreCase);
                    }
                    else if (key.Equals("q", StringComparison.OrdinalIgnoreCase)
                        && double.TryParse(value, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out double q)
                        && q <= 0)
                    {
                        return false;
                    }
                }
            }

            if (semicolon < 0)
            {
                break;
            }

            range = range.Slice(semicolon + 1);
        }

        return mediaType && proto && delimited;
    }
}
