using System;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;
using HdrHistogram.Utilities;

namespace HdrHistogram.Benchmarking.Versus250;

/// <summary>
/// <c>ByteBuffer.PutLong</c> and <c>GetLong</c> over 1,000 values of every magnitude (big-endian), written against
/// HdrHistogram 2.5.0's API: the same source runs against this library and against the 2.5.0 package (one job each).
/// Times and allocations are per 1,000 values.
/// </summary>
[MemoryDiagnoser]
public class ByteBufferVersus : IValidatedBenchmark
{
    private const int Count = 1000;
    private const int Bytes = Count * sizeof(long);

    private readonly long[] _values = new long[Count];
    private readonly byte[] _expectedBytes = new byte[Bytes];
    private long _expectedSum;
    private ByteBuffer _writeBuffer = null!;
    private ByteBuffer _readBuffer = null!;

    [GlobalSetup]
    public void Setup()
    {
        _expectedSum = CreateValues(_values, _expectedBytes);
        _writeBuffer = ByteBuffer.Allocate(Bytes);
        _readBuffer = ByteBuffer.Allocate((byte[])_expectedBytes.Clone());
        BenchmarkValidation.Run(this);
    }

    [Benchmark]
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

    [Benchmark]
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

    /// <inheritdoc />
    public void Validate(string benchmark, Func<object?> run)
    {
        switch (benchmark)
        {
            case nameof(PutLong):
                Check.Equal(Bytes, Check.Is<int>(run(), benchmark), "bytes written");
                Check.True(ReadBytes(_writeBuffer, Bytes).AsSpan().SequenceEqual(_expectedBytes), "the buffer holds the big-endian values");
                break;
            case nameof(GetLong):
                Check.Equal(_expectedSum, Check.Is<long>(run(), benchmark), "sum of the values read");
                break;
            default:
                throw new InvalidOperationException("No check for " + benchmark + ".");
        }
    }

    /// <summary>
    /// Fills <paramref name="values"/> with longs of every magnitude (every eighth negative; the values Java's
    /// <c>JavaBench</c> draws too) and <paramref name="bigEndianBytes"/> with them, big-endian.
    /// </summary>
    /// <returns>The sum of the values (wrapping).</returns>
    internal static long CreateValues(long[] values, byte[] bigEndianBytes)
    {
        var random = new Random(42);
        long sum = 0;
        for (int i = 0; i < values.Length; i++)
        {
            long value = (long)(random.NextDouble() * Math.Pow(2, random.Next(64)));
            values[i] = (i & 7) == 7 ? -value : value;
            ulong bits = (ulong)values[i];
            for (int b = 0; b < sizeof(long); b++)
            {
                bigEndianBytes[(i * sizeof(long)) + b] = (byte)(bits >> (56 - (8 * b)));
            }

            sum = unchecked(sum + values[i]);
        }

        return sum;
    }

    /// <summary>The first <paramref name="count"/> bytes of <paramref name="buffer"/>, one <c>Get()</c> at a time (2.5.0's <c>ToArray</c> is internal).</summary>
    internal static byte[] ReadBytes(ByteBuffer buffer, int count)
    {
        int position = buffer.Position;
        buffer.Position = 0;
        var bytes = new byte[count];
        for (int i = 0; i < count; i++)
        {
            bytes[i] = buffer.Get();
        }

        buffer.Position = position;
        return bytes;
    }
}
