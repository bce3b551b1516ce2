namespace HdrHistogram.Prometheus.Exposition;

/// <summary>The exposition formats the registry writes.</summary>
public enum PrometheusExpositionFormat
{
    /// <summary>The text format 0.0.4: classic <c>_bucket{le=…}</c>, <c>_sum</c> and <c>_count</c> series.</summary>
    Text = 0,

    /// <summary>The delimited protobuf <c>MetricFamily</c> format with native histograms.</summary>
    Protobuf = 1,
}
