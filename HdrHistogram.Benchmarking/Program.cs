using BenchmarkDotNet.Running;

namespace HdrHistogram.Benchmarking;

/// <summary>Entry point: <c>dotnet run -c Release --project HdrHistogram.Benchmarking -- --filter '*'</c>.</summary>
public static class Program
{
    public static void Main(string[] args) => BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
}
