using Xunit;

namespace HdrHistogram.Prometheus.Tests;

/// <summary>A test that needs promtool: skipped, with the reason, when there is none (<see cref="Promtool.MissingReason"/>).</summary>
public sealed class PromtoolFactAttribute : FactAttribute
{
    public PromtoolFactAttribute()
    {
        if (Promtool.Path is null)
        {
            Skip = Promtool.MissingReason;
        }
    }
}
