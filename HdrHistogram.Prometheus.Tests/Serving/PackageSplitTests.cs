using System;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Prometheus.AspNetCore;
using HdrHistogram.Prometheus.Registry;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.Serving;

// HdrHistogram.Prometheus (conversion, exposition, registry, standalone listener) does not depend on ASP.NET Core:
// a worker process that serves metrics with the standalone listener does not load it. The endpoint and middleware are
// in HdrHistogram.Prometheus.AspNetCore.
public class PackageSplitTests
{
    [Fact]
    public void The_core_package_references_no_ASP_NET_Core_assembly_and_the_integration_does()
    {
        var core = typeof(PrometheusHistogramRegistry).Assembly;
        core.GetName().Name.Should().Be("HdrHistogram.Prometheus");
        core.GetReferencedAssemblies().Select(a => a.Name).Should().NotContain(n => n!.StartsWith("Microsoft.AspNetCore", StringComparison.Ordinal));
        core.GetTypes().Select(t => t.Namespace).Should().NotContain("HdrHistogram.Prometheus.AspNetCore");

        var integration = typeof(HdrRequestDurationMiddleware).Assembly;
        integration.GetName().Name.Should().Be("HdrHistogram.Prometheus.AspNetCore");
        integration.GetReferencedAssemblies().Select(a => a.Name).Should().Contain("HdrHistogram.Prometheus").And.Contain(n => n!.StartsWith("Microsoft.AspNetCore", StringComparison.Ordinal));
        typeof(HdrMetricsEndpointRouteBuilderExtensions).Assembly.Should().BeSameAs(integration);
        HdrRequestDurationMiddleware.DefaultMetricName.Should().Be("http_server_request_duration_seconds").And.Be(PrometheusHistogramRegistry.RequestDurationsName);
    }
}
