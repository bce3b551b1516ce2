using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Runtime.ExceptionServices;
using BenchmarkDotNet.Attributes;

namespace HdrHistogram.Benchmarking.Infrastructure;

/// <summary>
/// A benchmark class whose results are checked: every <c>[Benchmark]</c> method returns a value, and
/// <see cref="Validate"/> says whether it is right.
/// </summary>
public interface IValidatedBenchmark
{
    /// <summary>
    /// Runs the benchmark <paramref name="benchmark"/> through <paramref name="run"/> (at least once; the class may look
    /// at its state before and after) and throws when the value it returns, or what it did, is wrong.
    /// </summary>
    /// <param name="benchmark">The benchmark method's name.</param>
    /// <param name="run">Invokes the benchmark method once and returns its result.</param>
    void Validate(string benchmark, Func<object?> run);
}

/// <summary>
/// Result checks run at the end of every <c>[GlobalSetup]</c>, in every job (each runtime, each library build, the
/// quick in-process run): <see cref="Run"/> verifies the loaded build (<see cref="LoadedBuild.Verify"/>), then runs
/// every benchmark method of the instance (in a measuring process, only the one it measures) twice through
/// <see cref="IValidatedBenchmark.Validate"/> (the second time catches state that a first call leaves wrong for the
/// next, such as a reused buffer or target histogram); the quick run does that once per class and set of parameter
/// values, since every case's setup would repeat it. A wrong
/// result throws, the setup fails, BenchmarkDotNet reports the benchmark as failed and <c>run.sh</c> exits non-zero.
/// </summary>
public static class BenchmarkValidation
{
    private static readonly HashSet<Type> Reported = new();
    private static readonly HashSet<string> Validated = new(StringComparer.Ordinal);

    /// <summary>
    /// When set, the setups that run next validate only the benchmark method of this name (the Java comparison, which
    /// times one benchmark per setup, sets it around each setup); null: as described on <see cref="Run"/>.
    /// </summary>
    public static string? Only { get; set; }

    /// <summary>Checks the build and every benchmark of <paramref name="instance"/>; throws on the first wrong result.</summary>
    /// <param name="instance">The benchmark object, after its setup.</param>
    public static void Run(IValidatedBenchmark instance)
    {
        LoadedBuild.Verify();

        // The in-process toolchain runs a generated subclass: name the benchmark class itself.
        Type type = instance.GetType();
        while (type.Assembly != typeof(BenchmarkValidation).Assembly && type.BaseType is not null)
        {
            type = type.BaseType;
        }
        string? measured = MeasuredBenchmark(type);
        if (HdrBenchmarks.QuickRun && measured is null && !FirstSetupOf(type, instance))
        {
            return;
        }

        MethodInfo[] benchmarks = instance.GetType().GetMethods(BindingFlags.Public | BindingFlags.Instance)
            .Where(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null)
            .Where(m => measured is null || m.Name == measured)
            .OrderBy(m => m.Name, StringComparer.Ordinal)
            .ToArray();
        if (benchmarks.Length == 0)
        {
            throw new InvalidOperationException(type.Name + " has no benchmark named " + measured + ".");
        }

        foreach (MethodInfo method in benchmarks)
        {
            string name = type.Name + "." + method.Name;
            if (method.ReturnType == typeof(void))
            {
                throw new InvalidOperationException(name + " returns nothing: every benchmark returns a value that its class validates.");
            }

            int calls = 0;
            object? Invoke()
            {
                calls++;
                try
                {
                    return method.Invoke(instance, null);
                }
                catch (TargetInvocationException e) when (e.InnerException is not null)
                {
                    ExceptionDispatchInfo.Capture(e.InnerException).Throw();
                    throw;
                }
            }

            for (int round = 1; round <= 2; round++)
            {
                int before = calls;
                try
                {
                    instance.Validate(method.Name, Invoke);
                }
                catch (Exception e)
                {
                    throw new InvalidOperationException("Validation of " + name + " failed (call " + round.ToString(CultureInfo.InvariantCulture) + "): " + e.Message, e);
                }

                if (calls == before)
                {
                    throw new InvalidOperationException(type.Name + ".Validate did not run " + method.Name + ".");
                }
            }
        }

        lock (Reported)
        {
            if (Reported.Add(type))
            {
                Console.WriteLine(measured is null
                    ? "// validated " + benchmarks.Length.ToString(CultureInfo.InvariantCulture) + " benchmarks of " + type.Name
                    : "// validated " + type.Name + "." + measured + ", the benchmark this process measures");
            }
        }
    }

    /// <summary>Whether this is the first setup of <paramref name="type"/> with <paramref name="instance"/>'s parameter values.</summary>
    private static bool FirstSetupOf(Type type, object instance)
    {
        IEnumerable<string> values = type.GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Cast<MemberInfo>()
            .Concat(type.GetFields(BindingFlags.Public | BindingFlags.Instance))
            .Where(m => m.GetCustomAttributes().Any(a => a is ParamsAttribute or ParamsSourceAttribute or ParamsAllValuesAttribute))
            .OrderBy(m => m.Name, StringComparer.Ordinal)
            .Select(m => m.Name + "=" + Convert.ToString(m is PropertyInfo p ? p.GetValue(instance) : ((FieldInfo)m).GetValue(instance), CultureInfo.InvariantCulture));
        string key = type.FullName + "(" + string.Join(", ", values) + ")";
        lock (Validated)
        {
            return Validated.Add(key);
        }
    }

    /// <summary>
    /// The method name of the one benchmark this process measures, when BenchmarkDotNet started it for one benchmark of
    /// <paramref name="type"/> (an out-of-process job: <c>--benchmarkName Namespace.Type.Method(params)</c>); null
    /// otherwise (the in-process quick run, which validates every benchmark).
    /// </summary>
    /// <remarks>
    /// Running the other benchmarks of the class in a measuring process would feed the JIT's profile with calls the
    /// measured benchmark never makes (in <c>RecordingVersus</c>, one shared loop records into five histogram types during
    /// validation), where a user's process records into its own type. Every benchmark is still validated, in the
    /// process that measures it; the in-process quick run validates them all.
    /// </remarks>
    private static string? MeasuredBenchmark(Type type)
    {
        if (Only is not null)
        {
            return Only;
        }

        string[] args = Environment.GetCommandLineArgs();
        int at = Array.IndexOf(args, "--benchmarkName");
        if (at < 0 || at + 1 >= args.Length)
        {
            return null;
        }

        string name = args[at + 1];
        int parameters = name.IndexOf('(', StringComparison.Ordinal);
        if (parameters >= 0)
        {
            name = name.Substring(0, parameters);
        }

        string prefix = type.FullName + ".";
        return name.StartsWith(prefix, StringComparison.Ordinal) ? name.Substring(prefix.Length) : null;
    }
}

/// <summary>Assertions for <see cref="IValidatedBenchmark.Validate"/>; each throws <see cref="InvalidOperationException"/>.</summary>
public static class Check
{
    /// <summary>Throws unless <paramref name="actual"/> equals <paramref name="expected"/>.</summary>
    public static void Equal<T>(T expected, T actual, string what)
    {
        if (!EqualityComparer<T>.Default.Equals(expected, actual))
        {
            throw new InvalidOperationException(what + ": expected " + Format(expected) + ", got " + Format(actual) + ".");
        }
    }

    /// <summary>Throws unless <paramref name="condition"/> holds.</summary>
    public static void True(bool condition, string what)
    {
        if (!condition)
        {
            throw new InvalidOperationException(what);
        }
    }

    /// <summary>Returns <paramref name="value"/> as a <typeparamref name="T"/>, or throws if it is something else.</summary>
    public static T Is<T>(object? value, string what)
    {
        if (value is T typed)
        {
            return typed;
        }

        throw new InvalidOperationException(what + ": expected a " + typeof(T).Name + ", got " + (value?.GetType().Name ?? "null") + ".");
    }

    private static string Format<T>(T value) => value is IFormattable f ? f.ToString(null, CultureInfo.InvariantCulture) : value?.ToString() ?? "null";
}
