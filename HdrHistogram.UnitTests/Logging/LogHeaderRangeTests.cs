namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// StartTime and BaseTime header values that fit no DateTime (NaN, infinities, beyond the years
/// 1-9999) are the log's format error naming the line, and the intervals still read.
/// </summary>
public class LogHeaderRangeTests
{
    private static readonly string Payload = LogFixtures.Payload1000();

    [Theory]
    [InlineData("Infinity")]
    [InlineData("-Infinity")]
    [InlineData("NaN")]
    [InlineData("1e300")]
    [InlineData("253402300800")]  // 10000-01-01T00:00:00Z, one second past DateTime's range
    [InlineData("-62135596801")]  // one second before 0001-01-01
    public void A_StartTime_beyond_DateTime_is_a_format_error_naming_its_line_and_intervals_still_read(string seconds)
    {
        string log = "#[Histogram log format version 1.3]\n#[StartTime: " + seconds + " (seconds since epoch), x]\n"
            + "#[BaseTime: 0.000 (seconds since epoch)]\n1.5,2.0,0.001," + Payload + "\n";
        using var reader = new HistogramLogReader(new MemoryStream(System.Text.Encoding.UTF8.GetBytes(log)));

        var histogram = reader.NextIntervalHistogram();
        histogram.Should().NotBeNull();
        ((HistogramBase)histogram!).TotalCount.Should().Be(1); // Payload1000: one value of 1000
        reader.StartTimeSec.Should().Be(double.Parse(seconds, System.Globalization.CultureInfo.InvariantCulture));

        var error = reader.Invoking(r => r.GetStartTime()).Should().Throw<HistogramFormatException>().Which;
        error.LineNumber.Should().Be(2);
        error.Message.Should().StartWith("Line 2: The StartTime value ").And.Contain("is not a date between the years 1 and 9999");
        reader.NextIntervalHistogram().Should().BeNull();
    }

    [Theory]
    [InlineData("Infinity")]
    [InlineData("NaN")]
    [InlineData("1e300")]
    public void A_BaseTime_beyond_DateTime_still_reads_every_interval(string seconds)
    {
        string log = "#[StartTime: 1000.5 (seconds since epoch), x]\n#[BaseTime: " + seconds + " (seconds since epoch)]\n"
            + "1.5,2.0,0.001," + Payload + "\n2.5,2.0,0.001," + Payload + "\n";
        using var reader = new HistogramLogReader(new MemoryStream(System.Text.Encoding.UTF8.GetBytes(log)));
        var totals = new List<long>();
        EncodableHistogram? h;
        while ((h = reader.NextIntervalHistogram(0, double.PositiveInfinity, absoluteRange: true, null)) is not null)
        {
            totals.Add(((HistogramBase)h).TotalCount);
        }

        totals.Should().Equal(1, 1);
        reader.GetStartTime().Should().Be(new DateTime(1970, 1, 1, 0, 16, 40, 500, DateTimeKind.Utc));
    }

    [Fact]
    public void A_start_time_taken_from_an_interval_names_that_line()
    {
        string log = "#[Histogram log format version 1.3]\n1e300,2.0,0.001," + Payload + "\n";
        using var reader = new HistogramLogReader(new MemoryStream(System.Text.Encoding.UTF8.GetBytes(log)));
        reader.NextIntervalHistogram(0, double.PositiveInfinity, absoluteRange: true, null).Should().NotBeNull();
        reader.Invoking(r => r.GetStartTime()).Should().Throw<HistogramFormatException>().Which.LineNumber.Should().Be(2);
    }

    [Fact]
    public void The_ends_of_DateTimes_range_still_convert()
    {
        string log = "#[StartTime: 253402300799 (seconds since epoch), x]\n";
        using var reader = new HistogramLogReader(new MemoryStream(System.Text.Encoding.UTF8.GetBytes(log)));
        reader.NextIntervalHistogram().Should().BeNull();
        reader.GetStartTime().Should().BeCloseTo(new DateTime(9999, 12, 31, 23, 59, 59, DateTimeKind.Utc), TimeSpan.FromMilliseconds(1)); // doubles of ticks are 512 apart here
    }
}
