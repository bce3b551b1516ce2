using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;

namespace HdrHistogram.Benchmarking.Infrastructure;

/// <summary>The bench data in <c>Workloads/</c> (see its README) and the statistics <c>workloads.json</c> records for each workload.</summary>
public static class WorkloadFiles
{
    /// <summary>The workloads, in the order <c>workloads.json</c> lists them.</summary>
    public static IReadOnlyList<string> Names { get; } = ["latency-1h-3sd", "latency-1h-5sd", "sparse-wide", "int-dense"];

    /// <summary>
    /// The path of <c>Workloads/<paramref name="fileName"/></c>: next to the benchmark assembly (BenchmarkDotNet's
    /// generated projects copy it there), or in a <c>Workloads</c> folder of a parent directory.
    /// </summary>
    public static string Find(string fileName)
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            foreach (string candidate in new[]
            {
                Path.Combine(directory.FullName, "Workloads", fileName),
                Path.Combine(directory.FullName, "HdrHistogram.Benchmarking", "Workloads", fileName),
            })
            {
                if (File.Exists(candidate))
                {
                    return candidate;
                }
            }
        }

        throw new FileNotFoundException("Cannot find Workloads/" + fileName + " in the output directory or above it.", fileName);
    }

    /// <summary>The bytes of a workload file.</summary>
    public static byte[] ReadBytes(string fileName) => File.ReadAllBytes(Find(fileName));

    /// <summary>The bytes a workload's base64 file (<c>.txt</c>, <c>.compressed.txt</c>) holds.</summary>
    public static byte[] ReadBase64(string fileName) => Convert.FromBase64String(File.ReadAllText(Find(fileName)).Trim());

    /// <summary>What <c>workloads.json</c> says about <paramref name="name"/>.</summary>
    public static WorkloadStats Stats(string name)
    {
        using var document = JsonDocument.Parse(File.ReadAllBytes(Find("workloads.json")));
        JsonElement workload = document.RootElement.GetProperty("workloads").EnumerateArray()
            .Single(w => w.GetProperty("name").GetString() == name);
        return new WorkloadStats(
            name,
            workload.GetProperty("histogramType").GetString()!,
            workload.GetProperty("v2Length").GetInt32(),
            workload.GetProperty("compressedLength").GetInt32(),
            workload.GetProperty("totalCount").GetInt64(),
            workload.GetProperty("minValue").GetInt64(),
            workload.GetProperty("maxValue").GetInt64(),
            workload.GetProperty("valueAtPercentile").EnumerateArray()
                .Select(p => (p[0].GetDouble(), p[1].GetInt64()))
                .ToArray());
    }
}

/// <summary>A workload's recorded statistics (from Java HdrHistogram 2.2.2).</summary>
public sealed record WorkloadStats(
    string Name,
    string HistogramType,
    int V2Length,
    int CompressedLength,
    long TotalCount,
    long MinValue,
    long MaxValue,
    IReadOnlyList<(double Percentile, long Value)> ValueAtPercentile);
