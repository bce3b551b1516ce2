using System;
using FluentAssertions;
using HdrHistogram.Prometheus.Registry;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.Registry;

/// <summary>
/// Names that cannot collide: a family is refused when a metric name it writes (its own, <c>_bucket</c>, <c>_count</c>,
/// <c>_sum</c>, <c>_created</c>) is one another family writes, in either order of creation; and label values, whatever
/// characters they hold, never make two series one.
/// </summary>
public class NamingTests
{
    [Theory]
    [InlineData("xc", "xc_created")]
    [InlineData("clash", "clash_count")]
    [InlineData("clash", "clash_bucket")]
    [InlineData("clash", "clash_sum")]
    [InlineData("lat", "lat")]
    public void A_family_whose_names_meet_another_familys_is_refused_in_either_order(string first, string second)
    {
        foreach (var (a, b) in new[] { (first, second), (second, first) })
        {
            var registry = new PrometheusHistogramRegistry();
            registry.CreateHistogram(a, "first").GetOrCreateRecorder().RecordValue(5);

            registry.Invoking(r => r.CreateHistogram(b, "refused family")).Should().Throw<ArgumentException>()
                .Which.ParamName.Should().Be("name");
            string text = Scrape(registry);
            text.Should().StartWith("# HELP " + a + " first\n# TYPE " + a + " histogram\n");
            text.Should().NotContain("refused family", "the refused family is not in the registry");
        }
    }

    [Fact]
    public void Names_that_only_share_a_prefix_are_distinct_families()
    {
        var registry = new PrometheusHistogramRegistry();
        foreach (string name in new[] { "db_query", "db_query_seconds", "db_query_count_max" })
        {
            registry.CreateHistogram(name, "help").GetOrCreateRecorder().RecordValue(5);
        }

        Scrape(registry).Should().Contain("# TYPE db_query histogram\n").And.Contain("# TYPE db_query_seconds histogram\n").And.Contain("# TYPE db_query_count_max histogram\n");
    }

    [Fact]
    public void Label_values_holding_the_old_separator_are_distinct_series()
    {
        var registry = new PrometheusHistogramRegistry();
        var family = registry.CreateHistogram("aliasing", "help", new PrometheusHistogramOptions { LabelNames = new[] { "a", "b" } });

        var first = family.GetOrCreateRecorder("k\0b", "c");
        var second = family.GetOrCreateRecorder("k", "b\0c");
        first.Should().NotBeSameAs(second);
        family.GetOrCreateRecorder("k\0b", "c").Should().BeSameAs(first);
        family.GetOrCreateRecorder("k", "b\0c").Should().BeSameAs(second);
        first.RecordValue(1_000);
        second.RecordValueWithCount(1_000, 2);

        string text = Scrape(registry);
        text.Should().Contain("aliasing_count{a=\"k\0b\",b=\"c\"} 1\n").And.Contain("aliasing_count{a=\"k\",b=\"b\0c\"} 2\n");
        family.Invoking(f => f.Add(new Recorder(1, 1000, 2), "k", "b\0c")).Should().Throw<ArgumentException>("that series exists");
        family.Invoking(f => f.GetOrCreateRecorder("k", null!)).Should().Throw<ArgumentNullException>();
    }

    private static string Scrape(PrometheusHistogramRegistry registry) => TextScrapes.Write(registry);
}
