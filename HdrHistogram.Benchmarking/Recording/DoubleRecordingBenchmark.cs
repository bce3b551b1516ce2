using System;
using System.Globalization;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Recording;

/// <summary>
/// Cost of one <see cref="DoubleHistogram.RecordValue"/>: the first 100,000 latencies of the <c>latency-1h</c>
/// workload (nanoseconds), recorded as milliseconds (divided by 1e6) into <c>DoubleHistogram(3)</c>. The histogram
/// has seen every value once in the setup, so its range is settled and recording allocates nothing.
/// </summary>
[MemoryDiagnoser]
public class DoubleRecordingBenchmark : IValidatedBenchmark
{
    private const int ValueCount = 100_000;
    private const string ValuesFile = "latency-1h.values.txt";
    private double[] _values = [];
    private DoubleHistogram _double = null!;
    private DoubleHistogram _doubleConcurrent = null!;

    [GlobalSetup]
    public void Setup()
    {
        _values = File.ReadLines(WorkloadFiles.Find(ValuesFile))
            .Take(ValueCount)
            .Select(line => long.Parse(line.AsSpan(0, line.IndexOf(' ')), NumberStyles.Integer, CultureInfo.InvariantCulture) / 1e6)
            .ToArray();
        if (_values.Length != ValueCount)
        {
            throw new InvalidOperationException(ValuesFile + " has fewer than " + ValueCount + " lines.");
        }

        _double = new DoubleHistogram(3);
        _doubleConcurrent = new DoubleConcurrentHistogram(3);

        // Settle the auto-ranging (and auto-resizing) before measuring: the steady state is what recording costs.
        Record(_double);
        Record(_doubleConcurrent);
        BenchmarkValidation.Run(this);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = ValueCount)]
    public long DoubleHistogram() => Record(_double);

    [Benchmark(OperationsPerInvoke = ValueCount)]
    public long DoubleConcurrentHistogram() => Record(_doubleConcurrent);

    public void Validate(string benchmark, Func<object?> run)
    {
        DoubleHistogram histogram = benchmark == nameof(DoubleHistogram) ? _double : _doubleConcurrent;
        long before = histogram.TotalCount;
        Check.Equal(before + ValueCount, Check.Is<long>(run(), benchmark), "total count after recording");
    }

    private long Record(DoubleHistogram histogram)
    {
        double[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            histogram.RecordValue(values[i]);
        }

        return histogram.TotalCount;
    }
}
