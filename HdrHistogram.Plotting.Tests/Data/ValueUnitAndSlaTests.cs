using System;
using FluentAssertions;
using HdrHistogram.Plotting.Data;
using Xunit;

namespace HdrHistogram.Plotting.Tests.Data;

public class ValueUnitAndSlaTests
{
    [Theory]
    [InlineData("ns", "ms", 1e6)]
    [InlineData("ns", "us", 1e3)]
    [InlineData("us", "ms", 1e3)]
    [InlineData("us", "s", 1e6)]
    [InlineData("ms", "ms", 1)]
    [InlineData("ms", "us", 1e-3)]
    public void Units_divide_recorded_values_by_their_ratio(string recorded, string display, double ratio)
    {
        var unit = ValueUnit.FromUnits(recorded, display);

        unit.Ratio.Should().Be(ratio);
        unit.Label.Should().Be(display);
        unit.Scale(5_000_000).Should().Be(5_000_000 / ratio);
    }

    [Fact]
    public void A_java_style_ratio_has_no_time_unit()
    {
        var unit = ValueUnit.FromRatio(1000);

        unit.Ratio.Should().Be(1000);
        unit.Label.Should().Be("value / 1000");
        unit.NanosecondsPerUnit.Should().BeNull();
        FluentActions.Invoking(() => ValueUnit.FromRatio(0)).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => ValueUnit.FromUnits("ns", "minutes")).Should().Throw<ArgumentException>().WithMessage("unknown unit 'minutes'*");
    }

    [Theory]
    [InlineData("99.9=10ms", "ms", 99.9, 10)]
    [InlineData("99.9=10ms", "us", 99.9, 10_000)]
    [InlineData("99=1.5s", "ms", 99, 1500)]
    [InlineData("50=250us", "ms", 50, 0.25)]
    [InlineData("99.99=42", "ms", 99.99, 42)]
    public void Sla_targets_are_converted_to_the_display_unit(string text, string display, double percentile, double value)
    {
        var target = SlaTarget.Parse(text, ValueUnit.FromUnits("ns", display));

        target.Percentile.Should().Be(percentile);
        target.Value.Should().BeApproximately(value, 1e-9);
    }

    [Theory]
    [InlineData("10ms")]
    [InlineData("100=10ms")]
    [InlineData("abc=10ms")]
    [InlineData("99.9=")]
    [InlineData("99.9=10parsecs")]
    public void Malformed_sla_targets_are_format_errors(string text)
        => FluentActions.Invoking(() => SlaTarget.Parse(text, ValueUnit.FromUnits("ns", "ms"))).Should().Throw<FormatException>().WithMessage("'" + text + "'*");

    [Fact]
    public void An_sla_with_a_unit_needs_a_time_unit_to_convert_to()
        => FluentActions.Invoking(() => SlaTarget.Parse("99.9=10ms", ValueUnit.FromRatio(1000))).Should().Throw<FormatException>().WithMessage("*has a unit*");
}
