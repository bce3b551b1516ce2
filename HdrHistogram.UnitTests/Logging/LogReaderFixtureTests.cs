using System.Text.Json;

namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// Every Java fixture log (logs/ written by Java's HistogramLogWriter, real-logs/ from jHiccup with V0, V1 and V2
/// payloads) reads back to what Java's HistogramLogReader reported: interval count, tags, raw columns, timestamps,
/// statistics, configuration and every count, and the reader's start/base time state. Each read path is checked:
/// a new histogram per interval, recycled histograms, and decoding into one reused target. (The DoubleHistogram log:
/// <see cref="LogDoubleHistogramTests"/>.)
/// </summary>
public class LogReaderFixtureTests
{
    [Theory]
    [MemberData(nameof(LogFixtures.IntegerLogData), MemberType = typeof(LogFixtures))]
    public void Reads_every_interval_as_Java_did(string log)
    {
        var expected = LogFixtures.ExpectedIntervals(log);
        using var reader = new HistogramLogReader(File.OpenRead(LogFixtures.HlogPath(log)), null, leaveOpen: false);
        var read = new List<HistogramBase>();
        EncodableHistogram? next;
        while ((next = reader.NextIntervalHistogram()) is not null)
        {
            next.Should().BeOfType<LongHistogram>("Java's reader decodes every integer payload as a Histogram");
            var h = (HistogramBase)next;
            int i = read.Count;
            i.Should().BeLessThan(expected.Count);
            var interval = expected[i];
            reader.LastInterval.RawTimestampSec.Should().Be(interval.GetProperty("rawTimestampSec").GetDouble());
            reader.LastInterval.RawIntervalLengthSec.Should().Be(interval.GetProperty("rawIntervalLengthSec").GetDouble());
            reader.LastInterval.Tag.Should().Be(LogFixtures.Tag(interval));
            h.ShouldBeJavasInterval(interval, sameRange: true, log + " interval " + i);
            read.Add(h);
        }

        read.Should().HaveCount(LogFixtures.Expected(log).GetProperty("intervalCount").GetInt32());
        read.Sum(h => h.TotalCount).Should().Be(LogFixtures.Expected(log).GetProperty("totalCountAllIntervals").GetInt64());
        ShouldHaveJavasReaderState(reader, log);
        reader.NextIntervalHistogram().Should().BeNull("the end of the log stays the end");
    }

    [Theory]
    [MemberData(nameof(LogFixtures.IntegerLogData), MemberType = typeof(LogFixtures))]
    public void Reads_every_interval_into_recycled_histograms(string log)
    {
        var expected = LogFixtures.ExpectedIntervals(log);
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(log));
        var (count, reused) = LogFixtures.ReadRecycling(
            reader,
            (next, index) => ((HistogramBase)next).ShouldBeJavasInterval(expected[index], sameRange: false, log + " interval " + index));

        count.Should().Be(expected.Count);
        int configChanges = expected.Zip(expected.Skip(1), (a, b) => Config(a) != Config(b)).Count(changed => changed);
        reused.Should().Be(count - 1 - configChanges, "a histogram is reused whenever the configuration stays the same");
        ShouldHaveJavasReaderState(reader, log);
    }

    [Theory]
    [MemberData(nameof(LogFixtures.IntegerLogData), MemberType = typeof(LogFixtures))]
    public void Reads_every_interval_into_one_target_when_the_configuration_allows(string log)
    {
        var expected = LogFixtures.ExpectedIntervals(log);
        var first = expected[0];
        HistogramBase target = new LongHistogram(
            first.GetProperty("lowestDiscernibleValue").GetInt64(),
            first.GetProperty("lowestDiscernibleValue").GetInt64() * 2,
            first.GetProperty("numberOfSignificantValueDigits").GetInt32());
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(log));
        int i = 0;
        for (; i < expected.Count && Config(expected[i]) == Config(first); i++)
        {
            reader.TryReadNextInto(target, out var entry).Should().BeTrue();
            entry.LineNumber.Should().BeGreaterThan(0);
            entry.Tag.Should().Be(LogFixtures.Tag(expected[i]));
            entry.StartTimeStamp.Should().Be(expected[i].GetProperty("startTimeStamp").GetInt64());
            entry.EndTimeStamp.Should().Be(expected[i].GetProperty("endTimeStamp").GetInt64());
            entry.RawTimestampSec.Should().Be(expected[i].GetProperty("rawTimestampSec").GetDouble());
            entry.RawIntervalLengthSec.Should().Be(expected[i].GetProperty("rawIntervalLengthSec").GetDouble());
            target.ShouldBeJavasInterval(expected[i], sameRange: false, log + " interval " + i);
        }

        if (i < expected.Count)
        {
            // An interval of another configuration: a clear error naming the line, never a silent skip.
            var act = () => reader.TryReadNextInto(target, out _);
            act.Should().Throw<HistogramFormatException>().Where(e => e.LineNumber > 0 && e.Message.Contains("cannot be decoded into"));
        }
        else
        {
            reader.TryReadNextInto(target, out _).Should().BeFalse();
        }
    }

    [Theory]
    [MemberData(nameof(LogFixtures.IntegerLogData), MemberType = typeof(LogFixtures))]
    public void NextHistogram_returns_every_interval_Java_read_typed_and_recycled(string log)
    {
        var expected = LogFixtures.ExpectedIntervals(log);
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(log));
        HistogramBase? previous = null;
        HistogramBase? h;
        int count = 0;
        int reused = 0;
        while ((h = reader.NextHistogram(previous)) is not null)
        {
            count.Should().BeLessThan(expected.Count);
            h.ShouldBeJavasInterval(expected[count], sameRange: false, "interval " + count);
            reused += ReferenceEquals(h, previous) ? 1 : 0;
            previous = h;
            count++;
        }

        count.Should().Be(expected.Count);
        reused.Should().BeGreaterThan(0, "a histogram of the previous interval's configuration is filled again, not replaced");
        reader.NextHistogram().Should().BeNull("the log has ended");
    }

    [Fact]
    public void NextHistogram_without_a_histogram_to_recycle_returns_a_new_LongHistogram_each_time()
    {
        const string log = "real-logs/tagged-Log.logV2";
        using var reader = new HistogramLogReader(LogFixtures.HlogPath(log));
        var first = reader.NextHistogram();
        var second = reader.NextHistogram();
        first.Should().BeOfType<LongHistogram>();
        second.Should().BeOfType<LongHistogram>().And.NotBeSameAs(first);
        first!.ShouldBeJavasInterval(LogFixtures.ExpectedIntervals(log)[0], sameRange: false, "interval 0, kept while interval 1 was read");
    }

    [Fact]
    public void Upstream_Read_and_ReadHistograms_return_every_interval()
    {
        const string log = "real-logs/tagged-Log.logV2";
        using var stream = File.OpenRead(LogFixtures.HlogPath(log));
        var histograms = HistogramLogReader.Read(stream).ToList();
        histograms.Should().HaveCount(LogFixtures.Expected(log).GetProperty("intervalCount").GetInt32());
        histograms.Count(h => h.Tag == "A").Should().Be(histograms.Count / 2);
        stream.CanRead.Should().BeTrue("upstream's reader leaves the stream open");

        using var reader = new HistogramLogReader(File.OpenRead(LogFixtures.HlogPath(log)), null, leaveOpen: false);
        reader.ReadHistograms().Sum(h => h.TotalCount).Should().Be(LogFixtures.Expected(log).GetProperty("totalCountAllIntervals").GetInt64());
        reader.GetStartTime().Should().Be(new DateTime(2015, 9, 9, 15, 24, 39, 474, DateTimeKind.Utc));
        reader.GetStartTime().Kind.Should().Be(DateTimeKind.Utc);
    }

    private static (long Lowest, int Digits) Config(JsonElement interval)
        => (interval.GetProperty("lowestDiscernibleValue").GetInt64(), interval.GetProperty("numberOfSignificantValueDigits").GetInt32());

    private static void ShouldHaveJavasReaderState(HistogramLogReader reader, string log)
    {
        var state = LogFixtures.Expected(log).GetProperty("reader");
        reader.StartTimeSec.Should().Be(state.GetProperty("startTimeSec").GetDouble());
        reader.BaseTimeSec.Should().Be(state.GetProperty("baseTimeSec").GetDouble());
        reader.ObservedStartTime.Should().Be(state.GetProperty("observedStartTime").GetBoolean());
        reader.ObservedBaseTime.Should().Be(state.GetProperty("observedBaseTime").GetBoolean());
    }
}
