using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.Json;
using HdrHistogram;
using HdrHistogram.Utilities;

namespace Compat250;

/// <summary>
/// Reads what the published HdrHistogram 2.5.0 package wrote (HdrHistogram.UnitTests/Fixtures/Net250: compressed
/// payloads, including large ones 2.5.0 cannot read back itself, and its UTF-16LE logs) with 2.5.0's own API, and
/// checks each histogram against what 2.5.0 recorded before writing it (the fixtures' expected.json files).
/// </summary>
public static class Written250
{
    private static readonly string[] Payloads =
    {
        "long-small", "long-large", "int-large", "short-large", "long-concurrent-large", "int-concurrent-large", "long-empty",
    };

    private static readonly string[] Logs = { "log-small", "log-large" };

    /// <summary>Prints one line per payload and log interval; returns false when one does not hold what 2.5.0 recorded.</summary>
    public static bool Check(string directory, TextWriter output)
    {
        bool ok = true;
        foreach (var name in Payloads)
        {
            var decoded = HistogramEncoding.DecodeFromCompressedByteBuffer(ByteBuffer.Allocate(File.ReadAllBytes(Path.Combine(directory, name + ".compressed.bin"))), 0);
            using var expected = JsonDocument.Parse(File.ReadAllText(Path.Combine(directory, name + ".expected.json")));
            ok &= Report(output, "2.5.0-written " + name, decoded, expected.RootElement);
        }

        foreach (var name in Logs)
        {
            using var expected = JsonDocument.Parse(File.ReadAllText(Path.Combine(directory, name + ".expected.json")));
            var intervals = expected.RootElement.GetProperty("intervals").EnumerateArray().ToList();
            using var reader = new HistogramLogReader(File.OpenRead(Path.Combine(directory, name + ".hlog")));
            var read = reader.ReadHistograms().ToList();
            output.WriteLine("2.5.0-written " + name + ".hlog: " + read.Count + " intervals (2.5.0 wrote " + intervals.Count + ")");
            ok &= read.Count == intervals.Count;
            for (int i = 0; i < read.Count && i < intervals.Count; i++)
            {
                ok &= read[i].Tag == intervals[i].GetProperty("tag").GetString();
                ok &= Report(output, "  " + (read[i].Tag ?? "(no tag)"), read[i], intervals[i]);
            }
        }

        return ok;
    }

    private static bool Report(TextWriter output, string what, HistogramBase h, JsonElement expected)
    {
        long total = expected.GetProperty("totalCount").GetInt64();
        long max = expected.GetProperty("maxValue").GetInt64();
        bool same = h.TotalCount == total && h.GetMaxValue() == max;
        output.WriteLine(what + ": " + h.GetType().Name + ", total " + h.TotalCount.ToString(CultureInfo.InvariantCulture) + ", max "
            + h.GetMaxValue().ToString(CultureInfo.InvariantCulture) + (same ? ", as 2.5.0 recorded" : ", BUT 2.5.0 recorded total " + total + ", max " + max));
        return same;
    }
}
