using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using HdrHistogram;

namespace Compat250.Behaviour;

/// <summary>Tags: which are refused on set, and what a log written and read back by the same library holds.</summary>
internal static class TagScenarios
{
    /// <summary>Tags by a readable name: the four 2.5.0 refuses, and others that a log must carry unchanged.</summary>
    public static readonly KeyValuePair<string, string>[] Tags =
    {
        Histograms.Pair("space", "a b"),
        Histograms.Pair("comma", "a,b"),
        Histograms.Pair("CR", "a\rb"),
        Histograms.Pair("LF", "a\nb"),
        Histograms.Pair("CRLF at the end", "ab\r\n"),
        Histograms.Pair("only a space", " "),
        Histograms.Pair("plain", "latency"),
        Histograms.Pair("tab", "a\tb"),
        Histograms.Pair("equals signs", "Tag=a=b"),
        Histograms.Pair("brackets and hash", "#[x]"),
        Histograms.Pair("quotes", "\"StartTimestamp\""),
        Histograms.Pair("non-ASCII", "caf\u00e9-\u00fc\u00df-\u65e5\u672c"),
        Histograms.Pair("no-break space", "a\u00a0b"),
        Histograms.Pair("NEL", "a\u0085b"),
        Histograms.Pair("line separator", "a\u2028b"),
        Histograms.Pair("paragraph separator", "a\u2029b"),
        Histograms.Pair("form feed and vertical tab", "a\f\vb"),
        Histograms.Pair("number-like", "1.500"),
    };

    private static readonly DateTime Start = new(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc);

    public static IEnumerable<KeyValuePair<string, Func<string>>> All()
    {
        foreach (var tag in Tags)
        {
            string value = tag.Value;
            yield return Histograms.Pair<Func<string>>("tag set " + tag.Key, () =>
            {
                var histogram = new LongHistogram(1, Histograms.Highest, 3);
                histogram.Tag = value;
                return "accepted " + Escape(histogram.Tag);
            });
            yield return Histograms.Pair<Func<string>>("tag log " + tag.Key, () =>
            {
                var histogram = new LongHistogram(1, Histograms.Highest, 3);
                histogram.RecordValue(42);
                histogram.Tag = value;
                var log = new MemoryStream();
                HistogramLogWriter.Write(log, Start, histogram);
                var read = HistogramLogReader.Read(new MemoryStream(log.ToArray())).ToList();
                return read.Count + " interval(s), tag " + Escape(read.Count > 0 ? read[0].Tag : null)
                    + ", count at 42 " + (read.Count > 0 ? read[0].GetCountAtValue(42) : 0);
            });
        }
    }

    /// <summary>The text with every character outside printable ASCII as \uXXXX; "null" for null.</summary>
    public static string Escape(string? text)
    {
        if (text is null)
        {
            return "null";
        }

        var escaped = new StringBuilder("\"");
        foreach (char c in text)
        {
            escaped.Append(c is >= ' ' and <= '~' ? c.ToString() : "\\u" + ((int)c).ToString("X4", System.Globalization.CultureInfo.InvariantCulture));
        }

        return escaped.Append('"').ToString();
    }
}
