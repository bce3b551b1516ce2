using System.Collections.Generic;
using HdrHistogram.Text;

namespace HdrHistogram.Logging;

/// <summary>How far a <see cref="HistogramLogProcessor"/> run has got.</summary>
/// <param name="intervalsRead">Interval histograms read so far.</param>
/// <param name="linesRead">Lines read so far.</param>
/// <param name="bytesRead">Input bytes (or characters, for text input) taken so far.</param>
/// <param name="completed">Whether this is the last report of the run.</param>
/// <param name="intervalsBeforeRange">Intervals passed over so far because they start before the time range.</param>
public readonly struct HistogramLogProcessorProgress(long intervalsRead, int linesRead, long bytesRead, bool completed, long intervalsBeforeRange)
{
    /// <summary>Creates a progress report.</summary>
    /// <param name="intervalsRead">Interval histograms read so far.</param>
    /// <param name="linesRead">Lines read so far.</param>
    /// <param name="bytesRead">Input bytes (or characters, for text input) taken so far.</param>
    /// <param name="completed">Whether this is the last report of the run.</param>
    public HistogramLogProcessorProgress(long intervalsRead, int linesRead, long bytesRead, bool completed)
        : this(intervalsRead, linesRead, bytesRead, completed, 0)
    {
    }

    /// <summary>Interval histograms read so far.</summary>
    public long IntervalsRead { get; } = intervalsRead;

    /// <summary>Lines read so far.</summary>
    public int LinesRead { get; } = linesRead;

    /// <summary>Input bytes (or characters, for text input) taken so far; at most one read buffer ahead of the lines read.</summary>
    public long BytesRead { get; } = bytesRead;

    /// <summary>Whether this is the last report of the run (made when it ends, successfully or not).</summary>
    public bool Completed { get; } = completed;

    /// <summary>
    /// Intervals passed over so far because they start before the time range (<c>-start</c>; with the default 0, the
    /// intervals that start before the log's start time, which Java's processor leaves out without a word).
    /// </summary>
    public long IntervalsBeforeRange { get; } = intervalsBeforeRange;
}

/// <summary>
/// Java HdrHistogram 2.2.2's <c>HistogramLogProcessor</c>: summarizes a histogram log as an interval log (one line of
/// percentiles per interval and for everything so far), an overall percentile distribution and, optionally, a
/// moving-window percentile log, with output byte-for-byte identical to Java's for the same options.
/// </summary>
/// <remarks>
/// <para>
/// Options and outputs are Java's (see <see cref="HistogramLogProcessorOptions"/>): with <c>-o X</c>, the interval log
/// goes to <c>X</c>, the distribution to <c>X.hgrm</c> and the moving window to <c>X.mwp</c>; without it, only the
/// distribution is written, to standard output. Java 2.2.2's behaviours are reproduced, odd ones included; where Java
/// crashes, this class throws: <see cref="InvalidOperationException"/> when no interval matches or a log mixes integer
/// and DoubleHistogram intervals, the reader's <see cref="HistogramFormatException"/> at a malformed line. Integer
/// logs are processed without allocating per interval. The details: docs/tool.md, "hdr process".
/// </para>
/// </remarks>
public sealed class HistogramLogProcessor
{
    private const int ProgressEveryIntervals = 64;
    private const int MaxSpares = 4;

    private static readonly System.Text.UTF8Encoding Utf8 = new(encoderShouldEmitUTF8Identifier: false);

    private readonly HistogramLogProcessorOptions _options;
    private readonly Stack<HistogramBase> _spares = new();

    /// <summary>
    /// The intervals the last run passed over because their tag is not the one processed, per tag ("" for untagged
    /// intervals), in ordinal order: the tool says what it left out.
    /// </summary>
    internal SortedDictionary<string, long> IntervalsOfOtherTags { get; } = new(StringComparer.Ordinal);
    private long _intervalsRead;

    /// <summary>Creates a processor for the given options.</summary>
    /// <param name="options">The options; read when <see cref="Run()"/> is called.</param>
    /// <exception cref="ArgumentNullException"><paramref name="options"/> is null.</exception>
    public HistogramLogProcessor(HistogramLogProcessorOptions options)
    {
        _options = options ?? throw new ArgumentNullException(nameof(options));
    }

    /// <summary>The options of this processor.</summary>
    public HistogramLogProcessorOptions Options => _options;

    /// <summary>Receives a report every 64 intervals read, and a last one when the run ends; null for none.</summary>
    public IProgress<HistogramLogProcessorProgress>? Progress { get; set; }

    /// <summary>Runs the processor on the console's standard input and output (Java's <c>run()</c>).</summary>
    /// <exception cref="FileNotFoundException">The input file does not exist.</exception>
    /// <exception cref="IOException">A file cannot be read or written.</exception>
    /// <exception cref="HistogramFormatException">The log has a malformed line.</exception>
    /// <exception cref="InvalidOperationException">No interval matches the tag and range, or the log mixes integer and DoubleHistogram intervals.</exception>
    public void Run()
    {
        using var output = new StreamWriter(Console.OpenStandardOutput(), Utf8, 64 * 1024);
        Run(null, output);
    }

    /// <summary>
    /// Runs the processor with the given standard streams: the log is read from the input file, else from
    /// <paramref name="standardInput"/>; output files are written as the options say; what Java prints to standard
    /// output (the distribution without <c>-o</c>, the tag list) goes to <paramref name="standardOutput"/>.
    /// </summary>
    /// <param name="standardInput">The log when no input file is set; null for the console's standard input.</param>
    /// <param name="standardOutput">Receives what Java prints to standard output; it is flushed, not closed.</param>
    /// <exception cref="ArgumentNullException"><paramref name="standardOutput"/> is null.</exception>
    /// <exception cref="FileNotFoundException">The input file does not exist.</exception>
    /// <exception cref="IOException">A file cannot be read or written.</exception>
    /// <exception cref="HistogramFormatException">The log has a malformed line.</exception>
    /// <exception cref="InvalidOperationException">No interval matches the tag and range, or the log mixes integer and DoubleHistogram intervals.</exception>
    public void Run(Stream? standardInput, TextWriter standardOutput)
    {
        if (standardOutput is null)
        {
            throw new ArgumentNullException(nameof(standardOutput));
        }

        _intervalsRead = 0;
        _spares.Clear();
        IntervalsOfOtherTags.Clear();
        using var reader = _options.InputFileName is not null
            ? new HistogramLogReader(_options.InputFileName)
            : new HistogramLogReader(standardInput ?? Console.OpenStandardInput(), null, leaveOpen: true);
        try
        {
            if (_options.ListTags)
            {
                ListTags(reader, standardOutput);
                return;
            }

            if (_options.OutputFileName is null)
            {
                Process(reader, null, standardOutput, null);
                return;
            }

            using var intervalLog = CreateOutput(_options.OutputFileName);
            using var distribution = CreateOutput(_options.OutputFileName + ".hgrm");
            using var movingWindowLog = _options.MovingWindow ? CreateOutput(_options.OutputFileName + ".mwp") : null;
            OutputTimeRange(intervalLog, "Interval percentile log");
            OutputTimeRange(distribution, "Overall percentile distribution");
            if (movingWindowLog is not null)
            {
                OutputTimeRange(movingWindowLog, "Moving window log for " + JavaDoubleText.ToString(_options.MovingWindowPercentileToReport) + " percentile");
            }

            Process(reader, intervalLog, distribution, movingWindowLog);
        }
        finally
        {
            standardOutput.Flush();
            Progress?.Report(new HistogramLogProcessorProgress(_intervalsRead, reader.LineNumber, reader.BytesRead, completed: true, reader.IntervalsBeforeRange));
        }
    }

    private static StreamWriter CreateOutput(string path)
        => new(new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.Read), Utf8, 64 * 1024);

    private static long TotalCount(EncodableHistogram h) => h is HistogramBase b ? b.TotalCount : ((DoubleHistogram)h).TotalCount;

    private static double ValueAtPercentile(EncodableHistogram h, double percentile)
        => h is HistogramBase b ? b.GetValueAtPercentile(percentile) : ((DoubleHistogram)h).GetValueAtPercentile(percentile);

    /// <summary>The values at <paramref name="percentiles"/> in one pass over the counts, into <paramref name="values"/>.</summary>
    private static void ValuesAtPercentiles(EncodableHistogram h, double[] percentiles, double[] values)
    {
        if (h is HistogramBase b)
        {
            Span<long> integerValues = stackalloc long[percentiles.Length];
            b.GetValuesAtPercentiles(percentiles, integerValues);
            for (int i = 0; i < percentiles.Length; i++)
            {
                values[i] = integerValues[i];
            }
        }
        else
        {
            ((DoubleHistogram)h).GetValuesAtPercentiles(percentiles, values);
        }
    }

    private static double MaxValue(EncodableHistogram h) => h is HistogramBase b ? b.GetMaxValue() : ((DoubleHistogram)h).GetMaxValue();

    private static void Add(EncodableHistogram sum, EncodableHistogram interval)
    {
        if (sum is DoubleHistogram doubleSum)
        {
            if (interval is DoubleHistogram d)
            {
                doubleSum.Add(d);
            }
        }
        else if (interval is HistogramBase h)
        {
            ((HistogramBase)sum).Add(h);
        }
    }

    private static void Subtract(EncodableHistogram sum, EncodableHistogram interval)
    {
        if (sum is DoubleHistogram doubleSum)
        {
            doubleSum.Subtract((DoubleHistogram)interval);
        }
        else
        {
            ((HistogramBase)sum).Subtract((HistogramBase)interval);
        }
    }

    private static void WriteFixed(TextWriter writer, double value, int width = 0) => JavaFormat.WriteFixed(writer, value, 3, width);

    /// <summary>Java's <c>getIntervalHistogram()</c>: the next interval in the range, corrected for coordinated omission when asked.</summary>
    private EncodableHistogram? NextInterval(HistogramLogReader reader)
    {
        HistogramBase? recycle = _spares.Count > 0 ? _spares.Pop() : null;
        var histogram = reader.NextIntervalHistogram(_options.RangeStartTimeSec, _options.RangeEndTimeSec, absoluteRange: false, recycle);
        if (recycle is not null && !ReferenceEquals(histogram, recycle))
        {
            Recycle(recycle);
        }

        if (histogram is null)
        {
            return null;
        }

        if (++_intervalsRead % ProgressEveryIntervals == 0)
        {
            Progress?.Report(new HistogramLogProcessorProgress(_intervalsRead, reader.LineNumber, reader.BytesRead, completed: false, reader.IntervalsBeforeRange));
        }

        double expectedInterval = _options.ExpectedIntervalForCoordinatedOmissionCorrection;
        if (expectedInterval > 0.0)
        {
            if (histogram is DoubleHistogram d)
            {
                // Java's DoubleHistogram.copyCorrectedForCoordinatedOmission keeps neither the tag nor the timestamps.
                var corrected = d.CopyCorrectedForCoordinatedOmission(expectedInterval);
                corrected.Tag = null;
                corrected.StartTimeStamp = 0;
                corrected.EndTimeStamp = 0;
                return corrected;
            }

            long integerInterval = JavaMath.ToLong(expectedInterval);
            if (integerInterval > 0 && histogram is HistogramBase h)
            {
                // Java's Histogram copy keeps the timestamps but not the tag.
                var corrected = h.CopyCorrectedForCoordinatedOmission(integerInterval);
                corrected.Tag = null;
                Recycle(h);
                return corrected;
            }
        }

        return histogram;
    }

    /// <summary>Java's <c>getIntervalHistogram(tag)</c>: the next interval with the wanted tag (none: the untagged ones).</summary>
    private EncodableHistogram? NextMatchingInterval(HistogramLogReader reader)
    {
        string? tag = _options.Tag;
        while (true)
        {
            var histogram = NextInterval(reader);
            if (histogram is null || string.Equals(histogram.Tag, tag, StringComparison.Ordinal))
            {
                return histogram;
            }

            string other = histogram.Tag ?? string.Empty;
            IntervalsOfOtherTags[other] = IntervalsOfOtherTags.TryGetValue(other, out long seen) ? seen + 1 : 1;

            Recycle(histogram);
        }
    }

    private void Recycle(EncodableHistogram histogram)
    {
        if (histogram is HistogramBase h && _spares.Count < MaxSpares)
        {
            _spares.Push(h);
        }
    }

    private void ListTags(HistogramLogReader reader, TextWriter output)
    {
        var tags = new SortedSet<string>(StringComparer.Ordinal);
        bool untagged = false;
        EncodableHistogram? histogram;
        while ((histogram = NextInterval(reader)) is not null)
        {
            if (histogram.Tag is null)
            {
                untagged = true;
            }
            else
            {
                tags.Add(histogram.Tag);
            }

            Recycle(histogram);
        }

        output.Write("Tags found in input file:\n");
        if (untagged)
        {
            output.Write("[NO TAG (default)]\n");
        }

        foreach (string tag in tags)
        {
            output.Write(tag);
            output.Write('\n');
        }
    }

    private void Process(HistogramLogReader reader, TextWriter? intervalLog, TextWriter distribution, TextWriter? movingWindowLog)
    {
        var options = _options;
        double ratio = options.OutputValueUnitRatio;
        var interval = NextMatchingInterval(reader);
        if (interval is null)
        {
            throw new InvalidOperationException(
                "No interval histogram in the input matches "
                + (options.Tag is null ? "the untagged lines" : "the tag '" + options.Tag + "'")
                + " in the time range " + JavaFormat.Format(options.RangeStartTimeSec, 3) + " to "
                + (options.RangeEndTimeSec < double.MaxValue ? JavaFormat.Format(options.RangeEndTimeSec, 3) : "<Infinite>")
                + " seconds after StartTime (use -listtags to see the tags).");
        }

        // The accumulated histogram is shaped like the first interval, emptied and auto-resizing.
        bool logUsesDoubleHistograms = interval is DoubleHistogram;
        HistogramBase? accumulatedRegular = null;
        DoubleHistogram? accumulatedDouble = null;
        EncodableHistogram accumulated;
        if (interval is DoubleHistogram firstDouble)
        {
            accumulatedDouble = firstDouble.Copy();
            accumulatedDouble.Reset();
            accumulatedDouble.AutoResize = true;
            accumulated = accumulatedDouble;
        }
        else
        {
            accumulatedRegular = ((HistogramBase)interval).Copy();
            accumulatedRegular.Reset();
            accumulatedRegular.AutoResize = true;
            accumulated = accumulatedRegular;
        }

        EncodableHistogram? movingWindowSum = movingWindowLog is null ? null
            : logUsesDoubleHistograms ? new DoubleHistogram(3) : new LongHistogram(3);
        var movingWindowQueue = new Queue<EncodableHistogram>();
        double firstStartTime = 0.0;
        bool intervalLegendWritten = false;
        bool movingWindowLegendWritten = false;
        string movingWindowPercentile = JavaDoubleText.ToString(options.MovingWindowPercentileToReport);

        while (interval is not null)
        {
            if (interval is DoubleHistogram doubleInterval)
            {
                if (accumulatedDouble is null)
                {
                    throw new InvalidOperationException("Encountered a DoubleHistogram line in a log of Histograms (line " + LogLineParser.Str(reader.LastInterval.LineNumber) + ").");
                }

                accumulatedDouble.Add(doubleInterval);
            }
            else
            {
                if (accumulatedRegular is null)
                {
                    throw new InvalidOperationException("Encountered a Histogram line in a log of DoubleHistograms (line " + LogLineParser.Str(reader.LastInterval.LineNumber) + ").");
                }

                accumulatedRegular.Add((HistogramBase)interval);
            }

            bool queued = false;
            if (movingWindowSum is not null)
            {
                long windowCutOffTimeStamp = interval.EndTimeStamp - options.MovingWindowLengthInMsec;
                Add(movingWindowSum, interval);
                while (movingWindowQueue.Count > 0 && movingWindowQueue.Peek().EndTimeStamp <= windowCutOffTimeStamp)
                {
                    var previous = movingWindowQueue.Dequeue();
                    Subtract(movingWindowSum, previous);
                    Recycle(previous);
                }

                movingWindowQueue.Enqueue(interval);
                queued = true;
            }

            if (firstStartTime == 0.0 && reader.StartTimeSec != 0.0)
            {
                firstStartTime = reader.StartTimeSec;
                OutputStartTime(distribution, firstStartTime);
                if (intervalLog is not null)
                {
                    OutputStartTime(intervalLog, firstStartTime);
                }
            }

            double time = (interval.EndTimeStamp / 1000.0) - reader.StartTimeSec;
            if (intervalLog is not null)
            {
                if (!intervalLegendWritten)
                {
                    intervalLegendWritten = true;
                    intervalLog.Write(options.LogFormatCsv
                        ? "\"Timestamp\",\"Int_Count\",\"Int_50%\",\"Int_90%\",\"Int_Max\",\"Total_Count\",\"Total_50%\",\"Total_90%\",\"Total_99%\",\"Total_99.9%\",\"Total_99.99%\",\"Total_Max\"\n"
                        : "Time: IntervalPercentiles:count ( 50% 90% Max ) TotalPercentiles:count ( 50% 90% 99% 99.9% 99.99% Max )\n");
                }

                WriteIntervalLine(intervalLog, time, interval, accumulated, ratio);
            }

            if (movingWindowLog is not null)
            {
                if (!movingWindowLegendWritten)
                {
                    movingWindowLegendWritten = true;
                    movingWindowLog.Write(options.LogFormatCsv
                        ? "\"Timestamp\",\"Window_Count\",\"" + movingWindowPercentile + "%'ile\",\"Max\"\n"
                        : "Time: WindowCount " + movingWindowPercentile + "%'ile Max\n");
                }

                WriteMovingWindowLine(movingWindowLog, time, movingWindowSum!, ratio);
            }

            if (!queued)
            {
                Recycle(interval);
            }

            interval = NextMatchingInterval(reader);
        }

        if (accumulatedDouble is not null)
        {
            accumulatedDouble.OutputPercentileDistribution(distribution, options.PercentilesOutputTicksPerHalf, ratio, options.LogFormatCsv);
        }
        else
        {
            accumulatedRegular!.OutputPercentileDistribution(distribution, options.PercentilesOutputTicksPerHalf, ratio, options.LogFormatCsv);
        }
    }

    /// <summary>Java: <c>"%4.3f: I:%d ( %7.3f %7.3f %7.3f ) T:%d ( %7.3f ... ) "</c>, or its CSV form.</summary>
    private void WriteIntervalLine(TextWriter log, double time, EncodableHistogram interval, EncodableHistogram accumulated, double ratio)
    {
        double[] intervalValues = _intervalPercentileValues;
        double[] totalValues = _totalPercentileValues;
        ValuesAtPercentiles(interval, IntervalPercentiles, intervalValues);
        ValuesAtPercentiles(accumulated, TotalPercentiles, totalValues);
        bool csv = _options.LogFormatCsv;
        WriteFixed(log, time, csv ? 0 : 4);
        log.Write(csv ? "," : ": I:");
        WriteCountValuesAndMax(log, interval, intervalValues, ratio, csv);
        log.Write(csv ? "," : " ) T:");
        WriteCountValuesAndMax(log, accumulated, totalValues, ratio, csv);
        log.Write(csv ? "\n" : " )\n");
    }

    /// <summary>
    /// One histogram's columns of an interval line: its total count, then its values at the reported percentiles and
    /// its maximum, scaled by <paramref name="ratio"/> (<c>%d ( %7.3f ... %7.3f</c>, or <c>%d,%.3f,...,%.3f</c>).
    /// </summary>
    private static void WriteCountValuesAndMax(TextWriter log, EncodableHistogram histogram, double[] values, double ratio, bool csv)
    {
        JavaFormat.WriteInteger(log, TotalCount(histogram));
        log.Write(csv ? "," : " ( ");
        foreach (double value in values)
        {
            WriteFixed(log, value / ratio, csv ? 0 : 7);
            log.Write(csv ? ',' : ' ');
        }

        WriteFixed(log, MaxValue(histogram) / ratio, csv ? 0 : 7);
    }

    /// <summary>Java: <c>"%4.3f: I:%d P:%7.3f M:%7.3f"</c>, or <c>"%.3f,%d,%.3f,%.3f"</c>.</summary>
    private void WriteMovingWindowLine(TextWriter log, double time, EncodableHistogram sum, double ratio)
    {
        bool csv = _options.LogFormatCsv;
        WriteFixed(log, time, csv ? 0 : 4);
        log.Write(csv ? "," : ": I:");
        JavaFormat.WriteInteger(log, TotalCount(sum));
        log.Write(csv ? "," : " P:");
        WriteFixed(log, ValueAtPercentile(sum, _options.MovingWindowPercentileToReport) / ratio, csv ? 0 : 7);
        log.Write(csv ? "," : " M:");
        WriteFixed(log, MaxValue(sum) / ratio, csv ? 0 : 7);
        log.Write('\n');
    }

    private void OutputTimeRange(TextWriter log, string title)
    {
        log.Write("#[");
        log.Write(title);
        log.Write(" between ");
        WriteFixed(log, _options.RangeStartTimeSec);
        log.Write(" and ");
        if (_options.RangeEndTimeSec < double.MaxValue)
        {
            WriteFixed(log, _options.RangeEndTimeSec);
        }
        else
        {
            log.Write("<Infinite>");
        }

        log.Write(" seconds (relative to StartTime)]\n");
    }

    private void OutputStartTime(TextWriter log, double startTime)
    {
        log.Write("#[StartTime: ");
        WriteFixed(log, startTime);
        log.Write(" (seconds since epoch), ");
        log.Write(JavaFormat.DateToString(JavaMath.ToLong(startTime * 1000), _options.TimeZone));
        log.Write("]\n");
    }

    private static readonly double[] IntervalPercentiles = [50.0, 90.0];

    private static readonly double[] TotalPercentiles = [50.0, 90.0, 99.0, 99.9, 99.99];

    // Reused per interval line, so that a line allocates nothing.
    private readonly double[] _intervalPercentileValues = new double[IntervalPercentiles.Length];
    private readonly double[] _totalPercentileValues = new double[TotalPercentiles.Length];
}
