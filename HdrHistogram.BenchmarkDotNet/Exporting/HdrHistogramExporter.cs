using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using HdrHistogram.BenchmarkDotNet.Measurements;

namespace HdrHistogram.BenchmarkDotNet.Exporting;

/// <summary>
/// Writes, per benchmark, <c>&lt;name&gt;.hlog</c> (a histogram log with one interval per actual workload iteration,
/// tagged with the benchmark and job) and <c>&lt;name&gt;.hgrm</c> (the percentile distribution of all of them, in
/// nanoseconds per operation) into the summary's results folder of the artifacts folder.
/// </summary>
public sealed class HdrHistogramExporter : IExporter
{
    /// <summary>The exporter that <see cref="HdrHistogramConfigExtensions.AddHdrHistogram(global::BenchmarkDotNet.Configs.ManualConfig, double[])"/> adds.</summary>
    public static readonly HdrHistogramExporter Default = new();

    private HdrHistogramExporter()
    {
    }

    /// <summary>The exporter's name in BenchmarkDotNet's output.</summary>
    public string Name => "HdrHistogram";

    /// <summary>Writes nothing to the log (the columns are in the summary table).</summary>
    public void ExportToLog(Summary summary, ILogger logger)
    {
    }

    /// <summary>Writes each benchmark's .hlog and .hgrm; returns their paths.</summary>
    public IEnumerable<string> ExportToFiles(Summary summary, ILogger consoleLogger)
    {
        if (summary is null)
        {
            throw new ArgumentNullException(nameof(summary));
        }

        var written = new List<string>();
        Directory.CreateDirectory(summary.ResultsDirectoryPath);
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        DateTime end = DateTime.UtcNow;
        foreach (var report in summary.Reports)
        {
            var latency = BenchmarkLatency.Of(report);
            if (latency is null)
            {
                continue;
            }

            string name = FileName(report.BenchmarkCase);
            string unique = name;
            for (int i = 2; !names.Add(unique); i++)
            {
                unique = name + "-" + i.ToString(CultureInfo.InvariantCulture);
            }

            string basePath = Path.Combine(summary.ResultsDirectoryPath, unique);
            using (var stream = new FileStream(basePath + ".hlog", FileMode.Create, FileAccess.Write))
            {
                BenchmarkLogWriter.Write(stream, latency, Tag(report.BenchmarkCase), report.BenchmarkCase.DisplayInfo, end);
            }

            using (var writer = new StreamWriter(basePath + ".hgrm", false, new UTF8Encoding(false)) { NewLine = "\n" })
            {
                latency.Histogram.OutputPercentileDistribution(writer);
            }

            written.Add(basePath + ".hlog");
            written.Add(basePath + ".hgrm");
        }

        return written;
    }

    /// <summary>
    /// The benchmark and job as a log tag (no comma or whitespace): <c>Type.Method(Param=value;...)@JobId</c>, e.g.
    /// <c>RecordingBenchmark.RecordValue@ShortRun</c>.
    /// </summary>
    public static string Tag(BenchmarkCase benchmarkCase)
    {
        if (benchmarkCase is null)
        {
            throw new ArgumentNullException(nameof(benchmarkCase));
        }

        string text = BenchmarkName(benchmarkCase) + "@" + benchmarkCase.Job.ResolvedId;
        var tag = new StringBuilder(text.Length);
        foreach (char c in text)
        {
            tag.Append(c == ',' || char.IsWhiteSpace(c) || char.IsControl(c) ? '_' : c);
        }

        return tag.ToString();
    }

    /// <summary>The benchmark without its job: <c>Type.Method(Param=value;...)</c>, e.g. <c>RecordingBenchmark.RecordValue</c>.</summary>
    internal static string BenchmarkName(BenchmarkCase benchmarkCase)
    {
        string name = benchmarkCase.Descriptor.Type.Name + "." + benchmarkCase.Descriptor.WorkloadMethod.Name;
        return benchmarkCase.Parameters.Count == 0
            ? name
            : name + "(" + string.Join(";", benchmarkCase.Parameters.Items.Select(p => p.Name + "=" + p.ToDisplayText())) + ")";
    }

    /// <summary>The file name (without extension) of a benchmark's outputs: its tag with only letters, digits, '.', '-', '_' and '=' kept.</summary>
    internal static string FileName(BenchmarkCase benchmarkCase)
    {
        string tag = Tag(benchmarkCase);
        var name = new StringBuilder(tag.Length);
        foreach (char c in tag)
        {
            name.Append(c switch
            {
                '@' => '-',
                _ when (c < 128 && char.IsLetterOrDigit(c)) || c is '.' or '-' or '_' or '=' => c,
                _ => '_',
            });
        }

        return name.ToString();
    }
}
