using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Linq.Expressions;
using System.Reflection;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Benchmarking.Versus250;

namespace HdrHistogram.Benchmarking.Infrastructure;

/// <summary>
/// <c>--hdr-java-compare</c>: the <c>Versus250</c> benchmarks timed the way <c>Java/JavaBench.java</c> times the same
/// operations on Java's HdrHistogram (about a second of warm-up, then batches of about 200 ms, the median batch's time
/// per operation), printed as <c>name&lt;TAB&gt;nanoseconds</c> under the Java program's names.
/// <c>Java/java-vs-dotnet.sh</c> runs both and prints the ratios. A name with a parenthesised suffix is this library's
/// own faster way of the operation, compared with Java's operation of the name before the suffix.
/// </summary>
public static class JavaComparison
{
    private static long _sink;

    /// <summary>Times every operation and prints the lines; returns the exit code.</summary>
    public static int Run(int batches)
    {
        Console.WriteLine("# " + LoadedBuild.Describe());
        Time("ByteBuffer.PutLong", 1000, Bind<ByteBufferVersus>(nameof(ByteBufferVersus.PutLong)), batches);
        Time("ByteBuffer.GetLong", 1000, Bind<ByteBufferVersus>(nameof(ByteBufferVersus.GetLong)), batches);
        Time("NumberOfLeadingZeros", 1024, Bind<LeadingZeroCountVersus>(nameof(LeadingZeroCountVersus.NumberOfLeadingZeros)), batches);
        foreach (string method in new[] { "LongHistogram", "IntHistogram", "ShortHistogram", "LongConcurrentHistogram", "Recorder", "SingleWriterRecorder" })
        {
            Time("Record." + method, 1024, Bind<RecordingVersus>(method), batches);
        }

        Time("Query.Percentiles", 1, Bind<QueryVersus>(nameof(QueryVersus.Percentiles)), batches);
        Time("Query.Percentiles (one pass)", 1, Bind<QueryVersus>(nameof(QueryVersus.PercentilesBest)), batches);
        Time("Query.CopyAdd", 1, Bind<QueryVersus>(nameof(QueryVersus.CopyAdd)), batches);
        foreach (string workload in SerializationVersus.Workloads)
        {
            var suite = new SerializationVersus { Workload = workload };
            suite.Setup();
            string prefix = "Serialization." + workload + ".";
            Time(prefix + "Encode", 1, Bind(suite, nameof(SerializationVersus.Encode)), batches);
            Time(prefix + "Decode", 1, Bind(suite, nameof(SerializationVersus.Decode)), batches);
            Time(prefix + "EncodeCompressed", 1, Bind(suite, nameof(SerializationVersus.EncodeCompressed)), batches);
            Time(prefix + "DecodeCompressed", 1, Bind(suite, nameof(SerializationVersus.DecodeCompressed)), batches);
            Time(prefix + "DecodeCompressed (into a reused histogram)", 1, Bind(suite, nameof(SerializationVersus.DecodeCompressedReused)), batches);
        }

        foreach (string log in new[] { "tagged-Log.logV2", "jHiccup-2.0.6.logV1" })
        {
            var suite = new LogVersus { Log = log };
            suite.Setup();
            Time("Log." + log + ".Read", 1, Bind(suite, nameof(LogVersus.Read)), batches);
            Time("Log." + log + ".Write", 1, Bind(suite, nameof(LogVersus.Write)), batches);
        }

        return 0;
    }

    private static Func<long> Bind<T>(string method)
        where T : new()
    {
        var suite = new T();
        typeof(T).GetMethods().Single(m => m.IsDefined(typeof(GlobalSetupAttribute))).Invoke(suite, null);
        return Bind(suite, method);
    }

    /// <summary>A direct call of the benchmark method (compiled, no reflection per call), its result as a number.</summary>
    private static Func<long> Bind(object suite, string method)
    {
        MethodInfo info = suite.GetType().GetMethod(method) ?? throw new InvalidOperationException("No benchmark " + method + ".");
        Expression call = Expression.Call(Expression.Constant(suite), info);
        Expression body = info.ReturnType == typeof(long) ? call
            : info.ReturnType == typeof(int) ? Expression.Convert(call, typeof(long))
            : Expression.Block(call, Expression.Constant(1L));
        return Expression.Lambda<Func<long>>(body).Compile();
    }

    private static void Time(string name, int operationsPerCall, Func<long> call, int batches)
    {
        // Warm-up past tiered compilation (about a second), as the Java program does past its JIT's tiers.
        var clock = Stopwatch.StartNew();
        while (clock.ElapsedMilliseconds < 1000)
        {
            _sink += call();
        }

        // Calls per batch: about 200 ms.
        long calls = 1;
        clock.Restart();
        while (clock.ElapsedTicks < Stopwatch.Frequency / 50)
        {
            _sink += call();
            calls++;
        }

        long perBatch = Math.Max(1, calls * 10);
        var results = new List<double>();
        for (int b = 0; b < batches; b++)
        {
            clock.Restart();
            for (long i = 0; i < perBatch; i++)
            {
                _sink += call();
            }

            results.Add(clock.Elapsed.TotalMilliseconds * 1e6 / (perBatch * operationsPerCall));
        }

        results.Sort();
        Console.WriteLine(name + "\t" + results[batches / 2].ToString("0.000", CultureInfo.InvariantCulture));
    }
}
