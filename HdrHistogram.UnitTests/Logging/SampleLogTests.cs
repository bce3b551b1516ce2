using System;
using System.IO;
using FluentAssertions;
using HdrHistogram.Encoding;
using Xunit;

namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// The sample log bundled in samples/latency.hlog (the README's main job runs the hdr tool on it) is what
/// <see cref="Generate"/> writes: a deterministic Recorder workload. Set HDR_WRITE_SAMPLES=1 to rewrite the file.
/// Only the payload bytes may differ between runtimes (zlib versions); their histograms may not.
/// </summary>
public class SampleLogTests
{
    private const long StartMsec = 1_700_000_000_000;
    private const int Seconds = 60;

    [Fact]
    public void The_bundled_sample_log_is_what_the_generator_writes()
    {
        string path = Path.Combine(RepositoryRoot(), "samples", "latency.hlog");
        using var generated = new MemoryStream();
        Generate(generated);
        if (Environment.GetEnvironmentVariable("HDR_WRITE_SAMPLES") == "1")
        {
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllBytes(path, generated.ToArray());
        }

        string expected = System.Text.Encoding.UTF8.GetString(generated.ToArray());
        string bundled = File.ReadAllText(path);
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

    /// <summary>
    /// 60 one-second intervals of simulated request latencies in nanoseconds (a body from 0.25 to 2.25 ms, 3% slow
    /// requests from 8 to 38 ms, a 0.8 s stall in second 42), untagged, plus a tagged "db" series of query latencies, recorded
    /// with a <see cref="Recorder"/> and written with <see cref="HistogramLogWriter"/> as jHiccup would.
    /// </summary>
    internal static void Generate(Stream output)
    {
        var random = new Random(20231114);
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
        for (int second = 0; second < Seconds; second++)
        {
            int count = 400 + random.Next(200);
            for (int i = 0; i < count; i++)
            {
                // Integer arithmetic only, so every runtime generates the same values: products of uniform numbers
                // give a body skewed towards its low end, and 3% of the requests take a slow path.
                long nanos = random.Next(100) < 97
                    ? 250_000 + ((long)random.Next(1000) * random.Next(1000) * 2)
                    : 8_000_000 + ((long)random.Next(1000) * random.Next(1000) * 30);
                requests.RecordValue(nanos);
                if (i % 4 == 0)
                {
                    queries.RecordValue(100_000 + ((long)random.Next(1000) * random.Next(600) * 2));
                }
            }

            if (second == 42)
            {
                // A 0.8 s stall, corrected for coordinated omission with the 20 ms expected between requests.
                requests.RecordValueWithExpectedInterval(800_000_000, 20_000_000);
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
