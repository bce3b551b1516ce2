using System.Globalization;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Runtime.Versioning;
using Xunit.Abstractions;

namespace HdrHistogram.UnitTests;

/// <summary>
/// Proves which .NET runtime executed the suite. Without .NET 8/9 installed the net8.0 and net9.0 builds roll forward
/// onto the newest installed runtime (<c>RollForward=Major</c>), so this only reports the runtime. When HDR_EXPECT_RUNTIME_MAJOR is
/// set (eng/test-side-by-side-runtimes.sh does, per target, when it runs net8.0/net9.0 on their own runtimes), the
/// runtime's major version must equal it.
/// </summary>
public class RuntimeTests
{
    private const string ExpectedMajorVariable = "HDR_EXPECT_RUNTIME_MAJOR";

    private readonly ITestOutputHelper _output;

    public RuntimeTests(ITestOutputHelper output)
    {
        _output = output;
    }

    [Fact]
    public void The_runtime_is_the_one_this_run_expects()
    {
        string built = typeof(RuntimeTests).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()!.FrameworkName;
        string frameworkDirectory = Path.GetDirectoryName(typeof(object).Assembly.Location) ?? "?";
        _output.WriteLine(
            $"Test assembly built for {built}; running on {RuntimeInformation.FrameworkDescription} " +
            $"(Environment.Version {Environment.Version}) from {frameworkDirectory}");

        // Whatever the roll-forward policy, a runtime older than the target framework cannot run the build.
        int builtMajor = new FrameworkName(built).Version.Major;
        Environment.Version.Major.Should().BeGreaterThanOrEqualTo(builtMajor);

        string? expected = Environment.GetEnvironmentVariable(ExpectedMajorVariable);
        if (string.IsNullOrWhiteSpace(expected))
        {
            _output.WriteLine($"{ExpectedMajorVariable} is not set: the runtime is reported, not checked.");
            return;
        }

        int expectedMajor = int.Parse(expected.Trim(), NumberStyles.None, CultureInfo.InvariantCulture);
        Environment.Version.Major.Should().Be(
            expectedMajor,
            "{0}={1} (the test run asked for that runtime; running on {2} from {3})",
            ExpectedMajorVariable,
            expected,
            RuntimeInformation.FrameworkDescription,
            frameworkDirectory);
    }
}
