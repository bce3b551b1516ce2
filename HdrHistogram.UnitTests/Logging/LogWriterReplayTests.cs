using System.Text;
using System.Text.Json;
using HdrHistogram.UnitTests.Encoding;

namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// Replays the HistogramLogWriter calls Java made for each fixture log (expected.json "writerCalls") through our
/// writer: every line must equal the .hlog's, except the base64 payload column (zlib output differs between
/// implementations), in any culture; every payload must inflate with a strict zlib to exactly the V2 encoding of the
/// histogram written, which decodes to the histogram Java was given.
/// </summary>
public class LogWriterReplayTests
{
    [Theory]
    [MemberData(nameof(LogFixtures.WrittenIntegerLogData), MemberType = typeof(LogFixtures))]
    public void Replaying_Javas_writer_calls_reproduces_the_log(string log)
    {
        string javaText = FixturePaths.ReadText(LogFixtures.HlogPath(log));
        foreach (string culture in new[] { "en-US", "de-DE" })
        {
            using (new CultureScope(culture))
            {
                var (bytes, written) = Replay<HistogramBase>(log);
                bytes.Take(3).Should().NotEqual(new byte[] { 0xEF, 0xBB, 0xBF }, "the log has no byte order mark");
                string ourText = new UTF8Encoding(false, true).GetString(bytes);
                MaskPayloads(ourText).Should().Be(MaskPayloads(javaText), "{0} under {1}", log, culture);

                var payloads = Payloads(ourText);
                payloads.Should().HaveCount(written.Count);
                for (int i = 0; i < payloads.Count; i++)
                {
                    byte[] compressed = Convert.FromBase64String(payloads[i]);
                    EncodingTestSupport.InflateStrictly(compressed).Should().Equal(HistogramEncoder.Encode(written[i].Histogram), "{0} payload {1}", log, i);
                    var decoded = HistogramEncoding.Decode(compressed);
                    decoded.Equals(HistogramEncoding.Decode(written[i].JavaV2)).Should().BeTrue();
                }
            }
        }
    }

    /// <summary>
    /// Runs the writer calls of <paramref name="log"/>; returns the bytes written and the histograms logged, each of
    /// which must be a <typeparamref name="T"/> (a log holds either integer histograms or DoubleHistograms).
    /// </summary>
    internal static (byte[] Bytes, List<(T Histogram, byte[] JavaV2)> Written) Replay<T>(string log)
        where T : EncodableHistogram
    {
        var written = new List<(T, byte[])>();
        using var output = new MemoryStream();
        using (var writer = new HistogramLogWriter(output))
        {
            foreach (var call in LogFixtures.Expected(log).GetProperty("writerCalls").EnumerateArray())
            {
                string name = call.GetProperty("call").GetString()!;
                switch (name)
                {
                    case "outputLogFormatVersion":
                        writer.OutputLogFormatVersion();
                        break;
                    case "outputStartTime":
                        writer.OutputStartTime(call.GetProperty("startTimeMsec").GetInt64());
                        break;
                    case "outputBaseTime":
                        writer.OutputBaseTime(call.GetProperty("baseTimeMsec").GetInt64());
                        break;
                    case "outputLegend":
                        writer.OutputLegend();
                        break;
                    case "outputComment":
                        writer.OutputComment(call.GetProperty("comment").GetString()!);
                        break;
                    case "setBaseTime":
                        writer.BaseTime = call.GetProperty("baseTimeMsec").GetInt64();
                        break;
                    default:
                        var h = Histogram(call, out byte[] javaV2);
                        written.Add((h.Should().BeAssignableTo<T>().Subject, javaV2));
                        if (name == "outputIntervalHistogram(histogram)")
                        {
                            h.StartTimeStamp = call.GetProperty("histogramStartTimeStamp").GetInt64();
                            h.EndTimeStamp = call.GetProperty("histogramEndTimeStamp").GetInt64();
                            writer.BaseTime.Should().Be(call.GetProperty("writerBaseTime").GetInt64());
                            writer.OutputIntervalHistogram(h);
                        }
                        else if (name == "outputIntervalHistogram(startTimeStampSec, endTimeStampSec, histogram)")
                        {
                            writer.OutputIntervalHistogram(call.GetProperty("startTimeStampSec").GetDouble(), call.GetProperty("endTimeStampSec").GetDouble(), h);
                        }
                        else
                        {
                            name.Should().Be("outputIntervalHistogram(startTimeStampSec, endTimeStampSec, histogram, maxValueUnitRatio)");
                            writer.OutputIntervalHistogram(
                                call.GetProperty("startTimeStampSec").GetDouble(),
                                call.GetProperty("endTimeStampSec").GetDouble(),
                                h,
                                call.GetProperty("maxValueUnitRatio").GetDouble());
                        }

                        break;
                }
            }
        }

        return (output.ToArray(), written);
    }

    /// <summary>The log text with every interval line's last field (the payload) replaced by a marker.</summary>
    internal static string MaskPayloads(string text)
    {
        var lines = text.Split('\n');
        for (int i = 0; i < lines.Length; i++)
        {
            string line = lines[i];
            if (line.Length > 0 && line[0] != '#' && line[0] != '"')
            {
                lines[i] = string.Concat(line.AsSpan(0, line.LastIndexOf(',') + 1), "<payload>");
            }
        }

        return string.Join("\n", lines);
    }

    internal static List<string> Payloads(string text)
        => text.Split('\n')
            .Where(l => l.Length > 0 && l[0] != '#' && l[0] != '"')
            .Select(l => l.Substring(l.LastIndexOf(',') + 1))
            .ToList();

    /// <summary>The histogram a writer call logged: its V2 encoding decoded as the type Java named.</summary>
    private static EncodableHistogram Histogram(JsonElement call, out byte[] javaV2)
    {
        javaV2 = Convert.FromBase64String(call.GetProperty("histogramV2").GetString()!);
        EncodableHistogram h = call.GetProperty("histogramType").GetString() == "DoubleHistogram"
            ? HistogramEncoding.DecodeDouble(javaV2)
            : HistogramEncoding.Decode(javaV2);
        h.GetMaxValueAsDouble().Should().Be(call.GetProperty("maxValueAsDouble").GetDouble());
        if (call.GetProperty("tag").ValueKind == JsonValueKind.String)
        {
            h.Tag = call.GetProperty("tag").GetString();
        }

        return h;
    }
}
