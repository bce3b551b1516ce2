using System;
using System.Collections.Generic;
using System.IO;
using HdrHistogram.Logging;

namespace HdrHistogram.Fuzz;

/// <summary>
/// Random logs written with <see cref="HistogramLogWriter"/> (integer and double intervals, tags, with and without a
/// BaseTime line, relative or absolute timestamps, comments), stored as UTF-8 or UTF-16 with or without a byte order
/// mark, and read back: the same intervals, tags and data, timestamps within Java's 1 ms of rounding. The input is the
/// seed of the log.
/// </summary>
internal sealed class LogRoundTripTarget : SeededFuzzTarget
{
    private static readonly string?[] Tags = { null, null, "db", "cache", "t1", "p99.9", "Ünïcødé", "x=y" };

    public override string Name => "round trip: log write, read";

    protected override string SeedMakes => "log";

    protected override bool Run(int seed, Random random)
    {
        var logRandom = new Random(seed);
        long startMs = 1_000_000_000_000L + logRandom.NextInt64(1_000_000_000_000L);
        bool relative = logRandom.Next(2) == 0;
        bool baseTimeLine = logRandom.Next(2) == 0;
        var intervals = new List<EncodableHistogram>();
        int count = logRandom.Next(0, 12);
        long at = startMs;
        for (int i = 0; i < count; i++)
        {
            var h = RandomHistograms.Next(logRandom);
            at += logRandom.Next(0, 5000);
            h.StartTimeStamp = at;
            h.EndTimeStamp = at + logRandom.Next(1, 10_000);
            h.Tag = Tags[logRandom.Next(Tags.Length)];
            intervals.Add(h);
        }

        var buffer = new MemoryStream();
        using (var writer = new HistogramLogWriter(buffer, leaveOpen: true))
        {
            writer.OutputLogFormatVersion();
            if (logRandom.Next(3) == 0)
            {
                writer.OutputComment("fuzz log " + seed);
            }

            writer.OutputStartTime(startMs);
            if (relative)
            {
                writer.BaseTime = startMs;
                if (baseTimeLine)
                {
                    writer.OutputBaseTime(startMs);
                }
            }

            writer.OutputLegend();
            foreach (var h in intervals)
            {
                writer.OutputIntervalHistogram(h);
            }
        }

        int encoding = random.Next(4);
        byte[] bytes = Corpus.EncodeLog(System.Text.Encoding.UTF8.GetString(buffer.ToArray()), encoding);
        Stream stream = random.Next(4) == 0 ? new OneByteStream(bytes) : new MemoryStream(bytes, writable: false);
        using var reader = new HistogramLogReader(stream, new HistogramLogReaderOptions(), leaveOpen: false);
        string where = Corpus.EncodingNames[encoding] + (relative ? ", relative timestamps" : ", absolute timestamps") + (baseTimeLine ? ", BaseTime line" : "");
        EncodableHistogram? read = null;
        for (int i = 0; i < intervals.Count; i++)
        {
            var expected = intervals[i];
            read = reader.NextIntervalHistogram(random.Next(2) == 0 ? read : null);
            if (read is null)
            {
                throw new FuzzMismatchException(where + ": " + intervals.Count + " intervals written, " + i + " read back");
            }

            if (!DecodePath.SameData(expected, read))
            {
                throw new FuzzMismatchException(where + ": interval " + (i + 1) + " " + DecodePath.Describe(expected) + " read back as " + DecodePath.Describe(read));
            }

            if (read.Tag != expected.Tag)
            {
                throw new FuzzMismatchException(where + ": interval " + (i + 1) + " tag '" + expected.Tag + "' read back as '" + read.Tag + "'");
            }

            if (Math.Abs(read.StartTimeStamp - expected.StartTimeStamp) > 1 || Math.Abs(read.EndTimeStamp - expected.EndTimeStamp) > 1)
            {
                throw new FuzzMismatchException(where + ": interval " + (i + 1) + " timestamps " + expected.StartTimeStamp + ".." + expected.EndTimeStamp
                    + " read back as " + read.StartTimeStamp + ".." + read.EndTimeStamp);
            }
        }

        if (reader.NextIntervalHistogram() is not null)
        {
            throw new FuzzMismatchException(where + ": more intervals read back than the " + intervals.Count + " written");
        }

        if (Math.Abs((reader.GetStartTime() - DateTimeOffset.FromUnixTimeMilliseconds(startMs).UtcDateTime).TotalMilliseconds) > 1)
        {
            throw new FuzzMismatchException(where + ": StartTime " + startMs + " ms read back as " + reader.GetStartTime().ToString("O", System.Globalization.CultureInfo.InvariantCulture));
        }

        return true;
    }
}
