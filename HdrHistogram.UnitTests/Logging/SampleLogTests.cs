namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// The sample log bundled in samples/latency.hlog (the README's main job runs the hdr tool on it): it holds every value
/// of a deterministic workload (<see cref="Workload"/>), and it is what <see cref="Generate"/> writes with a
/// <see cref="Recorder"/> and a <see cref="HistogramLogWriter"/>. Set HDR_WRITE_SAMPLES=1 to rewrite the file: that
/// run fails on purpose, so the new file is checked by the next, ordinary run. Only the payload bytes may differ
/// between runtimes (zlib versions); their histograms may not.
/// </summary>
public class SampleLogTests
{
    private const long StartMsec = 1_700_000_000_000;
    private const int Seconds = 60;
    private const int StallSecond = 42;
    private const long StallNanos = 800_000_000;
    private const long ExpectedIntervalNanos = 20_000_000;

    private static string SamplePath => Path.Combine(RepositoryRoot(), "samples", "latency.hlog");

    [Fact]
    public void The_bundled_sample_log_is_what_the_generator_writes()
    {
        using var generated = new MemoryStream();
        Generate(generated);
        if (Environment.GetEnvironmentVariable("HDR_WRITE_SAMPLES") == "1")
        {
            Directory.CreateDirectory(Path.GetDirectoryName(SamplePath)!);
            File.WriteAllBytes(SamplePath, generated.ToArray());
            Assert.Fail("HDR_WRITE_SAMPLES=1: rewrote " + SamplePath + "; run the tests again without it to check the new file.");
        }

        string expected = System.Text.Encoding.UTF8.GetString(generated.ToArray());
        string bundled = File.ReadAllText(SamplePath);
        LogWriterReplayTests.MaskPayloads(bundled).Should().Be(LogWriterReplayTests.MaskPayloads(expected));
        var bundledPayloads = LogWriterReplayTests.Payloads(bundled);
        var expectedPayloads = LogWriterReplayTests.Payloads(expected);
        bundledPayloads.Should().HaveCount(Seconds * 2);
        for (int i = 0; i < bundledPayloads.Count; i++)
        {
            HistogramEncoder.Encode(HistogramEncoding.DecodeFromBase64(bundledPayloads[i]))
                .Should().Equal(HistogramEncoder.Encode(HistogramEncoding.DecodeFromBase64(expectedPayloads[i])));
        }
    }

    [Fact]
    public void The_bundled_sample_log_holds_every_value_of_the_workload_in_its_second()
    {
        // The oracle is the workload's raw values, counted here bucket by bucket: not the recorder, writer or reader.
        var seconds = Workload().ToList();
        using var reader = new HistogramLogReader(SamplePath);
        var intervals = reader.ReadHistograms().ToList();
        intervals.Should().HaveCount(Seconds * 2);

        long requestTotal = 0;
        for (int second = 0; second < Seconds; second++)
        {
            var (requests, queries) = seconds[second];
            var requestValues = second == StallSecond ? requests.Concat(CorrectedStall()).ToArray() : requests;
            requestTotal += requestValues.Length;
            foreach (var (interval, tag, values) in new[] { (intervals[2 * second], (string?)null, requestValues), (intervals[(2 * second) + 1], "db", queries) })
            {
                interval.Tag.Should().Be(tag);
                interval.StartTimeStamp.Should().Be(StartMsec + (second * 1000L) + 3, "second {0}", second);
                interval.TotalCount.Should().Be(values.Length, "second {0}, tag {1}", second, tag);
                interval.GetMaxValue().Should().Be(interval.HighestEquivalentValue(values.Max()));
                foreach (var bucket in values.GroupBy(interval.LowestEquivalentValue))
                {
                    interval.GetCountAtValue(bucket.Key).Should().Be(bucket.Count(), "second {0}, tag {1}, value {2}", second, tag, bucket.Key);
                }
            }
        }

        requestTotal.Should().Be(30_402, "the README's hdr process example prints this total");
    }

    /// <summary>
    /// The workload, one entry per second: request latencies in nanoseconds (a body from 0.25 to 2.25 ms, 3% slow
    /// requests from 8 to 38 ms) and, for every fourth request, a database query latency. Integer arithmetic only, so
    /// every runtime generates the same values: products of uniform numbers give a body skewed towards its low end.
    /// </summary>
    internal static IEnumerable<(long[] Requests, long[] Queries)> Workload()
    {
        var random = new Random(20231114);
        for (int second = 0; second < Seconds; second++)
        {
            var requests = new long[400 + random.Next(200)];
            var queries = new List<long>();
            for (int i = 0; i < requests.Length; i++)
            {
                requests[i] = random.Next(100) < 97
                    ? 250_000 + ((long)random.Next(1000) * random.Next(1000) * 2)
                    : 8_000_000 + ((long)random.Next(1000) * random.Next(1000) * 30);
                if (i % 4 == 0)
                {
                    queries.Add(100_000 + ((long)random.Next(1000) * random.Next(600) * 2));
                }
            }

            yield return (requests, queries.ToArray());
        }
    }

    /// <summary>
    /// The values a 0.8 s stall stands for, corrected for coordinated omission with 20 ms expected between requests:
    /// the stall itself and one value per missed request, 780 ms down to 20 ms (Java's recordValueWithExpectedInterval).
    /// </summary>
    private static IEnumerable<long> CorrectedStall()
    {
        for (long value = StallNanos; value >= ExpectedIntervalNanos; value -= ExpectedIntervalNanos)
        {
            yield return value;
        }
    }

    /// <summary>
    /// 60 one-second intervals of <see cref="Workload"/> with a 0.8 s stall in second 42, untagged, plus a tagged "db"
    /// series of the query latencies, recorded with a <see cref="Recorder"/> and written with
    /// <see cref="HistogramLogWriter"/> as jHiccup would.
    /// </summary>
    internal static void Generate(Stream output)
    {
        var requests = new Recorder(1, 3_600_000_000_000, 3);
        var queries = new Recorder(1, 3_600_000_000_000, 3);
        HistogramBase? requestInterval = null;
        HistogramBase? queryInterval = null;
        using var writer = new HistogramLogWriter(output);
        writer.OutputComment("[Sample log: 60 s of simulated request latencies in ns (untagged) and database query latencies (Tag=db)]");
        writer.OutputLogFormatVersion();
        writer.OutputStartTime(StartMsec);
        writer.OutputBaseTime(StartMsec);
        writer.BaseTime = StartMsec;
        writer.OutputLegend();
        int second = 0;
        foreach (var (requestValues, queryValues) in Workload())
        {
            foreach (long nanos in requestValues)
            {
                requests.RecordValue(nanos);
            }

            foreach (long nanos in queryValues)
            {
                queries.RecordValue(nanos);
            }

            if (second == StallSecond)
            {
                requests.RecordValueWithExpectedInterval(StallNanos, ExpectedIntervalNanos);
            }

            requestInterval = requests.GetIntervalHistogram(requestInterval);
            queryInterval = queries.GetIntervalHistogram(queryInterval);
            foreach (var (h, tag) in new[] { (requestInterval, (string?)null), (queryInterval, "db") })
            {
                h.StartTimeStamp = StartMsec + (second * 1000L) + 3;
                h.EndTimeStamp = h.StartTimeStamp + 1000;
                h.Tag = tag;
                writer.OutputIntervalHistogram(h);
            }

            second++;
        }
    }

    private static string RepositoryRoot()
    {
        var dir = new DirectoryInfo(AppContext.BaseDirectory);
        while (dir is not null && !File.Exists(Path.Combine(dir.FullName, "HdrHistogram.sln")))
        {
            dir = dir.Parent;
        }

        return dir?.FullName ?? throw new InvalidOperationException("The repository root (HdrHistogram.sln) was not found above " + AppContext.BaseDirectory);
    }
}
