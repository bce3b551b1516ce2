using System;
using FluentAssertions;
using HdrHistogram.Tool.Commands;
using Xunit;

namespace HdrHistogram.Tool.Tests.Commands;

/// <summary>hdr process parses Java's HistogramLogProcessor options (one or two dashes) into the library's options.</summary>
public class ProcessOptionParsingTests
{
    [Fact]
    public void Options_parse_as_Java_with_one_or_two_dashes()
    {
        var o = ProcessCommand.ParseArguments(new[]
        {
            "-csv", "--v", "-i", "in.hlog", "--o", "out", "-tag", "A", "-start", " 1.5 ", "-end", "1e2", "-outputValueUnitRatio", "1000",
            "-percentilesOutputTicksPerHalf", "2", "--correctLogWithKnownCoordinatedOmission", "0.5", "-mwpl", "5000", "-listtags", "-alltags", "-utc",
        });
        o.LogFormatCsv.Should().BeTrue();
        o.Verbose.Should().BeTrue();
        o.InputFileName.Should().Be("in.hlog");
        o.OutputFileName.Should().Be("out");
        o.Tag.Should().Be("A");
        o.RangeStartTimeSec.Should().Be(1.5);
        o.RangeEndTimeSec.Should().Be(100);
        o.OutputValueUnitRatio.Should().Be(1000);
        o.PercentilesOutputTicksPerHalf.Should().Be(2);
        o.ExpectedIntervalForCoordinatedOmissionCorrection.Should().Be(0.5);
        o.MovingWindow.Should().BeTrue();
        o.MovingWindowLengthInMsec.Should().Be(5000);
        o.MovingWindowPercentileToReport.Should().Be(99.0);
        o.ListTags.Should().BeTrue();
        o.AllTags.Should().BeTrue();
        o.TimeZone.Should().Be(TimeZoneInfo.Utc);

        var defaults = ProcessCommand.ParseArguments(Array.Empty<string>());
        defaults.RangeStartTimeSec.Should().Be(0.0);
        defaults.RangeEndTimeSec.Should().Be(double.MaxValue);
        defaults.OutputValueUnitRatio.Should().Be(1e6);
        defaults.PercentilesOutputTicksPerHalf.Should().Be(5);
        defaults.MovingWindowLengthInMsec.Should().Be(60_000);
        defaults.TimeZone.Should().Be(TimeZoneInfo.Local);
    }

    [Theory]
    [InlineData("-bogus")]
    [InlineData("-i")]
    [InlineData("-start", "abc")]
    [InlineData("-percentilesOutputTicksPerHalf", "0")]
    [InlineData("-percentilesOutputTicksPerHalf", "1.5")]
    [InlineData("-mwpl", "5.5")]
    public void Invalid_options_are_rejected(params string[] args)
    {
        var act = () => ProcessCommand.ParseArguments(args);
        act.Should().Throw<ToolException>().Which.Message.Should().NotContain("\n");
    }

}
