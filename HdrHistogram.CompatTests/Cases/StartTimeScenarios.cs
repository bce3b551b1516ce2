using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using HdrHistogram;
using HdrHistogram.Utilities;

namespace Compat250.Behaviour;

/// <summary>A <see cref="DateTime"/> with a fraction of a millisecond becoming milliseconds: the conversion and a log's start time.</summary>
internal static class StartTimeScenarios
{
    private static readonly DateTime Second = new(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc);

    /// <summary>Sub-millisecond offsets, in ticks (100 ns): below, at and above half a millisecond.</summary>
    private static readonly long[] Ticks = { 0, 1, 4_999, 5_000, 5_001, 9_999, 1_234_567, 10_004_999, 10_005_000 };

    public static IEnumerable<KeyValuePair<string, Func<string>>> All()
    {
        foreach (long ticks in Ticks)
        {
            DateTime time = Second.AddTicks(ticks);
            yield return Histograms.Pair<Func<string>>("start time MillisecondsSinceUnixEpoch +" + ticks + " ticks", () => time.MillisecondsSinceUnixEpoch().ToString(System.Globalization.CultureInfo.InvariantCulture));
            yield return Histograms.Pair<Func<string>>("start time before the epoch MillisecondsSinceUnixEpoch -" + ticks + " ticks", () => new DateTime(1969, 12, 31, 23, 59, 59, DateTimeKind.Utc).AddTicks(-ticks).MillisecondsSinceUnixEpoch().ToString(System.Globalization.CultureInfo.InvariantCulture));
            yield return Histograms.Pair<Func<string>>("start time log +" + ticks + " ticks", () =>
            {
                var histogram = new LongHistogram(1, Histograms.Highest, 3);
                histogram.RecordValue(42);
                var log = new MemoryStream();
                HistogramLogWriter.Write(log, time, histogram);
                using var reader = new HistogramLogReader(new MemoryStream(log.ToArray()));
                var intervals = reader.ReadHistograms().ToList();
                string text = Text(log.ToArray());
                string startLine = text.Split('\n').First(line => line.StartsWith("#[StartTime: ", StringComparison.Ordinal));
                return "read back " + reader.GetStartTime().Ticks + " ticks; "
                    + startLine.Substring(0, startLine.IndexOf(' ', 13)) + "; " + intervals.Count + " interval(s)";
            });
        }
    }

    private static string Text(byte[] bytes)
        => bytes.Length >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE
            ? Encoding.Unicode.GetString(bytes, 2, bytes.Length - 2)
            : Encoding.UTF8.GetString(bytes);
}
