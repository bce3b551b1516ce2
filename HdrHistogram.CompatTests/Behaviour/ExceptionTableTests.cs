using System;
using System.Collections.Generic;
using System.Linq;
using FluentAssertions;
using HdrHistogram.CompatTests.Infrastructure;
using Xunit;

namespace HdrHistogram.CompatTests.Behaviour;

/// <summary>
/// A failing call on each public member of 2.5.0 that can fail, run on both libraries: ours throws the type 2.5.0 throws
/// or one derived from it (what a <c>catch</c> block sees), except for the deliberate differences listed here and in
/// docs/compatibility.md, each with its reason. A call that newly differs fails the test, and so does a listed
/// difference that no longer differs.
/// </summary>
public class ExceptionTableTests
{
    /// <summary>The calls where ours deliberately does not throw 2.5.0's type (or a derived one), by reason.</summary>
    private static readonly Dictionary<string, string> DeliberateDifferences = new()
    {
        ["null argument"] = "ArgumentNullException where 2.5.0 dereferences the null and throws NullReferenceException (no catch of NullReferenceException is meaningful)",
        ["malformed data"] = "HistogramFormatException (a FormatException) with what and where, where 2.5.0 throws whatever its parsing hit",
        ["buffer bounds"] = "ByteBuffer and ZigZagEncoding reads and writes past the end throw InvalidOperationException (buffer underflow/overflow, as Java's BufferUnderflowException/BufferOverflowException), where 2.5.0 throws IndexOutOfRangeException or ArgumentException from the array copy",
        ["checked where 2.5.0 is not"] = "ours refuses an argument 2.5.0 accepts and misbehaves on later (a negative count, a position outside the buffer, a date outside DateTime's range, a disposed writer)",
        ["follows Java"] = "ours returns Java's answer where 2.5.0 throws (GetValueAtPercentile of an empty histogram is 0; a count beyond the range is 0; a null array is not equal)",
        ["unspecified DateTimeKind"] = "a DateTime of unspecified kind is taken as UTC, where 2.5.0 throws ArgumentException",
        ["log reader is lenient"] = "blank lines and a start-time comment that is not a number are skipped (Java skips them too), where 2.5.0 throws FormatException",
        ["word size"] = "CountsDecoder.GetDecoderForWordSize of an unknown size throws ArgumentOutOfRangeException, where 2.5.0's dictionary throws KeyNotFoundException",
    };

    private static readonly Dictionary<string, string> Differences = new()
    {
        ["call Add null"] = "null argument",
        ["call ArrayExtensions.IsSequenceEqual null"] = "follows Java",
        ["call ArrayExtensions.IsSequenceEqual null other"] = "follows Java",
        ["call ByteBuffer.Allocate negative"] = "checked where 2.5.0 is not",
        ["call ByteBuffer.Allocate null array"] = "null argument",
        ["call ByteBuffer.Get past the end"] = "buffer bounds",
        ["call ByteBuffer.GetDouble past the end"] = "buffer bounds",
        ["call ByteBuffer.GetInt past the end"] = "buffer bounds",
        ["call ByteBuffer.GetLong past the end"] = "buffer bounds",
        ["call ByteBuffer.GetShort past the end"] = "buffer bounds",
        ["call ByteBuffer.Position negative"] = "checked where 2.5.0 is not",
        ["call ByteBuffer.Position past the end"] = "checked where 2.5.0 is not",
        ["call ByteBuffer.Put past the end"] = "buffer bounds",
        ["call ByteBuffer.PutDouble past the end"] = "buffer bounds",
        ["call ByteBuffer.PutInt past the end"] = "buffer bounds",
        ["call ByteBuffer.PutLong past the end"] = "buffer bounds",
        ["call ByteBuffer.ReadFrom null stream"] = "null argument",
        ["call CopyInto null"] = "null argument",
        ["call CountsDecoder word size 0"] = "word size",
        ["call CountsDecoder word size 3"] = "word size",
        ["call DecodeFromByteBuffer bad cookie"] = "malformed data",
        ["call DecodeFromByteBuffer compressed payload"] = "malformed data",
        ["call DecodeFromByteBuffer null"] = "null argument",
        ["call DecodeFromByteBuffer truncated"] = "malformed data",
        ["call DecodeFromCompressedByteBuffer bad cookie"] = "malformed data",
        ["call DecodeFromCompressedByteBuffer corrupt deflate"] = "malformed data",
        ["call DecodeFromCompressedByteBuffer empty"] = "malformed data",
        ["call DecodeFromCompressedByteBuffer null"] = "null argument",
        ["call DecodeFromCompressedByteBuffer truncated"] = "malformed data",
        ["call DecodeFromCompressedByteBuffer uncompressed payload"] = "malformed data",
        ["call Encode buffer too small"] = "buffer bounds",
        ["call Encode null buffer"] = "null argument",
        ["call Encode null encoder"] = "null argument",
        ["call EncodeIntoCompressedByteBuffer buffer too small"] = "buffer bounds",
        ["call EncodeIntoCompressedByteBuffer null buffer"] = "null argument",
        ["call GetCountAtValue beyond range"] = "follows Java",
        ["call GetEncodingCookie null"] = "null argument",
        ["call GetValueAtPercentile empty"] = "follows Java",
        ["call HistogramEncoderV2 Encode null data"] = "null argument",
        ["call HistogramLogReader.ReadHistograms bad payload"] = "malformed data",
        ["call HistogramLogReader.ReadHistograms bad start time"] = "log reader is lenient",
        ["call HistogramLogReader.ReadHistograms blank line"] = "log reader is lenient",
        ["call HistogramLogWriter.Append null"] = "null argument",
        ["call HistogramLogWriter.Write a null histogram"] = "null argument",
        ["call HistogramLogWriter.Write after Dispose"] = "checked where 2.5.0 is not",
        ["call HistogramLogWriter.Write null histograms"] = "null argument",
        ["call HistogramLogWriter.Write unspecified kind"] = "unspecified DateTimeKind",
        ["call MillisecondsSinceUnixEpoch unspecified kind"] = "unspecified DateTimeKind",
        ["call OutputPercentileDistribution null writer"] = "null argument",
        ["call Record null action"] = "null argument",
        ["call Record null recorder"] = "null argument",
        ["call RecordScope null recorder"] = "null argument",
        ["call RecordValueWithCount negative count"] = "checked where 2.5.0 is not",
        ["call Recorder GetIntervalHistogramInto null"] = "null argument",
        ["call Recorder RecordValueWithCount negative count"] = "checked where 2.5.0 is not",
        ["call SecondsSinceUnixEpoch unspecified kind"] = "unspecified DateTimeKind",
        ["call ToDateFromMillisecondsSinceEpoch too large"] = "checked where 2.5.0 is not",
        ["call ToDateFromMillisecondsSinceEpoch too small"] = "checked where 2.5.0 is not",
        ["call ToDateFromSecondsSinceEpoch NaN"] = "checked where 2.5.0 is not",
        ["call ZigZagEncoding.GetLong empty"] = "buffer bounds",
        ["call ZigZagEncoding.GetLong null"] = "null argument",
        ["call ZigZagEncoding.GetLong truncated"] = "buffer bounds",
        ["call ZigZagEncoding.PutLong full"] = "buffer bounds",
        ["call new Recorder null factory"] = "null argument",
    };

    public static TheoryData<string> Calls() => BothLibraries.Named("call ");

    [Theory]
    [MemberData(nameof(Calls))]
    public void A_failing_call_throws_what_2_5_0_throws_or_a_listed_deliberate_difference(string name)
    {
        var (theirs, ours) = BothLibraries.Run(name);
        bool matches = BothLibraries.Matches(theirs, ours)
            || (theirs.Exception is null && ours.Exception is null); // a value both return may differ: not this table's concern

        if (Differences.TryGetValue(name, out string? reason))
        {
            matches.Should().BeFalse("'" + name + "' is listed as a deliberate difference (" + reason + ") but now matches: 2.5.0 " + theirs + ", ours " + ours);
            DeliberateDifferences.Should().ContainKey(reason);
        }
        else
        {
            matches.Should().BeTrue("2.5.0 " + theirs + ", ours " + ours);
        }
    }

    [Fact]
    public void Every_listed_difference_is_a_call_of_the_table()
        => Differences.Keys.Except(BothLibraries.ThrowingCallNames()).Should().BeEmpty();

    [Fact]
    public void Malformed_data_still_gets_HistogramFormatException_a_FormatException()
    {
        foreach (string name in Differences.Where(d => d.Value == "malformed data").Select(d => d.Key))
        {
            Outcome.Ours(name).Exception.Should().BeOfType<HistogramFormatException>(name).Which.Should().BeAssignableTo<FormatException>();
        }
    }
}
