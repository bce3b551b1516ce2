using System;
using System.Buffers;
using System.Globalization;
using System.IO;
using System.IO.Compression;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;
using HdrHistogram.Encoding;

namespace HdrHistogram.Benchmarking.Serialization;

/// <summary>
/// DoubleHistogram serialization: plain and compressed encoding and decoding of a <c>DoubleHistogram(3)</c> holding
/// the first 1,000,000 latencies of the <c>latency-1h</c> workload (nanoseconds) recorded as milliseconds (divided by
/// 1e6). Encoding writes into reused buffers and decoding fills a reused histogram (<c>DecodeInto</c>), the
/// allocation-free steady state; <see cref="DecodePlainNew"/> shows the cost of a fresh histogram per decode.
/// </summary>
[MemoryDiagnoser]
public class DoubleSerializationBenchmark
{
    private const int ValueCount = 1_000_000;
    private const string ValuesFile = "latency-1h.values.txt";

    private readonly HistogramDecoder _decoder = new();
    private readonly HistogramCompressor _compressor = new();
    private DoubleHistogram _histogram = null!;
    private DoubleHistogram _target = null!;
    private byte[] _plain = [];
    private byte[] _compressed = [];
    private byte[] _destination = [];
    private ArrayBufferWriter<byte> _writer = null!;

    [GlobalSetup]
    public void Setup()
    {
        _histogram = new DoubleHistogram(3);
        int count = 0;
        foreach (string line in File.ReadLines(WorkloadFiles.Find(ValuesFile)))
        {
            if (count == ValueCount)
            {
                break;
            }

            _histogram.RecordValue(long.Parse(line.AsSpan(0, line.IndexOf(' ')), NumberStyles.Integer, CultureInfo.InvariantCulture) / 1e6);
            count++;
        }

        _plain = HistogramEncoder.Encode(_histogram);
        _compressed = _compressor.Encode(_histogram, CompressionLevel.Optimal);
        _destination = new byte[HistogramEncoder.GetMaxEncodedLength(_histogram) + 1024];
        _writer = new ArrayBufferWriter<byte>(_destination.Length);
        _target = _decoder.DecodeDouble(_plain);

        // Check that the measured operations do what they claim before timing them.
        if (_histogram.TotalCount != count
            || !_decoder.DecodeDouble(_compressed).Equals(_histogram)
            || !_target.Equals(_histogram)
            || EncodePlain() != _plain.Length)
        {
            throw new InvalidOperationException("The DoubleHistogram does not round-trip.");
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _compressor.Dispose();
        _decoder.Dispose();
    }

    /// <summary>Uncompressed encoding into a span (<see cref="HistogramEncoder.TryEncode(EncodableHistogram, Span{byte}, out int)"/>).</summary>
    [Benchmark(Baseline = true)]
    public int EncodePlain()
    {
        HistogramEncoder.TryEncode(_histogram, _destination, out int written);
        return written;
    }

    /// <summary>Uncompressed encoding into a reused <see cref="IBufferWriter{T}"/>.</summary>
    [Benchmark]
    public int EncodePlainBufferWriter()
    {
        _writer.ResetWrittenCount();
        return HistogramEncoder.Encode(_histogram, _writer);
    }

    /// <summary>Compressed encoding (Java's default level) with a reused compressor.</summary>
    [Benchmark]
    public int EncodeCompressed()
    {
        _compressor.TryEncode(_histogram, _destination, out int written);
        return written;
    }

    /// <summary>Uncompressed decoding into a reused histogram.</summary>
    [Benchmark]
    public long DecodePlainInto()
    {
        _decoder.DecodeInto(_plain, _target);
        return _target.TotalCount;
    }

    /// <summary>Compressed decoding into a reused histogram.</summary>
    [Benchmark]
    public long DecodeCompressedInto()
    {
        _decoder.DecodeInto(_compressed, _target);
        return _target.TotalCount;
    }

    /// <summary>Uncompressed decoding into a new histogram (allocates the histogram).</summary>
    [Benchmark]
    public object DecodePlainNew() => _decoder.DecodeDouble(_plain);
}
