using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Versus250;

/// <summary>
/// Reading and writing a histogram log through 2.5.0's API: <c>Read</c> enumerates
/// <c>HistogramLogReader.ReadHistograms()</c> over a real Java log from <c>Workloads/</c>; <c>Write</c> writes that
/// log's intervals with <c>HistogramLogWriter.Write(startTime, histograms)</c> to a discarding stream. One operation is
/// the whole log; divide by the interval count (in the parameter's name) for the time per interval.
/// </summary>
[MemoryDiagnoser]
public class LogVersus : IValidatedBenchmark
{
    // Total counts of the logs' intervals, read with Java's HistogramLogReader (HdrHistogram 2.1.11).
    private static readonly Dictionary<string, (int Intervals, long TotalCount)> Expected = new()
    {
        ["tagged-Log.logV2"] = (42, 32_290),
        ["jHiccup-2.0.6.logV1"] = (88, 65_964),
    };

    private byte[] _log = [];
    private HistogramBase[] _intervals = [];

    [Params("tagged-Log.logV2", "jHiccup-2.0.6.logV1")]
    public string Log { get; set; } = "tagged-Log.logV2";

    [GlobalSetup]
    public void Setup()
    {
        _log = WorkloadFiles.ReadBytes(Log + ".hlog");
        using (var reader = new HistogramLogReader(new MemoryStream(_log)))
        {
            _intervals = reader.ReadHistograms().ToArray();
        }

        BenchmarkValidation.Run(this);
    }

    [Benchmark]
    public long Read()
    {
        using var reader = new HistogramLogReader(new MemoryStream(_log));
        long total = 0;
        foreach (HistogramBase h in reader.ReadHistograms())
        {
            total += h.TotalCount;
        }

        return total;
    }

    [Benchmark]
    public int Write()
    {
        using var writer = new HistogramLogWriter(Stream.Null);
        writer.Write(new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc), _intervals);
        return _intervals.Length;
    }

    /// <inheritdoc />
    public void Validate(string benchmark, Func<object?> run)
    {
        (int intervals, long totalCount) = Expected[Log];
        Check.Equal(intervals, _intervals.Length, Log + ": intervals read");
        switch (benchmark)
        {
            case nameof(Read):
                Check.Equal(totalCount, Check.Is<long>(run(), benchmark), Log + ": total count of every interval");
                break;
            case nameof(Write):
                {
                    Check.Equal(intervals, Check.Is<int>(run(), benchmark), "intervals written");
                    // What the benchmark writes, written to memory and read back.
                    using var memory = new MemoryStream();
                    using (var writer = new HistogramLogWriter(memory))
                    {
                        writer.Write(new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc), _intervals);
                    }

                    using var reader = new HistogramLogReader(new MemoryStream(memory.ToArray()));
                    Check.Equal(totalCount, reader.ReadHistograms().Sum(h => h.TotalCount), "total count of the written log read back");
                    break;
                }

            default:
                throw new InvalidOperationException("No check for " + benchmark + ".");
        }
    }
}
