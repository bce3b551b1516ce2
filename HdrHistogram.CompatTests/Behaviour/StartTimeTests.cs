using FluentAssertions;
using HdrHistogram.CompatTests.Infrastructure;
using Xunit;

namespace HdrHistogram.CompatTests.Behaviour;

/// <summary>
/// A <see cref="System.DateTime"/> with a fraction of a millisecond: a log's start time is written and read back to the
/// nearest millisecond as 2.5.0 writes it, and <c>MillisecondsSinceUnixEpoch</c> truncates toward zero as 2.5.0's does
/// (before 1970 too).
/// </summary>
public class StartTimeTests
{
    public static TheoryData<string> Scenarios() => BothLibraries.Named("start time ");

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void A_DateTime_becomes_the_milliseconds_2_5_0_makes_of_it(string name)
    {
        var (theirs, ours) = BothLibraries.Run(name);

        theirs.Exception.Should().BeNull();
        ours.Result.Should().Be(theirs.Result, name);
    }

    [Fact]
    public void A_start_time_0_9999_ms_past_a_second_is_written_as_the_next_millisecond()
    {
        var (theirs, ours) = BothLibraries.Run("start time log +9999 ticks");

        theirs.Result.Should().Be("read back 638397614450010000 ticks; #[StartTime: 1704164645.001; 1 interval(s)");
        ours.Result.Should().Be(theirs.Result);
    }
}
