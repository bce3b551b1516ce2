using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
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
public static partial class JavaComparison
{
    private static long _sink;

    /// <summary>Times the selected operations and prints the lines; returns the exit code.</summary>
    /// <param name="batches">Timed batches per operation (the median is printed).</param>
    /// <param name="only">Time only the operation of this name (null: all but <paramref name="skip"/>'s).</param>
    /// <param name="skip">Skip the operations whose names start with this (null: none).</param>
    /// <remarks>
    /// <c>java-vs-dotnet.sh</c> times each recording operation in a process of its own, on both sides: the library's
    /// <c>RecordValue</c> dispatches to the histogram type's fast path through a call the JIT specializes for the type its
    /// profile saw, and a process that records into five types in turn (as one run of all operations does) measures the
    /// later ones through the unspecialized call, where an application records into its own type.
    /// </remarks>
    public static int Run(int batches, string? only = null, string? skip = null)
    {
        Console.WriteLine("# " + LoadedBuild.Describe());
        bool Selected(string name) => only is null ? skip is null || !name.StartsWith(skip, StringComparison.Ordinal) : name == only;
        void Measure<T>(string name, int operationsPerCall, string method)
            where T : new()
        {
            if (Selected(name))
            {
                Time(name, operationsPerCall, Bind<T>(method), batches);
            }
        }

        // Several operations (one per call) of one parameterized suite: set up once, only if one of them is selected.
        void MeasureSuite(Func<object> setUp, params (string Name, string Method)[] operations)
        {
            (string Name, string Method)[] selected = operations.Where(o => Selected(o.Name)).ToArray();
            if (selected.Length > 0)
            {
                object suite = setUp();
                foreach (var (name, method) in selected)
                {
                    Time(name, 1, Bind(suite, method), batches);
                }
            }
        }

        Measure<ByteBufferVersus>("ByteBuffer.PutLong", 1000, nameof(ByteBufferVersus.PutLong));
        Measure<ByteBufferVersus>("ByteBuffer.GetLong", 1000, nameof(ByteBufferVersus.GetLong));
        MeasureBulk(Selected, batches);
        Measure<LeadingZeroCountVersus>("NumberOfLeadingZeros", 1024, nameof(LeadingZeroCountVersus.NumberOfLeadingZeros));
        foreach (string method in new[] { "LongHistogram", "IntHistogram", "ShortHistogram", "LongConcurrentHistogram", "Recorder", "SingleWriterRecorder" })
        {
            Measure<RecordingVersus>("Record." + method, 1024, method);
        }

        MeasurePacked(Selected, batches);
        Measure<ResetVersus>("Reset.Interval", 1, nameof(ResetVersus.Interval));
        Measure<ResetVersus>("Reset.WideInterval", 1, nameof(ResetVersus.WideInterval));
        Measure<QueryVersus>("Query.Percentiles", 1, nameof(QueryVersus.Percentiles));
        Measure<QueryVersus>("Query.Percentiles (one pass)", 1, nameof(QueryVersus.PercentilesBest));
        Measure<QueryVersus>("Query.CopyAdd", 1, nameof(QueryVersus.CopyAdd));
        foreach (string workload in SerializationVersus.Workloads)
        {
            string prefix = "Serialization." + workload + ".";
            MeasureSuite(
                () =>
                {
                    var suite = new SerializationVersus { Workload = workload };
                    suite.Setup();
                    return suite;
                },
                (prefix + "Encode", nameof(SerializationVersus.Encode)),
                (prefix + "Decode", nameof(SerializationVersus.Decode)),
                (prefix + "EncodeCompressed", nameof(SerializationVersus.EncodeCompressed)),
                (prefix + "DecodeCompressed", nameof(SerializationVersus.DecodeCompressed)),
                (prefix + "DecodeCompressed (into a reused histogram)", nameof(SerializationVersus.DecodeCompressedReused)));
        }

        foreach (string log in new[] { "tagged-Log.logV2", "jHiccup-2.0.6.logV1" })
        {
            MeasureSuite(
                () =>
                {
                    var suite = new LogVersus { Log = log };
                    suite.Setup();
                    return suite;
                },
                ("Log." + log + ".Read", nameof(LogVersus.Read)),
                ("Log." + log + ".Write", nameof(LogVersus.Write)));
        }

        return 0;
    }

    /// <summary>
    /// The packed histograms' operations (Recording/PackedJavaComparison.cs); absent from the build against the 2.5.0
    /// package, which has no packed types.
    /// </summary>
    static partial void MeasurePacked(Func<string, bool> selected, int batches);

    /// <summary>
    /// The bulk <c>ByteBuffer</c> reads and writes (Buffers/BulkJavaComparison.cs); absent from the build against the
    /// 2.5.0 package.
    /// </summary>
    static partial void MeasureBulk(Func<string, bool> selected, int batches);

    private static Func<long> Bind<T>(string method)
        where T : new()
    {
        var suite = new T();
        // Its setup validates only this benchmark (see BenchmarkValidation.Only).
        BenchmarkValidation.Only = method;
        try
        {
            typeof(T).GetMethods().Single(m => m.IsDefined(typeof(GlobalSetupAttribute))).Invoke(suite, null);
        }
        finally
        {
            BenchmarkValidation.Only = null;
        }

        return Bind(suite, method);
    }

    /// <summary>
    /// A call of the benchmark method through a delegate bound to it (no reflection per call), its result as a number.
    /// </summary>
    /// <remarks>
    /// A delegate, not a compiled expression: an expression compiles to a dynamic method, which the JIT optimizes at
    /// once and without a profile, inlining the benchmark method into it, so the timed code never reached tiered
    /// compilation's profile-guided tier (the JIT's log showed the benchmark methods staying at tier 0 and the dynamic
    /// methods fully optimized without a profile). The benchmark method called through a delegate tiers up as in an
    /// application (and as in BenchmarkDotNet, which calls it the same way).
    /// </remarks>
    private static Func<long> Bind(object suite, string method)
    {
        MethodInfo info = suite.GetType().GetMethod(method) ?? throw new InvalidOperationException("No benchmark " + method + ".");
        if (info.ReturnType == typeof(long))
        {
            return info.CreateDelegate<Func<long>>(suite);
        }

        if (info.ReturnType == typeof(int))
        {
            Func<int> call = info.CreateDelegate<Func<int>>(suite);
            return () => call();
        }

        Func<object> other = info.CreateDelegate<Func<object>>(suite);
        return () =>
        {
            GC.KeepAlive(other());
            return 1L;
        };
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
