using System.IO;
using System.Text.RegularExpressions;
using HdrHistogram.Logging;

namespace HdrHistogram.Plotting.Tests.Infrastructure;

/// <summary>The footer numbers Java's HistogramLogProcessor (the library's, which <c>hdr process</c> runs) prints for a log, as text.</summary>
internal sealed partial class JavaProcessorOutput
{
    private JavaProcessorOutput(string hgrm)
    {
        Hgrm = hgrm;
        var mean = Footer().Match(hgrm);
        Mean = mean.Groups["mean"].Value;
        StdDeviation = mean.Groups["std"].Value;
        var max = MaxFooter().Match(hgrm);
        Max = max.Groups["max"].Value;
        TotalCount = max.Groups["count"].Value;
    }

    public string Hgrm { get; }

    public string Mean { get; }

    public string StdDeviation { get; }

    public string Max { get; }

    public string TotalCount { get; }

    /// <summary>
    /// Runs the library's processor (Java's HistogramLogProcessor, as <c>hdr process</c> runs it) on
    /// <paramref name="log"/> with the ratio and, as its -tag, -start and -end options, a tag and a time range in seconds.
    /// </summary>
    public static JavaProcessorOutput Run(string log, double ratio, string? tag = null, double start = 0, double end = double.MaxValue)
    {
        var options = new HistogramLogProcessorOptions
        {
            InputFileName = log,
            OutputValueUnitRatio = ratio,
            Tag = tag,
            RangeStartTimeSec = start,
            RangeEndTimeSec = end,
        };
        var output = new StringWriter { NewLine = "\n" };
        new HistogramLogProcessor(options).Run(null, output);
        return new JavaProcessorOutput(output.ToString());
    }

    [GeneratedRegex(@"#\[Mean\s+=\s+(?<mean>\S+), StdDeviation\s+=\s+(?<std>\S+)\]")]
    private static partial Regex Footer();

    [GeneratedRegex(@"#\[Max\s+=\s+(?<max>\S+), Total count\s+=\s+(?<count>\S+)\]")]
    private static partial Regex MaxFooter();
}
