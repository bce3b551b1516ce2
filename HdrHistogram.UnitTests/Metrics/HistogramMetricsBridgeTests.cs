using System;
using System.Collections.Generic;
using System.Diagnostics.Metrics;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using FluentAssertions;
using HdrHistogram.Metrics;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.UnitTests.Metrics;

[Collection(AllocationMeter.Collection)]
public class HistogramMetricsBridgeTests
{
    [Fact]
    public void Every_measurement_from_many_threads_is_in_exactly_one_interval_under_its_instruments_tag()
    {
        string meterName = "hdr.tests." + Guid.NewGuid().ToString("N");
        using var log = new MemoryStream();
        var expectedLatency = new LongHistogram(3);
        var expectedDuration = new LongHistogram(3);
        long dropped;

        using (var writer = new HistogramLogWriter(log, leaveOpen: true))
        {
            var bridge = new HistogramMetricsBridge(writer, new HistogramMetricsBridgeOptions { Interval = TimeSpan.FromMilliseconds(15) })
                .Subscribe(meterName, "request.latency")
                .Subscribe(meterName, "request duration", unitScale: 1_000_000.0); // milliseconds recorded as nanoseconds
            using var meter = new Meter(meterName);
            var latency = meter.CreateHistogram<long>("request.latency");
            var duration = meter.CreateHistogram<double>("request duration");
            var ignored = meter.CreateHistogram<long>("not.subscribed");
            bridge.Start();

            const int threads = 4;
            const int perThread = 20_000;
            Parallel.For(0, threads, new ParallelOptions { MaxDegreeOfParallelism = threads }, t =>
            {
                for (int i = 0; i < perThread; i++)
                {
                    latency.Record((t * 100_000L) + i);
                    duration.Record(0.25 * (i % 400));
                    ignored.Record(i);
                    if (i % 5000 == 0)
                    {
                        // Intervals taken while writers are active: the timer may or may not fire on a
                        // loaded machine, so thread 0 also takes them explicitly (4 times, 2 instruments).
                        if (t == 0)
                        {
                            bridge.WriteIntervals();
                        }

                        Thread.Sleep(5);
                    }
                }

                latency.Record(-1); // cannot be recorded: dropped and counted
            });

            bridge.Dispose();
            dropped = bridge.DroppedMeasurements;

            for (int t = 0; t < threads; t++)
            {
                for (int i = 0; i < perThread; i++)
                {
                    expectedLatency.RecordValue((t * 100_000L) + i);
                    expectedDuration.RecordValue((long)Math.Round(0.25 * (i % 400) * 1_000_000.0));
                }
            }
        }

        dropped.Should().Be(4);

        log.Position = 0;
        var actual = new Dictionary<string, LongHistogram>
        {
            ["request.latency"] = new LongHistogram(3),
            ["request_duration"] = new LongHistogram(3),
        };
        int intervals = 0;
        using (var reader = new HistogramLogReader(log))
        {
            EncodableHistogram? interval;
            while ((interval = reader.NextIntervalHistogram()) != null)
            {
                intervals++;
                interval.Tag.Should().BeOneOf(actual.Keys);
                actual[interval.Tag!].Add((HistogramBase)interval);
            }
        }

        intervals.Should().BeGreaterThanOrEqualTo(10, "thread 0 took 4 intervals of 2 instruments while the writers ran, and Dispose took a last one per instrument");
        actual["request.latency"].Should().Be(expectedLatency);
        actual["request_duration"].Should().Be(expectedDuration);
    }

    [Fact]
    public void The_measurement_callback_allocates_nothing()
    {
        string meterName = "hdr.tests." + Guid.NewGuid().ToString("N");
        using var writer = new HistogramLogWriter(new MemoryStream());
        using var bridge = new HistogramMetricsBridge(writer, new HistogramMetricsBridgeOptions { Interval = TimeSpan.FromHours(1) })
            .Subscribe(meterName, "latency")
            .Subscribe(meterName, "seconds", unitScale: 1e9);
        using var meter = new Meter(meterName);
        var latency = meter.CreateHistogram<long>("latency");
        var seconds = meter.CreateHistogram<double>("seconds");
        bridge.Start();

        long allocated = AllocationMeter.Measure(
            () =>
            {
                for (int i = 0; i < 1000; i++)
                {
                    latency.Record(1000 + i);
                    seconds.Record(0.001 * i);
                    seconds.Record(double.NaN); // dropped, without allocating or throwing
                }
            },
            iterations: 10);

        allocated.Should().Be(0);
        bridge.DroppedMeasurements.Should().BeGreaterThan(0);
    }

    [Fact]
    public void Subscribing_after_start_and_bad_scales_are_rejected()
    {
        using var writer = new HistogramLogWriter(new MemoryStream());
        using var bridge = new HistogramMetricsBridge(writer);
        bridge.Invoking(b => b.Subscribe("m", "i", unitScale: 0)).Should().Throw<ArgumentOutOfRangeException>();
        bridge.Invoking(b => b.Subscribe("m", "i", unitScale: double.NaN)).Should().Throw<ArgumentOutOfRangeException>();
        bridge.Subscribe("m", "i");
        bridge.Start();
        bridge.Invoking(b => b.Subscribe("m", "j")).Should().Throw<InvalidOperationException>();
        bridge.Invoking(b => b.Start()).Should().Throw<InvalidOperationException>();
    }
}
