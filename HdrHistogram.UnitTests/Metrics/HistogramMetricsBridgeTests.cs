using System.Diagnostics.Metrics;
using System.Threading;
using System.Threading.Tasks;
using HdrHistogram.Metrics;

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
                    seconds.Record(-1e-12);
                    latency.Record(-1);
                }
            },
            iterations: 10);

        allocated.Should().Be(0);
        bridge.DroppedMeasurements.Should().BeGreaterThan(0);
    }

    // (measurement, unit scale, the value recorded or null when the measurement must be dropped), written out by hand.
    // Each row is played through every instrument type that can represent the measurement exactly.
    private static readonly (double Measurement, double Scale, long? Recorded)[] ScalingCases =
    {
        (-0.25, 1.0, null),
        (-0.5, 1.0, null),
        (-0.6, 1.0, null),
        (-1, 1.0, null),
        (-1, 0.001, null),             // rounds to 0 after scaling: still negative, dropped
        (-400, 0.001, null),
        (-1e-10, 1e9, null),
        (-1e-300, 1e-300, null),       // the scaled product underflows to -0.0: the measurement is still negative
        (-128, 1e6, null),
        (-32768, 1.0, null),
        (double.NaN, 1.0, null),
        (double.PositiveInfinity, 1.0, null),
        (double.NegativeInfinity, 1e-9, null),
        (1e19, 1.0, null),             // beyond long
        (1e300, 1e300, null),          // the scaled product overflows to infinity
        (0, 1.0, 0),
        (0, 0.001, 0),
        (-0.0, 1e9, 0),                // negative zero is zero
        (0.25, 1.0, 0),
        (0.75, 1.0, 1),
        (1e-10, 1e9, 0),
        (7, 1.0, 7),
        (1.4, 1000, 1400),
        (400, 0.001, 0),
        (1600, 0.001, 2),
        (127, 1e6, 127_000_000),
        (255, 0.001, 0),
        (32767, 1e9, 32_767_000_000_000),
        (4e18, 2.0, 8_000_000_000_000_000_000),
        (long.MaxValue, 1.0, long.MaxValue),
        (1.5e-6, 1e9, 1500),
    };

    [Fact]
    public void Every_instrument_type_and_scale_records_non_negative_measurements_and_drops_the_rest()
    {
        string meterName = "hdr.tests." + Guid.NewGuid().ToString("N");
        using var log = new MemoryStream();
        var expected = new Dictionary<string, LongHistogram>();
        long expectedDropped = 0;
        long dropped;

        using (var writer = new HistogramLogWriter(log, leaveOpen: true))
        {
            var bridge = new HistogramMetricsBridge(writer, new HistogramMetricsBridgeOptions { Interval = TimeSpan.FromHours(1) });
            var scales = new List<double>();
            foreach (var row in ScalingCases)
            {
                if (!scales.Contains(row.Scale))
                {
                    scales.Add(row.Scale);
                }
            }

            var types = new[] { "byte", "short", "int", "long", "float", "double", "decimal" };
            foreach (string type in types)
            {
                for (int s = 0; s < scales.Count; s++)
                {
                    bridge.Subscribe(meterName, type + ".s" + s, scales[s]);
                    expected[type + ".s" + s] = new LongHistogram(3);
                }
            }

            using var meter = new Meter(meterName);
            bridge.Start();
            var instruments = new Dictionary<string, Instrument>();
            foreach (string type in types)
            {
                for (int s = 0; s < scales.Count; s++)
                {
                    string name = type + ".s" + s;
                    instruments[name] = type switch
                    {
                        "byte" => meter.CreateHistogram<byte>(name),
                        "short" => meter.CreateHistogram<short>(name),
                        "int" => meter.CreateHistogram<int>(name),
                        "long" => meter.CreateHistogram<long>(name),
                        "float" => meter.CreateHistogram<float>(name),
                        "double" => meter.CreateHistogram<double>(name),
                        _ => meter.CreateHistogram<decimal>(name),
                    };
                }
            }

            int played = 0;
            foreach (var (measurement, scale, recorded) in ScalingCases)
            {
                foreach (string type in types)
                {
                    string name = type + ".s" + scales.IndexOf(scale);
                    if (!TryRecord(instruments[name], type, measurement))
                    {
                        continue; // the type cannot hold this measurement exactly
                    }

                    played++;
                    if (recorded is long value)
                    {
                        expected[name].RecordValue(value);
                    }
                    else
                    {
                        expectedDropped++;
                    }
                }
            }

            played.Should().BeGreaterThan(ScalingCases.Length * 3);
            bridge.Dispose();
            dropped = bridge.DroppedMeasurements;
        }

        var actual = new Dictionary<string, LongHistogram>();
        foreach (string tag in expected.Keys)
        {
            actual[tag] = new LongHistogram(3);
        }

        log.Position = 0;
        using (var reader = new HistogramLogReader(log))
        {
            EncodableHistogram? interval;
            while ((interval = reader.NextIntervalHistogram()) != null)
            {
                actual[interval.Tag!].Add((HistogramBase)interval);
            }
        }

        foreach (string tag in expected.Keys)
        {
            actual[tag].Should().Be(expected[tag], "instrument {0} records exactly the non-negative measurements", tag);
            actual[tag].TotalCount.Should().Be(expected[tag].TotalCount, "instrument {0}", tag);
        }

        dropped.Should().Be(expectedDropped);
    }

    private static bool TryRecord(Instrument instrument, string type, double measurement)
    {
        if (measurement == 9223372036854775808.0)
        {
            // The row for long.MaxValue (2^63 as a double): only a long instrument can hold it.
            if (type == "long")
            {
                ((Histogram<long>)instrument).Record(long.MaxValue);
            }

            return type == "long";
        }

        switch (type)
        {
            case "byte" when measurement is >= byte.MinValue and <= byte.MaxValue && (byte)measurement == measurement:
                ((Histogram<byte>)instrument).Record((byte)measurement);
                return true;
            case "short" when measurement is >= short.MinValue and <= short.MaxValue && (short)measurement == measurement:
                ((Histogram<short>)instrument).Record((short)measurement);
                return true;
            case "int" when measurement is >= int.MinValue and <= int.MaxValue && (int)measurement == measurement:
                ((Histogram<int>)instrument).Record((int)measurement);
                return true;
            case "long" when measurement is >= -9.2e18 and <= 9.2e18 && (long)measurement == measurement:
                ((Histogram<long>)instrument).Record((long)measurement);
                return true;
            case "float" when double.IsNaN(measurement) || (float)measurement == measurement:
                ((Histogram<float>)instrument).Record((float)measurement);
                return true;
            case "double":
                ((Histogram<double>)instrument).Record(measurement);
                return true;
            case "decimal" when Math.Abs(measurement) is >= 1e-20 and <= 1e20 || measurement == 0:
                decimal exact = (decimal)measurement;
                if ((double)exact != measurement)
                {
                    return false;
                }

                ((Histogram<decimal>)instrument).Record(exact);
                return true;
            default:
                return false;
        }
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
