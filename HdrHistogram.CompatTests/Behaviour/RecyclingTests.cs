using System;
using FluentAssertions;
using HdrHistogram.CompatTests.Infrastructure;
using Xunit;

namespace HdrHistogram.CompatTests.Behaviour;

/// <summary>
/// <c>Recorder.GetIntervalHistogram(toRecycle)</c> with a histogram the recorder did not hand out throws
/// <see cref="InvalidOperationException"/>, as 2.5.0 does, for every recorder configuration 2.5.0 has; recycling its own
/// interval, null, and <c>GetIntervalHistogramInto</c> behave as in 2.5.0.
/// </summary>
public class RecyclingTests
{
    public static TheoryData<string> Scenarios()
    {
        var data = BothLibraries.Named("recycle ");
        foreach (string name in BothLibraries.Named("into "))
        {
            data.Add(name);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void Recycling_behaves_as_in_2_5_0(string name)
    {
        var (theirs, ours) = BothLibraries.ShouldMatch(name);
        if (name.Contains("a new LongHistogram", StringComparison.Ordinal) && name.StartsWith("recycle", StringComparison.Ordinal)
            || name.Contains("another recorder's", StringComparison.Ordinal))
        {
            theirs.Exception.Should().BeOfType<InvalidOperationException>();
            ours.Exception.Should().BeOfType<InvalidOperationException>();
            ours.Exception!.Message.Should().Contain("histogramToRecycle").And.Contain("from this Recorder instance");
        }
    }
}
