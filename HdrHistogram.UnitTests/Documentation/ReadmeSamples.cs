using System;
using System.IO;
using FluentAssertions;
using Xunit;

namespace HdrHistogram.UnitTests.Documentation;

/// <summary>The csharp samples of README.md, run, with what they print or do asserted.</summary>
public class ReadmeSamples
{
    [Fact]
    public void Example_prints_the_percentiles_the_README_states()
    {
        Console.TakeOutput();

        // doc-sample: readme-example
        // Values from 1 ns to 1 hour, 3 significant digits (0.1 % precision).
        var histogram = new LongHistogram(1, 3_600_000_000_000, 3);
        foreach (long latencyNs in new long[] { 850_000, 920_000, 1_010_000, 1_250_000, 48_000_000 })
        {
            histogram.RecordValue(latencyNs);
        }

        Console.WriteLine($"p50 = {histogram.GetValueAtPercentile(50)} ns, p99 = {histogram.GetValueAtPercentile(99)} ns");
        Console.WriteLine($"mean = {histogram.GetMean():F0} ns, max = {histogram.GetMaxValue()} ns, count = {histogram.TotalCount}");

        // Java's outputPercentileDistribution, character for character, values in milliseconds.
        histogram.OutputPercentileDistribution(Console.Out, outputValueUnitScalingRatio: OutputScalingFactor.NanosecondsToMilliseconds);
        // end-doc-sample

        string[] lines = Console.TakeOutput().Split('\n');

        // At 3 digits a value v >= 2048 lies in a unit of 2^(floor(log2 v) - 10): 1,010,000 in 512-wide units, the one
        // from 1,009,664 to 1,010,175; 48,000,000 in 32,768-wide units, from 47,972,352 to 48,005,119. The p50 of five
        // values is the third, the p99 the fifth, each reported as its unit's highest value; the mean uses each unit's
        // middle: (850,176 + 919,808 + 1,009,920 + 1,249,792 + 47,988,736) / 5 = 10,403,686.4.
        lines[0].Should().Be("p50 = 1010175 ns, p99 = 48005119 ns");
        lines[1].Should().Be("mean = 10403686 ns, max = 48005119 ns, count = 5");
        lines[2].Should().Be("       Value     Percentile TotalCount 1/(1-Percentile)");
        lines.Should().Contain("#[Max     =       48.005, Total count    =            5]");
    }

    [Fact]
    public void Recorder_and_log_sample_writes_three_intervals_and_reads_them_back_typed()
    {
        Console.TakeOutput();
        string dir = Path.Combine(Path.GetTempPath(), "hdr-doc-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(dir);
        string path = Path.Combine(dir, "latency.hlog");
        try
        {
            // doc-sample: readme-recorder-log
            var recorder = new Recorder(1, 3_600_000_000_000, 3);
            using (var writer = new HistogramLogWriter(path))
            {
                writer.OutputLogFormatVersion();
                writer.OutputStartTime(DateTimeOffset.UtcNow.ToUnixTimeMilliseconds());
                writer.OutputLegend();
                HistogramBase? interval = null;
                for (int second = 1; second <= 3; second++)
                {
                    recorder.RecordValue(second * 1_000_000);           // from any thread, allocation-free
                    interval = recorder.GetIntervalHistogram(interval); // everything since the last call; recycles the previous one
                    writer.OutputIntervalHistogram(interval);
                }
            }

            using var reader = new HistogramLogReader(path);
            HistogramBase? h = null;
            while ((h = reader.NextHistogram(h)) is not null)       // reuses h for the next line: copy it to keep it
            {
                Console.WriteLine($"{h.StartTimeStamp}: {h.TotalCount} values, p99 = {h.GetValueAtPercentile(99)} ns");
            }
            // end-doc-sample

            string[] lines = Console.TakeOutput().TrimEnd('\n').Split('\n');
            lines.Should().HaveCount(3);

            // Units of 512 (1,000,000: to 1,000,447), 1,024 (2,000,000: to 2,000,895) and 2,048 (3,000,000: to 3,000,319).
            lines[0].Should().EndWith(": 1 values, p99 = 1000447 ns");
            lines[1].Should().EndWith(": 1 values, p99 = 2000895 ns");
            lines[2].Should().EndWith(": 1 values, p99 = 3000319 ns");
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }
}
