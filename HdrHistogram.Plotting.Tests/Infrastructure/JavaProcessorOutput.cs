using System.IO;
using HdrHistogram.Logging;

namespace HdrHistogram.Plotting.Tests.Infrastructure;

/// <summary>The footer numbers Java's HistogramLogProcessor (the library's, which <c>hdr process</c> runs) prints for a log, as text.</summary>
internal sealed class JavaProcessorOutput : HgrmFooter
{
    private JavaProcessorOutput(string hgrm)
        : base(hgrm)
    {
        Hgrm = hgrm;
    }

    public string Hgrm { get; }

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
}
