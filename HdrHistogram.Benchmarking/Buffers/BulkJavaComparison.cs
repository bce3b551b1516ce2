using System;

namespace HdrHistogram.Benchmarking.Infrastructure;

/// <summary>
/// The bulk <c>ByteBuffer</c> reads and writes in <c>--hdr-java-compare</c>: this library's own faster way of the
/// 1,000 <c>getLong</c>/<c>putLong</c> calls Java's <c>ByteBuffer.GetLong</c>/<c>PutLong</c> rows time (absent from
/// the build against the 2.5.0 package, which has no bulk methods).
/// </summary>
public static partial class JavaComparison
{
    static partial void MeasureBulk(Func<string, bool> selected, int batches)
    {
        (string Name, string Method)[] operations =
        {
            ("ByteBuffer.PutLong (PutLongs, bulk)", nameof(Buffers.ByteBufferFloorBenchmark.PutLongs)),
            ("ByteBuffer.GetLong (GetLongs, bulk)", nameof(Buffers.ByteBufferFloorBenchmark.GetLongs)),
        };
        foreach (var (name, method) in operations)
        {
            if (selected(name))
            {
                Time(name, 1000, Bind<Buffers.ByteBufferFloorBenchmark>(method), batches);
            }
        }
    }
}
