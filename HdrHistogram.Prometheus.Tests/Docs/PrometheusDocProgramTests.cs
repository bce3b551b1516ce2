using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using FluentAssertions;
using HdrHistogram.DocTesting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.Docs;

/// <summary>
/// The programs of docs/prometheus.md, compiled and run as printed (<see cref="DocPrograms"/>), their printed output
/// compared with the page's. The service program runs until its host is stopped: the test finds the host as it is
/// built (the hosting's "HostBuilt" diagnostic event, as WebApplicationFactory does), requests /ping and /metrics from
/// it, checks the request's duration is exposed, and stops it, which ends the program's <c>app.Run()</c>.
/// </summary>
[Collection(DocProgramsGroup.Name)]
public sealed class PrometheusDocProgramTests
{
    [Fact]
    public async Task Every_program_of_docs_prometheus_md_runs_as_printed_and_prints_what_the_page_says()
    {
        string root = DocPrograms.RepositoryRoot();
        var (programs, commands) = DocPrograms.Parse("docs/prometheus.md", File.ReadAllText(Path.Combine(root, "docs", "prometheus.md")));
        programs.Should().HaveCount(4);
        commands.Should().BeEmpty();
        foreach (var program in programs.Where(p => !IsPush(p.Source)))
        {
            var entryPoint = DocPrograms.Compile(program);
            if (program.Source.Contains("WebApplication.CreateBuilder(args)", StringComparison.Ordinal))
            {
                string metrics = await RunService(entryPoint);
                metrics.Should().Contain("http_server_request_duration_seconds_count{route=\"/ping\",status=\"200\"} 1\n", "{0} exposes the request's duration", program);
            }
            else
            {
                DocPrograms.CheckOutput(program, DocPrograms.Run(entryPoint));
            }
        }
    }

    [PrometheusFact]
    public void The_push_program_pushes_to_a_real_prometheus_what_it_recorded()
    {
        string root = DocPrograms.RepositoryRoot();
        var (programs, _) = DocPrograms.Parse("docs/prometheus.md", File.ReadAllText(Path.Combine(root, "docs", "prometheus.md")));
        var program = programs.Single(p => IsPush(p.Source));
        using var prometheus = new PrometheusServer();

        // The program takes the receiver from REMOTE_WRITE_URL (its default is a local Prometheus's own port).
        Environment.SetEnvironmentVariable("REMOTE_WRITE_URL", prometheus.WriteUrl);
        try
        {
            DocPrograms.CheckOutput(program, DocPrograms.Run(DocPrograms.Compile(program)));
        }
        finally
        {
            Environment.SetEnvironmentVariable("REMOTE_WRITE_URL", null);
        }

        // 1,000 values from 10 us to 10 ms in steps of 10 us: the count exactly, the sum as 1,000 values at their
        // buckets' middles (within the 3-digit precision of the mean).
        string series = "batch_step_seconds{job=\"nightly-batch\",run_id=\"2026-11-28\",step=\"load\"}";
        prometheus.Scalar($"histogram_count({series})").Should().Be(1000);
        prometheus.Scalar($"histogram_sum({series})").Should().BeApproximately(5.005, 5.005 * 0.001);
    }

    private static bool IsPush(string source) => source.Contains("PrometheusPusher", StringComparison.Ordinal);

    private static async Task<string> RunService(System.Reflection.MethodInfo entryPoint)
    {
        var built = new TaskCompletionSource<IHost>(TaskCreationOptions.RunContinuationsAsynchronously);
        using var subscription = DiagnosticListener.AllListeners.Subscribe(new HostObserver(built));
        var program = Task.Factory.StartNew(
            () => entryPoint.Invoke(null, new object?[] { new[] { "--urls", "http://127.0.0.1:0", "--Logging:LogLevel:Default=Warning" } }),
            CancellationToken.None,
            TaskCreationOptions.LongRunning,
            TaskScheduler.Default);
        var host = await built.Task.WaitAsync(TimeSpan.FromSeconds(60));
        try
        {
            var lifetime = host.Services.GetRequiredService<IHostApplicationLifetime>();
            var started = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            using (lifetime.ApplicationStarted.Register(() => started.TrySetResult()))
            {
                await started.Task.WaitAsync(TimeSpan.FromSeconds(60));
            }

            string address = host.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
            using var client = new HttpClient { BaseAddress = new Uri(address) };
            (await client.GetStringAsync(new Uri("/ping", UriKind.Relative))).Should().Be("pong");
            return TextScrapes.Check(await client.GetStringAsync(new Uri("/metrics", UriKind.Relative)));
        }
        finally
        {
            await host.StopAsync();
            await program.WaitAsync(TimeSpan.FromSeconds(60));
        }
    }

    /// <summary>Takes the host from the hosting's "HostBuilt" event.</summary>
    private sealed class HostObserver : IObserver<DiagnosticListener>, IObserver<KeyValuePair<string, object?>>
    {
        private readonly TaskCompletionSource<IHost> _built;

        public HostObserver(TaskCompletionSource<IHost> built) => _built = built;

        public void OnNext(DiagnosticListener value)
        {
            if (value.Name == "Microsoft.Extensions.Hosting")
            {
                value.Subscribe(this);
            }
        }

        public void OnNext(KeyValuePair<string, object?> value)
        {
            if (value.Key == "HostBuilt" && value.Value is IHost host)
            {
                _built.TrySetResult(host);
            }
        }

        public void OnCompleted()
        {
        }

        public void OnError(Exception error)
        {
        }
    }
}
