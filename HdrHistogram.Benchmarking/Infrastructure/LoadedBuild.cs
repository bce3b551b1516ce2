using System;
using System.Linq;
using System.Reflection;
using System.Runtime.Versioning;

namespace HdrHistogram.Benchmarking.Infrastructure;

/// <summary>
/// Which build of HdrHistogram and which runtime a benchmark process runs on, and the check that they are the ones
/// its job asked for: every benchmark's global setup calls <see cref="Verify"/>, so a job that silently ran the wrong
/// build (say the net10.0 library in the netstandard2.0 job) or rolled forward onto another runtime fails instead of
/// reporting numbers under the wrong name.
/// </summary>
public static class LoadedBuild
{
    private static bool _printed;

    /// <summary>The benchmark assembly's own target framework, e.g. <c>.NETCoreApp,Version=v9.0</c>.</summary>
    public static string BenchmarkFramework { get; } = FrameworkOf(typeof(LoadedBuild).Assembly);

    /// <summary>The target framework of the HdrHistogram.dll actually loaded, e.g. <c>.NETStandard,Version=v2.0</c>.</summary>
    public static string LibraryFramework { get; } = FrameworkOf(typeof(HistogramBase).Assembly);

    /// <summary>
    /// The library build this benchmark assembly was compiled against: the <c>HdrLibraryBuild</c> MSBuild property
    /// (e.g. <c>netstandard2.0</c>), or empty for the build matching <see cref="BenchmarkFramework"/>.
    /// </summary>
    public static string RequestedLibraryBuild { get; } = typeof(LoadedBuild).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>()
        .SingleOrDefault(a => a.Key == "HdrLibraryBuild")?.Value ?? string.Empty;

    /// <summary>
    /// The published package this benchmark assembly was compiled against instead of the library: the
    /// <c>HdrBaseline</c> MSBuild property (<c>Package250</c>: HdrHistogram 2.5.0), or empty for this repository's library.
    /// </summary>
    public static string Baseline { get; } = typeof(LoadedBuild).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>()
        .SingleOrDefault(a => a.Key == "HdrBaseline")?.Value ?? string.Empty;

    /// <summary>Whether this build runs against the published HdrHistogram 2.5.0 package (<see cref="Baseline"/>).</summary>
    public static bool IsPackage250 => Baseline == "Package250";

    /// <summary>The framework name <see cref="LibraryFramework"/> must have.</summary>
    public static string ExpectedLibraryFramework => RequestedLibraryBuild switch
    {
        "" when IsPackage250 => ".NETStandard,Version=v1.3",
        "" => BenchmarkFramework,
        "netstandard2.0" => ".NETStandard,Version=v2.0",
        "net8.0" => ".NETCoreApp,Version=v8.0",
        "net9.0" => ".NETCoreApp,Version=v9.0",
        "net10.0" => ".NETCoreApp,Version=v10.0",
        _ => throw new InvalidOperationException("Unknown HdrLibraryBuild '" + RequestedLibraryBuild + "'."),
    };

    /// <summary>Short name of the loaded library build for job names and logs: <c>netstandard2.0</c>, <c>net10.0</c>, ...</summary>
    public static string LibraryBuildName => IsPackage250 ? "2.5.0" : ShortName(LibraryFramework);

    /// <summary>The runtime's major version the benchmark assembly's target framework names (8 for net8.0).</summary>
    public static int ExpectedRuntimeMajor => int.Parse(BenchmarkFramework.Substring(BenchmarkFramework.IndexOf("=v", StringComparison.Ordinal) + 2).Split('.')[0], System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>One line describing what runs: library build, benchmark build, runtime.</summary>
    public static string Describe() =>
        "HdrHistogram " + typeof(HistogramBase).Assembly.GetName().Version + " build " + LibraryFramework + " (" + typeof(HistogramBase).Assembly.Location + "), benchmark build "
        + BenchmarkFramework + ", runtime .NET " + Environment.Version;

    /// <summary>
    /// Throws unless the loaded library is the build this benchmark assembly was compiled for, and the runtime is the
    /// one its target framework names (net8.0 on .NET 8: no roll-forward). Prints <see cref="Describe"/> once per process.
    /// </summary>
    public static void Verify()
    {
        if (!_printed)
        {
            _printed = true;
            Console.WriteLine("// " + Describe());
        }

        if (LibraryFramework != ExpectedLibraryFramework)
        {
            throw new InvalidOperationException(
                "Wrong HdrHistogram build loaded: " + LibraryFramework + ", this job expects " + ExpectedLibraryFramework
                + " (HdrLibraryBuild='" + RequestedLibraryBuild + "'). " + Describe());
        }

        // 2.5.0's assembly is version 2.5.0.0; this library's is 3 or later (a drop-in with a higher version).
        int major = typeof(HistogramBase).Assembly.GetName().Version?.Major ?? 0;
        if (IsPackage250 != (major == 2))
        {
            throw new InvalidOperationException(
                "Wrong HdrHistogram loaded: assembly version " + major + ", this job expects "
                + (IsPackage250 ? "the 2.5.0 package" : "this repository's library") + ". " + Describe());
        }

        if (Environment.Version.Major != ExpectedRuntimeMajor)
        {
            throw new InvalidOperationException(
                "The " + ShortName(BenchmarkFramework) + " benchmarks run on .NET " + Environment.Version + ": they rolled forward"
                + " (or back) instead of running on .NET " + ExpectedRuntimeMajor + ". Run eng/setup-side-by-side-runtimes.sh and"
                + " HdrHistogram.Benchmarking/run.sh, which points the jobs at the private dotnet root .dotnet/.");
        }
    }

    /// <summary><c>.NETCoreApp,Version=v8.0</c> -> <c>net8.0</c>; <c>.NETStandard,Version=v2.0</c> -> <c>netstandard2.0</c>.</summary>
    public static string ShortName(string frameworkName)
    {
        string version = frameworkName.Substring(frameworkName.IndexOf("=v", StringComparison.Ordinal) + 2);
        return frameworkName.StartsWith(".NETStandard", StringComparison.Ordinal) ? "netstandard" + version : "net" + version;
    }

    private static string FrameworkOf(Assembly assembly) =>
        assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName
        ?? throw new InvalidOperationException(assembly.GetName().Name + " has no TargetFrameworkAttribute.");
}
