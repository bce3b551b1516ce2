using System;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using HdrHistogram.BenchmarkDotNet;
using HdrHistogram.Benchmarking.Infrastructure;
using HdrHistogram.Encoding;

namespace HdrHistogram.Benchmarking.Tails;

/// <summary>
/// The example of HdrHistogram.BenchmarkDotNet on one of this project's own benchmarks: the compressed encoding of the
/// hour-long latency workload (<c>Serialization/SerializationBenchmark.EncodeCompressed</c>), one invocation per
/// iteration, so each of the 1,000 iterations is one encode and the P50 ... Max columns, the <c>.hlog</c> and the
/// <c>.hgrm</c> are the per-call latency distribution, with its tail (docs/benchmarkdotnet.md; a sample run is in
/// results/2026-11-27/bdn-diagnoser/).
/// </summary>
[HdrHistogramDiagnoser]
[MemoryDiagnoser]
[Config(typeof(TailsConfig))]
public class EncodeCompressedTails : IValidatedBenchmark
{
    private HistogramBase _source = null!;
    private byte[] _buffer = [];
    private HistogramCompressor _compressor = null!;

    [GlobalSetup]
    public void Setup()
    {
        var stats = WorkloadFiles.Stats("latency-1h-3sd");
        using var decoder = new HistogramDecoder();
        _source = decoder.Decode(WorkloadFiles.ReadBytes("latency-1h-3sd.hdr"));
        Check.Equal(stats.TotalCount, _source.TotalCount, "workload total count");
        _buffer = new byte[_source.GetNeededByteBufferCapacity()];
        _compressor = new HistogramCompressor();
        BenchmarkValidation.Run(this);
    }

    [GlobalCleanup]
    public void Cleanup() => _compressor.Dispose();

    [Benchmark]
    public int EncodeCompressed()
    {
        _compressor.TryEncode(_source, _buffer, out int written);
        return written;
    }

    public void Validate(string benchmark, Func<object?> run)
    {
        int written = Check.Is<int>(run(), benchmark);
        using var decoder = new HistogramDecoder();
        var decoded = decoder.Decode(_buffer.AsSpan(0, written));
        Check.True(decoded.Equals(_source), "the compressed encoding decodes back to the workload histogram");
    }
}

/// <summary>
/// One invocation per iteration, 20 warm-up and 1,000 measured iterations (what <c>[InvocationCount(1, 1)]</c>,
/// <c>[WarmupCount(20)]</c> and <c>[IterationCount(1000)]</c> would say), except in the quick run, whose one-iteration
/// job only proves that the benchmark runs.
/// </summary>
public sealed class TailsConfig : ManualConfig
{
    /// <summary>Adds the iteration settings as a mutator of every job, unless this is the quick run.</summary>
    public TailsConfig()
    {
        if (!HdrBenchmarks.QuickRun)
        {
            AddJob(Job.Default.WithInvocationCount(1).WithUnrollFactor(1).WithWarmupCount(20).WithIterationCount(1000).AsMutator());
        }
    }
}
