using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using HdrHistogram.Benchmarking.Infrastructure;
using HdrHistogram.Logging;

namespace HdrHistogram.Benchmarking.Logging;

/// <summary>
/// Histogram log read and write throughput on the real jHiccup logs (Workloads/*.hlog: V0, V1 and tagged V2 payloads)
/// and on a generated log of 100 000 intervals (built in memory in GlobalSetup). One operation reads (or writes) the
/// whole log; the extra columns turn that into MB/s, intervals/s and bytes allocated per interval.
/// </summary>
/// <remarks>
/// <list type="bullet">
/// <item><c>Read</c>: <see cref="HistogramLogReader.NextIntervalHistogram()"/>, a new histogram per interval (as Java).</item>
/// <item><c>ReadRecycled</c>: <see cref="HistogramLogReader.NextIntervalHistogram(EncodableHistogram)"/> recycling the previous one.</item>
/// <item><c>ReadInto</c>: <see cref="HistogramLogReader.TryReadNextInto(EncodableHistogram, out HistogramLogEntry)"/> into one reused histogram.</item>
/// <item><c>Write</c>: <see cref="HistogramLogWriter.OutputIntervalHistogram(EncodableHistogram)"/> of every interval to a discarding stream.</item>
/// </list>
/// Log sizes: jHiccup-2.0.1.logV0 81 intervals / 26 KB, jHiccup-2.0.6.logV1 88 / 14 KB, tagged-Log.logV2 42 / 6 KB,
/// generated-100k 100 000 intervals (a 10 s range, 2 digits, 100 distinct histograms cycled, tags "a"/"b"/none),
/// about 27 MB; the exact figures are in the columns.
/// </remarks>
[MemoryDiagnoser]
[Config(typeof(LogThroughputConfig))]
public class LogBenchmarks
{
    public const string Generated = "generated-100k";
    // The quick run only proves that the benchmarks run: a thousand intervals do that.
    private static int GeneratedIntervals => HdrBenchmarks.QuickRun ? 1_000 : 100_000;

    private byte[] _log = Array.Empty<byte>();
    private List<HistogramBase> _intervals = new();
    private HistogramBase _target = null!;

    [Params("jHiccup-2.0.1.logV0", "jHiccup-2.0.6.logV1", "tagged-Log.logV2", Generated)]
    public string Log { get; set; } = Generated;

    [GlobalSetup]
    public void Setup()
    {
        _log = LogBytes(Log);
        _intervals = new List<HistogramBase>();
        using var reader = new HistogramLogReader(new MemoryStream(_log));
        EncodableHistogram? h;
        while ((h = reader.NextIntervalHistogram()) is not null && _intervals.Count < 200)
        {
            _intervals.Add((HistogramBase)h);
        }

        var first = _intervals[0];
        _target = new LongHistogram(first.LowestTrackableValue, first.HighestTrackableValue, first.NumberOfSignificantValueDigits);
    }

    [Benchmark]
    public long Read()
    {
        using var reader = new HistogramLogReader(new MemoryStream(_log));
        long total = 0;
        EncodableHistogram? h;
        while ((h = reader.NextIntervalHistogram()) is not null)
        {
            total += ((HistogramBase)h).TotalCount;
        }

        return total;
    }

    [Benchmark]
    public long ReadRecycled()
    {
        using var reader = new HistogramLogReader(new MemoryStream(_log));
        long total = 0;
        EncodableHistogram? h = null;
        while ((h = reader.NextIntervalHistogram(h)) is not null)
        {
            total += ((HistogramBase)h).TotalCount;
        }

        return total;
    }

    [Benchmark]
    public long ReadInto()
    {
        using var reader = new HistogramLogReader(new MemoryStream(_log));
        long total = 0;
        while (reader.TryReadNextInto(_target, out _))
        {
            total += _target.TotalCount;
        }

        return total;
    }

    [Benchmark]
    public long Write()
    {
        // The generated log's 100 000 intervals are its 100 distinct histograms cycled; the real logs' are all distinct.
        int count = IntervalCount(Log);
        using var writer = new HistogramLogWriter(Stream.Null);
        writer.OutputLogFormatVersion();
        writer.OutputStartTime(1_700_000_000_000);
        writer.OutputLegend();
        for (int i = 0; i < count; i++)
        {
            var h = _intervals[i % _intervals.Count];
            writer.OutputIntervalHistogram(i, i + 1.0, h);
        }

        return count;
    }

    /// <summary>The bytes of a benchmark log: a Workloads file, or the generated log.</summary>
    internal static byte[] LogBytes(string log)
        => log == Generated ? GenerateLog() : File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, "Workloads", log + ".hlog"));

    /// <summary>The number of intervals of a benchmark log (what one Write operation writes, too).</summary>
    internal static int IntervalCount(string log)
    {
        if (log == Generated)
        {
            return GeneratedIntervals;
        }

        using var reader = new HistogramLogReader(new MemoryStream(LogBytes(log)));
        int count = 0;
        EncodableHistogram? h = null;
        while ((h = reader.NextIntervalHistogram(h)) is not null)
        {
            count++;
        }

        return count;
    }

    private static byte[] GenerateLog()
    {
        var random = new Random(100_000);
        var distinct = new List<HistogramBase>();
        for (int i = 0; i < 100; i++)
        {
            var h = new LongHistogram(1, 10_000_000_000, 2);
            int values = 50 + random.Next(300);
            for (int v = 0; v < values; v++)
            {
                h.RecordValue(100_000 + ((long)random.Next(1000) * random.Next(1000) * (1 + random.Next(20))));
            }

            distinct.Add(h);
        }

        string?[] tags = { null, "a", "b" };
        using var stream = new MemoryStream();
        using (var writer = new HistogramLogWriter(stream))
        {
            writer.OutputLogFormatVersion();
            writer.OutputStartTime(1_700_000_000_000);
            writer.OutputBaseTime(1_700_000_000_000);
            writer.OutputLegend();
            for (int i = 0; i < GeneratedIntervals; i++)
            {
                var h = distinct[i % distinct.Count];
                h.Tag = tags[i % tags.Length];
                writer.OutputIntervalHistogram(i, i + 1.0, h);
            }
        }

        return stream.ToArray();
    }
}

/// <summary>Adds MB/s, intervals/s and allocated bytes per interval to <see cref="LogBenchmarks"/>.</summary>
public sealed class LogThroughputConfig : ManualConfig
{
    public LogThroughputConfig()
    {
        AddColumn(new LogThroughputColumn(LogThroughputColumn.Kind.MegabytesPerSecond));
        AddColumn(new LogThroughputColumn(LogThroughputColumn.Kind.IntervalsPerSecond));
        AddColumn(new LogThroughputColumn(LogThroughputColumn.Kind.AllocatedPerInterval));
    }
}

/// <summary>A throughput column computed from the mean time (or allocation) of one whole-log operation.</summary>
public sealed class LogThroughputColumn : IColumn
{
    private static readonly ConcurrentDictionary<string, (long Bytes, int Intervals)> Sizes = new();
    private readonly Kind _kind;

    public LogThroughputColumn(Kind kind)
    {
        _kind = kind;
    }

    public enum Kind
    {
        MegabytesPerSecond,
        IntervalsPerSecond,
        AllocatedPerInterval,
    }

    public string Id => nameof(LogThroughputColumn) + "." + _kind;

    public string ColumnName => _kind switch
    {
        Kind.MegabytesPerSecond => "MB/s",
        Kind.IntervalsPerSecond => "Intervals/s",
        _ => "Alloc/interval",
    };

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Custom;

    public int PriorityInCategory => (int)_kind;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Dimensionless;

    public string Legend => _kind switch
    {
        Kind.MegabytesPerSecond => "Log bytes read or written per second (10^6 bytes)",
        Kind.IntervalsPerSecond => "Interval lines read or written per second",
        _ => "Bytes allocated per interval line",
    };

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => true;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        var report = summary[benchmarkCase];
        if (report?.ResultStatistics is null || benchmarkCase.Parameters["Log"] is not string log)
        {
            return "-";
        }

        var (bytes, intervals) = Sizes.GetOrAdd(log, l => (LogBenchmarks.LogBytes(l).LongLength, LogBenchmarks.IntervalCount(l)));
        double seconds = report.ResultStatistics.Mean / 1e9;
        return _kind switch
        {
            Kind.MegabytesPerSecond => (bytes / 1e6 / seconds).ToString("N1", CultureInfo.InvariantCulture),
            Kind.IntervalsPerSecond => (intervals / seconds).ToString("N0", CultureInfo.InvariantCulture),
            _ => report.GcStats.GetBytesAllocatedPerOperation(benchmarkCase) is long allocated
                ? (allocated / (double)intervals).ToString("N1", CultureInfo.InvariantCulture) + " B"
                : "-",
        };
    }

    public override string ToString() => ColumnName;
}
