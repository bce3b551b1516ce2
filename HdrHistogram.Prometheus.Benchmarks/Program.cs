using BenchmarkDotNet.Running;

namespace HdrHistogram.Prometheus.Benchmarks;

public static class Program
{
    public static void Main(string[] args) => BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
}
