using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Linq;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;
using HdrHistogram.Encoding;
using HdrHistogram.Encoding.Compression;

namespace HdrHistogram.Benchmarking.Serialization;

/// <summary>
/// The library's deflater for small inputs (<c>Encoding/Compression/SmallInputDeflater</c>) against the runtime's
/// <see cref="DeflateStream"/> (zlib-ng on .NET 9+), compressing uncompressed V2 encodings at best compression (zlib
/// level 9, what log writers use) and at <see cref="CompressionLevel.Optimal"/>. Inputs: every interval of the two real
/// logs in <c>Workloads/</c> (one operation compresses them all), and single histograms of 30 to 3,000 latency-like
/// values (122 B to 4 KB encodings). A <see cref="DeflateStream"/> cannot be reset, so each payload gets a new one, as
/// the compressor did before it had its own deflater; both write to the same pooled buffer. The library's deflater takes inputs up to 8 KiB.
/// </summary>
[MemoryDiagnoser]
public class DeflaterBenchmark : IValidatedBenchmark
{
    private readonly SmallInputDeflater _deflater = new();
    private readonly PooledBufferWriter _output = new(64 * 1024);
    private readonly BufferWriterStream _sink = new();
    private byte[][] _inputs = [];

    /// <summary>What is compressed: a real log's intervals, or one histogram of that many values.</summary>
    [Params("jHiccup-2.0.6 intervals", "tagged-Log intervals", "30 values", "300 values", "1000 values", "3000 values")]
    public string Input { get; set; } = "jHiccup-2.0.6 intervals";

    /// <summary>The deflate level: <c>SmallestSize</c> (zlib 9) or <c>Optimal</c> (zlib 6).</summary>
    [Params(CompressionLevel.SmallestSize, CompressionLevel.Optimal)]
    public CompressionLevel Level { get; set; } = CompressionLevel.SmallestSize;

    [GlobalSetup]
    public void Setup()
    {
        _inputs = Input switch
        {
            "jHiccup-2.0.6 intervals" => IntervalEncodings("jHiccup-2.0.6.logV1.hlog"),
            "tagged-Log intervals" => IntervalEncodings("tagged-Log.logV2.hlog"),
            _ => [HistogramOf(int.Parse(Input.Split(' ')[0], System.Globalization.CultureInfo.InvariantCulture))],
        };
        _sink.Retarget(_output);
        BenchmarkValidation.Run(this);
    }

    [Benchmark(Baseline = true)]
    public long RuntimeDeflateStream()
    {
        long total = 0;
        foreach (byte[] input in _inputs)
        {
            _output.Clear();
            using (var deflate = new DeflateStream(_sink, Level, leaveOpen: true))
            {
                deflate.Write(input, 0, input.Length);
            }

            total += _output.WrittenCount;
        }

        return total;
    }

    [Benchmark]
    public long Library()
    {
        long total = 0;
        foreach (byte[] input in _inputs)
        {
            _output.Clear();
            total += _deflater.Deflate(input, _output);
        }

        return total;
    }

    /// <inheritdoc />
    public void Validate(string benchmark, Func<object?> run)
    {
        long total = (long)run()!;
        Check.True(total > 0, benchmark + ": compressed something");

        // Every input compresses to data the runtime's inflater restores exactly.
        foreach (byte[] input in _inputs)
        {
            _output.Clear();
            if (benchmark == nameof(Library))
            {
                _deflater.Deflate(input, _output);
            }
            else
            {
                using var deflate = new DeflateStream(_sink, Level, leaveOpen: true);
                deflate.Write(input, 0, input.Length);
            }

            using var inflate = new DeflateStream(new MemoryStream(_output.WrittenSpan.ToArray()), CompressionMode.Decompress);
            var restored = new MemoryStream();
            inflate.CopyTo(restored);
            Check.True(restored.ToArray().AsSpan().SequenceEqual(input), benchmark + ": inflates to the input");
        }
    }

    private static byte[][] IntervalEncodings(string log)
    {
        var encodings = new List<byte[]>();
        using var reader = new HistogramLogReader(new MemoryStream(WorkloadFiles.ReadBytes(log)));
        foreach (HistogramBase interval in reader.ReadHistograms())
        {
            encodings.Add(HistogramEncoder.Encode(interval));
        }

        return encodings.ToArray();
    }

    /// <summary>The V2 encoding of a histogram of <paramref name="count"/> log-normal-like latencies (8 us to 3 ms), seeded.</summary>
    private static byte[] HistogramOf(int count)
    {
        var random = new Random(42);
        var histogram = new LongHistogram(3_600_000_000_000L, 3);
        for (int i = 0; i < count; i++)
        {
            histogram.RecordValue((long)Math.Exp(9 + (random.NextDouble() * 3) + (random.NextDouble() * 3)));
        }

        return HistogramEncoder.Encode(histogram);
    }
}
