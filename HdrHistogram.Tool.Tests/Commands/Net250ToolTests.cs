using System;
using System.Globalization;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Text.Json;
using System.Text.RegularExpressions;
using FluentAssertions;
using HdrHistogram.Tool.Tests.Infrastructure;
using HdrHistogram.UnitTests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests.Commands;

/// <summary>
/// The hdr tool reads what the published HdrHistogram 2.5.0 package wrote: its zero-padded compressed payloads (as
/// files and on standard input) and its UTF-16LE logs, also re-encoded as UTF-16BE and UTF-8 with a byte order mark.
/// </summary>
public class Net250ToolTests
{
    [Theory]
    [MemberData(nameof(Net250Fixture.PayloadNames), MemberType = typeof(Net250Fixture))]
    public void Decode_json_of_a_2_5_0_payload_reports_what_2_5_0_recorded(string name)
    {
        var expected = Net250Fixture.Expected(name);
        string path = Path.Combine(Net250Fixture.Directory, name + ".compressed.bin");

        ShouldReport(ToolRunner.Run("decode", path, "--json", "--ratio", "1").ShouldSucceed().Text, expected);
        ShouldReport(ToolRunner.Run(Net250Fixture.Compressed(name), "decode", "--json", "--ratio", "1").ShouldSucceed().Text, expected);
        ShouldReport(ToolRunner.Run(ToolRunner.Utf8(Convert.ToBase64String(Net250Fixture.Compressed(name)) + "\n"), "decode", "--json", "--ratio", "1").ShouldSucceed().Text, expected);
    }

    [Theory]
    [InlineData("log-small", "utf-16le-bom")]
    [InlineData("log-large", "utf-16le-bom")]
    [InlineData("log-large", "utf-16be-bom")]
    [InlineData("log-large", "utf-8-bom")]
    public void Decode_json_of_a_2_5_0_log_reports_every_interval(string name, string encoding)
    {
        var intervals = Net250Fixture.Expected(name).GetProperty("intervals").EnumerateArray().ToList();
        byte[] log = Net250Fixture.EncodedLog(name, encoding);
        using var temp = new TempFolder();
        string path = temp.File(name + ".hlog");
        File.WriteAllBytes(path, log);

        foreach (var text in new[] { ToolRunner.Run("decode", path, "--json", "--ratio", "1").ShouldSucceed().Text, ToolRunner.Run(log, "decode", "--json", "--ratio", "1").ShouldSucceed().Text })
        {
            var lines = text.Split('\n', StringSplitOptions.RemoveEmptyEntries);
            lines.Should().HaveCount(intervals.Count);
            for (int i = 0; i < lines.Length; i++)
            {
                using var json = JsonDocument.Parse(lines[i]);
                json.RootElement.GetProperty("tag").GetString().Should().Be(intervals[i].GetProperty("tag").GetString());
                json.RootElement.GetProperty("startTimeStamp").GetInt64().Should().Be(intervals[i].GetProperty("startTimeStamp").GetInt64());
                json.RootElement.GetProperty("endTimeStamp").GetInt64().Should().Be(intervals[i].GetProperty("endTimeStamp").GetInt64());
                ShouldReport(lines[i], intervals[i]);
            }
        }
    }

    [Fact]
    public void Process_reads_a_2_5_0_log_in_any_of_its_encodings_alike()
    {
        // 2.5.0's log-large: two untagged intervals (one large) and one tagged "gc"; process sums the untagged ones.
        var intervals = Net250Fixture.Expected("log-large").GetProperty("intervals").EnumerateArray().ToList();
        long untaggedTotal = intervals.Where(i => i.GetProperty("tag").ValueKind == JsonValueKind.Null).Sum(i => i.GetProperty("totalCount").GetInt64());
        long untaggedMax = intervals.Where(i => i.GetProperty("tag").ValueKind == JsonValueKind.Null).Max(i => i.GetProperty("maxValue").GetInt64());
        using var temp = new TempFolder();

        string? first = null;
        foreach (var encoding in new[] { "utf-16le-bom", "utf-16be-bom", "utf-8-bom", "utf-8" })
        {
            string path = temp.File("log-large." + encoding + ".hlog");
            File.WriteAllBytes(path, Net250Fixture.EncodedLog("log-large", encoding));
            string text = ToolRunner.Run("process", "-i", path, "-utc").ShouldSucceedNotingOtherTags().Text;
            text.Should().MatchRegex(@"#\[Max\s+=\s+" + Regex.Escape((untaggedMax / 1e6).ToString("F3", CultureInfo.InvariantCulture))
                + @", Total count\s+=\s+" + untaggedTotal.ToString(CultureInfo.InvariantCulture) + @"\]");
            first ??= text;
            text.Should().Be(first, encoding + " reads as the UTF-16LE original");
        }
    }

    [Fact]
    public void A_payload_with_a_non_zero_byte_in_its_padding_is_one_line_naming_it()
    {
        // 2.5.0's long-small, its padding changed at one byte (re-compressed the way 2.5.0 does: 58 85, raw deflate).
        byte[] original = Net250Fixture.Compressed("long-small");
        byte[] inflated = Net250Fixture.InflateIndependently(original);
        int histogramLength = Net250Fixture.Plain("long-small").Length;
        inflated[histogramLength + 1000] = 0x2A;
        using var zlib = new MemoryStream();
        zlib.Write(new byte[] { 0x58, 0x85 });
        using (var deflate = new DeflateStream(zlib, CompressionLevel.Optimal, leaveOpen: true))
        {
            deflate.Write(inflated);
        }

        byte[] payload = original.Take(4).Concat(BigEndian((int)zlib.Length)).Concat(zlib.ToArray()).ToArray();
        using var temp = new TempFolder();
        string path = temp.File("bad.bin");
        File.WriteAllBytes(path, payload);

        ToolRunner.Run("decode", path).ShouldFailWithOneLine("non-zero byte after the " + histogramLength + " bytes")
            .Stderr.Should().Contain("offset " + (histogramLength + 1000));
    }

    private static byte[] BigEndian(int value) => new[] { (byte)(value >> 24), (byte)(value >> 16), (byte)(value >> 8), (byte)value };

    private static void ShouldReport(string jsonLine, JsonElement expected)
    {
        using var json = JsonDocument.Parse(jsonLine.Trim());
        var root = json.RootElement;
        root.GetProperty("totalCount").GetInt64().Should().Be(expected.GetProperty("totalCount").GetInt64());
        root.GetProperty("max").GetInt64().Should().Be(expected.GetProperty("maxValue").GetInt64());
        if (expected.GetProperty("totalCount").GetInt64() == 0)
        {
            return;
        }

        root.GetProperty("min").GetInt64().Should().Be(expected.GetProperty("minValue").GetInt64());
        root.GetProperty("mean").GetDouble().Should().Be(expected.GetProperty("mean").GetDouble());
        root.GetProperty("stdDeviation").GetDouble().Should().Be(expected.GetProperty("stdDeviation").GetDouble());
        foreach (var p in expected.GetProperty("percentiles").EnumerateArray())
        {
            string key = p[0].GetDouble().ToString(CultureInfo.InvariantCulture);
            if (root.GetProperty("percentiles").TryGetProperty(key, out var value))
            {
                value.GetInt64().Should().Be(p[1].GetInt64(), "percentile " + key);
            }
        }
    }
}
