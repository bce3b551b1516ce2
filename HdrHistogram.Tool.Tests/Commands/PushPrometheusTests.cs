using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text.Json;
using System.Text.RegularExpressions;
using FluentAssertions;
using HdrHistogram.Prometheus.NativeHistograms;
using HdrHistogram.Prometheus.Tests;
using HdrHistogram.Tool.Tests.Infrastructure;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests.Commands;

/// <summary>
/// <c>hdr push</c> against a real Prometheus 2.42 receiver (native histograms, remote write): what Prometheus stores is
/// compared with what the library reads from the same log, never with what the push code computed.
/// </summary>
public sealed class PushPrometheusTests : IClassFixture<PrometheusServer>
{
    private static readonly double[] Quantiles = { 0.5, 0.9, 0.99, 0.999 };

    private readonly PrometheusServer _prometheus;

    public PushPrometheusTests(PrometheusServer prometheus)
    {
        _prometheus = prometheus;
    }

    [PrometheusFact]
    public void The_sample_log_pushed_with_now_is_stored_as_cumulative_native_histograms_per_tag()
    {
        string run = Guid.NewGuid().ToString("N")[..12];
        long before = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        var result = ToolRunner.Run("push", RepositoryFiles.SampleLog, "--url", _prometheus.WriteUrl, "--now", "--label", "run=" + run, "--batch", "7");
        long after = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        result.ExitCode.Should().Be(0, "stderr: {0}\nprometheus: {1}", result.Stderr, _prometheus.Log);
        result.Stderr.Should().BeEmpty();

        // The expectation, from the log by the library: each tag's intervals in order, and their sum.
        var intervals = new List<HistogramBase>();
        using (var reader = new HistogramLogReader(RepositoryFiles.SampleLog))
        {
            intervals.AddRange(reader.ReadHistograms());
        }

        var byTag = intervals.GroupBy(h => h.Tag).OrderBy(g => g.Key ?? string.Empty, StringComparer.Ordinal).ToList();
        byTag.Select(g => g.Key).Should().Equal(null, "db");

        // 120 samples, 7 to a request: 18 requests.
        var iso = @"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z";
        result.Text.Should().MatchRegex(
            "^hdr_log_latency_seconds\\{run=\"" + run + "\"\\}: 60 samples \\(60 accepted, 0 refused\\), the last at (?<last>" + iso + ") with count 30402\n"
            + "hdr_log_latency_seconds\\{run=\"" + run + "\",tag=\"db\"\\}: 60 samples \\(60 accepted, 0 refused\\), the last at \\k<last> with count 7612\n"
            + "Pushed " + Regex.Escape(RepositoryFiles.SampleLog) + " to " + Regex.Escape(_prometheus.WriteUrl) + ": 120 samples in 18 requests, 120 accepted, 0 refused; times shifted by \\+\\d+\\.\\d{3} s \\(--now\\)\n$");

        using var summary = JsonDocument.Parse(ToolRunner.Run("summary", RepositoryFiles.SampleLog, "--json", "--ratio", "1").ShouldSucceed().Text);
        var summaryTags = summary.RootElement.GetProperty("tags").EnumerateArray().ToList();
        foreach (var tag in byTag)
        {
            var log = tag.ToList();
            log.Should().HaveCount(60);
            var total = log[0].Copy();
            total.Reset();
            foreach (var interval in log)
            {
                total.Add(interval);
            }

            total.TotalCount.Should().Be(tag.Key is null ? 30402 : 7612);
            string selector = "hdr_log_latency_seconds{run=\"" + run + "\"" + (tag.Key is null ? ",tag=\"\"" : ",tag=\"" + tag.Key + "\"") + "}";

            // One sample per interval, each the running total, at the interval's end shifted by one amount: the last ends
            // when the push started.
            var samples = _prometheus.HistogramSamples(selector, "10m");
            samples.Should().HaveCount(60, "{0}", selector);
            long shift = samples[^1].TimestampMs - log[^1].EndTimeStamp;
            samples[^1].TimestampMs.Should().BeInRange(before, after);
            long cumulative = 0;
            for (int i = 0; i < log.Count; i++)
            {
                cumulative += log[i].TotalCount;
                samples[i].Should().Be((log[i].EndTimeStamp + shift, cumulative), "sample {0} of {1}", i, selector);
            }

            // The last sample: count exact, sum the HDR mean times the count, quantiles within the conversion's bound of
            // the HDR values (which hdr summary prints).
            _prometheus.Scalar("histogram_count(" + selector + ")").Should().Be(total.TotalCount);
            double sum = _prometheus.Scalar("histogram_sum(" + selector + ")");
            double expectedSum = total.GetMean() * total.TotalCount * 1e-9;
            Math.Abs(sum - expectedSum).Should().BeLessThanOrEqualTo(1e-9 * expectedSum, "histogram_sum {0}, expected {1}", sum, expectedSum);

            var printed = summaryTags.Single(t => t.GetProperty("tag").ValueKind == JsonValueKind.Null ? tag.Key is null : t.GetProperty("tag").GetString() == tag.Key)
                .GetProperty("percentiles");
            double bound = NativeHistogramSchema.MaxRelativeQuantileError(NativeHistogramSchema.ForSubBucketCount(total.SubBucketCount), total.SubBucketCount);
            foreach (double q in Quantiles)
            {
                string key = (q * 100).ToString("R", CultureInfo.InvariantCulture);
                printed.GetProperty(key).GetInt64().Should().Be(total.GetValueAtPercentile(q * 100), "hdr summary prints the library's p{0}", key);
                double answer = _prometheus.Scalar(string.Create(CultureInfo.InvariantCulture, $"histogram_quantile({q}, {selector})"));
                double slack = 1.0 / total.TotalCount;
                double low = total.GetValueAtPercentile(Math.Max(0, q - slack) * 100) * 1e-9;
                double high = total.GetValueAtPercentile(Math.Min(1, q + slack) * 100) * 1e-9;
                answer.Should().BeInRange(low * (1 - bound), high * (1 + bound), "{0} q={1}: the HDR values at ranks q·n ± 1 are {2} to {3}, bound {4:P3}", selector, q, low, high, bound);
            }
        }
    }

    [PrometheusFact]
    public void Samples_older_than_the_head_block_are_refused_one_by_one_and_explained_and_the_rest_are_taken()
    {
        // Prometheus takes samples from about an hour before the newest it holds: give it a newest one, now.
        ToolRunner.Run("push", RepositoryFiles.SampleLog, "--url", _prometheus.WriteUrl, "--now", "--label", "run=" + Guid.NewGuid().ToString("N")[..12], "--tag", "db")
            .ShouldSucceed();

        // Eight 10-minute intervals in microseconds, ending 150, 130, ..., 10 minutes ago: the five older than an hour are refused.
        using var temp = new TempFolder();
        string path = temp.File("hours.hlog");
        long now = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        long startMs = now - (160 * 60_000L);
        var intervals = new List<HistogramBase>();
        using (var writer = new HistogramLogWriter(path))
        {
            writer.OutputLogFormatVersion();
            writer.OutputStartTime(startMs);
            writer.OutputLegend();
            for (int i = 0; i < 8; i++)
            {
                var h = new LongHistogram(3_600_000_000L, 3);
                h.RecordValueWithCount(1000 * (i + 1), i + 1);
                h.RecordValue(250_000);
                writer.OutputIntervalHistogram(i * 1200.0, (i * 1200.0) + 600.0, h);
                intervals.Add(h);
            }
        }

        string run = Guid.NewGuid().ToString("N")[..12];
        string selector = "hdr_log_latency_seconds{run=\"" + run + "\"}";
        var result = ToolRunner.Run("push", path, "--url", _prometheus.WriteUrl, "--values-in", "us", "--label", "run=" + run);

        string Iso(long ms) => DateTimeOffset.FromUnixTimeMilliseconds(ms).UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture);
        long[] ends = Enumerable.Range(0, 8).Select(i => startMs + ((i * 1200L) + 600) * 1000).ToArray();
        result.ExitCode.Should().Be(1, "stderr: {0}", result.Stderr);
        result.Stderr.Should().Be(
            "hdr push: refused: " + selector + " at " + Iso(ends[0]) + ": the receiver said 'out of bounds'\n"
            + "hdr push: refused: 4 more with 'out of bounds'\n"
            + "hdr push: note: the receiver refused samples as too old ('out of bounds'): Prometheus takes native-histogram samples only while they fit its head block, "
            + "from about an hour before the newest sample it holds (the head spans the last two to three hours), so a log older than that is refused. "
            + "The samples were from " + Iso(ends[0]) + " to " + Iso(ends[7]) + "; --now shifts them so that the last interval ends now.\n"
            + "hdr push: error: 5 of 8 samples refused by the receiver (its messages above)\n");

        // One request of eight refused as a whole, then each sample on its own.
        var total = new LongHistogram(3_600_000_000L, 3);
        foreach (var h in intervals)
        {
            total.Add(h);
        }

        result.Text.Should().Be(
            selector + ": 8 samples (3 accepted, 5 refused), the last at " + Iso(ends[7]) + " with count " + total.TotalCount + "\n"
            + "Pushed " + path + " to " + _prometheus.WriteUrl + ": 8 samples in 9 requests, 3 accepted, 5 refused\n");

        var cumulative = intervals.Select((h, i) => intervals.Take(i + 1).Sum(x => x.TotalCount)).ToList();
        _prometheus.HistogramSamples(selector, "3h").Should().Equal(
            Enumerable.Range(5, 3).Select(i => (ends[i], cumulative[i])), "the three recent samples are stored");
        _prometheus.Scalar("histogram_count(" + selector + ")", ends[7]).Should().Be(total.TotalCount);
        double sum = _prometheus.Scalar("histogram_sum(" + selector + ")", ends[7]);
        double expectedSum = total.GetMean() * total.TotalCount * 1e-6;
        Math.Abs(sum - expectedSum).Should().BeLessThanOrEqualTo(1e-9 * expectedSum, "--values-in us: values in seconds are microseconds times 1e-6");
    }
}
