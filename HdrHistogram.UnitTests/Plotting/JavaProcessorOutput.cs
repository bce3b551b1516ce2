using System.Globalization;
using System.IO;
using System.Text.RegularExpressions;
using HdrHistogram.Logging;
using HdrHistogram.Tool.Commands;

namespace HdrHistogram.UnitTests.Plotting;

/// <summary>The footer numbers <c>hdr process</c> (Java's HistogramLogProcessor) prints for a log, as text.</summary>
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

    /// <summary>Runs the processor on <paramref name="log"/> with Java's options (e.g. -tag, -start, -end) and the ratio.</summary>
    public static JavaProcessorOutput Run(string log, double ratio, params string[] options)
    {
        var args = new System.Collections.Generic.List<string> { "-i", log, "-outputValueUnitRatio", ratio.ToString("R", CultureInfo.InvariantCulture) };
        args.AddRange(options);
        var output = new StringWriter { NewLine = "\n" };
        new HistogramLogProcessor(ProcessCommand.ParseArguments(args)).Run(null, output);
        return new JavaProcessorOutput(output.ToString());
    }

    [GeneratedRegex(@"#\[Mean\s+=\s+(?<mean>\S+), StdDeviation\s+=\s+(?<std>\S+)\]")]
    private static partial Regex Footer();

    [GeneratedRegex(@"#\[Max\s+=\s+(?<max>\S+), Total count\s+=\s+(?<count>\S+)\]")]
    private static partial Regex MaxFooter();
}
