using System.Globalization;
using BenchmarkDotNet.Running;

namespace HdrHistogram.Prometheus.Benchmarks;

public static class Program
{
    public static void Main(string[] args)
    {
        // "alloc-probe [series] [scrapes] [array|packed]": the allocation count outside BenchmarkDotNet (see AllocationProbe).
        if (args.Length > 0 && args[0] == "alloc-probe")
        {
            AllocationProbe.Run(
                args.Length > 1 ? int.Parse(args[1], CultureInfo.InvariantCulture) : 1000,
                args.Length > 2 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 100,
                args.Length > 3 && args[3] == "packed");
            return;
        }

        // "memory-probe [series] [rounds] [burst] [max-buckets]": live heap and payload per series (see MemoryProbe).
        if (args.Length > 0 && args[0] == "memory-probe")
        {
            MemoryProbe.Run(
                args.Length > 1 ? int.Parse(args[1], CultureInfo.InvariantCulture) : 10_000,
                args.Length > 2 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 5,
                args.Length > 3 && args[3] == "burst",
                args.Length > 4 ? int.Parse(args[4], CultureInfo.InvariantCulture) : null);
            return;
        }

        // "scale-service --port P --series N --writers W --rate R --seconds S [--burst] [--max-buckets M] --report F --ready F":
        // the service eng/prometheus-scale-check.sh runs against a real Prometheus (see ScaleService).
        if (args.Length > 0 && args[0] == "scale-service")
        {
            ScaleService.Run(args);
            return;
        }

        BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
    }
}
