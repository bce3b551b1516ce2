using System;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;
using HdrHistogram.Encoding;

namespace HdrHistogram.Benchmarking.Recording;

/// <summary>
/// Packed histograms against <see cref="LongHistogram"/> (the baseline) on the same data: recording 1,024
/// latency-like values per invocation into a 1 ns - 1 h, 3-digit histogram (the values of <c>RecordingVersus</c>), and,
/// on a histogram holding 1,000,000 such values (<c>QueryVersus</c>'s), six percentiles, a copy plus an add, and a V2
/// encode. <c>--hdr-java-compare</c> times the same methods against Java's <c>PackedHistogram</c> (Java/JavaBench.java).
/// </summary>
[MemoryDiagnoser]
public class PackedBenchmark
{
    private const int ValuesPerInvocation = 1024;
    private static readonly double[] Levels = { 50.0, 90.0, 99.0, 99.9, 99.99, 100.0 };

    private readonly long[] _values = new long[ValuesPerInvocation];
    private LongHistogram _long = null!;
    private PackedHistogram _packed = null!;
    private PackedConcurrentHistogram _packedConcurrent = null!;
    private LongHistogram _bigLong = null!;
    private PackedHistogram _bigPacked = null!;
    private byte[] _buffer = null!;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(LatencyValues.Seed);
        LatencyValues.Fill(_values, random);

        _long = new LongHistogram(1, LatencyValues.HourInNanoseconds, 3);
        _packed = new PackedHistogram(1, LatencyValues.HourInNanoseconds, 3);
        _packedConcurrent = new PackedConcurrentHistogram(1, LatencyValues.HourInNanoseconds, 3);
        _bigLong = new LongHistogram(1, 3_600_000_000L, 3);
        _bigPacked = new PackedHistogram(1, 3_600_000_000L, 3);
        for (int i = 0; i < 1_000_000; i++)
        {
            long value = LatencyValues.Next(random);
            _bigLong.RecordValue(value);
            _bigPacked.RecordValue(value);
        }

        _buffer = new byte[HistogramEncoder.GetMaxEncodedLength(_bigLong)];
        if (Percentiles(_bigLong) != Percentiles(_bigPacked) || EncodeLong() != EncodePacked())
        {
            throw new InvalidOperationException("The packed histogram disagrees with the long one.");
        }
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = ValuesPerInvocation)]
    [BenchmarkCategory("Record")]
    public long RecordLong() => Record(_long);

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    [BenchmarkCategory("Record")]
    public long RecordPacked() => Record(_packed);

    [Benchmark(OperationsPerInvoke = ValuesPerInvocation)]
    [BenchmarkCategory("Record")]
    public long RecordPackedConcurrent() => Record(_packedConcurrent);

    [Benchmark]
    [BenchmarkCategory("Query")]
    public long PercentilesLong() => Percentiles(_bigLong);

    [Benchmark]
    [BenchmarkCategory("Query")]
    public long PercentilesPacked() => Percentiles(_bigPacked);

    [Benchmark]
    [BenchmarkCategory("Query")]
    public long CopyAddLong()
    {
        var copy = _bigLong.Copy();
        copy.Add(_bigLong);
        return copy.TotalCount;
    }

    [Benchmark]
    [BenchmarkCategory("Query")]
    public long CopyAddPacked()
    {
        var copy = _bigPacked.Copy();
        copy.Add(_bigPacked);
        return copy.TotalCount;
    }

    [Benchmark]
    [BenchmarkCategory("Encode")]
    public long EncodeLong() => HistogramEncoder.TryEncode(_bigLong, _buffer, out int written) ? written : -1;

    [Benchmark]
    [BenchmarkCategory("Encode")]
    public long EncodePacked() => HistogramEncoder.TryEncode(_bigPacked, _buffer, out int written) ? written : -1;

    private static long Percentiles(HistogramBase histogram)
    {
        long sum = 0;
        foreach (double p in Levels)
        {
            sum += histogram.GetValueAtPercentile(p);
        }

        return sum;
    }

    private long Record(HistogramBase histogram)
    {
        foreach (long v in _values)
        {
            histogram.RecordValue(v);
        }

        return histogram.TotalCount;
    }
}
