using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking.Recording;

/// <summary>
/// Cost of one <see cref="HistogramBase.RecordValue"/> per histogram type (the values cycle through a latency-like
/// spread); the other types' benchmarks and the checks are <see cref="HistogramTypesRecording"/>'s, shared with
/// <c>Versus250/RecordingVersus</c>.
/// </summary>
[MemoryDiagnoser]
public class RecordingBenchmark : HistogramTypesRecording
{
    [GlobalSetup]
    public void Setup()
    {
        CreateHistograms();
        BenchmarkValidation.Run(this);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = ValuesPerInvocation)]
    public long LongHistogram() => Record(_long);
}
