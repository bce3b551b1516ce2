using System.Threading.Tasks;
using FluentAssertions;
using HdrHistogram.Prometheus.AspNetCore;
using HdrHistogram.Prometheus.Registry;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection;

namespace HdrHistogram.Prometheus.Tests.Serving;

/// <summary>The pusher as a hosted service of an ASP.NET Core application, against a real Prometheus receiver.</summary>
public sealed class RemoteWriteHostingTests
{
    [PrometheusFact]
    public async Task A_host_pushes_while_it_runs_and_once_more_when_it_stops()
    {
        using var prometheus = new PrometheusServer();
        var registry = new PrometheusHistogramRegistry();
        var recorder = registry.CreateHistogram("hosted_job_seconds", "h", new PrometheusHistogramOptions { ValueScale = 1e-9 }).GetOrCreateRecorder();
        var builder = WebApplication.CreateBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Services.AddHdrRemoteWrite(
            options =>
            {
                options.Url = new System.Uri(prometheus.WriteUrl);
                options.Interval = System.TimeSpan.FromHours(1); // only the last push, on stop
                options.Labels["job"] = "hosted";
            },
            registry);
        await using var app = builder.Build();
        await app.StartAsync();
        for (int i = 1; i <= 250; i++)
        {
            recorder.RecordValue(i * 1_000_000L);
        }

        await app.StopAsync();
        var pusher = app.Services.GetRequiredService<HdrRemoteWriteHostedService>().Pusher;
        pusher.PushesSent.Should().Be(1);
        prometheus.Scalar("histogram_count(hosted_job_seconds{job=\"hosted\"})").Should().Be(250);
    }
}
