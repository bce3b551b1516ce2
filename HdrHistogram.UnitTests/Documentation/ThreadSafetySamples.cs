using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using FluentAssertions;
using HdrHistogram.Encoding;
using HdrHistogram.Logging;
using Xunit;

namespace HdrHistogram.UnitTests.Documentation;

// doc-sample: usage-scanner-handler
// Counts the intervals of each tag, and adds up the counts of those tagged "A" (decoding only those).
public sealed class TagCounter : HistogramLogScanHandler
{
    private readonly LongHistogram _scratch = new(3);

    public Dictionary<string, int> IntervalsPerTag { get; } = new();

    public long CountTaggedA { get; private set; }

    public override bool OnInterval(HistogramLogInterval interval)
    {
        string tag = interval.Entry.Tag ?? "(untagged)";
        IntervalsPerTag[tag] = IntervalsPerTag.TryGetValue(tag, out int seen) ? seen + 1 : 1;
        if (tag == "A")
        {
            interval.DecodeInto(_scratch);
            CountTaggedA += _scratch.TotalCount;
        }

        return false; // true would stop the scan here
    }
}
// end-doc-sample

/// <summary>The thread-safety and log-scanning samples of docs/usage.md, run, with what they do asserted.</summary>
public class ThreadSafetySamples
{
    [Fact]
    public void Synchronized_histogram_sample_reads_consistently_and_resets_under_SyncRoot()
    {
        // doc-sample: usage-synchronized
        // Many writers, and readers that want a consistent view at any moment.
        var shared = new SynchronizedHistogram(1, 3_600_000_000_000, 3);
        Parallel.For(0, 1_000, i => shared.RecordValue(1_000_000 + i));

        long p99 = shared.GetValueAtPercentile(99.0);        // one consistent state
        byte[] snapshot = HistogramEncoder.Encode(shared);   // so is an encoding (or a Copy())

        // Several reads and a reset as one step: hold SyncRoot.
        long total, max;
        lock (shared.SyncRoot)
        {
            total = shared.TotalCount;
            max = shared.GetMaxValue();
            shared.Reset();
        }
        // end-doc-sample

        // 1,000,000..1,000,999 at 3 digits: units of 512, the 99th percentile (990th value, 1,000,989) in the unit ending at 1,001,471.
        p99.Should().Be(1_001_471);
        new HistogramDecoder().Decode(snapshot).TotalCount.Should().Be(1_000);
        total.Should().Be(1_000);
        max.Should().Be(1_001_471);
        shared.TotalCount.Should().Be(0);
    }

    [Fact]
    public void Scanner_sample_counts_tags_and_decodes_only_the_A_intervals()
    {
        string path = Path.Combine(Path.GetTempPath(), "hdr-scan-" + Guid.NewGuid().ToString("N") + ".hlog");
        try
        {
            var intervals = Enumerable.Range(0, 6).Select(i =>
            {
                var h = new LongHistogram(3) { Tag = i % 3 == 0 ? "A" : i % 3 == 1 ? "B" : null, StartTimeStamp = 1_700_000_000_000 + (i * 1000), EndTimeStamp = 1_700_000_001_000 + (i * 1000) };
                h.RecordValueWithCount(1000 + i, 10 + i);
                return h;
            }).ToArray();
            using (var stream = File.Create(path))
            {
                HistogramLogWriter.Write(stream, new DateTime(2023, 11, 14, 22, 13, 20, DateTimeKind.Utc), intervals);
            }

            // doc-sample: usage-scanner
            var counter = new TagCounter();
            using (var scanner = new HistogramLogScanner(path))
            {
                scanner.Scan(counter);
            }
            // end-doc-sample

            counter.IntervalsPerTag.Should().BeEquivalentTo(new Dictionary<string, int> { ["A"] = 2, ["B"] = 2, ["(untagged)"] = 2 });
            counter.CountTaggedA.Should().Be(10 + 13);
        }
        finally
        {
            File.Delete(path);
        }
    }
}
