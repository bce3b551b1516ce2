using System.Reflection;
using FluentAssertions;
using HdrHistogram.Tool.Tests.Infrastructure;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests.Cli;

/// <summary>The System.CommandLine command line: version, suggestions, Java spellings and one-line usage errors.</summary>
public class CommandLineTests
{
    [Fact]
    public void Version_prints_the_tool_and_library_versions()
    {
        string tool = typeof(HdrTool).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()!.InformationalVersion;
        string library = typeof(HistogramBase).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()!.InformationalVersion;
        ToolRunner.Run("--version").ShouldSucceed().Text.Should().Be("hdr " + tool + " (HdrHistogram " + library + ")\n");
    }

    [Theory]
    [InlineData(new[] { "decod" }, "hdr: error: unknown command 'decod' (did you mean 'decode'?) (see hdr --help)\n")]
    [InlineData(new[] { "summry", "x.hlog" }, "hdr: error: unknown command 'summry' (did you mean 'summary'?); unexpected argument 'x.hlog' (see hdr --help)\n")]
    [InlineData(new[] { "decode", "--tiks", "3" }, "hdr decode: error: unexpected argument '3'; unknown option '--tiks' (did you mean '--ticks'?) (see hdr decode --help)\n")]
    [InlineData(new[] { "process", "-outputValueUnitRatoi", "1" }, "hdr process: error: unknown option '-outputValueUnitRatoi' (did you mean '-outputValueUnitRatio'?); unexpected argument '1' (see hdr process --help)\n")]
    [InlineData(new[] { "process", "-start", "x" }, "hdr process: error: -start needs a number, not 'x' (see hdr process --help)\n")]
    [InlineData(new[] { "decode", "--scale", "0" }, "hdr decode: error: --scale needs a positive number, not '0' (see hdr decode --help)\n")]
    public void Usage_errors_are_one_line_with_suggestions_and_exit_code_2(string[] args, string stderr)
        => ToolRunner.Run(args).ShouldBeUsageError(stderr);

    [Fact]
    public void Java_spellings_of_process_options_are_accepted_with_one_dash_or_two()
    {
        string log = LogFixtures.HlogPath("logs/tagged-interleaved");
        string oneDash = ToolRunner.Run("process", "-i", log, "-csv", "-percentilesOutputTicksPerHalf", "2", "-outputValueUnitRatio", "1000", "-utc").ShouldSucceedNotingOtherTags().Text;
        string twoDashes = ToolRunner.Run("process", "--i", log, "--csv", "--percentilesOutputTicksPerHalf", "2", "--outputValueUnitRatio", "1000", "--utc").ShouldSucceedNotingOtherTags().Text;
        twoDashes.Should().Be(oneDash);
        oneDash.Should().StartWith("#[StartTime: ").And.Contain("\"Value\",\"Percentile\",\"TotalCount\",\"1/(1-Percentile)\"\n");
    }
}
