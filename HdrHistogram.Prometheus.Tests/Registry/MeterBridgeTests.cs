using System.Diagnostics.Metrics;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Prometheus.Metrics;
using HdrHistogram.Prometheus.Registry;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.Registry;

public class MeterBridgeTests
{
    [Fact]
    public void Instrument_measurements_become_labelled_series()
    {
        var registry = new PrometheusHistogramRegistry();
        using var meter = new Meter("HdrHistogram.Prometheus.Tests.Bridge");
        var histogram = meter.CreateHistogram<double>("request.duration", "ms");
        using var bridge = new PrometheusMeterBridge(registry);
        bridge.Subscribe(meter.Name, "request.duration", "bridge_request_duration_seconds", "Durations.", recordScale: 1e6,
            new PrometheusHistogramOptions { LabelNames = new[] { "route" }, Unit = "seconds", ValueScale = 1e-9 });
        bridge.Start();
        histogram.Record(1.5, new System.Collections.Generic.KeyValuePair<string, object?>("route", "/a"));
        histogram.Record(2.5, new System.Collections.Generic.KeyValuePair<string, object?>("route", "/a"));
        histogram.Record(10, new System.Collections.Generic.KeyValuePair<string, object?>("route", "/b"));
        histogram.Record(-1, new System.Collections.Generic.KeyValuePair<string, object?>("route", "/b"));

        var family = ProtobufScrapes.Write(registry).Single();
        family.Name.Should().Be("bridge_request_duration_seconds");
        family.Metrics.Select(m => (m.Labels.Single().Value, m.Histogram!.SampleCount)).Should().Equal(("/a", 2UL), ("/b", 1UL));
        family.Metrics[0].Histogram!.SampleSum.Should().BeApproximately(0.004, 0.004 * 0.001);
        bridge.DroppedMeasurements.Should().Be(1);
    }
}
