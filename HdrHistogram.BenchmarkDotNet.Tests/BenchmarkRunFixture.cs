using System;
using System.IO;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace HdrHistogram.BenchmarkDotNet.Tests;

/// <summary>
/// One real BenchmarkDotNet run of <see cref="TinyBenchmarks"/> and one of <see cref="TinyBenchmarksWithPercentiles"/>,
/// in-process, one invocation per iteration, 40 iterations each, artifacts in a temporary folder.
/// </summary>
public sealed class BenchmarkRunFixture : IDisposable
{
    public const int Iterations = 40;

    public BenchmarkRunFixture()
    {
        ArtifactsPath = Path.Combine(Path.GetTempPath(), "hdr-bdn-tests-" + Guid.NewGuid().ToString("N"));
        Summary = BenchmarkRunner.Run<TinyBenchmarks>(Config());
        WithPercentiles = BenchmarkRunner.Run<TinyBenchmarksWithPercentiles>(Config());
    }

    public static Job TinyJob { get; } = new Job("Tiny")
        .WithToolchain(InProcessEmitToolchain.DontLogOutput)
        .WithLaunchCount(1)
        .WithWarmupCount(1)
        .WithIterationCount(Iterations)
        .WithInvocationCount(1)
        .WithUnrollFactor(1);

    public string ArtifactsPath { get; }

    public Summary Summary { get; }

    public Summary WithPercentiles { get; }

    public void Dispose()
    {
        if (Directory.Exists(ArtifactsPath))
        {
            Directory.Delete(ArtifactsPath, recursive: true);
        }
    }

    private ManualConfig Config() => ManualConfig.CreateEmpty()
        .AddJob(TinyJob)
        .AddLogger(NullLogger.Instance)
        .AddColumnProvider(DefaultColumnProviders.Instance)
        .WithArtifactsPath(ArtifactsPath)
        .WithOptions(ConfigOptions.DisableOptimizationsValidator | ConfigOptions.DisableLogFile);
}
