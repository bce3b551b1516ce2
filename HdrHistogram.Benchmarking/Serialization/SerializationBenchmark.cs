using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;
using HdrHistogram.Encoding;

namespace HdrHistogram.Benchmarking.Serialization;

/// <summary>
/// Encoding and decoding of the <c>Workloads/</c> histograms (V2, plain and compressed) through this library's own
/// span-based API, which HdrHistogram 2.5.0 does not have (the 2.5.0 API on both libraries: <c>Versus250/SerializationVersus</c>).
/// </summary>
/// <remarks>
/// <list type="bullet">
/// <item><c>Encode</c>: <see cref="HistogramEncoder.TryEncode"/> into a reused span.</item>
/// <item><c>Decode</c>: a new histogram from the V2 bytes with a reused <see cref="HistogramDecoder"/> (the histogram
/// itself is what it allocates); <c>DecodeInto</c>: into a reused histogram of the workload's type.</item>
/// <item><c>EncodeCompressed</c>: a reused <see cref="HistogramCompressor"/> into a reused span, Java's default level.</item>
/// <item><c>DecodeCompressed</c> / <c>DecodeCompressedInto</c>: Java's compressed bytes (<c>.compressed.txt</c>), into a new
/// or a reused histogram.</item>
/// </list>
/// Every result is checked in the setup: encodings are byte-identical to Java's (<c>.hdr</c>), compressed encodings
/// decode back to the histogram, decoded histograms equal it and match <c>workloads.json</c>. The decode benchmarks return
/// <see cref="object"/>: BenchmarkDotNet's generated project cannot see the library's types (see
/// <see cref="HdrBenchmarks"/>).
/// </remarks>
[MemoryDiagnoser]
public class SerializationBenchmark : IValidatedBenchmark
{
    private WorkloadStats _stats = null!;
    private byte[] _encoded = [];
    private byte[] _compressed = [];
    private HistogramBase _source = null!;
    private HistogramBase _target = null!;
    private byte[] _encodeBuffer = [];
    private byte[] _compressBuffer = [];
    private HistogramDecoder _decoder = null!;
    private HistogramCompressor _compressor = null!;

    public static IEnumerable<string> Workloads => WorkloadFiles.Names;

    [ParamsSource(nameof(Workloads))]
    public string Workload { get; set; } = "latency-1h-3sd";

    [GlobalSetup]
    public void Setup()
    {
        _stats = WorkloadFiles.Stats(Workload);
        _encoded = WorkloadFiles.ReadBytes(Workload + ".hdr");
        _compressed = WorkloadFiles.ReadBase64(Workload + ".compressed.txt");
        Check.Equal(_stats.V2Length, _encoded.Length, Workload + ".hdr length");
        Check.Equal(_stats.CompressedLength, _compressed.Length, Workload + ".compressed.txt length");

        _decoder = new HistogramDecoder();
        _compressor = new HistogramCompressor();
        HistogramCountType countType = _stats.HistogramType == "IntCountsHistogram" ? HistogramCountType.Int : HistogramCountType.Long;
        _source = _decoder.Decode(_encoded, countType);
        _target = _decoder.Decode(_encoded, countType);
        CheckStats(_source, "the workload histogram");

        _encodeBuffer = new byte[HistogramEncoder.GetMaxEncodedLength(_source)];
        _compressBuffer = new byte[_source.GetNeededByteBufferCapacity()];
        BenchmarkValidation.Run(this);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _decoder.Dispose();
        _compressor.Dispose();
    }

    [Benchmark]
    [BenchmarkCategory("Encode")]
    public int Encode()
    {
        HistogramEncoder.TryEncode(_source, _encodeBuffer, out int written);
        return written;
    }

    [Benchmark]
    [BenchmarkCategory("Decode")]
    public object Decode() => _decoder.Decode(_encoded);

    [Benchmark]
    [BenchmarkCategory("Decode")]
    public object DecodeInto()
    {
        _decoder.DecodeInto(_encoded, _target);
        return _target;
    }

    [Benchmark]
    [BenchmarkCategory("EncodeCompressed")]
    public int EncodeCompressed()
    {
        _compressor.TryEncode(_source, _compressBuffer, out int written);
        return written;
    }

    [Benchmark]
    [BenchmarkCategory("DecodeCompressed")]
    public object DecodeCompressed() => _decoder.Decode(_compressed);

    [Benchmark]
    [BenchmarkCategory("DecodeCompressed")]
    public object DecodeCompressedInto()
    {
        _decoder.DecodeInto(_compressed, _target);
        return _target;
    }

    public void Validate(string benchmark, Func<object?> run)
    {
        switch (benchmark)
        {
            case nameof(Encode):
                {
                    Array.Clear(_encodeBuffer);
                    int written = Check.Is<int>(run(), benchmark);
                    Check.Equal(_stats.V2Length, written, "encoded length");
                    Check.True(_encodeBuffer.AsSpan(0, written).SequenceEqual(_encoded), "the encoding is not byte-identical to Java's");
                    break;
                }

            case nameof(EncodeCompressed):
                {
                    Array.Clear(_compressBuffer);
                    int written = Check.Is<int>(run(), benchmark);
                    Check.True(written > 8, "compressed length " + written);
                    using var decoder = new HistogramDecoder();
                    CheckHistogram(decoder.Decode(_compressBuffer.AsSpan(0, written), out int consumed), "decoded compressed encoding");
                    Check.Equal(written, consumed, "bytes consumed decoding the compressed encoding");
                    break;
                }

            case nameof(Decode):
            case nameof(DecodeCompressed):
                CheckHistogram(Check.Is<HistogramBase>(run(), benchmark), "decoded histogram");
                break;

            case nameof(DecodeInto):
            case nameof(DecodeCompressedInto):
                {
                    // Start from something else, so a decode that leaves the target alone is caught.
                    _target.Reset();
                    _target.RecordValue(_stats.MinValue);
                    HistogramBase decoded = Check.Is<HistogramBase>(run(), benchmark);
                    Check.True(ReferenceEquals(decoded, _target), "DecodeInto returns its target");
                    CheckHistogram(decoded, "decoded histogram");
                    break;
                }

            default:
                throw new InvalidOperationException("No check for " + benchmark + ".");
        }
    }

    private void CheckHistogram(HistogramBase histogram, string what)
    {
        Check.True(histogram.Equals(_source), what + " does not equal the workload histogram");
        CheckStats(histogram, what);
    }

    private void CheckStats(HistogramBase histogram, string what)
    {
        Check.Equal(_stats.TotalCount, histogram.TotalCount, what + ": total count");
        Check.Equal(_stats.MinValue, histogram.GetMinValue(), what + ": minimum");
        Check.Equal(_stats.MaxValue, histogram.GetMaxValue(), what + ": maximum");
        foreach (var (percentile, value) in _stats.ValueAtPercentile)
        {
            Check.Equal(value, histogram.GetValueAtPercentile(percentile), what + ": value at percentile " + percentile);
        }
    }
}
