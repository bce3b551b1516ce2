using System;

namespace HdrHistogram.Benchmarking.Infrastructure;

/// <summary>
/// The packed histograms' part of <c>--hdr-java-compare</c> (Java/JavaBench.java times the same operations), and
/// recording into a <see cref="SynchronizedHistogram"/> from one thread (this library's side only: no Java line).
/// </summary>
public static partial class JavaComparison
{
    static partial void MeasurePacked(Func<string, bool> selected, int batches)
    {
        (string Name, int OperationsPerCall, string Method)[] operations =
        {
            ("Record.PackedHistogram", 1024, nameof(Recording.PackedBenchmark.RecordPacked)),
            ("Record.PackedConcurrentHistogram", 1024, nameof(Recording.PackedBenchmark.RecordPackedConcurrent)),
            ("Packed.Percentiles", 1, nameof(Recording.PackedBenchmark.PercentilesPacked)),
            ("Packed.CopyAdd", 1, nameof(Recording.PackedBenchmark.CopyAddPacked)),
            ("Packed.Encode", 1, nameof(Recording.PackedBenchmark.EncodePacked)),
        };
        foreach (var (name, operationsPerCall, method) in operations)
        {
            if (selected(name))
            {
                Time(name, operationsPerCall, Bind<Recording.PackedBenchmark>(method), batches);
            }
        }

        if (selected("Record.SynchronizedHistogram"))
        {
            Time("Record.SynchronizedHistogram", 1024, Bind<Recording.ThreadSafeRecordingBenchmark>(nameof(Recording.ThreadSafeRecordingBenchmark.SynchronizedHistogram_OneThread)), batches);
        }
    }
}
