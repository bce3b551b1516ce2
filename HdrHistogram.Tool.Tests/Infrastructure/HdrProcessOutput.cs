using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using FluentAssertions;
using HdrHistogram.Plotting.Tests.Infrastructure;

namespace HdrHistogram.Tool.Tests.Infrastructure;

/// <summary>
/// What <c>hdr process -o X</c> prints for a log, as text: the totals of the interval log's last line (X) and the
/// .hgrm's 0% line and footer (X.hgrm, <see cref="HgrmFooter"/>). The report's summary row must show exactly these
/// strings.
/// </summary>
internal sealed partial class HdrProcessOutput : HgrmFooter
{
    private HdrProcessOutput(string intervalLog, string hgrm)
        : base(hgrm)
    {
        IntervalLog = intervalLog;
        var totals = TotalsLine().Matches(intervalLog).Last();
        totals.Groups["count"].Value.Should().Be(TotalCount, "the .hgrm and the interval log count the same values");
        Percentiles = totals.Groups["values"].Value.Split(' ', System.StringSplitOptions.RemoveEmptyEntries);
        IntervalTimes = TotalsLine().Matches(intervalLog).Select(m => m.Groups["time"].Value).ToArray();
        Min = FirstLine().Match(hgrm).Groups["value"].Value;
    }

    public string IntervalLog { get; }

    /// <summary>The last line's T: values p50, p90, p99, p99.9, p99.99 and max (3 decimals).</summary>
    public string[] Percentiles { get; }

    /// <summary>The time column of every interval line (seconds since the log's start time).</summary>
    public string[] IntervalTimes { get; }

    public string Min { get; }

    /// <summary>Runs <c>hdr process -i LOG -o DIR/NAME -outputValueUnitRatio RATIO OPTIONS</c> and reads what it wrote.</summary>
    public static HdrProcessOutput Run(string log, double ratio, string directory, params string[] options)
    {
        string output = Path.Combine(directory, "process-" + Path.GetRandomFileName());
        // Exit code only: hdr process may warn on standard error (e.g. about a log cut off in its last line).
        var run = ToolRunner.Run(new[] { "process", "-i", log, "-o", output, "-outputValueUnitRatio", ratio.ToString("R", CultureInfo.InvariantCulture) }.Concat(options).ToArray());
        run.ExitCode.Should().Be(0, run.Stderr);
        var result = new HdrProcessOutput(File.ReadAllText(output), File.ReadAllText(output + ".hgrm"));
        File.Delete(output);
        File.Delete(output + ".hgrm");
        return result;
    }

    [GeneratedRegex(@"^\s*(?<time>[0-9.]+): I:\d+ \(.*?\) T:(?<count>\d+) \( (?<values>[^)]*) \)$", RegexOptions.Multiline)]
    private static partial Regex TotalsLine();

    [GeneratedRegex(@"^\s+(?<value>\S+)\s+0\.000000000000\s", RegexOptions.Multiline)]
    private static partial Regex FirstLine();
}
