using System;
using System.Numerics;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Infrastructure;
using HdrHistogram.Utilities;

namespace HdrHistogram.Benchmarking.Bits;

/// <summary>
/// The library's leading-zero count (<see cref="Bitwise.LeadingZeroCount"/>, the hot operation of every record call)
/// against classic software variants, per value over 1,024 values. Which build of the library runs is the job's
/// business: on net8.0+ builds it is the hardware instruction (<c>BitOperations</c>), in the netstandard2.0 job the
/// library's software fallback. <see cref="Hardware"/> is the instruction called from this (always .NET 8+)
/// assembly, so each job also carries its own hardware reference.
/// </summary>
/// <remarks>
/// <c>Values</c>: <c>AnyWidth</c> draws the bit length uniformly from 0 to 64 (a branchy variant mispredicts often);
/// <c>Latency</c> is what recording sees: latency-like values (log-normal around 1 ms in ns, 100 us to 100 s) ORed
/// with the sub-bucket mask of a 3-digit histogram (2047), as <c>HistogramBase</c> does before counting.
/// </remarks>
[MemoryDiagnoser]
public class LeadingZeroCountBenchmark : IValidatedBenchmark
{
    private const int Count = 1024;

    private readonly ulong[] _values = new ulong[Count];
    private int _expectedSum;
    private int _expectedExponentSum;

    [Params("AnyWidth", "Latency")]
    public string Values { get; set; } = "AnyWidth";

    [GlobalSetup]
    public void Setup()
    {
        CheckVariants();
        var random = new Random(7);
        _expectedSum = 0;
        for (int i = 0; i < Count; i++)
        {
            ulong value;
            if (Values == "AnyWidth")
            {
                int bits = random.Next(65);
                value = bits == 0 ? 0 : (NextUInt64(random) >> (64 - bits)) | (1UL << (bits - 1));
            }
            else
            {
                double nanoseconds = Math.Exp(Math.Log(1_000_000) + (NormalSample(random) * 1.5));
                value = (ulong)Math.Clamp(nanoseconds, 100_000, 100_000_000_000) | 2047;
            }

            _values[i] = value;
            _expectedSum += BitOperations.LeadingZeroCount(value);
            ulong shifted = value >> 11;
            _expectedExponentSum += shifted == 0 ? 0 : 1086 - BitOperations.LeadingZeroCount(shifted);
        }

        BenchmarkValidation.Run(this);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Count)]
    public int Library()
    {
        int sum = 0;
        foreach (ulong value in _values)
        {
            sum += Bitwise.LeadingZeroCount(value);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Count)]
    public int Hardware()
    {
        int sum = 0;
        foreach (ulong value in _values)
        {
            sum += BitOperations.LeadingZeroCount(value);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Count)]
    public int BinarySearch()
    {
        int sum = 0;
        foreach (ulong value in _values)
        {
            sum += SoftwareLeadingZeroCount.BinarySearch(value);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Count)]
    public int DeBruijnSmear()
    {
        int sum = 0;
        foreach (ulong value in _values)
        {
            sum += SoftwareLeadingZeroCount.DeBruijnSmear(value);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Count)]
    public int FloatExponent()
    {
        int sum = 0;
        foreach (ulong value in _values)
        {
            sum += SoftwareLeadingZeroCount.FloatExponent(value);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Count)]
    public int ByteScanTable()
    {
        int sum = 0;
        foreach (ulong value in _values)
        {
            sum += SoftwareLeadingZeroCount.ByteScanTable(value);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Count)]
    public int HalvingTable()
    {
        int sum = 0;
        foreach (ulong value in _values)
        {
            sum += SoftwareLeadingZeroCount.HalvingTable(value);
        }

        return sum;
    }

    /// <summary>
    /// Not a leading-zero count: the floor of every variant that reads the exponent of a <see cref="double"/> (the
    /// library's netstandard2.0 fallback and <see cref="FloatExponent"/>): one shift, the integer-to-double
    /// conversion and the move of its bits back to an integer register, per value. The two crossings between the
    /// integer and floating-point units bound it, whatever is done around them.
    /// </summary>
    [Benchmark(OperationsPerInvoke = Count)]
    public int ExponentFloor()
    {
        int sum = 0;
        foreach (ulong value in _values)
        {
            sum += (int)(BitConverter.DoubleToInt64Bits((long)(value >> 11)) >> 52);
        }

        return sum;
    }

    public void Validate(string benchmark, Func<object?> run)
    {
        if (benchmark == nameof(ExponentFloor))
        {
            Check.Equal(_expectedExponentSum, Check.Is<int>(run(), benchmark), "sum of the biased exponents of value >> 11");
            return;
        }

        Check.Equal(_expectedSum, Check.Is<int>(run(), benchmark), "sum of the leading-zero counts");
    }

    /// <summary>Every variant, and the library, against the hardware instruction: all 64 bit positions, edges, random values.</summary>
    private static void CheckVariants()
    {
        var variants = new (string Name, Func<ulong, int> Count)[]
        {
            ("Library", Bitwise.LeadingZeroCount),
            ("Bitwise.NumberOfLeadingZeros", v => Bitwise.NumberOfLeadingZeros((long)v)),
            ("BinarySearch", SoftwareLeadingZeroCount.BinarySearch),
            ("DeBruijnSmear", SoftwareLeadingZeroCount.DeBruijnSmear),
            ("FloatExponent", SoftwareLeadingZeroCount.FloatExponent),
            ("ByteScanTable", SoftwareLeadingZeroCount.ByteScanTable),
            ("HalvingTable", SoftwareLeadingZeroCount.HalvingTable),
        };
        var random = new Random(11);
        void CheckValue(ulong value)
        {
            int expected = BitOperations.LeadingZeroCount(value);
            foreach (var (name, count) in variants)
            {
                Check.Equal(expected, count(value), name + "(0x" + value.ToString("x16", System.Globalization.CultureInfo.InvariantCulture) + ")");
            }
        }

        CheckValue(0);
        CheckValue(ulong.MaxValue);
        for (int p = 0; p < 64; p++)
        {
            ulong bit = 1UL << p;
            CheckValue(bit);
            CheckValue(bit | (bit - 1));
            CheckValue(bit | (NextUInt64(random) & (bit - 1)));
            CheckValue(bit - 1);
            CheckValue(bit + 1);
        }

        for (int i = 0; i < 100_000; i++)
        {
            ulong value = NextUInt64(random);
            CheckValue(value >> random.Next(64));
        }
    }

    private static ulong NextUInt64(Random random) => ((ulong)(uint)random.Next() << 33) ^ ((ulong)(uint)random.Next() << 11) ^ (uint)random.Next();

    private static double NormalSample(Random random) =>
        Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
}
