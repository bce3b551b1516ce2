using System.Text.Json;

namespace HdrHistogram.UnitTests.Encoding;

/// <summary>
/// The compressed base64 payloads of every histogram log in the fixtures, including real jHiccup logs with V0 and V1
/// encodings, decode to the histograms Java's log reader reports (compared through their V2 re-encoding). Only the
/// payload column is read here; log parsing itself belongs to the log reader. DoubleHistogram intervals decode with
/// <see cref="HistogramDecoder.DecodeAnyFromBase64(string, HistogramCountType)"/>, as Java's reader decodes them.
/// </summary>
public class LogPayloadDecodeTests
{
    public static IEnumerable<object[]> Logs()
        => Directory.GetFiles(FixturePaths.JavaLogs, "*.hlog")
            .Concat(Directory.GetFiles(FixturePaths.JavaRealLogs, "*.hlog"))
            .Select(p => new object[] { Path.GetFileName(Path.GetDirectoryName(p))! + "/" + Path.GetFileName(p) });

    [Theory]
    [MemberData(nameof(Logs))]
    public void Every_interval_payload_decodes_to_Javas_histogram(string log)
    {
        string path = Path.Combine(FixturePaths.Root, "java", log);
        using var expected = JsonDocument.Parse(File.ReadAllText(Path.ChangeExtension(path, null) + ".expected.json"));
        var intervals = expected.RootElement.GetProperty("intervals").EnumerateArray().ToList();
        var payloads = File.ReadAllLines(path)
            .Where(l => l.Length > 0 && l[0] != '#' && l[0] != '"')
            .Select(l => l.Substring(l.LastIndexOf(',') + 1))
            .ToList();
        payloads.Count.Should().Be(intervals.Count);

        var decoder = new HistogramDecoder();
        for (int i = 0; i < payloads.Count; i++)
        {
            var interval = intervals[i];
            if (interval.GetProperty("histogramType").GetString() == "DoubleHistogram")
            {
                // The integer entry point says what the data holds; DecodeAny (Java's log reader) decodes it.
                var act = () => decoder.DecodeFromBase64(payloads[i]);
                act.Should().Throw<HistogramFormatException>().WithMessage("*DoubleHistogram*DecodeDouble*");
                var d = decoder.DecodeAnyFromBase64(payloads[i]).Should().BeOfType<DoubleHistogram>().Subject;
                HistogramEncoder.Encode(d).Should().Equal(Convert.FromBase64String(interval.GetProperty("decodedV2").GetString()!), "{0} interval {1}", log, i);
                d.TotalCount.Should().Be(interval.GetProperty("totalCount").GetInt64());
                d.GetMaxValue().Should().Be(interval.GetProperty("maxValue").GetDouble());
                d.GetMean().Should().Be(interval.GetProperty("mean").GetDouble());
                d.GetHighestToLowestValueRatio().Should().Be(interval.GetProperty("highestToLowestValueRatio").GetInt64());
                continue;
            }

            var h = (HistogramBase)decoder.DecodeAnyFromBase64(payloads[i]);
            HistogramEncoder.Encode(h).Should().Equal(Convert.FromBase64String(interval.GetProperty("decodedV2").GetString()!), "{0} interval {1}", log, i);
            h.TotalCount.Should().Be(interval.GetProperty("totalCount").GetInt64());
            h.GetMaxValue().Should().Be(interval.GetProperty("maxValue").GetInt64());
            h.GetMean().Should().Be(interval.GetProperty("mean").GetDouble());
            h.LowestTrackableValue.Should().Be(interval.GetProperty("lowestDiscernibleValue").GetInt64());
        }
    }
}
