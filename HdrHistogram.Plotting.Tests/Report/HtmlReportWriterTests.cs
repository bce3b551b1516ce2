using System.Linq;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using FluentAssertions;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Rendering;
using HdrHistogram.Plotting.Report;
using HdrHistogram.Plotting.Tests.Infrastructure;
using Xunit;

namespace HdrHistogram.Plotting.Tests.Report;

public class HtmlReportWriterTests
{
    [Fact]
    public void The_report_is_self_contained_with_both_plots_inline()
    {
        var series = PlotInputReader.Read(PlotFixtures.JHiccup, new PlotReadOptions());

        string html = HtmlReportWriter.Write(series, new PlotOptions { Unit = ValueUnit.FromUnits("ns", "ms") }, "hdr report a.hlog -o r.html");

        Regex.Matches(html, "<svg[ >]").Should().HaveCount(2, "the percentile plot and the timeline");
        Regex.IsMatch(html, @"(src|href)\s*=\s*[""']?\s*(https?:)?//", RegexOptions.IgnoreCase).Should().BeFalse("nothing is loaded from the network");
        // The chart data, the histogram arithmetic and the script drawing the charts are inline; the pictures stay for
        // readers without JavaScript.
        Regex.Matches(html, "<script").Should().HaveCount(3);
        html.Should().Contain("<script type=\"application/json\" id=\"hdr-data\">{\"unit\":\"ms\",")
            .And.Contain("<script id=\"hdr-math\">\n// HdrHistogram's arithmetic in the browser").And.Contain("<script>\n// The report's interactive charts");
        html.Should().NotContain("<link").And.NotContain("@import").And.NotContain("url(http");
        Regex.Matches(html, "<svg class=\"static\"").Should().HaveCount(2);
        html.Should().Contain("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        html.Should().Contain("@media (prefers-color-scheme: dark)");
        html.Should().Contain("<pre>hdr report a.hlog -o r.html</pre>");
        foreach (Match svg in Regex.Matches(html, "<svg.*?</svg>", RegexOptions.Singleline))
        {
            var root = XElement.Parse(svg.Value);
            root.Attribute("viewBox")!.Value.Should().Be("0 0 1000 600", "the plot scales with the page");
            root.Attribute("width").Should().BeNull();
        }

        var ids = Regex.Matches(html, "id=\"([^\"]+)\"").Select(m => m.Groups[1].Value).ToList();
        ids.Should().OnlyHaveUniqueItems("two inline SVGs must not share clip path ids");
    }

    [Fact]
    public void The_summary_table_has_the_totals_and_maxima_hdr_process_prints()
    {
        var series = PlotInputReader.Read(PlotFixtures.JHiccup, new PlotReadOptions()).Concat(PlotInputReader.Read(PlotFixtures.Ycsb, new PlotReadOptions())).ToList();
        var jhiccup = JavaProcessorOutput.Run(PlotFixtures.JHiccup, 1e6);

        string html = HtmlReportWriter.Write(series, new PlotOptions { Unit = ValueUnit.FromUnits("ns", "ms") }, "hdr report");

        var rows = Regex.Matches(html, "<tr><td[^>]*>(.*?)</td></tr>").Select(m => Regex.Split(m.Groups[1].Value, "</td><td>")).ToList();
        rows.Should().HaveCount(3);
        // File (its short name; the path on hover), Tag, Intervals, Span, Count, Min, p50, p90, p99, p99.9, p99.99, Max, Mean, Std deviation
        rows[0][0].Should().Be("jhiccup-style.hlog");
        html.Should().Contain("<tr><td title=\"" + System.Net.WebUtility.HtmlEncode(PlotFixtures.JHiccup) + "\">jhiccup-style.hlog</td>");
        rows[0][1].Should().Be("(untagged)");
        rows[0][2].Should().Be("90");
        rows[0][3].Should().Be("90.000");
        rows[0][4].Should().Be(jhiccup.TotalCount);
        rows[0][11].Should().Be(jhiccup.Max);
        rows[0][12].Should().Be(jhiccup.Mean);
        rows[0][13].Should().Be(jhiccup.StdDeviation);
        rows.Select(r => r[1]).Should().Equal("(untagged)", "READ", "UPDATE");
    }

    [Fact]
    public void Tagged_rows_match_hdr_process_with_that_tag_in_its_unit()
    {
        var series = PlotInputReader.Read(PlotFixtures.Ycsb, new PlotReadOptions());
        var read = JavaProcessorOutput.Run(PlotFixtures.Ycsb, 1000, tag: "READ");
        var update = JavaProcessorOutput.Run(PlotFixtures.Ycsb, 1000, tag: "UPDATE");

        string html = HtmlReportWriter.Write(series, new PlotOptions { Unit = ValueUnit.FromUnits("us", "ms") }, "hdr report");

        var rows = Regex.Matches(html, "<tr><td[^>]*>(.*?)</td></tr>").Select(m => Regex.Split(m.Groups[1].Value, "</td><td>")).ToList();
        rows.Select(r => (r[1], r[4], r[11], r[12], r[13])).Should().Equal(
            ("READ", read.TotalCount, read.Max, read.Mean, read.StdDeviation),
            ("UPDATE", update.TotalCount, update.Max, update.Mean, update.StdDeviation));
    }
}
