using System.Globalization;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Running;
using FluentAssertions;
using Xunit;

namespace HdrHistogram.BenchmarkDotNet.Tests;

// doc-sample: bdn-attribute
[HdrHistogramDiagnoser]
[HdrPercentiles(50, 99, 99.9, 99.99)]
[InvocationCount(1, 1)]
public class ParseBenchmarks
{
    [Benchmark]
    public int Parse() => int.Parse("12345", CultureInfo.InvariantCulture);
}
// end-doc-sample

/// <summary>The code of docs/benchmarkdotnet.md, run.</summary>
public sealed class DocSamples
{
    [Fact]
    public void The_attribute_sample_runs_and_shows_its_percentiles()
    {
        string artifacts = Path.Combine(Path.GetTempPath(), "hdr-bdn-doc-" + System.Guid.NewGuid().ToString("N"));
        try
        {
            var summary = BenchmarkRunner.Run<ParseBenchmarks>(ManualConfig.CreateEmpty()
                .AddJob(BenchmarkRunFixture.TinyJob)
                .AddLogger(NullLogger.Instance)
                .WithArtifactsPath(artifacts)
                .WithOptions(ConfigOptions.DisableOptimizationsValidator | ConfigOptions.DisableLogFile));

            summary.Reports.Single().Success.Should().BeTrue();
            summary.Table.Columns.Select(c => c.Header.Split(' ')[0]).Should().ContainInOrder("P50", "P99", "P99.9", "P99.99", "Max");
            File.Exists(Path.Combine(artifacts, "results", "ParseBenchmarks.Parse-Tiny.hlog")).Should().BeTrue();
        }
        finally
        {
            if (Directory.Exists(artifacts))
            {
                Directory.Delete(artifacts, recursive: true);
            }
        }
    }

    [Fact]
    public void The_config_sample_adds_the_columns_and_the_exporter()
    {
        // doc-sample: bdn-config
        var config = ManualConfig.Create(DefaultConfig.Instance)
            .AddHdrHistogram(50, 90, 99, 99.9, 99.99);
        // end-doc-sample

        config.GetExporters().Should().Contain(e => e.Name == "HdrHistogram");
        config.GetColumnProviders().OfType<Columns.HdrHistogramColumnProvider>().Should().ContainSingle();
    }

    [Fact]
    public void The_log_reading_sample_reads_a_benchmark_log()
    {
        string path = Path.Combine(Path.GetTempPath(), "hdr-bdn-doc-" + System.Guid.NewGuid().ToString("N") + ".hlog");
        try
        {
            using (var stream = File.Create(path))
            {
                var latency = Measurements.BenchmarkLatency.From(new[]
                {
                    new global::BenchmarkDotNet.Reports.Measurement(1, global::BenchmarkDotNet.Engines.IterationMode.Workload, global::BenchmarkDotNet.Engines.IterationStage.Actual, 1, 1, 1000),
                    new global::BenchmarkDotNet.Reports.Measurement(1, global::BenchmarkDotNet.Engines.IterationMode.Workload, global::BenchmarkDotNet.Engines.IterationStage.Actual, 2, 1, 3000),
                })!;
                Exporting.BenchmarkLogWriter.Write(stream, latency, "ParseBenchmarks.Parse@Job", "ParseBenchmarks.Parse: Job", new System.DateTime(2026, 11, 27, 0, 0, 0, System.DateTimeKind.Utc));
            }

            // doc-sample: bdn-read-log
            var all = new DoubleHistogram(3);
            using (var reader = new HistogramLogReader(path))
            {
                EncodableHistogram? interval;
                while ((interval = reader.NextIntervalHistogram()) is not null)
                {
                    all.Add((DoubleHistogram)interval);
                }
            }

            double p99 = all.GetValueAtPercentile(99); // nanoseconds per operation
            // end-doc-sample

            all.TotalCount.Should().Be(2);
            p99.Should().BeApproximately(3000, 3);
        }
        finally
        {
            File.Delete(path);
        }
    }
}
