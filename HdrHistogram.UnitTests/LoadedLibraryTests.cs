using System.Reflection;
using System.Runtime.Versioning;

namespace HdrHistogram.UnitTests;

/// <summary>Proves which build of the library the suite is running against (see TestCommon.targets).</summary>
public class LoadedLibraryTests
{
    [Fact]
    public void The_loaded_library_is_the_build_this_test_run_expects()
    {
        string expected = typeof(LoadedLibraryTests).Assembly
            .GetCustomAttributes<AssemblyMetadataAttribute>()
            .Single(a => a.Key == "ExpectedLibraryTargetFramework").Value!;

        string loaded = typeof(HistogramBase).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()!.FrameworkName;

        string expectedFrameworkName = expected switch
        {
            "netstandard2.0" => ".NETStandard,Version=v2.0",
            "net8.0" => ".NETCoreApp,Version=v8.0",
            "net9.0" => ".NETCoreApp,Version=v9.0",
            "net10.0" => ".NETCoreApp,Version=v10.0",
            _ => throw new InvalidOperationException("Unknown target " + expected),
        };
        loaded.Should().Be(expectedFrameworkName);
    }
}
