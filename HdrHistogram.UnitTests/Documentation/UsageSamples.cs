using System;
using System.Collections.Generic;
using System.Diagnostics.Metrics;
using System.IO;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Metrics;
using Xunit;

namespace HdrHistogram.UnitTests.Documentation;

/// <summary>The csharp samples of docs/usage.md, run, with what they do asserted.</summary>
public class UsageSamples
{
    [Fact]
    public void Histogram_kinds_sample_records_and_prints()
    {
        Console.TakeOutput();

        // doc-sample: usage-histograms
        // Values from 1 ns to 1 hour, 3 significant digits.
        var histogram = new LongHistogram(1, 3_600_000_000_000, 3);
        histogram.RecordValue(1_250_000);
        histogram.RecordValueWithCount(800_000, 10);

        long p99 = histogram.GetValueAtPercentile(99.0);
        double mean = histogram.GetMean();

        // Java's outputPercentileDistribution, character for character, in any culture (values printed in ms).
        histogram.OutputPercentileDistribution(Console.Out, outputValueUnitScalingRatio: OutputScalingFactor.NanosecondsToMilliseconds);

        // Auto-resizing (Java's Histogram(int digits)): grows to fit whatever is recorded.
        var growing = new LongHistogram(3);

        // Many writer threads.
        var concurrent = HistogramFactory.With64BitBucketSize().WithValuesUpTo(3_600_000_000_000).WithThreadSafeWrites().Create();

        // Double values in any unit (Java's DoubleHistogram): the covered range follows the values.
        var seconds = new DoubleHistogram(3);
        seconds.RecordValue(0.000_125);
        seconds.RecordValue(2.5);
        seconds.OutputPercentileDistribution(Console.Out);
        // end-doc-sample

        // 1,250,000 lies in the 1,024-wide unit 1,249,280..1,250,303, 800,000 in the 512-wide unit 799,744..800,255;
        // the mean uses the units' middles: (10 * 800,000 + 1,249,792) / 11. In the DoubleHistogram, 2.5 lies among
        // [2, 4), which 1,024 units of 2 / 1,024 cover: the unit from 2.5 to 2.50195..., whose top is its maximum.
        p99.Should().Be(1_250_303);
        mean.Should().BeApproximately(9_249_792 / 11.0, 1e-6);
        growing.RecordValue(long.MaxValue / 4);
        growing.TotalCount.Should().Be(1, "an auto-resizing histogram takes any value");
        concurrent.Should().BeOfType<LongConcurrentHistogram>();
        seconds.TotalCount.Should().Be(2);
        string output = Console.TakeOutput();
        output.Split('\n').Where(l => l.StartsWith("#[Max", StringComparison.Ordinal)).Should().Equal(
            "#[Max     =        1.250, Total count    =           11]",
            "#[Max     =        2.502, Total count    =            2]");
    }

    [Fact]
    public void Recorder_samples_take_interval_histograms()
    {
        long latencyNs = 1_250_000;

        // doc-sample: usage-recorder
        var recorder = new Recorder(1, 3_600_000_000_000, 3);   // or new Recorder(3): auto-resizing
        recorder.RecordValue(latencyNs);                          // any thread

        HistogramBase? interval = null;
        interval = recorder.GetIntervalHistogram(interval);       // reader: recycle the previous interval, allocate nothing

        // Upstream's builder: a Recorder over the configured histogram kind (concurrent ones with WithThreadSafeWrites()).
        Recorder r32 = HistogramFactory.With32BitBucketSize().WithThreadSafeWrites().WithThreadSafeReads().Create();
        SingleWriterRecorder r16 = HistogramFactory.With16BitBucketSize().WithThreadSafeReads().CreateSingleWriter();
        // end-doc-sample

        interval.TotalCount.Should().Be(1);
        interval.GetMaxValue().Should().Be(1_250_303);
        r32.GetIntervalHistogram().Should().BeOfType<IntConcurrentHistogram>();
        r16.GetIntervalHistogram().Should().BeOfType<ShortHistogram>();

        // doc-sample: usage-double-recorder
        var seconds = new DoubleRecorder(3);                      // auto-ranging; or new DoubleRecorder(1_000_000, 3): fixed dynamic range
        seconds.RecordValue(0.0042);
        DoubleHistogram? doubles = null;
        doubles = seconds.GetIntervalHistogram(doubles);
        // end-doc-sample

        doubles.TotalCount.Should().Be(1);
        doubles.ValuesAreEquivalent(doubles.GetMaxValue(), 0.0042).Should().BeTrue();
    }

    [Fact]
    public void Metrics_bridge_sample_writes_each_instrument_to_the_log()
    {
        string dir = Path.Combine(Path.GetTempPath(), "hdr-doc-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(dir);
        string path = Path.Combine(dir, "service.hlog");
        try
        {
            using var meter = new Meter("MyCompany.Service");
            var duration = meter.CreateHistogram<double>("http.server.request.duration");
            var query = meter.CreateHistogram<long>("db.query.latency.ns");
            {
                // doc-sample: usage-metrics-bridge
                using var writer = new HistogramLogWriter(path);
                using var bridge = new HistogramMetricsBridge(writer, new HistogramMetricsBridgeOptions { Interval = TimeSpan.FromSeconds(5) })
                    .Subscribe("MyCompany.Service", "http.server.request.duration", unitScale: 1e9) // seconds recorded as nanoseconds
                    .Subscribe("MyCompany.Service", "db.query.latency.ns");
                bridge.Start();   // writes the log header, starts listening and the timer
                // ... the service records through its Meter as usual; Dispose writes the last intervals.
                // end-doc-sample

                duration.Record(0.0125);
                query.Record(300_000);
                query.Record(500_000);
            }

            var byTag = new Dictionary<string, long>();
            var maxByTag = new Dictionary<string, long>();
            using var reader = new HistogramLogReader(path);
            foreach (var h in reader.ReadHistograms())
            {
                byTag[h.Tag!] = byTag.GetValueOrDefault(h.Tag!) + h.TotalCount;
                maxByTag[h.Tag!] = Math.Max(maxByTag.GetValueOrDefault(h.Tag!), h.GetMaxValue());
            }

            byTag.Should().Equal(new Dictionary<string, long> { ["http.server.request.duration"] = 1, ["db.query.latency.ns"] = 2 });

            // 12,500,000 ns lies in the 8,192-wide unit 12,492,800..12,500,991; 500,000 in the 256-wide one 499,968..500,223.
            maxByTag["http.server.request.duration"].Should().Be(12_500_991);
            maxByTag["db.query.latency.ns"].Should().Be(500_223);
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }
}
