using HdrHistogram.Logging;

namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// <see cref="HistogramLogReader.ReadHistograms(string)"/>: one series, counted as hdr process and Java's
/// HistogramLogProcessor count it.
/// </summary>
public class ReadHistogramsByTagTests
{
    [Theory]
    [InlineData(null)]
    [InlineData("A")]
    [InlineData("svc-42")]
    public void A_series_totals_what_the_processor_prints_for_its_tag(string? tag)
    {
        string log = LogFixtures.HlogPath("logs/tagged-interleaved");
        long total;
        using (var reader = new HistogramLogReader(log))
        {
            var series = reader.ReadHistograms(tag).ToList();
            series.Should().HaveCount(20).And.OnlyContain(h => h.Tag == tag);
            total = series.Sum(h => h.TotalCount);
        }

        var output = new StringWriter();
        new HistogramLogProcessor(new HistogramLogProcessorOptions { InputFileName = log, Tag = tag }).Run(null, output);
        string footer = output.ToString().Split('\n').Single(l => l.StartsWith("#[Max ", StringComparison.Ordinal));
        footer.Should().EndWith("Total count    = " + total.ToString(System.Globalization.CultureInfo.InvariantCulture).PadLeft(12) + "]");

        // Every interval of that tag, read the other way.
        long byHand = 0;
        using (var reader = new HistogramLogReader(log))
        {
            foreach (var h in reader.ReadHistograms())
            {
                byHand += h.Tag == tag ? h.TotalCount : 0;
            }
        }

        total.Should().Be(byHand).And.BePositive();
    }

    [Fact]
    public void Intervals_before_the_StartTime_are_left_out_and_counted_and_a_DoubleHistogram_series_of_another_tag_is_not_decoded()
    {
        using var stream = new MemoryStream();
        using (var writer = new HistogramLogWriter(stream))
        {
            writer.OutputStartTime(1_700_000_010_000);
            foreach (long start in new[] { 1_700_000_005_000L, 1_700_000_010_000L, 1_700_000_015_000L })
            {
                var h = new LongHistogram(1, 3_600_000_000_000, 3) { StartTimeStamp = start, EndTimeStamp = start + 5_000 };
                h.RecordValueWithCount(1_000, start / 1000 % 100);
                writer.OutputIntervalHistogram(h);
                var d = new DoubleHistogram(3) { StartTimeStamp = start, EndTimeStamp = start + 5_000, Tag = "seconds" };
                d.RecordValue(0.5);
                writer.OutputIntervalHistogram(d);
            }
        }

        stream.Position = 0;
        using var untagged = new HistogramLogReader(stream, null, leaveOpen: true);
        untagged.ReadHistograms(null).Select(h => h.TotalCount).Should().Equal(10, 15);
        untagged.IntervalsBeforeRange.Should().Be(1);

        stream.Position = 0;
        using var all = new HistogramLogReader(stream, null, leaveOpen: true);
        FluentActions.Invoking(() => all.ReadHistograms().ToList()).Should().Throw<HistogramFormatException>().WithMessage("*DoubleHistogram*");

        stream.Position = 0;
        using var doubles = new HistogramLogReader(stream, null, leaveOpen: true);
        FluentActions.Invoking(() => doubles.ReadHistograms("seconds").ToList()).Should().Throw<HistogramFormatException>().WithMessage("*DoubleHistogram*");
    }

    [Fact]
    public void Without_a_StartTime_the_first_interval_of_any_tag_sets_it_as_in_Java()
    {
        var one = new LongHistogram(1, 3_600_000_000_000, 3);
        one.RecordValue(1_000);
        string payload = HistogramEncoding.ToCompressedBase64(one);
        string text = "Tag=early,10.000,1.000,1.000," + payload + "\n"
                      + "5.000,1.000,1.000," + payload + "\n"
                      + "12.000,1.000,1.000," + payload + "\n";
        using var reader = new HistogramLogReader(new StringReader(text));
        var series = reader.ReadHistograms(null).ToList();
        series.Should().ContainSingle().Which.StartTimeStamp.Should().Be(12_000, "the untagged interval at 5 s starts before the first interval's 10 s");
        reader.IntervalsBeforeRange.Should().Be(1);
    }

    [Fact]
    public void A_disposed_reader_refuses()
    {
        var reader = new HistogramLogReader(new StringReader(string.Empty));
        reader.Dispose();
        FluentActions.Invoking(() => reader.ReadHistograms("x")).Should().Throw<ObjectDisposedException>();
    }
}
