using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;

namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>One Java HistogramLogProcessor run of processor-runs.json (logs/ or real-logs/) and its golden outputs.</summary>
internal sealed class ProcessorRun
{
    private static readonly Lazy<List<ProcessorRun>> AllRuns = new(Load);

    private ProcessorRun(string folder, JsonElement run)
    {
        Folder = folder;
        Log = run.GetProperty("log").GetString()!;
        OptionSet = run.GetProperty("optionSet").GetString()!;
        Options = run.GetProperty("options").EnumerateArray().Select(o => o.GetString()!).ToList();
        Argv = run.GetProperty("argv").EnumerateArray().Select(o => o.GetString()!).ToList();
        ExitCode = run.GetProperty("exitCode").GetInt32();
        JavaFailed = run.TryGetProperty("javaFailed", out var failed) && failed.GetBoolean();
        Outputs = run.TryGetProperty("outputs", out var outputs)
            ? outputs.EnumerateObject().ToDictionary(p => p.Name, p => p.Value.GetString()!)
            : new Dictionary<string, string>();
    }

    /// <summary>"logs" or "real-logs".</summary>
    public string Folder { get; }

    public string Log { get; }

    public string OptionSet { get; }

    /// <summary>The options beyond -i and -o.</summary>
    public IReadOnlyList<string> Options { get; }

    public IReadOnlyList<string> Argv { get; }

    public int ExitCode { get; }

    public bool JavaFailed { get; }

    /// <summary>intervalLog, percentileDistribution, movingWindowLog, stdout → golden file name.</summary>
    public IReadOnlyDictionary<string, string> Outputs { get; }

    public string Id => Folder + "/" + Log + ":" + OptionSet;

    public string LogPath => Path.Combine(FixturePaths.Root, "java", Folder, Log);

    public string LogName => Folder + "/" + Path.GetFileNameWithoutExtension(Log);

    public bool IsDoubleLog => LogFixtures.IsDoubleLog(LogName);

    public bool WritesFiles => Argv.Contains("-o");

    public static IEnumerable<ProcessorRun> All => AllRuns.Value;

    public static ProcessorRun Get(string id) => AllRuns.Value.Single(r => r.Id == id);

    public static IEnumerable<object[]> AllRunIds() => AllRuns.Value.Select(r => new object[] { r.Id });

    public static IEnumerable<object[]> IntegerRunIds() => AllRuns.Value.Where(r => !r.IsDoubleLog).Select(r => new object[] { r.Id });

    public static IEnumerable<object[]> DoubleRunIds() => AllRuns.Value.Where(r => r.IsDoubleLog).Select(r => new object[] { r.Id });

    public string Golden(string output) => FixturePaths.ReadText(Path.Combine(FixturePaths.Root, "java", Folder, Outputs[output]));

    /// <summary>The argument list with the input and output names replaced.</summary>
    public List<string> ArgvFor(string inputPath, string? outputPath)
        => Argv.Select(a => a == Log ? inputPath : a == "<outputFileName>" ? outputPath ?? a : a).ToList();

    private static List<ProcessorRun> Load()
    {
        var runs = new List<ProcessorRun>();
        foreach (string folder in new[] { "logs", "real-logs" })
        {
            using var doc = JsonDocument.Parse(File.ReadAllText(Path.Combine(FixturePaths.Root, "java", folder, "processor-runs.json")));
            runs.AddRange(doc.RootElement.GetProperty("runs").EnumerateArray().Select(r => new ProcessorRun(folder, r.Clone())));
        }

        return runs;
    }
}
