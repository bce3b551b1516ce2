using System.Buffers;
using System.Collections.Generic;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.Registry;
using HdrHistogram.Prometheus.Tests.Protobuf;

namespace HdrHistogram.Prometheus.Tests;

/// <summary>
/// The tests' way to a protobuf exposition of a registry (the text format's is <see cref="TextScrapes"/>), parsed back
/// by the tests' own message readers. Tests that measure a scrape's allocations write into a buffer of their own.
/// </summary>
public static class ProtobufScrapes
{
    /// <summary>Scrapes <paramref name="registry"/> in the protobuf format.</summary>
    /// <param name="registry">The registry.</param>
    /// <returns>The exposition's bytes: length-delimited MetricFamily messages.</returns>
    public static byte[] WriteBytes(PrometheusHistogramRegistry registry)
    {
        var buffer = new ArrayBufferWriter<byte>();
        registry.Write(buffer, PrometheusExpositionFormat.Protobuf);
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Scrapes <paramref name="registry"/> in the protobuf format and parses the exposition.</summary>
    /// <param name="registry">The registry.</param>
    /// <returns>The metric families, in the exposition's order.</returns>
    public static List<PbMetricFamily> Write(PrometheusHistogramRegistry registry) => PbMetricFamily.ParseDelimited(WriteBytes(registry));
}
