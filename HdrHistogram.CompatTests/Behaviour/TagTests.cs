using System;
using System.IO;
using System.Linq;
using FluentAssertions;
using HdrHistogram.CompatTests.Infrastructure;
using Xunit;

namespace HdrHistogram.CompatTests.Behaviour;

/// <summary>
/// Tags: a space, a comma, CR or LF is refused on set with <see cref="ArgumentException"/>, as 2.5.0 refuses it; every
/// tag that is accepted is written and read back whole; the log writer refuses, saying which character and where, a tag
/// that arrives another way holding a character where a log reader (ours or Java's) would end it.
/// </summary>
public class TagTests
{
    // Java HdrHistogram 2.2.2's HistogramLogScanner (read from the jar): fields are split with the delimiter pattern
    // "[ ,\r\n]", and a tag field must match "Tag\=.*", whose '.' (java.util.regex without DOTALL) matches anything but
    // the line terminators \n, \r, \u0085, \u2028 and \u2029.
    private static readonly char[] JavaFieldDelimiters = { ' ', ',', '\r', '\n' };
    private static readonly char[] JavaLineTerminators = { '\n', '\r', '\u0085', '\u2028', '\u2029' };

    public static TheoryData<string> SetScenarios() => BothLibraries.Named("tag set ");

    public static TheoryData<string> Tags()
    {
        var data = new TheoryData<string>();
        foreach (var tag in Compat250.Behaviour.TagScenarios.Tags)
        {
            data.Add(tag.Key);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(SetScenarios))]
    public void Setting_a_tag_is_refused_or_accepted_as_in_2_5_0(string name)
    {
        var (theirs, ours) = BothLibraries.ShouldMatch(name);
        if (theirs.Exception is not null)
        {
            theirs.Exception.Should().BeOfType<ArgumentException>();
            ours.Exception!.Message.Should().StartWith("The tag holds ").And.Contain(" at index ");
        }
    }

    [Theory]
    [MemberData(nameof(Tags))]
    public void Every_accepted_tag_round_trips_through_our_writer_and_reader_and_Java_s_rule(string key)
    {
        string tag = Compat250.Behaviour.TagScenarios.Tags.Single(t => t.Key == key).Value;
        var histogram = new LongHistogram(1, 3_600_000, 3);
        histogram.RecordValue(42);
        try
        {
            histogram.Tag = tag;
        }
        catch (ArgumentException)
        {
            tag.IndexOfAny(JavaFieldDelimiters).Should().BeGreaterThanOrEqualTo(0, "only a field delimiter is refused on set");
            return;
        }

        var log = new MemoryStream();
        try
        {
            HistogramLogWriter.Write(log, new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc), histogram);
        }
        catch (ArgumentException e)
        {
            // Accepted on set but not written: only a character where Java's reader ends the tag.
            int at = tag.IndexOfAny(JavaLineTerminators);
            at.Should().BeGreaterThanOrEqualTo(0, e.Message);
            e.Message.Should().StartWith("The tag holds U+" + ((int)tag[at]).ToString("X4", System.Globalization.CultureInfo.InvariantCulture) + " at index " + at);
            return;
        }

        // Written: Java's reader takes the whole tag (no delimiter, no line terminator), and so does ours.
        tag.IndexOfAny(JavaFieldDelimiters).Should().Be(-1);
        tag.IndexOfAny(JavaLineTerminators).Should().Be(-1);
        string line = System.Text.Encoding.UTF8.GetString(log.ToArray()).Split('\n').Single(l => l.StartsWith("Tag=", StringComparison.Ordinal));
        line.Should().StartWith("Tag=" + tag + ",");
        var read = HistogramLogReader.Read(new MemoryStream(log.ToArray())).ToList();
        read.Should().ContainSingle();
        read[0].Tag.Should().Be(tag);
        read[0].GetCountAtValue(42).Should().Be(1);
    }

    [Fact]
    public void The_writer_says_which_character_and_where_for_a_tag_that_arrived_from_a_log()
    {
        // Our reader ends a tag only at a field delimiter, so a U+2028 inside one arrives on the histogram it reads.
        var source = new LongHistogram(1, 3_600_000, 3);
        source.RecordValue(42);
        var written = new MemoryStream();
        HistogramLogWriter.Write(written, new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc), source);
        string text = System.Text.Encoding.UTF8.GetString(written.ToArray());
        string interval = text.Split('\n').Single(l => l.StartsWith("0.000,", StringComparison.Ordinal) || char.IsDigit(l.FirstOrDefault()) && l.Contains("HISTF", StringComparison.Ordinal));
        string withTag = text.Replace(interval, "Tag=ab\u2028c," + interval, StringComparison.Ordinal);
        var read = HistogramLogReader.Read(new MemoryStream(System.Text.Encoding.UTF8.GetBytes(withTag))).Single();
        read.Tag.Should().Be("ab\u2028c");

        var act = () => HistogramLogWriter.Write(new MemoryStream(), new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc), read);

        act.Should().Throw<ArgumentException>().Which.Message.Should().StartWith("The tag holds U+2028 at index 2 (of 4 characters).");
    }
}
