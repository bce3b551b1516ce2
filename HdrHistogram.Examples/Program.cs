using System;
using System.Globalization;
using HdrHistogram;
using HdrHistogram.Examples;

if (args.Length > 0 && args[0] == "prometheus-service")
{
    // dotnet run --project HdrHistogram.Examples -- prometheus-service --port 9464 --mix fast|slow [--values N] [--seconds S]
    await PrometheusExampleService.RunAsync(args);
    return 0;
}

if (args.Length > 0 && args[0] == "prometheus-check")
{
    // Used by eng/prometheus-e2e.sh: --prometheus URL --instances URL1,URL2
    return await PrometheusEndToEndCheck.RunAsync(args);
}

if (args.Length > 0 && args[0] == "prometheus-push")
{
    // Used by eng/prometheus-push-check.sh: --url RECEIVER --prometheus URL [--faults] [--seconds S] [--rate R] [--run-id ID]
    return await PrometheusPushExample.RunAsync(args);
}

if (args.Length > 0 && args[0] == "metrics")
{
    // dotnet run --project HdrHistogram.Examples -- metrics [log-path]
    MetricsBridgeExample.Run(args.Length > 1 ? args[1] : "metrics-example.hlog");
    return 0;
}

// Records one million simulated request latencies (nanoseconds, up to one hour, 3 significant digits) and prints
// the percentile distribution in milliseconds, exactly as Java's HdrHistogram would print it.
const int requests = 1_000_000;
const long oneHourInNanoseconds = 3_600_000_000_000;
var histogram = new LongHistogram(1, oneHourInNanoseconds, 3);
var workload = new SimulatedLatencyWorkload(seed: 42);
for (int i = 0; i < requests; i++)
{
    histogram.RecordValue(workload.NextLatencyNanoseconds());
}

Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"Recorded {histogram.TotalCount:N0} simulated request latencies."));
Console.WriteLine(string.Create(
    CultureInfo.InvariantCulture,
    $"p50 = {histogram.GetValueAtPercentile(50) / 1e6:F3} ms, p99 = {histogram.GetValueAtPercentile(99) / 1e6:F3} ms, "
    + $"p99.9 = {histogram.GetValueAtPercentile(99.9) / 1e6:F3} ms, max = {histogram.GetMaxValue() / 1e6:F3} ms"));
Console.WriteLine();
histogram.OutputPercentileDistribution(Console.Out, percentileTicksPerHalfDistance: 5, outputValueUnitScalingRatio: OutputScalingFactor.NanosecondsToMilliseconds);
return 0;
