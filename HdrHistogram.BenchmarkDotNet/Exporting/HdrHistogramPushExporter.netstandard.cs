using System;
using System.Collections.Generic;
using BenchmarkDotNet.Loggers;

namespace HdrHistogram.BenchmarkDotNet.Exporting;

public sealed partial class HdrHistogramPushExporter
{
    /// <summary>The netstandard2.0 build has no remote write (HdrHistogram.Prometheus is built for .NET 8 and later): says so.</summary>
    private static partial void Push(Uri url, List<PushedBenchmark> benchmarks, DateTimeOffset time, ILogger logger)
        => logger.WriteLineError(
            "HdrHistogram push: nothing pushed to " + url + ": this is the netstandard2.0 build of HdrHistogram.BenchmarkDotNet, which cannot push "
            + "(remote write comes from HdrHistogram.Prometheus, built for .NET 8 and later); run the benchmarks on .NET 8 or later to push, "
            + "or push the .hlog files with 'hdr push'");
}
