using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using HdrHistogram.Logging;

namespace HdrHistogram.Fuzz;

/// <summary>
/// Mutated histogram logs (line edits, log-syntax tokens, mutated payloads; UTF-8 or UTF-16 with or without a byte
/// order mark, sometimes with the encoded bytes damaged) read every way the reader offers: NextIntervalHistogram
/// (new, recycled, time ranges), TryReadNextInto, ReadHistograms, the static Read, a TextReader, with and without
/// SkipMalformedLines, then GetStartTime. With <c>oneByte</c> the same read also goes through a stream that returns
/// one byte per read and must give the same intervals and stop at the same point.
/// </summary>
internal sealed class LogReadTarget : FuzzTarget
{
    private const int MaxIntervals = 2000;

    private readonly IReadOnlyList<(string Name, string Text)> _seeds;
    private readonly bool _oneByte;

    public LogReadTarget(IReadOnlyList<(string Name, string Text)> seeds, bool oneByte)
    {
        _seeds = seeds;
        _oneByte = oneByte;
    }

    public override string Name => _oneByte ? "log read, one-byte stream" : "log read";

    public override FuzzInput Generate(Random random)
    {
        int index = random.Next(_seeds.Count);
        var (name, text) = _seeds[index];

        // Long logs: the header and a window of up to 30 interval lines, to keep inputs small.
        string[] lines = text.Split('\n');
        if (lines.Length > 40)
        {
            int headerLength = lines.TakeWhile(l => l.Length == 0 || l[0] == '#' || l[0] == '"').Count();
            int start = headerLength + random.Next(Math.Max(1, lines.Length - headerLength - 30));
            text = string.Join('\n', lines.Take(headerLength).Concat(lines.Skip(start).Take(1 + random.Next(30))));
        }

        string how = "unchanged";
        if (random.Next(10) != 0)
        {
            text = Mutator.MutateLog(text, random, out how);
        }

        int encoding = random.Next(4);
        byte[] bytes = Corpus.EncodeLog(text, encoding);
        how = Corpus.EncodingNames[encoding] + ", " + how;
        if (random.Next(10) == 0)
        {
            bytes = Mutator.MutateBytes(bytes, bytes, random, out string bytesHow);
            how += ", bytes " + bytesHow;
        }

        return new FuzzInput(bytes, index, name + ": " + how);
    }

    public override bool Run(FuzzInput input, Random random)
    {
        int mode = random.Next(9);
        bool skipMalformed = random.Next(3) == 0;
        bool partialIsMalformed = random.Next(2) == 0;
        double rangeStart = random.Next(3) == 0 ? random.NextDouble() * 100 : 0;
        double rangeEnd = rangeStart + (random.Next(2) == 0 ? random.NextDouble() * 1000 : double.MaxValue);
        var transcript = Read(new MemoryStream(input.Bytes, writable: false), mode, skipMalformed, partialIsMalformed, rangeStart, rangeEnd);
        // (Mode 8 reads through the platform's StreamReader, which detects a byte order mark only when its first read
        // returns at least 2 bytes: one byte at a time, it reads UTF-16 as UTF-8. Not the library's to compare.)
        if (_oneByte && mode != 8)
        {
            var slow = Read(new OneByteStream(input.Bytes), mode, skipMalformed, partialIsMalformed, rangeStart, rangeEnd);
            if (!transcript.SequenceEqual(slow))
            {
                int at = transcript.Zip(slow).TakeWhile(p => p.First == p.Second).Count();
                throw new FuzzMismatchException("mode " + mode + ": a one-byte stream reads differently from a memory stream at entry " + at + ": '"
                    + (at < transcript.Count ? transcript[at] : "(end)") + "' vs '" + (at < slow.Count ? slow[at] : "(end)") + "'");
            }
        }

        return transcript.Count > 0 && !transcript[^1].StartsWith("error", StringComparison.Ordinal);
    }

    // Reads the log one way; the transcript lists each interval read and ends with how the read ended.
    private static List<string> Read(Stream stream, int mode, bool skipMalformed, bool partialIsMalformed, double rangeStart, double rangeEnd)
    {
        var transcript = new List<string>();
        var options = new HistogramLogReaderOptions
        {
            SkipMalformedLines = skipMalformed,
            PartialLastLineIsMalformed = partialIsMalformed,
            DecoderOptions = FuzzLimits.DecoderOptions(),
            MaxLineLength = 1 << 20,
        };
        try
        {
            if (mode == 7)
            {
                // The static Read of 2.5.0 (its own options: the defaults).
                foreach (var histogram in HistogramLogReader.Read(stream).Take(MaxIntervals))
                {
                    transcript.Add(Entry(histogram));
                }

                transcript.Add("end");
                return transcript;
            }

            using var reader = mode == 8
                ? new HistogramLogReader(new StreamReader(stream, System.Text.Encoding.UTF8, detectEncodingFromByteOrderMarks: true), options, leaveOpen: false)
                : new HistogramLogReader(stream, options, leaveOpen: false);
            EncodableHistogram? h = null;
            switch (mode)
            {
                case 0:
                case 8:
                    while (transcript.Count < MaxIntervals && (h = reader.NextIntervalHistogram()) is not null)
                    {
                        transcript.Add(Entry(h));
                    }

                    break;
                case 1:
                    while (transcript.Count < MaxIntervals && (h = reader.NextIntervalHistogram(h)) is not null)
                    {
                        transcript.Add(Entry(h));
                    }

                    break;
                case 2:
                    while (transcript.Count < MaxIntervals && (h = reader.NextIntervalHistogram(rangeStart, rangeEnd)) is not null)
                    {
                        transcript.Add(Entry(h));
                    }

                    break;
                case 3:
                    while (transcript.Count < MaxIntervals && (h = reader.NextAbsoluteIntervalHistogram(rangeStart, rangeEnd)) is not null)
                    {
                        transcript.Add(Entry(h));
                    }

                    break;
                case 4:
                    while (transcript.Count < MaxIntervals && (h = reader.NextIntervalHistogram(rangeStart, rangeEnd, absoluteRange: false, h)) is not null)
                    {
                        transcript.Add(Entry(h));
                    }

                    break;
                case 5:
                    {
                        // The first interval makes the target the rest is read into.
                        var target = reader.NextIntervalHistogram();
                        if (target is not null)
                        {
                            transcript.Add(Entry(target));
                            while (transcript.Count < MaxIntervals && reader.TryReadNextInto(target, out var entry))
                            {
                                transcript.Add(Entry(target) + " line " + entry.LineNumber + " " + entry.StartTimeStamp + ".." + entry.EndTimeStamp);
                            }
                        }

                        break;
                    }

                default:
                    foreach (var histogram in reader.ReadHistograms().Take(MaxIntervals))
                    {
                        transcript.Add(Entry(histogram));
                    }

                    break;
            }

            transcript.Add("end at line " + reader.LineNumber);
            try
            {
                transcript.Add("start " + reader.GetStartTime().Ticks.ToString(CultureInfo.InvariantCulture) + " base " + reader.BaseTimeSec.ToString("R", CultureInfo.InvariantCulture));
            }
            catch (HistogramFormatException e)
            {
                transcript.Add("start time error: " + e.Message);
            }
        }
        catch (HistogramFormatException e)
        {
            transcript.Add("error: " + e.Message);
        }

        return transcript;
    }

    private static string Entry(EncodableHistogram h)
        => (h.Tag ?? "-") + " " + h.StartTimeStamp + ".." + h.EndTimeStamp + " " + DecodePath.Describe(h);
}
