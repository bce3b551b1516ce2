using System;
using FluentAssertions;
using HdrHistogram.Prometheus.Registry;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.Registry;

/// <summary>
/// A burst does not stay in memory: a packed recorder's interval histograms grow to what a burst recorded, and the
/// series stops recycling such a histogram once it holds far less than it was grown for (the scrape after the burst
/// still finds the burst in it), so three scrapes later both histograms it and its recorder keep are small again; the
/// running total keeps every count.
/// </summary>
public class BurstMemoryTests
{
    [Fact]
    public void Interval_histograms_grown_by_a_burst_are_given_back_within_three_scrapes()
    {
        var registry = new PrometheusHistogramRegistry();
        var family = registry.CreateHistogram("burst_seconds", "h", new PrometheusHistogramOptions { ValueScale = 1e-9 });
        var recorder = family.GetOrCreateRecorder();
        var series = (RecorderSeries)family.Series[0];
        void Scrape() => ProtobufScrapes.WriteBytes(registry);

        var random = new Random(7);
        for (int i = 0; i < 100_000; i++)
        {
            // Log-uniform over the whole range, 1 ns to 1 h: tens of thousands of distinct buckets.
            recorder.RecordValue((long)Math.Exp(random.NextDouble() * Math.Log(3_600_000_000_000)));
        }

        Scrape();
        long grown = series.IntervalFootprintInBytes;
        grown.Should().BeGreaterThan(32 * 1024, "the burst's interval histogram holds tens of thousands of distinct buckets");

        for (int scrape = 0; scrape < 3; scrape++)
        {
            recorder.RecordValue(2_000_000);
            Scrape();
        }

        series.IntervalFootprintInBytes.Should().BeLessThan(16 * 1024);
        recorder.RecordValue(3_000_000);
        var active = recorder.GetIntervalHistogram(); // the recorder's current histogram, taken here to weigh it
        active.GetEstimatedFootprintInBytes().Should().BeLessThan(16 * 1024);
        active.TotalCount.Should().Be(1);
        series.CopyTotal().Should().BeAssignableTo<HistogramBase>().Which.TotalCount.Should().Be(100_003, "every count of the burst and after it is in the total");
    }
}
