using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace HdrHistogram.Benchmarking.Infrastructure;

/// <summary>
/// Writes <c>results/versus-2.5.0-&lt;time&gt;.md</c> into the artifacts folder after a full run: for every benchmark the
/// 2.5.0 jobs ran, 2.5.0's mean time divided by this library's on the same runtime, from the same run (and against the
/// library's netstandard2.0 build on the runtime of its job), with both means and allocations. BenchmarkDotNet's own
/// ratio column cannot pair jobs by runtime, hence this table.
/// </summary>
public static class VersusPackageReport
{
    /// <summary>Writes the table for <paramref name="summaries"/>; does nothing when no 2.5.0 job ran.</summary>
    public static void Write(IEnumerable<Summary> summaries, string? artifactsPath)
    {
        var rows = new List<string>();
        foreach (Summary summary in summaries)
        {
            var byKey = summary.BenchmarksCases
                .Where(b => summary[b]?.ResultStatistics is not null)
                .ToDictionary(b => (b.Job.Id, Key(b)));
            foreach (BenchmarkCase package in summary.BenchmarksCases.Where(b => b.Job.Id.EndsWith(HdrBenchmarks.Package250JobSuffix, StringComparison.Ordinal)))
            {
                string runtime = package.Job.Id.Substring(0, package.Job.Id.Length - HdrBenchmarks.Package250JobSuffix.Length);
                if (!byKey.ContainsKey((package.Job.Id, Key(package))))
                {
                    continue;
                }

                foreach (string ours in new[] { runtime, runtime + "-lib-ns2.0" })
                {
                    if (byKey.TryGetValue((ours, Key(package)), out BenchmarkCase? oursCase))
                    {
                        rows.Add(Row(summary, Key(package), ours, package, oursCase));
                    }
                }
            }
        }

        if (rows.Count == 0)
        {
            return;
        }

        var text = new StringBuilder();
        text.AppendLine("# This library against HdrHistogram 2.5.0, same run");
        text.AppendLine();
        text.AppendLine("Ratio = 2.5.0's mean / ours, both jobs on the same runtime in this run (higher is better). Job `netX` is this");
        text.AppendLine("library's netX build, `netX-lib-ns2.0` its netstandard2.0 build on that runtime, against `netX-2.5.0`.");
        text.AppendLine();
        text.AppendLine("| benchmark | ours (job) | 2.5.0 mean | ours mean | ratio | 2.5.0 allocated | ours allocated |");
        text.AppendLine("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
        foreach (string row in rows)
        {
            text.AppendLine(row);
        }

        string folder = Path.Combine(artifactsPath ?? "BenchmarkDotNet.Artifacts", "results");
        Directory.CreateDirectory(folder);
        string path = Path.Combine(folder, "versus-2.5.0-" + DateTime.UtcNow.ToString("HHmmss", CultureInfo.InvariantCulture) + ".md");
        File.WriteAllText(path, text.ToString());
        Console.WriteLine("// HdrHistogram.Benchmarking: ratios against 2.5.0 in " + path);
        Console.Write(text.ToString());
    }

    private static string Key(BenchmarkCase b) =>
        b.Descriptor.Type.Name + "." + b.Descriptor.WorkloadMethod.Name + (b.HasParameters ? " (" + b.Parameters.DisplayInfo + ")" : string.Empty);

    private static string Row(Summary summary, string key, string oursJob, BenchmarkCase package, BenchmarkCase ours)
    {
        double packageMean = summary[package]!.ResultStatistics!.Mean;
        double oursMean = summary[ours]!.ResultStatistics!.Mean;
        return "| " + key + " | " + oursJob + " | " + Time(packageMean) + " | " + Time(oursMean) + " | "
            + (packageMean / oursMean).ToString("0.00", CultureInfo.InvariantCulture) + "x | "
            + Allocated(summary, package) + " | " + Allocated(summary, ours) + " |";
    }

    private static string Time(double nanoseconds) => nanoseconds switch
    {
        < 1_000 => nanoseconds.ToString("0.000", CultureInfo.InvariantCulture) + " ns",
        < 1_000_000 => (nanoseconds / 1_000).ToString("0.000", CultureInfo.InvariantCulture) + " us",
        _ => (nanoseconds / 1_000_000).ToString("0.000", CultureInfo.InvariantCulture) + " ms",
    };

    private static string Allocated(Summary summary, BenchmarkCase b) =>
        summary[b]!.GcStats.GetBytesAllocatedPerOperation(b) is long bytes
            ? bytes.ToString("N0", CultureInfo.InvariantCulture) + " B"
            : "-";
}
