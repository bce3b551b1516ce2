using System;
using System.IO;
using System.IO.Compression;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;
using HdrHistogram.Encoding.Compression;

namespace HdrHistogram.Benchmarking.Serialization;

/// <summary>
/// The library's managed inflater (<c>Encoding/Compression/ZlibInflater</c>, the decoder's) against the runtime's
/// <see cref="ZLibStream"/> (zlib-ng on .NET 9+), inflating each workload's Java-compressed payload
/// (<c>&lt;workload&gt;.compressed.txt</c> without its 8-byte compressed-histogram header) into a reused buffer.
/// A <see cref="ZLibStream"/> cannot be reset, so each call makes one, as a decoder would per payload.
/// </summary>
[MemoryDiagnoser]
public class InflaterBenchmark : IValidatedBenchmark
{
    private readonly ZlibInflater _inflater = new();
    private byte[] _zlib = [];
    private byte[] _expected = [];
    private byte[] _output = [];

    /// <summary>The workload whose compressed payload is inflated.</summary>
    [ParamsSource(nameof(Workloads))]
    public string Workload { get; set; } = "latency-1h-3sd";

    public static string[] Workloads => ["latency-1h-3sd", "latency-1h-5sd", "sparse-wide", "int-dense"];

    [GlobalSetup]
    public void Setup()
    {
        byte[] compressed = WorkloadFiles.ReadBase64(Workload + ".compressed.txt");
        _zlib = compressed.AsSpan(8).ToArray(); // Cookie and length, then the zlib stream.
        _expected = WorkloadFiles.ReadBytes(Workload + ".hdr");
        _output = new byte[_expected.Length];
        BenchmarkValidation.Run(this);
    }

    [Benchmark(Baseline = true)]
    public int Managed()
    {
        _inflater.Inflate(_zlib, _output, out _, out int written);
        return written;
    }

    [Benchmark]
    public int RuntimeZLibStream()
    {
        using var zlib = new ZLibStream(new MemoryStream(_zlib, writable: false), CompressionMode.Decompress);
        int total = 0;
        int read;
        while (total < _output.Length && (read = zlib.Read(_output, total, _output.Length - total)) > 0)
        {
            total += read;
        }

        return total;
    }

    /// <inheritdoc />
    public void Validate(string benchmark, Func<object?> run)
    {
        Array.Clear(_output);
        Check.Equal(_expected.Length, (int)run()!, benchmark + ": inflated length");
        Check.True(_output.AsSpan().SequenceEqual(_expected), benchmark + ": inflated bytes equal the workload's .hdr");
    }
}
