using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.CsProj;
using BenchmarkDotNet.Toolchains.DotNetCli;
using BenchmarkDotNet.Toolchains.InProcess.NoEmit;

namespace HdrHistogram.Benchmarking.Infrastructure;

/// <summary>
/// The benchmark program's entry: <c>--hdr-quick</c> and <c>--hdr-full</c> build the jobs (see <c>run.sh</c>), any
/// other argument goes to BenchmarkDotNet (<c>--filter</c>, <c>--artifacts</c>, ...). The exit code is non-zero when a
/// benchmark failed to build or run, or its setup's result checks (<see cref="BenchmarkValidation"/>) failed.
/// </summary>
/// <remarks>
/// <para>
/// <b>Quick</b> (<c>--hdr-quick</c>): one tiny in-process job on the current runtime and the library build this program
/// was compiled against (BenchmarkDotNet's dry run: one cold invocation per benchmark, no separate build or process);
/// <c>run.sh --quick</c> runs it once for the default build and once for the program built with
/// <c>-p:HdrLibraryBuild=netstandard2.0</c>.
/// </para>
/// <para>
/// <b>Full</b> (<c>--hdr-full</c>): out-of-process jobs with the CsProj toolchain, one per runtime in
/// <c>--hdr-runtimes</c> (default: the current one) and, unless <c>--hdr-no-netstandard</c>, one more on the current
/// runtime whose build passes <c>-p:HdrLibraryBuild=netstandard2.0</c> (the library's netstandard2.0 build). Every job
/// builds and runs through the dotnet CLI given by <c>--hdr-cli</c> (BenchmarkDotNet 0.14 takes it from
/// <see cref="NetCoreAppSettings"/>' custom CLI path; without one it runs the <c>dotnet</c> on <c>PATH</c>): pointing it
/// at the private root of <c>eng/setup-side-by-side-runtimes.sh</c> (<c>.dotnet/dotnet</c>) runs net8.0 on .NET 8 and
/// net9.0 on .NET 9 for real. Exports GitHub markdown and JSON into the artifacts folder's <c>results/</c>.
/// </para>
/// </remarks>
public static class HdrBenchmarks
{
    /// <summary>The job argument that switches the benchmark project to the library's netstandard2.0 build.</summary>
    public const string NetStandardLibraryArgument = "/p:HdrLibraryBuild=netstandard2.0";

    /// <summary>The job argument that compiles the benchmark project against the published HdrHistogram 2.5.0 package.</summary>
    public const string Package250Argument = "/p:HdrBaseline=Package250";

    /// <summary>The suffix of the 2.5.0 jobs' ids (<c>net10.0-2.5.0</c>).</summary>
    public const string Package250JobSuffix = "-2.5.0";

    /// <summary>The namespace of the suites written against 2.5.0's API, the only ones the 2.5.0 jobs run.</summary>
    public static readonly string Versus250Namespace = typeof(Versus250.ByteBufferVersus).Namespace!;

    /// <summary>
    /// Whether this process is the quick in-process run (<c>--hdr-quick</c>), which only proves that every benchmark runs
    /// and returns the right result: setups may then use smaller inputs and skip work that each case would repeat.
    /// </summary>
    public static bool QuickRun { get; private set; }

    /// <summary>Runs the benchmarks; returns the process exit code.</summary>
    public static int Run(string[] args)
    {
        if (args.Length > 0 && args[0] == "--hdr-java-compare")
        {
            // Not BenchmarkDotNet: the Java program's own timing loop, for Java/java-vs-dotnet.sh.
            // --hdr-java-compare [BATCHES] [only=NAME | skip=PREFIX]
            int batches = 7;
            string? only = null, skip = null;
            foreach (string arg in args.Skip(1))
            {
                if (arg.StartsWith("only=", StringComparison.Ordinal))
                {
                    only = arg.Substring(5);
                }
                else if (arg.StartsWith("skip=", StringComparison.Ordinal))
                {
                    skip = arg.Substring(5);
                }
                else
                {
                    batches = int.Parse(arg, CultureInfo.InvariantCulture);
                }
            }

            return JavaComparison.Run(batches, only, skip);
        }

        var options = Options.Parse(args);
        if (options.Error is not null)
        {
            Console.Error.WriteLine(options.Error);
            return 2;
        }

        string? signatureError = CheckSignatures();
        if (signatureError is not null)
        {
            Console.Error.WriteLine(signatureError);
            return 2;
        }

        QuickRun = options.Mode == Mode.Quick;
        IConfig config;
        try
        {
            config = options.Mode switch
            {
                Mode.Quick => QuickConfig(),
                Mode.Full => FullConfig(options),
                _ => DefaultConfig.Instance,
            };
        }
        catch (InvalidOperationException e)
        {
            Console.Error.WriteLine(e.Message);
            return 2;
        }

        var stopwatch = Stopwatch.StartNew();
        Summary[] summaries = BenchmarkSwitcher.FromAssembly(typeof(HdrBenchmarks).Assembly).Run(options.BenchmarkDotNetArgs.ToArray(), config).ToArray();
        int status = Evaluate(summaries, options.Mode, stopwatch.Elapsed);
        if (options.Mode == Mode.Full)
        {
            VersusPackageReport.Write(summaries, options.ArtifactsPath);
        }

        return status;
    }

    /// <summary>
    /// The out-of-process jobs compile BenchmarkDotNet's generated project against this assembly only: the library is
    /// a private reference of it (see the project file), so a benchmark whose signature names a library type builds in
    /// process (quick mode) but not in a full run. Checked in both modes so CI's quick run catches it.
    /// </summary>
    private static string? CheckSignatures()
    {
        var library = typeof(HistogramBase).Assembly;
        var offending = typeof(HdrBenchmarks).Assembly.GetTypes()
            .SelectMany(t => t.GetMethods(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly))
            .Where(m => m.IsDefined(typeof(BenchmarkAttribute), inherit: false))
            .Where(m => m.ReturnType.Assembly == library || m.GetParameters().Any(p => p.ParameterType.Assembly == library))
            .Select(m => m.DeclaringType!.Name + "." + m.Name)
            .ToList();
        return offending.Count == 0
            ? null
            : "Benchmarks whose signature names a HdrHistogram type (the generated project of a full run cannot compile them;"
                + " return object or a primitive): " + string.Join(", ", offending) + ".";
    }

    private static ManualConfig QuickConfig()
    {
        // BenchmarkDotNet's dry job (cold start, one warm-up and one measured invocation), in this process: it proves
        // every benchmark runs and (through its setup) returns the right result; its timings mean nothing. The toolchain
        // that calls the benchmarks through delegates, without emitting code for each case, runs it in about two thirds
        // of the time.
        Job quick = Job.Dry
            .WithToolchain(InProcessNoEmitToolchain.Instance)
            .WithId("quick-" + LoadedBuild.LibraryBuildName);
        ManualConfig config = BaseConfig(analysers: false).AddJob(quick);
        return LoadedBuild.IsPackage250 ? config.AddFilter(new SimpleFilter(RunsOn250)) : config;
    }

    private static ManualConfig FullConfig(Options options)
    {
        string current = LoadedBuild.ShortName(LoadedBuild.BenchmarkFramework);
        IReadOnlyList<string> runtimes = options.Runtimes.Count > 0 ? options.Runtimes : [current];
        string? cli = options.Cli;
        if (cli is not null)
        {
            cli = Path.GetFullPath(cli);
            if (!File.Exists(cli))
            {
                throw new InvalidOperationException("--hdr-cli: no dotnet CLI at " + cli + ".");
            }
        }

        CheckRuntimesInstalled(cli, runtimes.Concat(options.NetStandard ? [current] : []).Distinct().ToArray());

        Job measured = Job.Default
            .WithLaunchCount(options.LaunchCount)
            .WithWarmupCount(options.WarmupCount)
            .WithIterationCount(options.IterationCount)
            .WithIterationTime(Perfolizer.Horology.TimeInterval.FromMilliseconds(options.IterationTimeMs));

        // GC settings go to every job alike (ours and 2.5.0's): they change what allocation costs, not which library runs.
        if (options.GcServer)
        {
            measured = measured.WithGcServer(true);
        }

        if (options.GcRetainVm)
        {
            measured = measured.WithGcRetainVm(true);
        }

        if (options.GcLohThreshold is int lohThreshold)
        {
            // The runtime's System.GC.LOHThreshold (no BenchmarkDotNet setting for it): arrays below it stay in the
            // small-object heap, whose memory the GC reuses, instead of large-object memory it decommits and re-faults.
            measured = measured.WithEnvironmentVariable("DOTNET_GCLOHThreshold", "0x" + lohThreshold.ToString("X", CultureInfo.InvariantCulture));
        }

        // One job's build at a time: the jobs build the same library and benchmark projects with different switches.
        ManualConfig config = BaseConfig()
            .WithOption(ConfigOptions.DisableParallelBuild, true)
            // A job's build takes minutes on a loaded 2-core machine: BenchmarkDotNet's default 2 minutes is too short.
            .WithBuildTimeout(TimeSpan.FromMinutes(15))
            .AddExporter(MarkdownExporter.GitHub)
            .AddExporter(JsonExporter.Brief);
        foreach (string tfm in runtimes)
        {
            config.AddJob(WithRuntime(measured, tfm).WithToolchain(ToolchainFor(tfm, cli)).WithId(tfm));
        }

        if (options.NetStandard)
        {
            config.AddJob(WithRuntime(measured, current)
                .WithToolchain(ToolchainFor(current, cli))
                .WithArguments([new MsBuildArgument(NetStandardLibraryArgument)])
                .WithId(current + "-lib-ns2.0"));
        }

        if (options.Package250)
        {
            foreach (string tfm in runtimes)
            {
                config.AddJob(WithRuntime(measured, tfm)
                    .WithToolchain(ToolchainFor(tfm, cli))
                    .WithArguments([new MsBuildArgument(Package250Argument)])
                    .WithId(tfm + Package250JobSuffix));
            }

            // The 2.5.0 build of the program holds only the suites written against 2.5.0's API.
            config.AddFilter(new SimpleFilter(b => !b.Job.Id.EndsWith(Package250JobSuffix, StringComparison.Ordinal) || RunsOn250(b)));
        }

        return config;
    }

    /// <summary>
    /// Whether a benchmark runs in the 2.5.0 jobs: the <c>Versus250</c> suites, except the compressed decodes 2.5.0
    /// fails on (<see cref="Versus250.SerializationVersus.DecodesCompressed"/>).
    /// </summary>
    private static bool RunsOn250(BenchmarkCase b) =>
        b.Descriptor.Type.Namespace == Versus250Namespace
        && !(b.Descriptor.Type == typeof(Versus250.SerializationVersus)
            && b.Descriptor.WorkloadMethod.Name.StartsWith("DecodeCompressed", StringComparison.Ordinal)
            && !Versus250.SerializationVersus.DecodesCompressed((string)b.Parameters["Workload"], package250: true));

    private static ManualConfig BaseConfig(bool analysers = true)
    {
        IConfig defaults = DefaultConfig.Instance;
        return ManualConfig.CreateEmpty()
            .AddColumnProvider(defaults.GetColumnProviders().ToArray())
            .AddLogger(defaults.GetLoggers().ToArray())
            .AddAnalyser(analysers ? defaults.GetAnalysers().ToArray() : [])
            .AddValidator(defaults.GetValidators().ToArray())
            .AddColumn(CategoriesColumn.Default)
            .WithSummaryStyle(SummaryStyle.Default.WithMaxParameterColumnWidth(24));
    }

    /// <summary>
    /// The jobs leave BenchmarkDotNet's runtime characteristic unset and get their target framework (so their runtime)
    /// from the toolchain alone: BenchmarkDotNet 0.14's SDK validator insists on an SDK of the runtime's own version
    /// (an 8.0 SDK for <c>CoreRuntime.Core80</c>, although the 10.0 SDK builds net8.0 fine) and throws on
    /// <c>CoreRuntime.CreateForNewVersion("net10.0", ...)</c>, as 0.14 predates .NET 10. Which runtime each job ran on
    /// is in the summary's environment lines, and every benchmark's setup asserts it (<see cref="LoadedBuild.Verify"/>).
    /// </summary>
    private static Job WithRuntime(Job job, string tfm) => tfm switch
    {
        "net8.0" or "net9.0" or "net10.0" => job,
        _ => throw new InvalidOperationException("Unsupported runtime '" + tfm + "' (net8.0, net9.0, net10.0)."),
    };

    private static CsProjCoreToolchain ToolchainFor(string tfm, string? cli) =>
        (CsProjCoreToolchain)CsProjCoreToolchain.From(new NetCoreAppSettings(
            targetFrameworkMoniker: tfm,
            runtimeFrameworkVersion: null!,
            name: tfm + (cli is null ? string.Empty : " (" + cli + ")"),
            customDotNetCliPath: cli!));

    /// <summary>Fails early, with the fix, when the CLI cannot run a requested runtime (instead of every benchmark failing to start).</summary>
    private static void CheckRuntimesInstalled(string? cli, IReadOnlyList<string> tfms)
    {
        var start = new ProcessStartInfo(cli ?? "dotnet", "--list-runtimes") { RedirectStandardOutput = true, UseShellExecute = false };
        using var process = Process.Start(start) ?? throw new InvalidOperationException("Cannot start " + start.FileName + ".");
        string listed = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        foreach (string tfm in tfms)
        {
            string major = tfm.Substring(3, tfm.IndexOf('.') - 3);
            if (!listed.Split('\n').Any(line => line.StartsWith("Microsoft.NETCore.App " + major + ".", StringComparison.Ordinal)))
            {
                throw new InvalidOperationException(
                    "The dotnet CLI " + (cli ?? "on PATH") + " has no .NET " + major + " runtime for the " + tfm + " job. Run"
                    + " eng/setup-side-by-side-runtimes.sh and pass --hdr-cli .dotnet/dotnet (run.sh does), or leave " + tfm + " out.");
            }
        }
    }

    private static int Evaluate(Summary[] summaries, Mode mode, TimeSpan elapsed)
    {
        var failures = new List<string>();
        int cases = 0;
        foreach (Summary summary in summaries)
        {
            if (summary.HasCriticalValidationErrors)
            {
                failures.AddRange(summary.ValidationErrors.Where(e => e.IsCritical).Select(e => "validation: " + e.Message));
            }

            foreach (BenchmarkCase benchmark in summary.BenchmarksCases)
            {
                cases++;
                BenchmarkReport? report = summary[benchmark];
                if (report is null || !report.Success || report.ResultStatistics is null)
                {
                    failures.Add(Name(benchmark) + ": " + Reason(report));
                }
            }
        }

        Console.WriteLine();
        if (cases == 0)
        {
            Console.WriteLine("// HdrHistogram.Benchmarking: no benchmark ran (did the filter match nothing?).");
            return 1;
        }

        if (failures.Count > 0)
        {
            Console.WriteLine("// HdrHistogram.Benchmarking: " + failures.Count.ToString(CultureInfo.InvariantCulture) + " of " + cases.ToString(CultureInfo.InvariantCulture) + " benchmark cases FAILED:");
            foreach (string failure in failures)
            {
                Console.WriteLine("//   " + failure);
            }

            return 1;
        }

        Console.WriteLine("// HdrHistogram.Benchmarking: " + cases.ToString(CultureInfo.InvariantCulture) + " benchmark cases ran"
            + (mode == Mode.Quick ? " and validated" : string.Empty) + " in " + elapsed.TotalSeconds.ToString("0", CultureInfo.InvariantCulture) + " s.");
        return 0;
    }

    private static string Name(BenchmarkCase benchmark) =>
        benchmark.Descriptor.Type.Name + "." + benchmark.Descriptor.WorkloadMethod.Name + " [" + benchmark.Job.Id + "]"
        + (benchmark.HasParameters ? " " + benchmark.Parameters.DisplayInfo : string.Empty);

    private static string Reason(BenchmarkReport? report)
    {
        if (report is null)
        {
            return "no report";
        }

        if (!report.GenerateResult.IsGenerateSuccess)
        {
            return "project generation failed";
        }

        if (!report.BuildResult.IsBuildSuccess)
        {
            return "build failed: " + report.BuildResult.ErrorMessage;
        }

        string errors = string.Join(" | ", report.ExecuteResults.SelectMany(r => r.Results).Where(l => l.Contains("Exception", StringComparison.Ordinal)).Take(3));
        return "run failed (see the log above)" + (errors.Length > 0 ? ": " + errors : string.Empty);
    }

    private enum Mode
    {
        Default,
        Quick,
        Full,
    }

    private sealed class Options
    {
        public Mode Mode { get; private set; }

        public List<string> Runtimes { get; } = [];

        public string? Cli { get; private set; }

        public bool NetStandard { get; private set; } = true;

        public bool Package250 { get; private set; } = true;

        public string? ArtifactsPath { get; private set; }

        public int LaunchCount { get; private set; } = 1;

        public bool GcServer { get; private set; }

        public bool GcRetainVm { get; private set; }

        public int? GcLohThreshold { get; private set; }

        public int WarmupCount { get; private set; } = 4;

        public int IterationCount { get; private set; } = 8;

        public int IterationTimeMs { get; private set; } = 250;

        public List<string> BenchmarkDotNetArgs { get; } = [];

        public string? Error { get; private set; }

        public static Options Parse(string[] args)
        {
            var options = new Options();
            for (int i = 0; i < args.Length; i++)
            {
                string arg = args[i];
                string? Value() => i + 1 < args.Length ? args[++i] : null;
                int? Number()
                {
                    string? v = Value();
                    return int.TryParse(v, NumberStyles.None, CultureInfo.InvariantCulture, out int n) && n > 0 ? n : null;
                }

                switch (arg)
                {
                    case "--hdr-quick": options.Mode = Mode.Quick; break;
                    case "--hdr-full": options.Mode = Mode.Full; break;
                    case "--hdr-runtimes":
                        // The last one wins, so that run.sh's list can be narrowed by arguments given after `--`.
                        options.Runtimes.Clear();
                        options.Runtimes.AddRange((Value() ?? string.Empty).Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
                        break;
                    case "--hdr-cli": options.Cli = Value(); break;
                    case "--hdr-no-netstandard": options.NetStandard = false; break;
                    case "--hdr-no-package": options.Package250 = false; break;
                    case "--hdr-launches": options.LaunchCount = Number() ?? Fail(options, arg); break;
                    case "--hdr-gc-server": options.GcServer = true; break;
                    case "--hdr-gc-retain-vm": options.GcRetainVm = true; break;
                    case "--hdr-gc-loh-threshold": options.GcLohThreshold = Number() ?? Fail(options, arg); break;
                    case "--hdr-warmup": options.WarmupCount = Number() ?? Fail(options, arg); break;
                    case "--hdr-iterations": options.IterationCount = Number() ?? Fail(options, arg); break;
                    case "--hdr-iteration-time-ms": options.IterationTimeMs = Number() ?? Fail(options, arg); break;
                    default:
                        if (arg.StartsWith("--hdr-", StringComparison.Ordinal))
                        {
                            options.Error = "Unknown option " + arg + ".";
                        }
                        else
                        {
                            if (arg == "--artifacts" && i + 1 < args.Length)
                            {
                                options.ArtifactsPath = args[i + 1];
                            }

                            options.BenchmarkDotNetArgs.Add(arg);
                        }

                        break;
                }
            }

            if (options.Mode != Mode.Full && (options.Runtimes.Count > 0 || options.Cli is not null))
            {
                options.Error = "--hdr-runtimes and --hdr-cli go with --hdr-full.";
            }

            return options;
        }

        private static int Fail(Options options, string arg)
        {
            options.Error = arg + " needs a positive whole number.";
            return 1;
        }
    }
}
