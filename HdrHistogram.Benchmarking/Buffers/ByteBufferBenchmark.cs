using System;
using System.Buffers.Binary;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using HdrHistogram.Benchmarking.Infrastructure;
using HdrHistogram.Benchmarking.Legacy;
using HdrHistogram.Utilities;

namespace HdrHistogram.Benchmarking.Buffers;

/// <summary>
/// <see cref="ByteBuffer.PutLong"/> and <see cref="ByteBuffer.GetLong"/> over 1,000 values, against
/// <see cref="LegacyByteBuffer"/> (the upstream BitConverter/IPAddress buffer) as the baseline of each category.
/// Times and allocations are per 1,000 values.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class ByteBufferBenchmark : IValidatedBenchmark
{
    private const int Count = 1000;
    private const int Bytes = Count * sizeof(long);

    private readonly long[] _values = new long[Count];
    private long _expectedSum;
    private byte[] _expectedBytes = [];
    private ByteBuffer _writeBuffer = null!;
    private LegacyByteBuffer _legacyWriteBuffer = null!;
    private ByteBuffer _readBuffer = null!;
    private LegacyByteBuffer _legacyReadBuffer = null!;

    [GlobalSetup]
    public void Setup()
    {
        // Values of every magnitude, negative ones too: the bytes differ everywhere.
        var random = new Random(42);
        var encoded = new byte[Bytes];
        _expectedSum = 0;
        for (int i = 0; i < Count; i++)
        {
            long value = (long)(random.NextDouble() * Math.Pow(2, random.Next(64)));
            _values[i] = (i & 7) == 7 ? -value : value;
            BinaryPrimitives.WriteInt64BigEndian(encoded.AsSpan(i * sizeof(long)), _values[i]);
            _expectedSum = unchecked(_expectedSum + _values[i]);
        }

        _writeBuffer = ByteBuffer.Allocate(Bytes);
        _legacyWriteBuffer = LegacyByteBuffer.Allocate(Bytes);
        _readBuffer = ByteBuffer.Wrap((byte[])encoded.Clone());
        _legacyReadBuffer = LegacyByteBuffer.Allocate(encoded);
        _expectedBytes = encoded;
        BenchmarkValidation.Run(this);
    }

    [GlobalCleanup]
    public void Cleanup() => _writeBuffer.Dispose();

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("PutLong")]
    public int PutLong_Legacy()
    {
        LegacyByteBuffer buffer = _legacyWriteBuffer;
        long[] values = _values;
        buffer.Position = 0;
        for (int i = 0; i < values.Length; i++)
        {
            buffer.PutLong(values[i]);
        }

        return buffer.Position;
    }

    [Benchmark]
    [BenchmarkCategory("PutLong")]
    public int PutLong()
    {
        ByteBuffer buffer = _writeBuffer;
        long[] values = _values;
        buffer.Position = 0;
        for (int i = 0; i < values.Length; i++)
        {
            buffer.PutLong(values[i]);
        }

        return buffer.Position;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("GetLong")]
    public long GetLong_Legacy()
    {
        LegacyByteBuffer buffer = _legacyReadBuffer;
        buffer.Position = 0;
        long sum = 0;
        for (int i = 0; i < Count; i++)
        {
            sum += buffer.GetLong();
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("GetLong")]
    public long GetLong()
    {
        ByteBuffer buffer = _readBuffer;
        buffer.Position = 0;
        long sum = 0;
        for (int i = 0; i < Count; i++)
        {
            sum += buffer.GetLong();
        }

        return sum;
    }

    public void Validate(string benchmark, Func<object?> run)
    {
        switch (benchmark)
        {
            case nameof(PutLong):
                Check.Equal(Bytes, Check.Is<int>(run(), benchmark), "bytes written");
                Check.True(_writeBuffer.ToArray().AsSpan().SequenceEqual(_expectedBytes), "the buffer holds the big-endian values");
                break;
            case nameof(PutLong_Legacy):
                Check.Equal(Bytes, Check.Is<int>(run(), benchmark), "bytes written");
                Check.True(_legacyWriteBuffer.ToArray().AsSpan().SequenceEqual(_expectedBytes), "the legacy buffer holds the big-endian values");
                break;
            case nameof(GetLong):
            case nameof(GetLong_Legacy):
                Check.Equal(_expectedSum, Check.Is<long>(run(), benchmark), "sum of the values read");
                break;
            default:
                throw new InvalidOperationException("No check for " + benchmark + ".");
        }
    }
}
