using System;
using System.Buffers;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.NativeHistograms;
using HdrHistogram.Prometheus.Registry;
using HdrHistogram.Prometheus.Tests.Protobuf;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.Exposition;

public class ExpositionTests
{
    private static readonly DateTimeOffset Created = new(2026, 11, 27, 12, 0, 0, 250, TimeSpan.Zero);

    private static (PrometheusHistogramRegistry Registry, Recorder Recorder) RequestRegistry(string labelValue)
    {
        var registry = new PrometheusHistogramRegistry(new FixedTimeProvider(Created));
        var family = registry.CreateHistogram("req_seconds", "Request \\ time\nsecond line", new PrometheusHistogramOptions
        {
            LabelNames = new[] { "route" },
            Unit = "seconds",
            ValueScale = 1e-9,
            ClassicBucketBounds = new[] { 0.001, 0.01 },
        });
        var recorder = new Recorder(1, 3_600_000_000_000, 3);
        recorder.RecordValueWithCount(500_000, 2); // HDR [499968, 500223], middle 500096
        recorder.RecordValue(5_000_000); // [4997120, 5001215], middle 4999168
        recorder.RecordValue(50_000_000); // [49971200, 50003967], middle 49987584
        family.Add(recorder, labelValue);
        return (registry, recorder);
    }

    private static string Scrape(PrometheusHistogramRegistry registry, PrometheusExpositionFormat format, out byte[] bytes)
    {
        if (format == PrometheusExpositionFormat.Text)
        {
            bytes = TextScrapes.WriteBytes(registry);
        }
        else
        {
            bytes = ProtobufScrapes.WriteBytes(registry);
        }

        return System.Text.Encoding.UTF8.GetString(bytes);
    }

    [Fact]
    public void The_text_format_is_exactly_the_classic_histogram_with_escaped_help_and_labels()
    {
        var (registry, _) = RequestRegistry("/x\"y\\z\nw");
        string text = Scrape(registry, PrometheusExpositionFormat.Text, out _);
        const string labels = "route=\"/x\\\"y\\\\z\\nw\"";
        text.Should().Be(
            "# HELP req_seconds Request \\\\ time\\nsecond line\n"
            + "# TYPE req_seconds histogram\n"
            + "# UNIT req_seconds seconds\n"
            + "req_seconds_bucket{" + labels + ",le=\"0.001\"} 2\n"
            + "req_seconds_bucket{" + labels + ",le=\"0.01\"} 3\n"
            + "req_seconds_bucket{" + labels + ",le=\"+Inf\"} 4\n"
            + "req_seconds_sum{" + labels + "} 0.055986944000000004\n"
            + "req_seconds_count{" + labels + "} 4\n"
            + "# HELP req_seconds_created When the series' counting started, in seconds since the Unix epoch.\n"
            + "# TYPE req_seconds_created gauge\n"
            + "req_seconds_created{" + labels + "} 1795780800.25\n");
    }

    [Fact]
    public void Text_output_does_not_depend_on_the_culture()
    {
        var (registry, _) = RequestRegistry("a");
        string invariant = Scrape(registry, PrometheusExpositionFormat.Text, out _);
        var culture = System.Globalization.CultureInfo.CurrentCulture;
        try
        {
            System.Globalization.CultureInfo.CurrentCulture = new System.Globalization.CultureInfo("de-DE");
            var (registry2, _) = RequestRegistry("a");
            Scrape(registry2, PrometheusExpositionFormat.Text, out _).Should().Be(invariant);
        }
        finally
        {
            System.Globalization.CultureInfo.CurrentCulture = culture;
        }
    }

    [Fact]
    public void The_protobuf_format_parses_back_as_a_delimited_metric_family_with_a_native_histogram()
    {
        var (registry, _) = RequestRegistry("/x\"y");
        Scrape(registry, PrometheusExpositionFormat.Protobuf, out byte[] bytes);
        var families = PbMetricFamily.ParseDelimited(bytes);
        families.Should().HaveCount(1);
        var family = families[0];
        family.Name.Should().Be("req_seconds");
        family.Help.Should().Be("Request \\ time\nsecond line");
        family.Type.Should().Be(4);
        family.Unit.Should().Be("seconds");
        family.Metrics.Should().HaveCount(1);
        var metric = family.Metrics[0];
        metric.Labels.Should().ContainSingle().Which.Should().Be(new System.Collections.Generic.KeyValuePair<string, string>("route", "/x\"y"));
        var h = metric.Histogram!;
        h.SampleCount.Should().Be(4);
        h.SampleSum.Should().Be(2 * 500096 * 1e-9 + 4999168 * 1e-9 + 49987584 * 1e-9);
        h.Schema.Should().Be(8);
        h.ZeroCount.Should().Be(0);
        h.ZeroThreshold.Should().Be(NativeHistogramSchema.DefaultZeroThreshold);
        h.ClassicBucketCount.Should().Be(0);
        h.CreatedSeconds.Should().Be(1795780800);
        h.CreatedNanos.Should().Be(250_000_000);
        static int Index(double seconds) => (int)Math.Ceiling(Math.Log2(seconds) * 256);
        h.PositiveBuckets().Should().Equal((Index(499968e-9), 2L), (Index(4997120e-9), 1L), (Index(49971200e-9), 1L));
    }

    [Fact]
    public void Families_without_series_are_not_written_and_several_families_follow_each_other()
    {
        var registry = new PrometheusHistogramRegistry(new FixedTimeProvider(Created));
        registry.CreateHistogram("empty_family", "nothing");
        var a = registry.CreateHistogram("a_values", "A");
        var b = registry.CreateHistogram("b_values", "B", new PrometheusHistogramOptions { LabelNames = new[] { "k" } });
        var ra = new Recorder(1, 1_000_000, 2);
        ra.RecordValue(7);
        a.Add(ra);
        var rb1 = new Recorder(1, 1_000_000, 2);
        var rb2 = new Recorder(1, 1_000_000, 2);
        rb1.RecordValueWithCount(1000, 3);
        b.Add(rb1, "one");
        b.Add(rb2, "two");
        Scrape(registry, PrometheusExpositionFormat.Protobuf, out byte[] bytes);
        var families = PbMetricFamily.ParseDelimited(bytes);
        families.Select(f => f.Name).Should().Equal("a_values", "b_values");
        families[0].Metrics.Single().Histogram!.SampleCount.Should().Be(1);
        families[0].Metrics.Single().Histogram!.Schema.Should().Be(6);
        families[1].Metrics.Select(m => m.Labels.Single().Value).Should().Equal("one", "two");
        families[1].Metrics.Select(m => m.Histogram!.SampleCount).Should().Equal(3UL, 0UL);
        families[1].Metrics[1].Histogram!.PositiveSpans.Should().BeEmpty();
        families[1].Metrics[1].Histogram!.ZeroThreshold.Should().BeGreaterThan(0, "a positive zero threshold marks an empty histogram as native");
        string text = Scrape(registry, PrometheusExpositionFormat.Text, out _);
        text.Should().StartWith("# HELP a_values A\n").And.NotContain("empty_family");
        text.Should().Contain("b_values_count{k=\"one\"} 3\n").And.Contain("b_values_count{k=\"two\"} 0\n");
    }

    [Fact]
    public void Scraping_again_reports_only_what_was_recorded_in_between_on_top_of_the_total()
    {
        var (registry, recorder) = RequestRegistry("r");
        Scrape(registry, PrometheusExpositionFormat.Protobuf, out byte[] first);
        recorder.RecordValue(500_000);
        Scrape(registry, PrometheusExpositionFormat.Protobuf, out byte[] second);
        Scrape(registry, PrometheusExpositionFormat.Text, out byte[] third);
        PbMetricFamily.ParseDelimited(first)[0].Metrics[0].Histogram!.SampleCount.Should().Be(4);
        PbMetricFamily.ParseDelimited(second)[0].Metrics[0].Histogram!.SampleCount.Should().Be(5);
        System.Text.Encoding.UTF8.GetString(third).Should().Contain("req_seconds_count{route=\"r\"} 5\n");
    }

    [Fact]
    public void Each_format_follows_the_total_whichever_format_was_scraped_in_between()
    {
        var (registry, recorder) = RequestRegistry("r");
        Scrape(registry, PrometheusExpositionFormat.Protobuf, out byte[] protobuf1);
        string text1 = Scrape(registry, PrometheusExpositionFormat.Text, out _);
        Scrape(registry, PrometheusExpositionFormat.Protobuf, out byte[] protobuf2);
        protobuf2.Should().Equal(protobuf1, "nothing was recorded in between");
        Scrape(registry, PrometheusExpositionFormat.Text, out _).Should().Be(text1);

        // Recorded, then scraped as text first: the protobuf form must not stay at what it was computed from before.
        recorder.RecordValue(5_000);
        string text2 = Scrape(registry, PrometheusExpositionFormat.Text, out _);
        Scrape(registry, PrometheusExpositionFormat.Protobuf, out byte[] protobuf3);
        text2.Should().Contain("req_seconds_bucket{route=\"r\",le=\"0.001\"} 3\n").And.Contain("req_seconds_count{route=\"r\"} 5\n");
        var histogram = PbMetricFamily.ParseDelimited(protobuf3)[0].Metrics[0].Histogram!;
        histogram.SampleCount.Should().Be(5);
        histogram.PositiveSpans[0].Offset.Should().Be(NativeHistogramSchema.BucketIndex(5_000e-9, 8));
    }

    [Fact]
    public void Bad_names_throw_argument_exceptions_and_leave_the_scrape_unchanged()
    {
        var (registry, _) = RequestRegistry("r");
        string before = Scrape(registry, PrometheusExpositionFormat.Text, out _);
        FluentActions.Invoking(() => registry.CreateHistogram("1starts_with_digit", "h")).Should().Throw<ArgumentException>().WithMessage("*not a valid Prometheus metric name*");
        FluentActions.Invoking(() => registry.CreateHistogram("has-dash", "h")).Should().Throw<ArgumentException>();
        FluentActions.Invoking(() => registry.CreateHistogram("", "h")).Should().Throw<ArgumentException>();
        foreach (string label in new[] { "__reserved", "le", "a-b", "9a", "" })
        {
            FluentActions.Invoking(() => registry.CreateHistogram("ok_name", "h", new PrometheusHistogramOptions { LabelNames = new[] { label } }))
                .Should().Throw<ArgumentException>().WithMessage("*label name*");
        }

        FluentActions.Invoking(() => registry.CreateHistogram("ok_name", "h", new PrometheusHistogramOptions { LabelNames = new[] { "a", "a" } }))
            .Should().Throw<ArgumentException>();
        FluentActions.Invoking(() => registry.CreateHistogram("ok_name", "h", new PrometheusHistogramOptions { Unit = "sec onds" })).Should().Throw<ArgumentException>();
        FluentActions.Invoking(() => registry.CreateHistogram("ok_name", "h", new PrometheusHistogramOptions { ClassicBucketBounds = new[] { 1.0, 1.0 } })).Should().Throw<ArgumentException>();
        FluentActions.Invoking(() => registry.CreateHistogram("req_seconds", "again")).Should().Throw<ArgumentException>();
        var family = registry.CreateHistogram("labelled", "h", new PrometheusHistogramOptions { LabelNames = new[] { "a", "b" } });
        FluentActions.Invoking(() => family.Add(new Recorder(2), "only one")).Should().Throw<ArgumentException>();
        family.Add(new Recorder(2), "x", "y");
        FluentActions.Invoking(() => family.Add(new Recorder(2), "x", "y")).Should().Throw<ArgumentException>();
        string after = Scrape(registry, PrometheusExpositionFormat.Text, out _);
        after.Should().StartWith(before);
        after.Substring(before.Length).Should().StartWith("# HELP labelled h\n# TYPE labelled histogram\n");
    }

    [Theory]
    [InlineData("application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;encoding=delimited;q=0.7,text/plain;version=0.0.4;q=0.3,*/*;q=0.1", PrometheusExpositionFormat.Protobuf)]
    [InlineData("application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1", PrometheusExpositionFormat.Text)]
    [InlineData("text/plain", PrometheusExpositionFormat.Text)]
    [InlineData("", PrometheusExpositionFormat.Text)]
    [InlineData("application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;encoding=text", PrometheusExpositionFormat.Text)]
    [InlineData("application/vnd.google.protobuf; proto=io.prometheus.client.MetricFamily; encoding=delimited; q=0", PrometheusExpositionFormat.Text)]
    [InlineData("text/plain;q=0.5, Application/Vnd.Google.Protobuf; proto=\"io.prometheus.client.MetricFamily\"; encoding=delimited", PrometheusExpositionFormat.Protobuf)]
    public void Content_negotiation_by_accept(string accept, PrometheusExpositionFormat expected)
    {
        PrometheusContentNegotiation.Negotiate(accept).Should().Be(expected);
    }

    [Theory]
    [InlineData("array")]
    [InlineData("packed")]
    public void A_steady_state_scrape_allocates_nothing(string histograms)
    {
        var registry = new PrometheusHistogramRegistry(new FixedTimeProvider(Created));
        var family = registry.CreateHistogram("steady_seconds", "h", new PrometheusHistogramOptions { LabelNames = new[] { "i" }, ValueScale = 1e-9 });
        var recorders = Enumerable.Range(0, 20).Select(i =>
        {
            var r = histograms == "packed" ? PrometheusHistogramOptions.CreatePackedRecorder(1, 3_600_000_000_000, 3) : new Recorder(1, 3_600_000_000_000, 3);
            family.Add(r, i.ToString(System.Globalization.CultureInfo.InvariantCulture));
            return r;
        }).ToArray();
        var random = new Random(5);
        var values = Enumerable.Range(0, 1000).Select(_ => (long)Math.Exp(random.NextDouble() * 28) + 1).ToArray();
        void RecordAll()
        {
            foreach (var r in recorders)
            {
                foreach (long v in values)
                {
                    r.RecordValue(v);
                }
            }
        }

        var buffer = new ArrayBufferWriter<byte>(1 << 20);
        for (int warm = 0; warm < 3; warm++)
        {
            RecordAll();
            buffer.ResetWrittenCount();
            registry.Write(buffer, PrometheusExpositionFormat.Protobuf);
            buffer.ResetWrittenCount();
            registry.Write(buffer, PrometheusExpositionFormat.Text);
        }

        RecordAll();
        long before = GC.GetAllocatedBytesForCurrentThread();
        buffer.ResetWrittenCount();
        registry.Write(buffer, PrometheusExpositionFormat.Protobuf);
        buffer.ResetWrittenCount();
        registry.Write(buffer, PrometheusExpositionFormat.Text);
        (GC.GetAllocatedBytesForCurrentThread() - before).Should().Be(0);
        TextScrapes.Check(buffer.WrittenSpan); // after the measurement: checking allocates
    }
}
