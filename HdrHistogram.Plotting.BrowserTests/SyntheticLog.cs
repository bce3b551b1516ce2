using System;
using System.Collections.Generic;
using System.IO;

namespace HdrHistogram.Plotting.BrowserTests;

/// <summary>
/// Histogram logs written here for the timeline tests (also linked into the unit tests): one-second intervals from
/// 1,700,000,000 s after the epoch, each with a few values that depend on its number, so that every interval and every
/// time range has numbers of its own. Small histograms (values up to about 2 ms in nanoseconds), so that 30,000
/// intervals take a second to write.
/// </summary>
internal static class SyntheticLog
{
    /// <summary>The log's start time, in milliseconds since the epoch.</summary>
    public const long StartMs = 1_700_000_000_000;

    /// <summary>The values interval <paramref name="i"/> (from 0) records, in nanoseconds; a stall every 997th.</summary>
    public static IEnumerable<long> Values(int i)
    {
        yield return 10_000 + (i % 7 * 1_000);
        yield return 20_000 + (i % 13 * 500);
        yield return 30_000 + (i % 101 * 100);
        if (i % 997 == 500)
        {
            yield return 2_000_000 + (i * 10L);
        }
    }

    /// <summary>The log of <paramref name="intervals"/> intervals in <paramref name="dir"/> (INTERVALS.hlog), written on first use.</summary>
    public static string In(string dir, int intervals)
    {
        string path = Path.Combine(dir, intervals.ToString(System.Globalization.CultureInfo.InvariantCulture) + ".hlog");
        if (!File.Exists(path))
        {
            Write(path, intervals);
        }

        return path;
    }

    /// <summary>Every interval of <paramref name="log"/>, as the library reads it.</summary>
    public static List<HistogramBase> ReadIntervals(string log)
    {
        var intervals = new List<HistogramBase>();
        using var reader = new HistogramLogReader(log);
        EncodableHistogram? h;
        while ((h = reader.NextIntervalHistogram()) is not null)
        {
            intervals.Add((HistogramBase)h);
        }

        return intervals;
    }

    /// <summary>Writes <paramref name="intervals"/> intervals to <paramref name="path"/>, skipping those <paramref name="skip"/> says (a gap).</summary>
    /// <param name="path">The log to write.</param>
    /// <param name="intervals">How many one-second intervals (skipped ones included).</param>
    /// <param name="skip">Which intervals to leave out; null for none.</param>
    /// <param name="tags">Tags to write every interval with, one line each (the untagged line first when it holds null); null: untagged only.</param>
    public static void Write(string path, int intervals, Func<int, bool>? skip = null, IReadOnlyList<string?>? tags = null)
    {
        using var stream = File.Create(path);
        using var writer = new HistogramLogWriter(stream);
        writer.OutputLogFormatVersion();
        writer.OutputStartTime(StartMs);
        writer.OutputLegend();
        var h = new LongHistogram(1, 3_600_000_000_000, 3);
        for (int i = 0; i < intervals; i++)
        {
            if (skip?.Invoke(i) == true)
            {
                continue;
            }

            foreach (string? tag in tags ?? new string?[] { null })
            {
                h.Reset();
                foreach (long value in Values(i))
                {
                    h.RecordValue(tag is null ? value : value * 2);
                }

                h.StartTimeStamp = StartMs + (i * 1000L);
                h.EndTimeStamp = h.StartTimeStamp + 1000;
                h.Tag = tag;
                writer.OutputIntervalHistogram(h);
            }
        }
    }
}
