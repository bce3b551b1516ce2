using Xunit;

namespace HdrHistogram.Prometheus.Tests;

/// <summary>A test that needs a real Prometheus: skipped, with the reason, when there is none (<see cref="PrometheusServer.MissingReason"/>).</summary>
public sealed class PrometheusFactAttribute : FactAttribute
{
    public PrometheusFactAttribute()
    {
        if (PrometheusServer.Executable is null)
        {
            Skip = PrometheusServer.MissingReason;
        }
    }
}
