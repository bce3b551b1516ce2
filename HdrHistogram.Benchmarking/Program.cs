using HdrHistogram.Benchmarking.Infrastructure;

namespace HdrHistogram.Benchmarking;

/// <summary>
/// Entry point. <c>HdrHistogram.Benchmarking/run.sh --quick</c> or <c>--full</c> is the usual way in (see
/// <see cref="HdrBenchmarks"/>); plain BenchmarkDotNet arguments work too:
/// <c>dotnet run -c Release -f net10.0 --project HdrHistogram.Benchmarking -- --filter '*'</c>.
/// </summary>
public static class Program
{
    public static int Main(string[] args) => HdrBenchmarks.Run(args);
}
