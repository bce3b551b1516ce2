using System.Linq;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Reports;
using FluentAssertions;
using HdrHistogram.BenchmarkDotNet.Measurements;
using Xunit;

namespace HdrHistogram.BenchmarkDotNet.Tests;

/// <summary>The histogram of known measurements: which ones count, and the value each records.</summary>
public sealed class BenchmarkLatencyTests
{
    [Fact]
    public void Only_actual_workload_iterations_count_each_as_its_time_per_operation()
    {
        // 100 actual workload iterations of 4 operations taking 4, 8, ..., 400 ns: 1, 2, ..., 100 ns per operation.
        var measurements = Enumerable.Range(1, 100)
            .Select(i => new Measurement(1, IterationMode.Workload, IterationStage.Actual, i, 4, i * 4.0))
            .Concat(new[]
            {
                new Measurement(1, IterationMode.Workload, IterationStage.Warmup, 1, 4, 1e9),
                new Measurement(1, IterationMode.Overhead, IterationStage.Actual, 1, 4, 1e9),
                new Measurement(1, IterationMode.Workload, IterationStage.Result, 1, 4, 1e9),
                new Measurement(1, IterationMode.Workload, IterationStage.Pilot, 1, 4, 1e9),
            });

        var latency = BenchmarkLatency.From(measurements)!;

        latency.Samples.Should().HaveCount(100);
        latency.Histogram.TotalCount.Should().Be(100);
        // 3 significant digits: each value within 0.1 % of the hand-computed one.
        latency.Histogram.GetValueAtPercentile(50).Should().BeApproximately(50, 0.05);
        latency.Histogram.GetValueAtPercentile(90).Should().BeApproximately(90, 0.09);
        latency.Histogram.GetValueAtPercentile(99).Should().BeApproximately(99, 0.099);
        latency.Histogram.GetMaxValue().Should().BeApproximately(100, 0.1);
        latency.Histogram.GetMinValue().Should().BeApproximately(1, 0.001);
    }

    [Fact]
    public void Fractions_of_a_nanosecond_are_kept()
    {
        var latency = BenchmarkLatency.From(new[]
        {
            new Measurement(1, IterationMode.Workload, IterationStage.Actual, 1, 1000, 250.0),
            new Measurement(1, IterationMode.Workload, IterationStage.Actual, 2, 1000, 750.0),
        })!;

        latency.Histogram.GetMinValue().Should().BeApproximately(0.25, 0.00025);
        latency.Histogram.GetMaxValue().Should().BeApproximately(0.75, 0.00075);
    }

    [Fact]
    public void Launches_are_kept_in_order()
    {
        var latency = BenchmarkLatency.From(new[]
        {
            new Measurement(2, IterationMode.Workload, IterationStage.Actual, 1, 1, 30.0),
            new Measurement(1, IterationMode.Workload, IterationStage.Actual, 2, 1, 20.0),
            new Measurement(1, IterationMode.Workload, IterationStage.Actual, 1, 1, 10.0),
        })!;

        latency.Samples.Select(s => s.Nanoseconds).Should().Equal(10.0, 20.0, 30.0);
    }

    [Fact]
    public void No_workload_iteration_no_histogram()
    {
        BenchmarkLatency.From(new[] { new Measurement(1, IterationMode.Overhead, IterationStage.Actual, 1, 1, 5.0) }).Should().BeNull();
    }

    [Fact]
    public void Percentile_lists_are_checked_and_ordered()
    {
        new HdrPercentilesAttribute(99.99, 50, 99, 50).Percentiles.Should().Equal(50, 99, 99.99);
        FluentActions.Invoking(() => new HdrPercentilesAttribute(101)).Should().Throw<System.ArgumentException>().WithMessage("*0 to 100*");
        FluentActions.Invoking(() => new HdrPercentilesAttribute()).Should().Throw<System.ArgumentException>();
        FluentActions.Invoking(() => new HdrPercentilesAttribute(double.NaN)).Should().Throw<System.ArgumentException>();
    }
}
