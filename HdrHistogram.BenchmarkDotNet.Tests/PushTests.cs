using System;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using FluentAssertions;
using HdrHistogram.BenchmarkDotNet.Exporting;
using HdrHistogram.Prometheus.Tests;
using Xunit;

namespace HdrHistogram.BenchmarkDotNet.Tests;

/// <summary>
/// Real BenchmarkDotNet runs of <see cref="PushedBenchmarks"/> pushing each benchmark's histogram: to a real Prometheus,
/// which then holds, per benchmark and job, a histogram of the count the exported .hlog holds; and to nobody, which
/// does not fail the run.
/// </summary>
public sealed class PushTests : IClassFixture<PrometheusServer>
{
    private readonly PrometheusServer _prometheus;

    public PushTests(PrometheusServer prometheus)
    {
        _prometheus = prometheus;
    }

    [PrometheusFact]
    public void Each_benchmark_lands_in_Prometheus_with_the_count_of_its_log()
    {
        string artifacts = NewArtifactsPath();
        try
        {
            var logger = new AccumulationLogger();
            var summary = Run(artifacts, logger, _prometheus.WriteUrl);

            summary.Reports.Should().HaveCount(2);
            summary.Reports.Should().OnlyContain(r => r.Success);
            string log = logger.GetLog();
            log.Should().Contain("HdrHistogram push: 2 of 2 benchmarks pushed to " + _prometheus.WriteUrl);
            foreach (string method in new[] { "Multiply", "Sleep" })
            {
                // What the run exported, read back by the library's log reader.
                long count = 0;
                using (var reader = new HistogramLogReader(Path.Combine(artifacts, "results", "PushedBenchmarks." + method + "-Tiny.hlog")))
                {
                    EncodableHistogram? interval;
                    while ((interval = reader.NextIntervalHistogram()) is not null)
                    {
                        count += ((DoubleHistogram)interval).TotalCount;
                    }
                }

                count.Should().Be(BenchmarkRunFixture.Iterations);
                string selector = "benchmark_operation_seconds{benchmark=\"PushedBenchmarks." + method + "\",job=\"Tiny\"}";
                log.Should().Contain("HdrHistogram push: " + selector + ": count " + count + " pushed");
                _prometheus.Scalar("histogram_count(" + selector + ")").Should().Be(count, _prometheus.Log);
            }

            // The sleeping benchmark's every operation took at least a millisecond: so does its median in Prometheus.
            _prometheus.Scalar("histogram_quantile(0.5, benchmark_operation_seconds{benchmark=\"PushedBenchmarks.Sleep\"})").Should().BeGreaterThanOrEqualTo(0.00099);
        }
        finally
        {
            Directory.Delete(artifacts, recursive: true);
        }
    }

    [Fact]
    public void A_receiver_nobody_answers_at_is_reported_and_the_run_still_succeeds()
    {
        string artifacts = NewArtifactsPath();
        try
        {
            var logger = new AccumulationLogger();
            // Port 1 on the loopback: nothing listens there, so the connection is refused at once.
            var summary = Run(artifacts, logger, "http://127.0.0.1:1/api/v1/write");

            summary.Reports.Should().HaveCount(2);
            summary.Reports.Should().OnlyContain(r => r.Success);
            string log = logger.GetLog();
            log.Should().Contain("HdrHistogram push: cannot push to http://127.0.0.1:1/api/v1/write: ");
            log.Should().Contain("; 2 benchmarks not pushed");
            log.Should().Contain("HdrHistogram push: 0 of 2 benchmarks pushed to http://127.0.0.1:1/api/v1/write");
            File.Exists(Path.Combine(artifacts, "results", "PushedBenchmarks.Sleep-Tiny.hlog")).Should().BeTrue("the files are written whatever the push does");
        }
        finally
        {
            Directory.Delete(artifacts, recursive: true);
        }
    }

    [Fact]
    public void The_attribute_pushes_to_its_PushUrl_or_else_to_the_environment_variables_URL()
    {
        var attribute = new HdrHistogramDiagnoserAttribute(50, 99) { PushUrl = "http://prometheus:9090/api/v1/write" };
        attribute.Config.GetExporters().OfType<HdrHistogramPushExporter>().Should().ContainSingle()
            .Which.Url.Should().Be("http://prometheus:9090/api/v1/write");
        new HdrHistogramDiagnoserAttribute().Config.GetExporters().OfType<HdrHistogramPushExporter>().Should().ContainSingle()
            .Which.Should().BeSameAs(HdrHistogramPushExporter.FromEnvironment);
        HdrHistogramPushExporter.FromEnvironment.Url.Should().BeNull();
    }

    [Fact]
    public void A_push_URL_that_is_not_http_is_refused_when_configured()
    {
        var config = () => new HdrHistogramDiagnoserAttribute { PushUrl = "prometheus:9090" }.Config;
        config.Should().Throw<ArgumentException>().WithMessage("The push URL must be an absolute http or https URL (was 'prometheus:9090').*");
        var add = () => ManualConfig.CreateEmpty().AddHdrHistogram("/api/v1/write");
        add.Should().Throw<ArgumentException>();
    }

    private static string NewArtifactsPath() => Path.Combine(Path.GetTempPath(), "hdr-bdn-push-tests-" + Guid.NewGuid().ToString("N"));

    private static Summary Run(string artifacts, ILogger logger, string pushUrl)
        => BenchmarkRunner.Run<PushedBenchmarks>(ManualConfig.CreateEmpty()
            .AddJob(BenchmarkRunFixture.TinyJob)
            .AddLogger(logger)
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddHdrHistogram(pushUrl)
            .WithArtifactsPath(artifacts)
            .WithOptions(ConfigOptions.DisableOptimizationsValidator | ConfigOptions.DisableLogFile));
}
