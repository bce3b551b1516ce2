using System;
using System.Buffers.Binary;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using HdrHistogram.Benchmarking.Infrastructure;
using HdrHistogram.Utilities;

namespace HdrHistogram.Benchmarking.Buffers;

/// <summary>
/// What a <see cref="ByteBuffer"/> call costs over the raw read or write it wraps: 1,000 big-endian longs of every
/// magnitude (the values of <c>Versus250/ByteBufferVersus</c> and the Java comparison) read and summed, or written,
/// through <see cref="ByteBuffer.GetLong"/> / <see cref="ByteBuffer.PutLong(long)"/> one call per value, through the
/// bulk <see cref="ByteBuffer.GetLongs"/> / <see cref="ByteBuffer.PutLongs"/>, and over a plain span with
/// <see cref="BinaryPrimitives"/>, one value per iteration (the floor a call per value can reach) and four. The
/// baseline of each group is the one-value span loop. BenchmarkDotNet's <c>--disasm</c> shows the loops' code.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class ByteBufferFloorBenchmark : IValidatedBenchmark
{
    private const int Count = 1000;
    private const int Bytes = Count * sizeof(long);

    private readonly long[] _values = new long[Count];
    private readonly long[] _scratch = new long[Count];
    private readonly byte[] _expectedBytes = new byte[Bytes];
    private readonly byte[] _rawWrite = new byte[Bytes];
    private byte[] _rawRead = null!;
    private long _expectedSum;
    private ByteBuffer _writeBuffer = null!;
    private ByteBuffer _readBuffer = null!;

    [GlobalSetup]
    public void Setup()
    {
        _expectedSum = Versus250.ByteBufferVersus.CreateValues(_values, _expectedBytes);
        _rawRead = (byte[])_expectedBytes.Clone();
        _writeBuffer = ByteBuffer.Allocate(Bytes);
        _readBuffer = ByteBuffer.Wrap((byte[])_expectedBytes.Clone());
        BenchmarkValidation.Run(this);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("GetLong")]
    public long GetSpan()
    {
        ReadOnlySpan<byte> bytes = _rawRead;
        long sum = 0;
        for (int offset = 0; offset <= bytes.Length - sizeof(long); offset += sizeof(long))
        {
            sum += BinaryPrimitives.ReadInt64BigEndian(bytes.Slice(offset));
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory("GetLong")]
    public long GetSpanUnrolled()
    {
        ReadOnlySpan<byte> bytes = _rawRead;
        long sum = 0;
        for (int offset = 0; offset <= bytes.Length - (4 * sizeof(long)); offset += 4 * sizeof(long))
        {
            ReadOnlySpan<byte> four = bytes.Slice(offset, 4 * sizeof(long));
            sum += BinaryPrimitives.ReadInt64BigEndian(four)
                + BinaryPrimitives.ReadInt64BigEndian(four.Slice(8))
                + BinaryPrimitives.ReadInt64BigEndian(four.Slice(16))
                + BinaryPrimitives.ReadInt64BigEndian(four.Slice(24));
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory("GetLong")]
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

    [Benchmark, BenchmarkCategory("GetLong")]
    public long GetLongs()
    {
        ByteBuffer buffer = _readBuffer;
        long[] values = _scratch;
        buffer.Position = 0;
        buffer.GetLongs(values);
        long sum = 0;
        for (int i = 0; i < values.Length; i++)
        {
            sum += values[i];
        }

        return sum;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("PutLong")]
    public int PutSpan()
    {
        Span<byte> bytes = _rawWrite;
        long[] values = _values;
        int offset = 0;
        for (int i = 0; i < values.Length; i++)
        {
            BinaryPrimitives.WriteInt64BigEndian(bytes.Slice(offset), values[i]);
            offset += sizeof(long);
        }

        return offset;
    }

    [Benchmark, BenchmarkCategory("PutLong")]
    public int PutSpanUnrolled()
    {
        Span<byte> bytes = _rawWrite;
        ReadOnlySpan<long> values = _values;
        int offset = 0;
        for (int i = 0; i <= values.Length - 4; i += 4)
        {
            Span<byte> four = bytes.Slice(offset, 4 * sizeof(long));
            ReadOnlySpan<long> next = values.Slice(i, 4);
            BinaryPrimitives.WriteInt64BigEndian(four, next[0]);
            BinaryPrimitives.WriteInt64BigEndian(four.Slice(8), next[1]);
            BinaryPrimitives.WriteInt64BigEndian(four.Slice(16), next[2]);
            BinaryPrimitives.WriteInt64BigEndian(four.Slice(24), next[3]);
            offset += 4 * sizeof(long);
        }

        return offset;
    }

    [Benchmark, BenchmarkCategory("PutLong")]
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

    [Benchmark, BenchmarkCategory("PutLong")]
    public int PutLongs()
    {
        ByteBuffer buffer = _writeBuffer;
        buffer.Position = 0;
        buffer.PutLongs(_values);
        return buffer.Position;
    }

    /// <inheritdoc />
    public void Validate(string benchmark, Func<object?> run)
    {
        switch (benchmark)
        {
            case nameof(GetSpan):
            case nameof(GetSpanUnrolled):
            case nameof(GetLong):
            case nameof(GetLongs):
                Check.Equal(_expectedSum, Check.Is<long>(run(), benchmark), "sum of the values read");
                break;
            case nameof(PutSpan):
            case nameof(PutSpanUnrolled):
                Array.Clear(_rawWrite);
                Check.Equal(Bytes, Check.Is<int>(run(), benchmark), "bytes written");
                Check.True(_rawWrite.AsSpan().SequenceEqual(_expectedBytes), "the span holds the big-endian values");
                break;
            case nameof(PutLong):
            case nameof(PutLongs):
                _writeBuffer.Span.Clear();
                Check.Equal(Bytes, Check.Is<int>(run(), benchmark), "bytes written");
                Check.True(_writeBuffer.Span.SequenceEqual(_expectedBytes), "the buffer holds the big-endian values");
                break;
            default:
                throw new InvalidOperationException("No check for " + benchmark + ".");
        }
    }
}
