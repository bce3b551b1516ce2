using System.Text.RegularExpressions;

namespace HdrHistogram.Plotting.Tests.Infrastructure;

/// <summary>
/// The numbers of a .hgrm's footer as Java's HistogramLogProcessor prints them (<c>#[Mean = M, StdDeviation = S]</c>
/// and <c>#[Max = X, Total count = N]</c>), as text: what a report's summary row must show exactly. The base of what
/// the plotting tests (<c>JavaProcessorOutput</c>) and the tool's tests read from a processor's output.
/// </summary>
internal partial class HgrmFooter
{
    /// <summary>Reads the footer of <paramref name="hgrm"/>.</summary>
    /// <param name="hgrm">A .hgrm's text.</param>
    protected HgrmFooter(string hgrm)
    {
        var mean = MeanLine().Match(hgrm);
        Mean = mean.Groups["mean"].Value;
        StdDeviation = mean.Groups["std"].Value;
        var max = MaxLine().Match(hgrm);
        Max = max.Groups["max"].Value;
        TotalCount = max.Groups["count"].Value;
    }

    public string Mean { get; }

    public string StdDeviation { get; }

    public string Max { get; }

    public string TotalCount { get; }

    [GeneratedRegex(@"#\[Mean\s+=\s+(?<mean>\S+), StdDeviation\s+=\s+(?<std>\S+)\]")]
    private static partial Regex MeanLine();

    [GeneratedRegex(@"#\[Max\s+=\s+(?<max>\S+), Total count\s+=\s+(?<count>\S+)\]")]
    private static partial Regex MaxLine();
}
