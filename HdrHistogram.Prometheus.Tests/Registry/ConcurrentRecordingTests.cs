using System.Buffers;
using System.Linq;
using System.Threading;
using FluentAssertions;
using HdrHistogram.Prometheus.NativeHistograms;
using HdrHistogram.Prometheus.Registry;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.Registry;

public class ConcurrentRecordingTests
{
    [Theory]
    [InlineData("array")]
    [InlineData("packed")]
    public void Nothing_recorded_during_scrapes_is_lost_or_counted_twice(string histograms)
    {
        const int writersPerSeries = 2;
        const int valuesPerWriter = 300_000;
        var registry = new PrometheusHistogramRegistry();
        var family = registry.CreateHistogram("stress_values", "h", new PrometheusHistogramOptions { LabelNames = new[] { "series" }, MaxNativeBuckets = null });
        Recorder NewRecorder() => histograms == "packed"
            ? PrometheusHistogramOptions.CreatePackedRecorder(1, 10_000_000, 3)
            : new Recorder(1, 10_000_000, 3);
        var recorders = new[] { NewRecorder(), NewRecorder() };
        var doubleRecorder = new DoubleRecorder(100_000_000, 3);
        family.Add(recorders[0], "a");
        family.Add(recorders[1], "b");
        var doubleFamily = registry.CreateHistogram("stress_double", "h");
        doubleFamily.Add(doubleRecorder);

        static long Value(int writer, int i) => 1 + ((i * 7919L) + writer) % 5_000_000;

        using var start = new Barrier((recorders.Length * writersPerSeries) + 1);
        int scrapes = 0;
        var writers = Enumerable.Range(0, recorders.Length * writersPerSeries).Select(w => new Thread(() =>
        {
            var recorder = recorders[w % recorders.Length];
            start.SignalAndWait();
            for (int i = 0; i < valuesPerWriter; i++)
            {
                if (i == valuesPerWriter / 2)
                {
                    // However the machine schedules the threads, some scrapes fall in the middle of the recording.
                    SpinWait.SpinUntil(() => Volatile.Read(ref scrapes) >= 2);
                }

                recorder.RecordValue(Value(w, i));
                if ((i & 7) == 0)
                {
                    doubleRecorder.RecordValue(Value(w, i) / 1000.0);
                }
            }
        })).ToList();
        writers.ForEach(t => t.Start());

        ulong[] previous = new ulong[3];
        start.SignalAndWait();
        while (writers.Any(t => t.IsAlive))
        {
            var counts = ProtobufScrapes.Write(registry).SelectMany(f => f.Metrics).Select(m => m.Histogram!.SampleCount).ToArray();
            for (int i = 0; i < counts.Length; i++)
            {
                counts[i].Should().BeGreaterThanOrEqualTo(previous[i], "a running total never goes down");
            }

            previous = counts;
            Interlocked.Increment(ref scrapes);
        }

        writers.ForEach(t => t.Join());
        var families = ProtobufScrapes.Write(registry);
        scrapes.Should().BeGreaterThan(1);

        for (int s = 0; s < recorders.Length; s++)
        {
            var expected = new LongHistogram(1, 10_000_000, 3);
            for (int w = s; w < recorders.Length * writersPerSeries; w += recorders.Length)
            {
                for (int i = 0; i < valuesPerWriter; i++)
                {
                    expected.RecordValue(Value(w, i));
                }
            }

            var native = new NativeHistogram();
            NativeHistogramConverter.Convert(expected, 1.0, native);
            var h = families[0].Metrics[s].Histogram!;
            h.SampleCount.Should().Be((ulong)(writersPerSeries * valuesPerWriter));
            h.PositiveDeltas.Should().Equal(native.PositiveDeltas.ToArray());
            h.PositiveSpans.Should().Equal(native.PositiveSpans.ToArray().Select(x => (x.Offset, x.Length)));
        }

        families[1].Metrics[0].Histogram!.SampleCount.Should().Be((ulong)(recorders.Length * writersPerSeries * (valuesPerWriter / 8)));
    }
}
