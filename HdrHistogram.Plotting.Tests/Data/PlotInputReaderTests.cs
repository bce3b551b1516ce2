using System;
using System.IO;
using System.Linq;
using System.Text.Json;
using FluentAssertions;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Plotting.Tests.Infrastructure;
using Xunit;

namespace HdrHistogram.Plotting.Tests.Data;

public sealed class PlotInputReaderTests : TempDirectoryTests
{
    [Fact]
    public void A_log_gives_one_series_per_tag_with_every_interval_added()
    {
        // The generator records 9500 READ and 500 UPDATE values in each of 30 ten-second intervals.
        var series = PlotInputReader.Read(PlotFixtures.Ycsb, new PlotReadOptions());

        series.Select(s => s.Tag).Should().Equal("READ", "UPDATE");
        series.Select(s => s.Format).Should().AllBeEquivalentTo(PlotInputFormat.Log);
        series.Select(s => s.Summary.Count).Should().Equal(285_000, 15_000);
        series.Select(s => s.Summary.Intervals).Should().Equal(30, 30);
        series.Select(s => s.Summary.SpanSec).Should().Equal(300.0, 300.0);
        series[0].Timeline.Select(i => i.TimeSec).Should().Equal(Enumerable.Range(1, 30).Select(i => i * 10.0));
        series[0].Timeline.Sum(i => i.Count).Should().Be(285_000);
        series[0].Label.Should().Be(PlotFixtures.Ycsb + " [READ]");
    }

    [Fact]
    public void An_untagged_log_gives_one_series_whose_totals_are_those_hdr_process_prints()
    {
        var java = JavaProcessorOutput.Run(PlotFixtures.JHiccup, 1e6);
        var series = PlotInputReader.Read(PlotFixtures.JHiccup, new PlotReadOptions()).Should().ContainSingle().Subject;

        series.Tag.Should().BeNull();
        series.Summary.Count.ToString(System.Globalization.CultureInfo.InvariantCulture).Should().Be(java.TotalCount);
        series.Summary.Count.Should().Be(90 * 1000 + 120, "1000 hiccups a second for 90 s, and a 120 ms stall corrected at 1 ms");
        (series.Summary.Max / 1e6).ToString("F2", System.Globalization.CultureInfo.InvariantCulture).Should().Be(java.Max);
        series.Timeline.Should().HaveCount(90);
        series.Timeline.MaxBy(i => i.Max)!.TimeSec.Should().Be(43.0, "the stall is recorded in the interval from 42 s to 43 s");
        series.Distribution[^1].Should().Be(new PercentilePoint(100, series.Summary.Max, series.Summary.Count));
        series.Distribution.Select(p => p.Percentile).Should().BeInAscendingOrder();
    }

    [Fact]
    public void A_double_histogram_log_is_added_into_a_double_histogram()
    {
        string log = Path.Combine(AppContext.BaseDirectory, "Fixtures", "java", "logs", "double-histogram.hlog");
        var java = JavaProcessorOutput.Run(log, 1);

        var series = PlotInputReader.Read(log, new PlotReadOptions()).Should().ContainSingle().Subject;

        series.Summary.Count.ToString(System.Globalization.CultureInfo.InvariantCulture).Should().Be(java.TotalCount);
        HdrHistogram.Plotting.Report.ValueText.Fixed(series.Summary.Max, series.Summary.Decimals).Should().Be(java.Max);
        HdrHistogram.Plotting.Report.ValueText.Fixed(series.Summary.Mean, series.Summary.Decimals).Should().Be(java.Mean);
    }

    [Fact]
    public void The_tag_option_keeps_one_tag()
    {
        var series = PlotInputReader.Read(PlotFixtures.Ycsb, new PlotReadOptions { Tag = "UPDATE" });

        series.Should().ContainSingle().Which.Summary.Count.Should().Be(15_000);
    }

    [Fact]
    public void The_window_keeps_the_intervals_hdr_process_keeps()
    {
        var java = JavaProcessorOutput.Run(PlotFixtures.Ycsb, 1000, tag: "READ", start: 50, end: 120);
        var series = PlotInputReader.Read(PlotFixtures.Ycsb, new PlotReadOptions { Tag = "READ", StartSec = 50, EndSec = 120 }).Single();

        series.Summary.Count.ToString(System.Globalization.CultureInfo.InvariantCulture).Should().Be(java.TotalCount);
        series.Timeline.Select(i => i.TimeSec).Should().Equal(60, 70, 80, 90, 100, 110, 120, 130);
        series.Summary.Count.Should().Be(8 * 9500, "the intervals starting at 50 s to 120 s");
    }

    [Fact]
    public void A_java_hgrm_file_is_read_as_its_lines_and_footer()
    {
        var series = PlotInputReader.Read(PlotFixtures.Hgrm, new PlotReadOptions()).Should().ContainSingle().Subject;

        // Its footer: "#[Max     =       108.00, Total count    =        65964]"
        series.Format.Should().Be(PlotInputFormat.Hgrm);
        series.ValuesAlreadyScaled.Should().BeTrue();
        series.Summary.Count.Should().Be(65964);
        series.Summary.Max.Should().Be(File.ReadLines(PlotFixtures.Hgrm).Where(l => l.StartsWith("#[Max", StringComparison.Ordinal))
            .Select(l => double.Parse(l.Split('=', ',')[1], System.Globalization.CultureInfo.InvariantCulture)).Single());
        series.Distribution[0].Percentile.Should().Be(0);
        series.Distribution[^1].Percentile.Should().Be(100);
        series.Timeline.Should().BeEmpty();
    }

    [Fact]
    public void Base64_histograms_are_added_into_one_series()
    {
        string workloads = Path.Combine(AppContext.BaseDirectory, "Fixtures", "workloads");
        string line = File.ReadAllText(Path.Combine(workloads, "latency-1h-3sd.compressed.txt")).Trim();
        string input = WriteFile("two.b64", line + "\n\n" + line + "\n");
        using var expected = JsonDocument.Parse(File.ReadAllText(Path.Combine(workloads, "workloads.json")));
        var workload = expected.RootElement.GetProperty("workloads").EnumerateArray().Single(w => w.GetProperty("name").GetString() == "latency-1h-3sd");

        var series = PlotInputReader.Read(input, new PlotReadOptions()).Should().ContainSingle().Subject;

        series.Format.Should().Be(PlotInputFormat.Base64);
        series.Summary.Count.Should().Be(2 * workload.GetProperty("totalCount").GetInt64());
        series.Summary.Max.Should().Be(workload.GetProperty("maxValue").GetInt64());
        series.Summary.Intervals.Should().Be(2);
        series.Timeline.Should().BeEmpty("base64 lines have no timestamps to draw a timeline with");
    }

    [Fact]
    public void A_file_that_is_no_histogram_input_is_a_format_error_naming_it()
    {
        string input = WriteFile("notes.txt", "hello world, these are notes\n");
        string binary = WriteFile("image.bin", "\u0001\u0002\u0003 binary junk");

        FluentActions.Invoking(() => PlotInputReader.Read(binary, new PlotReadOptions()))
            .Should().Throw<HistogramFormatException>().WithMessage(binary + " is not a histogram log, .hgrm file or base64 histogram");
        FluentActions.Invoking(() => PlotInputReader.Read(input, new PlotReadOptions()))
            .Should().Throw<HistogramFormatException>().WithMessage(input + ": *");
    }

    [Fact]
    public void A_log_without_intervals_has_no_histograms()
    {
        string header = string.Concat(File.ReadLines(PlotFixtures.JHiccup).TakeWhile(l => !char.IsDigit(l[0])).Select(l => l + "\n"));
        string empty = WriteFile("empty.hlog", header);
        string blank = WriteFile("blank.hlog", string.Empty);

        FluentActions.Invoking(() => PlotInputReader.Read(empty, new PlotReadOptions()))
            .Should().Throw<HistogramFormatException>().WithMessage("no histograms in " + empty);
        FluentActions.Invoking(() => PlotInputReader.Read(blank, new PlotReadOptions()))
            .Should().Throw<HistogramFormatException>().WithMessage("no histograms in " + blank + "*");
        FluentActions.Invoking(() => PlotInputReader.Read(PlotFixtures.Ycsb, new PlotReadOptions { Tag = "DELETE" }))
            .Should().Throw<HistogramFormatException>().WithMessage("no histograms in " + PlotFixtures.Ycsb + " with tag 'DELETE'");
    }

    [Fact]
    public void A_bad_base64_line_is_a_format_error_naming_the_file_and_line()
    {
        string input = WriteFile("bad.b64", "HISTFAAAAB942pNpmSzMwMDAyMAAAAXYAIE=\nAAAAAAAAAAAAAAAAAAAA\n");

        FluentActions.Invoking(() => PlotInputReader.Read(input, new PlotReadOptions()))
            .Should().Throw<HistogramFormatException>().WithMessage(input + ": line * is not a base64 histogram*");
    }
}
