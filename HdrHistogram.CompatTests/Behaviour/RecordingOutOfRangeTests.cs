using System;
using FluentAssertions;
using HdrHistogram.CompatTests.Infrastructure;
using Xunit;

namespace HdrHistogram.CompatTests.Behaviour;

/// <summary>
/// Recording a value beyond the covered range, or a negative one, with RecordValue, RecordValueWithCount and
/// RecordValueWithExpectedInterval on every histogram type and through recorders: 2.5.0 throws
/// <see cref="IndexOutOfRangeException"/>, and so does this library, with a message that names the value and the range.
/// </summary>
public class RecordingOutOfRangeTests
{
    public static TheoryData<string> Scenarios() => BothLibraries.Named("record ");

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void Recording_out_of_range_throws_IndexOutOfRangeException_as_2_5_0_does(string name)
    {
        var (theirs, ours) = BothLibraries.Run(name);

        theirs.Exception.Should().BeOfType<IndexOutOfRangeException>(name + " on 2.5.0");
        ours.Exception.Should().BeOfType<IndexOutOfRangeException>(name + " on ours");
        if (name.StartsWith("record beyond", StringComparison.Ordinal))
        {
            ours.Exception!.Message.Should().Contain("The value 100000000 is outside the histogram's covered range (0 to highest trackable value 3600000");
        }
        else
        {
            ours.Exception!.Message.Should().Be("The value -1 is negative: a histogram holds values from 0 up.");
        }
    }

    [Fact]
    public void Every_record_method_of_every_type_and_recorder_is_covered()
        => Scenarios().Should().HaveCount(2 * 3 * (5 + 5));
}
