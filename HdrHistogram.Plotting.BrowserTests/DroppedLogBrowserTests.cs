using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;
using FluentAssertions;
using Xunit;

namespace HdrHistogram.Plotting.BrowserTests;

/// <summary>
/// Logs dropped onto a report (<c>hdr report --empty</c>, or any report) are read in the browser, in a worker, V2 and
/// V2-compressed alike: the page then holds the numbers the tool writes for the same files (the timeline's points,
/// the percentile curve) and prints what <c>hdr summary</c> prints for them.
/// </summary>
[Collection(ChromiumGroup.Name)]
public sealed class DroppedLogBrowserTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("hdr-drop-browser-").FullName;
    private readonly SharedBrowser _browser;

    public DroppedLogBrowserTests(SharedBrowser browser)
    {
        _browser = browser;
    }

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [ChromiumFact]
    public async Task A_compressed_log_dropped_on_an_empty_report_gives_the_tools_numbers()
    {
        string log = Path.Combine(_dir, "long.hlog");
        SyntheticLog.Write(log, 10_000, tags: new string?[] { null, "db" });

        await ShouldMatchTheTool(log, log, "long.hlog", "(untagged)", "db");
    }

    [ChromiumFact]
    public async Task An_uncompressed_log_dropped_on_a_report_gives_the_tools_numbers_for_the_same_histograms()
    {
        // Interval lines with uncompressed V2 histograms (HistogramEncoding.ToUncompressedBase64), which the tool, as
        // Java's log reader, does not read: it reads the same histograms compressed (SyntheticLog writes them).
        string log = Path.Combine(_dir, "plain.hlog");
        string compressed = Path.Combine(_dir, "compressed.hlog");
        SyntheticLog.Write(compressed, 300);
        var text = new StringBuilder("#[StartTime: 1700000000.000 (seconds since epoch)]\n\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n");
        var h = new LongHistogram(1, 3_600_000_000_000, 3);
        for (int i = 0; i < 300; i++)
        {
            h.Reset();
            foreach (long value in SyntheticLog.Values(i))
            {
                h.RecordValue(value);
            }

            text.Append((1_700_000_000 + i).ToString(CultureInfo.InvariantCulture)).Append(".000,1.000,").Append((h.GetMaxValue() / 1e6).ToString("0.000", CultureInfo.InvariantCulture))
                .Append(',').Append(HistogramEncoding.ToUncompressedBase64(h)).Append('\n');
        }

        File.WriteAllText(log, text.ToString());

        await ShouldMatchTheTool(log, compressed, "plain.hlog", "(untagged)");
    }

    [ChromiumFact]
    public async Task A_file_that_is_not_a_log_says_so()
    {
        string page = Path.Combine(_dir, "empty.html");
        ReportPage.Hdr("report", "--empty", "-o", page).ExitCode.Should().Be(0);
        string junk = Path.Combine(_dir, "junk.hlog");
        File.WriteAllText(junk, "1700000000.000,1.000,0.1,AAAAAAAA\n");

        await using var session = await ReportPage.Open(_browser, page);
        await session.Page.SetInputFilesAsync("input.drop-input", junk);
        await session.Page.WaitForFunctionAsync("() => /^Read |: /.test(document.querySelector('.drop-status').textContent)");

        (await session.Page.Locator(".drop-status").InnerTextAsync()).Should().Be("junk.hlog: line 1: not a V2 integer histogram (cookie 0x0): the page reads V2 and V2-compressed integer histograms");
        session.Errors.Should().BeEmpty();
    }

    /// <summary>Every number of an array of arrays, in order (null as NaN).</summary>
    private static double[] Numbers(JsonElement arrays)
        => arrays.EnumerateArray().SelectMany(a => a.EnumerateArray()).Select(n => n.ValueKind == JsonValueKind.Null ? double.NaN : n.GetDouble()).ToArray();

    /// <summary>Drops <paramref name="log"/> onto an empty report and compares the page with the tool's report and summary of <paramref name="toolLog"/>.</summary>
    private async Task ShouldMatchTheTool(string log, string toolLog, string name, params string[] tags)
    {
        string empty = Path.Combine(_dir, "empty.html");
        string full = Path.Combine(_dir, "full.html");
        ReportPage.Hdr("report", "--empty", "--unit", "us", "-o", empty).ExitCode.Should().Be(0);
        ReportPage.Hdr("report", toolLog, "--unit", "us", "--values-in", "ns", "-o", full).ExitCode.Should().Be(0);
        var summary = ReportPage.Hdr("summary", toolLog, "--unit", "us", "--values-in", "ns");
        string page = File.ReadAllText(full);
        int at = page.IndexOf("<script type=\"application/json\" id=\"hdr-data\">", StringComparison.Ordinal);
        string json = page.Substring(at, page.IndexOf("</script>", at, StringComparison.Ordinal) - at);
        var tool = JsonDocument.Parse(json.Substring(json.IndexOf('>', StringComparison.Ordinal) + 1)).RootElement;

        await using var session = await ReportPage.Open(_browser, empty);
        await session.Page.SetInputFilesAsync("input.drop-input", log);
        await session.Page.WaitForFunctionAsync("() => /^Read |: /.test(document.querySelector('.drop-status').textContent)");

        (await session.Page.Locator(".drop-status").InnerTextAsync()).Should().Be("Read " + name + ".");
        var data = JsonDocument.Parse(await session.Page.EvaluateAsync<string>("() => JSON.stringify(window.hdrReport.data(), (k, v) => ArrayBuffer.isView(v) ? undefined : v)")).RootElement;
        for (int s = 0; s < tags.Length; s++)
        {
            var mine = data.GetProperty("timeline").GetProperty("series")[s];
            var theirs = tool.GetProperty("timeline").GetProperty("series")[s];
            // The timeline's points, number for number: time, count, intervals, gap, first and last start, each line's value.
            Numbers(mine.GetProperty("points")).Should().Equal(Numbers(theirs.GetProperty("points")), "series {0}'s timeline", s);
            // The percentile curve: the same percentiles, values and counts.
            var curve = data.GetProperty("percentiles").GetProperty("series")[s].GetProperty("points").EnumerateArray().Select(p => (p[1].GetDouble(), p[2].GetDouble(), p[3].GetDouble())).ToList();
            var toolCurve = tool.GetProperty("percentiles").GetProperty("series")[s].GetProperty("points").EnumerateArray().Select(p => (p[1].GetDouble(), p[2].GetDouble(), p[3].GetDouble())).ToList();
            curve.Should().Equal(toolCurve, "series {0}'s percentile curve", s);

            var row = await session.Page.Locator("#dropped-summary tr[data-series='" + s + "'] td[data-col]").AllInnerTextsAsync();
            var expected = ReportPage.SummaryRow(summary.Out, tags[s]);
            row.Should().Equal(new[] { "intervals", "count", "min", "p50", "p90", "p99", "p99.9", "p99.99", "max", "mean" }.Select(c => expected[c]), "series {0}'s summary", s);
        }

        session.Errors.Should().BeEmpty();
        (await session.Page.Locator("#timeline-figure svg.interactive path[data-series='0']").CountAsync()).Should().Be(5, "the dropped log's timeline is drawn");
    }
}
