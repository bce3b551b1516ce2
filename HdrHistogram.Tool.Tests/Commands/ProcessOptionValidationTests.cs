using HdrHistogram.Tool.Tests.Infrastructure;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests.Commands;

/// <summary>Out-of-range <c>hdr process</c> options are usage errors (exit 2) naming the option as typed.</summary>
public class ProcessOptionValidationTests
{
    [Theory]
    [InlineData(new[] { "-outputValueUnitRatio", "0" }, "-outputValueUnitRatio needs a positive number, not '0'")]
    [InlineData(new[] { "-outputValueUnitRatio", "-1" }, "-outputValueUnitRatio needs a positive number, not '-1'")]
    [InlineData(new[] { "--outputValueUnitRatio", "NaN" }, "--outputValueUnitRatio needs a positive number, not 'NaN'")]
    [InlineData(new[] { "-mwp", "-5" }, "-mwp needs a percentile from 0 to 100, not '-5'")]
    [InlineData(new[] { "-mwp", "150" }, "-mwp needs a percentile from 0 to 100, not '150'")]
    [InlineData(new[] { "-mwpl", "0" }, "-mwpl needs a whole number of milliseconds above 0, not '0'")]
    [InlineData(new[] { "-mwpl", "-10" }, "-mwpl needs a whole number of milliseconds above 0, not '-10'")]
    [InlineData(new[] { "-start", "20", "-end", "10" }, "-start (20) is after -end (10)")]
    [InlineData(new[] { "--start", "2.5", "-end", "1" }, "--start (2.5) is after -end (1)")]
    public void Out_of_range_values_are_usage_errors_naming_the_option(string[] options, string message)
    {
        var args = new System.Collections.Generic.List<string> { "process", "-i", LogFixtures.HlogPath("logs/tagged-interleaved") };
        args.AddRange(options);
        ToolRunner.Run(args.ToArray()).ShouldBeUsageError("hdr process: error: " + message + " (see hdr process --help)\n");
    }

    [Fact]
    public void Boundary_values_are_accepted()
        => ToolRunner.Run("process", "-i", LogFixtures.HlogPath("logs/tagged-interleaved"), "-mwp", "100", "-mwpl", "1", "-outputValueUnitRatio", "1e-3")
            .ShouldSucceedNotingOtherTags();
}
